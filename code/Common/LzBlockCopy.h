/** @file LzBlockCopy.h
 *  The short copies of the LZ77 decoders (Lzo.cpp, Lzss.cpp) as blocks of one fixed size. Most
 *  literal runs and matches are a few bytes long; a copy of a fixed size compiles to a few
 *  vector moves, one of a variable size is a call to memcpy that picks its method by the length.
 *  So a decoder copies a run or a match of up to kLzBlockCopy bytes as kLzBlockCopy bytes where
 *  its output (and, for literals, its input) has that many bytes left. The bytes past the run or
 *  the match are garbage until they are decoded, and no match reads them: a match reads only
 *  output before its own.
 *
 *  Measured with `agf_bench_decompress`: LZO decoding of mesh data went from 1.5-1.7 to
 *  1.8-2.6 GB/s of output; LZSS from 3.0-3.3 to 3.3-3.75 with blocks only for matches from
 *  kLzBlockCopy bytes back (closer ones, in 8-byte pieces, made it no faster).
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace agf {

constexpr size_t kLzBlockCopy = 16;

/** The closest match CopyShortMatch takes: its 8-byte pieces must not overlap what they read. */
constexpr size_t kLzBlockMinimumDistance = 8;

/** Copies a match of at most kLzBlockCopy bytes from `distance` (kLzBlockMinimumDistance or
 *  more) bytes back as kLzBlockCopy bytes. Closer than kLzBlockCopy, in 8-byte pieces: each
 *  reads only bytes before its own destination, so a piece may read what the one before wrote,
 *  as a match that overlaps itself requires. */
inline void CopyShortMatch(uint8_t *destination, size_t distance) {
    const uint8_t *source = destination - distance;
    if (distance >= kLzBlockCopy) {
        std::memcpy(destination, source, kLzBlockCopy);
    } else {
        std::memcpy(destination, source, 8);
        std::memcpy(destination + 8, source + 8, 8);
    }
}

} // namespace agf
