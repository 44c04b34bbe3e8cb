/** @file PskParser.h
 *  Bytes of a PSK / PSKX file to PskFile (specs/actorx.md, sections 1 to 3).
 */
#pragma once

#include "Common/FileLoading.h"
#include "Common/Warnings.h"
#include "PskFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::psk {

/** Parses a whole PSK file held in memory, taking its bytes: the points, wedges, weights,
 *  normals and extra UVs are checked and fixed up where they are and borrowed from them
 *  (PskFile::storage keeps them); the faces are copied out and their bytes given back. Throws
 *  ImportError (naming the file, chunk and byte offset) when the file is not a PSK, is
 *  truncated, or holds an index out of range; recoverable problems (an EXTRAUVS chunk of the
 *  wrong length, an unusable weight...) are skipped and go to `warnings`. The bulk chunks are
 *  read by up to `threads` threads; the result, the warnings and the error reported for a bad
 *  record are the same for any count. */
PskFile ParsePsk(FileBytes bytes, const std::string &fileName, Warnings &warnings,
                 unsigned threads = 1);

} // namespace agf::psk
