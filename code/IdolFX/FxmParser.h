/** @file FxmParser.h
 *  Reads an Idol FX FXM mesh (static or "keypose" skinned) into FxmFile.
 */
#pragma once

#include "Common/Warnings.h"

#include "IdolFxFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::idolfx {

/** Parses a whole FXM file. Throws ImportError (file, structure, byte offset) on anything the
 *  format does not allow; logs warnings for recoverable oddities (non-zero unknown blocks,
 *  FVF/stride disagreement, more than one keypose). */
FxmFile ParseFxm(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings);

/** The signature check behind CanRead (FXM has no magic): plausible version, skeleton flag and
 *  header, then a plausible first joint or submesh record. Reads only the start of `data`. */
bool LooksLikeFxm(const uint8_t *data, size_t size);

} // namespace agf::idolfx
