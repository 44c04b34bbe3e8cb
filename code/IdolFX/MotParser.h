/** @file MotParser.h
 *  Reads an Idol FX MOT skeletal motion into MotFile.
 */
#pragma once

#include "Common/Warnings.h"

#include "IdolFxFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::idolfx {

/** Parses a whole MOT file. Throws ImportError on counts that do not fit, non-finite key
 *  values or times, and truncation. */
MotFile ParseMot(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings);

/** The signature check behind CanRead: a 28-byte header, a plausible track count and a
 *  printable first bone name. Rejects LightWave motion files (LWMO/LWSC), which share `.mot`. */
bool LooksLikeMot(const uint8_t *data, size_t size);

} // namespace agf::idolfx
