/** @file PsaLoading.h
 *  A PSA or PSAX file, with its .config sidecar, to an AnimationSet: the entries of the
 *  animation-loader table (AnimationBinding.cpp), also used by the stand-alone PSA importer.
 */
#pragma once

#include "AnimationBinding.h"
#include "PsaFileData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf::actorx {

/** Parses and converts a PSA. Reads "<path without extension>.config" through `io` when
 *  options.useConfigSidecar is set and the file exists. Logs the parser's warnings. */
AnimationSet LoadPsaAnimationSet(const std::vector<uint8_t> &data, const std::string &path,
                                 Assimp::IOSystem *io, const AnimationLoadOptions &options);

/** Parses and converts a PSAX. Logs the parser's warnings. */
AnimationSet LoadPsaxAnimationSet(const std::vector<uint8_t> &data, const std::string &path,
                                  Assimp::IOSystem *io, const AnimationLoadOptions &options);

/** As the two loaders above, choosing by signature (PSA or PSAX), and also handing out the
 *  BONENAMES records for a stand-alone import's skeleton. */
AnimationSet LoadPsaOrPsax(const std::vector<uint8_t> &data, const std::string &path,
                           Assimp::IOSystem *io, const AnimationLoadOptions &options,
                           std::vector<PsaBone> &bones);

/** The sidecar's path for an animation file: the same path with the extension ".config". */
std::string PsaConfigPath(const std::string &animationPath);

} // namespace agf::actorx
