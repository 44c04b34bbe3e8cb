/** @file Decompression.cpp */
#include "Decompression.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <string>

namespace agf {

namespace {

/** Owns a z_stream set up for inflating and ends it whatever happens. */
class Inflater {
public:
    explicit Inflater(const FilePlace &place) {
        // 32 + MAX_WBITS: zlib recognises a gzip or a zlib wrapper from the first bytes.
        if (inflateInit2(&mStream, 32 + MAX_WBITS) != Z_OK) {
            ThrowImportError(place, "zlib could not start inflating");
        }
    }
    ~Inflater() { inflateEnd(&mStream); }
    Inflater(const Inflater &) = delete;
    Inflater &operator=(const Inflater &) = delete;

    z_stream &stream() { return mStream; }

private:
    z_stream mStream{};
};

std::vector<uint8_t> Inflate(const uint8_t *data, size_t size, size_t declaredSize,
                             const FilePlace &place) {
    if (size > UINT_MAX || declaredSize > UINT_MAX) {
        ThrowImportError(place, "deflate stream larger than 4 GiB");
    }
    std::vector<uint8_t> output(declaredSize);
    // One spare byte tells a stream that goes on past the declared size from one that ends.
    uint8_t spare = 0;
    Inflater inflater(place);
    z_stream &stream = inflater.stream();
    stream.next_in = const_cast<Bytef *>(data);
    stream.avail_in = static_cast<uInt>(size);
    stream.next_out = output.data();
    stream.avail_out = static_cast<uInt>(output.size());
    int status = inflate(&stream, Z_FINISH);
    if (status != Z_STREAM_END && stream.avail_out == 0 && status != Z_DATA_ERROR) {
        stream.next_out = &spare;
        stream.avail_out = 1;
        status = inflate(&stream, Z_FINISH);
        if (stream.avail_out == 0) {
            ThrowImportError(place, "the deflate stream gives more than the declared " +
                                        std::to_string(declaredSize) + " bytes");
        }
    }
    if (status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR) {
        ThrowImportError(place, std::string("damaged deflate stream: ") +
                                    (stream.msg != nullptr ? stream.msg : "zlib error"));
    }
    if (status != Z_STREAM_END) {
        ThrowImportError(place, "truncated deflate stream: the data ends after " +
                                    std::to_string(stream.total_out) + " of " +
                                    std::to_string(declaredSize) + " bytes");
    }
    if (stream.total_out != declaredSize) {
        ThrowImportError(place, "the deflate stream gives " + std::to_string(stream.total_out) +
                                    " bytes, not the declared " + std::to_string(declaredSize));
    }
    if (stream.avail_in != 0) {
        ThrowImportError(place, std::to_string(stream.avail_in) +
                                    " bytes follow the end of the deflate stream");
    }
    return output;
}

std::vector<uint8_t> Unzstd(const uint8_t *data, size_t size, size_t declaredSize,
                            const FilePlace &place) {
    // One spare byte, as for deflate: a frame that gives more must not pass as exact. Sized in
    // one allocation: growing by push_back would hold the old and the doubled block at once.
    std::vector<uint8_t> output(declaredSize + 1);
    const size_t written = ZSTD_decompress(output.data(), output.size(), data, size);
    if (ZSTD_isError(written) != 0) {
        ThrowImportError(place,
                         std::string("damaged Zstandard data: ") + ZSTD_getErrorName(written));
    }
    if (written != declaredSize) {
        ThrowImportError(place, "the Zstandard data gives " +
                                    std::string(written > declaredSize ? "more than " : "") +
                                    std::to_string(written) + " bytes, not the declared " +
                                    std::to_string(declaredSize));
    }
    output.resize(declaredSize);
    return output;
}

} // namespace

size_t MaxDecompressedSize(size_t compressedSize) {
    if (compressedSize >
        (kMaxDecompressedBytes - kDecompressionSlackBytes) / kMaxDecompressionRatio) {
        return kMaxDecompressedBytes;
    }
    return compressedSize * kMaxDecompressionRatio + kDecompressionSlackBytes;
}

std::vector<uint8_t> DecompressExactly(CompressionMethod method, const uint8_t *data, size_t size,
                                       size_t declaredSize, const FilePlace &place) {
    const size_t limit = MaxDecompressedSize(size);
    if (declaredSize > limit) {
        ThrowImportError(place, "declares " + std::to_string(declaredSize) +
                                    " uncompressed bytes for " + std::to_string(size) +
                                    " compressed ones (at most " + std::to_string(limit) +
                                    "); refused as a decompression bomb");
    }
    return method == CompressionMethod::Deflate ? Inflate(data, size, declaredSize, place)
                                                : Unzstd(data, size, declaredSize, place);
}

} // namespace agf
