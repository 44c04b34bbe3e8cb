/** @file Lzo.h
 *  A bounds-checked LZO1X decoder for ODOL v44+ arrays (specs/p3d.md section 3.2).
 *
 *  ODOL stores no compressed size, only the size of the decoded array, so the decoder must say
 *  how much input it used: the caller continues reading right after the stream. A stream ends
 *  with the LZO end marker (an M4 match of distance 0x4000, `11 00 00`), which counts as input.
 *  Debian's liblzo2 neither reports consumption nor fits our licence; it serves as the tests'
 *  oracle only.
 */
#pragma once

#include "Common/BinaryReader.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace agf {

enum class LzoStatus {
    Ok,
    InputOverrun,      ///< the stream ends before its end marker
    OutputOverrun,     ///< the stream produces more than the expected size
    LookBehindOverrun, ///< a match reaches before the start of the output
    OutputUnderrun,    ///< the end marker comes before the expected size is reached
};

/** Why decoding stopped, in words for error messages. */
const char *LzoStatusText(LzoStatus status);

struct LzoResult {
    LzoStatus status = LzoStatus::Ok;
    size_t consumed = 0; ///< input bytes used, the end marker included (where it stopped if not Ok)
    size_t produced = 0; ///< output bytes written
};

/** Decodes one LZO1X stream from `in` into exactly `outSize` bytes at `out`. Never reads past
 *  `in + inSize` nor writes past `out + outSize`. */
LzoResult LzoDecompress(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize);

/** No LZO1X stream of `inputBytes` bytes decodes to more than this: a length byte of zero adds
 *  at most 255 output bytes and every other byte less. Sizes read from a file above it are
 *  refused before anything is allocated. */
inline uint64_t LzoMaxOutput(uint64_t inputBytes) {
    return inputBytes * 255;
}

/** Decodes the stream at the reader's position into `output` (resized to `expected`) and leaves
 *  the reader after the end marker. Throws ImportError naming the problem and its offset. An
 *  output above 64 KiB and above kLzoAllocateAtOnceRatio times the input left is allocated
 *  only once a first pass has found that the stream gives exactly that much, so that a damaged
 *  count cannot allocate up to 255 times the input. @return the input bytes used. */
size_t LzoDecode(BinaryReader &reader, size_t expected, std::vector<uint8_t> &output);

/** As above, into storage the caller owns: `allocate` is called once, when the output may be
 *  allocated by the rule above, and returns `expected` writable bytes (a typed array's storage,
 *  so that no byte vector is copied afterwards). */
size_t LzoDecode(BinaryReader &reader, size_t expected, const std::function<uint8_t *()> &allocate);

/** Outputs up to this many times the input left are allocated before they are decoded: a
 *  damaged count then costs at most that much memory before its stream fails, a quarter of
 *  the allocation bound (ImportLimits.h), and the arrays of real files, which the rest of their
 *  LOD follows, stay far below it. Above it a first pass checks the stream first. */
constexpr size_t kLzoAllocateAtOnceRatio = 8;

/** Follows the stream at the reader's position without writing its `expected` bytes, for an
 *  array the importer does not use, and leaves the reader after the end marker. The checks are
 *  LzoDecode's: a stream that would not decode to exactly `expected` bytes throws alike.
 *  @return the input bytes used. */
size_t LzoSkip(BinaryReader &reader, size_t expected);

} // namespace agf
