/** @file PskParser.h
 *  Bytes of a PSK / PSKX file to PskFile (specs/actorx.md, sections 1 to 3).
 */
#pragma once

#include "Common/Warnings.h"
#include "PskFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::psk {

/** Parses a whole PSK file held in memory. Throws ImportError (naming the file, chunk and byte
 *  offset) when the file is not a PSK, is truncated, or holds an index out of range; recoverable
 *  problems (an EXTRAUVS chunk of the wrong length, an unusable weight...) are skipped and go to
 *  `warnings`. The bulk chunks (points, wedges, faces, weights, normals, extra UVs) are read by
 *  up to `threads` threads; the result, the warnings and the error reported for a bad record are
 *  the same for any count. */
PskFile ParsePsk(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
                 unsigned threads = 1);

} // namespace agf::psk
