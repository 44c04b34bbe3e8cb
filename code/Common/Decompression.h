/** @file Decompression.h
 *  Whole buffers compressed with deflate (gzip or zlib wrapper, through zlib) or Zstandard
 *  (libzstd), whose uncompressed size the file declares. The declared size is checked against
 *  the compressed size before anything is allocated, so that a small file cannot claim a huge
 *  buffer, and the data must decompress to exactly that size.
 */
#pragma once

#include "Common/ImportError.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace agf {

/** Real compressed model data shrinks 2 to 10 times; a declared size beyond this ratio of the
 *  compressed bytes (plus kDecompressionSlackBytes) is refused as a decompression bomb. With
 *  the input itself, the buffer then stays within the import allocation bound (32 bytes per
 *  input byte plus 2 MB, ImportLimits.h) for any input. */
constexpr size_t kMaxDecompressionRatio = 30;
constexpr size_t kDecompressionSlackBytes = size_t(1) << 20;
/** The most any buffer may decompress to, whatever its compressed size: 512 MiB. */
constexpr size_t kMaxDecompressedBytes = size_t(512) << 20;

/** The largest uncompressed size accepted for `compressedSize` bytes:
 *  min(kMaxDecompressedBytes, kMaxDecompressionRatio * compressedSize + slack). */
size_t MaxDecompressedSize(size_t compressedSize);

enum class CompressionMethod {
    Deflate, ///< a gzip or zlib stream (the wrapper is recognised from its first bytes)
    Zstd,    ///< a Zstandard frame
};

/** Decompresses `size` bytes that must give exactly `declaredSize` bytes. Throws ImportError at
 *  `place` when the declared size exceeds MaxDecompressedSize(size), the stream is damaged or
 *  truncated, or it gives another size. Bytes after the end of the stream are an error too:
 *  the declared compressed size covers the stream exactly. */
std::vector<uint8_t> DecompressExactly(CompressionMethod method, const uint8_t *data, size_t size,
                                       size_t declaredSize, const FilePlace &place);

} // namespace agf
