/** @file Lzss.h
 *  Bohemia Interactive's LZSS variant (ODOL v7 and v28-v43 arrays, old whole-file-packed OFP
 *  models), specs/p3d.md section 3.1.
 *
 *  A stream is groups of one flag byte and up to eight items, flag bits read from the lowest.
 *  A set bit is one literal byte; a clear bit is a two-byte back-reference of 3 to 18 bytes at a
 *  distance of 1 to 4095 bytes back from the current output position. The window is pre-filled
 *  with spaces, so a reference reaching before the start of the output yields 0x20 bytes. After
 *  the data comes a u32 checksum: the sum of the output bytes, as unsigned bytes (P3D) or as
 *  signed bytes (PAA).
 *
 *  There is no compressed-size field: the decoder stops after exactly `expected` output bytes and
 *  reports how much input it used, so that the caller can continue reading after the stream.
 */
#pragma once

#include "Common/BinaryReader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

/** The most output one flag group can give (8 references of 18 bytes) and the input it needs
 *  (the flag byte and 8 two-byte references): no stream expands by more than 144/17 (8.5). */
constexpr uint64_t kLzssMaxGroupOutput = 144;
constexpr uint64_t kLzssMinGroupInput = 17;

/** The largest output `inputBytes` bytes of LZSS can decode to. Larger expected sizes read
 *  from a file are rejected before anything is allocated. */
inline uint64_t LzssMaxOutput(uint64_t inputBytes) {
    return (inputBytes / kLzssMinGroupInput + 1) * kLzssMaxGroupOutput;
}

/** How the checksum after a stream sums the output bytes. */
enum class LzssChecksumRule {
    Unsigned,        ///< P3D: bytes as 0..255
    SignedOrUnsigned ///< PAA: BI's tools sum bytes as -128..127, HEMTT's writer as 0..255
};

/** Decodes an LZSS stream starting at the reader's position into exactly `expected` bytes,
 *  verifies the checksum that follows, and leaves the reader just after the checksum.
 *  Throws ImportError (naming the reader's file, structure and the offset of the problem) on a
 *  truncated stream, a zero distance, a reference that would write past `expected`, an
 *  `expected` size the remaining input cannot produce, or a checksum mismatch.
 *  @return the number of input bytes used, checksum included. */
size_t LzssDecode(BinaryReader &reader, size_t expected, std::vector<uint8_t> &output,
                  LzssChecksumRule rule = LzssChecksumRule::Unsigned);

/** As above, into `expected` bytes at `output` that the caller owns, such as a typed array's
 *  storage (no byte vector to copy from afterwards). */
size_t LzssDecode(BinaryReader &reader, size_t expected, uint8_t *output,
                  LzssChecksumRule rule = LzssChecksumRule::Unsigned);

/** Follows an LZSS stream of `expected` output bytes without writing them, for an array the
 *  importer does not use: only the flag bits and reference lengths are read, which costs a
 *  fraction of decoding. The same checks as LzssDecode, except the checksum, which cannot be
 *  verified without the bytes (it is only required to be there). Leaves the reader just after
 *  the checksum. @return the number of input bytes used, checksum included. */
size_t LzssSkip(BinaryReader &reader, size_t expected);

/** Decodes a stream whose output size is unknown (a whole packed file): decodes until the input
 *  ends. When the last four bytes are a valid checksum of the rest they are treated as one; the
 *  position of the whole-file checksum is unverified, so a file without one is accepted and
 *  `note` says so. Output is capped by LzssMaxOutput. */
std::vector<uint8_t> LzssDecodeWholeFile(const uint8_t *data, size_t size,
                                         const std::string &fileName, std::string &note);

/** Sum of bytes as unsigned values, wrapping at 2^32 (the P3D checksum). */
uint32_t LzssChecksum(const uint8_t *data, size_t size);

/** Sum of bytes as signed values, wrapping at 2^32 (the PAA checksum). */
uint32_t LzssSignedChecksum(const uint8_t *data, size_t size);

} // namespace agf
