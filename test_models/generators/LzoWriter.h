/** @file LzoWriter.h
 *  An LZO1X compressor for test files (ODOL v44+ arrays): our own writer, so that the importer is
 *  not only tested against streams from the library it must not link. Greedy matching with a
 *  hash of 3-byte sequences; it emits leading literal runs (17 + n), literal runs, M2, M3 and M4
 *  matches with their trailing literals, and the end marker `11 00 00`.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace agf::testgen {

/** Which match kinds the compressor may use (to reach every decoder path on purpose). */
struct LzoWriterOptions {
    bool useM2 = true;
    bool useM4 = true;
    size_t maxDistance = 0xBFFF; ///< at most 0xBFFF
};

std::vector<uint8_t> LzoCompress(const std::vector<uint8_t> &data,
                                 const LzoWriterOptions &options = {});

} // namespace agf::testgen
