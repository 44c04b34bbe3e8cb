/** @file IdolFxImporterBase.h
 *  What the three Idol FX importers share: reading the file start for CanRead and the
 *  texture-existence check through the importer's IOSystem.
 */
#pragma once

#include "IdolFxSceneInfo.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf::idolfx {

/** Up to `maxBytes` from the start of a file; empty when it cannot be opened. */
std::vector<uint8_t> ReadFileStart(Assimp::IOSystem *io, const std::string &path, size_t maxBytes);

/** Whether a texture file exists next to `modelPath` (through `io`). */
TextureExists TextureExistsNextTo(Assimp::IOSystem *io, const std::string &modelPath);

} // namespace agf::idolfx
