/** @file PoserGzip.cpp */
#include "PoserGzip.h"

#include "Common/ImportError.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace agf::poser {

namespace {

/** Owns a z_stream set up for gzip decoding and ends it whatever happens. */
class GzipInflater {
public:
    explicit GzipInflater(const std::string &fileName) : mFile(fileName) {
        // 16 + MAX_WBITS: gzip wrapper only (a zlib or raw stream is not a Poser file).
        if (inflateInit2(&mStream, 16 + MAX_WBITS) != Z_OK) {
            ThrowImportError(mFile, "gzip stream", 0, "zlib could not start inflating");
        }
    }
    ~GzipInflater() { inflateEnd(&mStream); }
    GzipInflater(const GzipInflater &) = delete;
    GzipInflater &operator=(const GzipInflater &) = delete;

    z_stream &stream() { return mStream; }

private:
    std::string mFile;
    z_stream mStream{};
};

} // namespace

bool IsGzip(const uint8_t *data, size_t size) {
    return size >= 2 && data[0] == 0x1F && data[1] == 0x8B;
}

std::string PoserTextOf(const std::vector<uint8_t> &bytes, const std::string &fileName,
                        Warnings &warnings) {
    if (!IsGzip(bytes.data(), bytes.size())) {
        return std::string(bytes.begin(), bytes.end());
    }
    const size_t limit =
        std::min(kMaxInflatedBytes,
                 bytes.size() > (kMaxInflatedBytes - kInflateSlackBytes) / kMaxInflateRatio
                     ? kMaxInflatedBytes
                     : bytes.size() * kMaxInflateRatio + kInflateSlackBytes);
    if (bytes.size() > UINT_MAX) {
        ThrowImportError(fileName, "gzip stream", 0, "compressed file larger than 4 GiB");
    }
    GzipInflater inflater(fileName);
    z_stream &stream = inflater.stream();
    stream.next_in = const_cast<Bytef *>(bytes.data());
    stream.avail_in = static_cast<uInt>(bytes.size());

    std::string text;
    char chunk[64 * 1024];
    while (true) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk);
        stream.avail_out = sizeof chunk;
        const int status = inflate(&stream, Z_NO_FLUSH);
        const size_t produced = sizeof chunk - stream.avail_out;
        if (text.size() + produced > limit) {
            ThrowImportError(fileName, "gzip stream", bytes.size() - stream.avail_in,
                             "inflates to more than " + std::to_string(limit) +
                                 " bytes; refused as a decompression bomb");
        }
        text.append(chunk, produced);
        if (status == Z_STREAM_END) {
            // Concatenated gzip members are one file (gzip -c a b): go on with the next one.
            if (stream.avail_in >= 2 && IsGzip(stream.next_in, stream.avail_in)) {
                if (inflateReset(&stream) != Z_OK) {
                    ThrowImportError(fileName, "gzip stream", bytes.size() - stream.avail_in,
                                     "zlib could not restart for the next gzip member");
                }
                continue;
            }
            if (stream.avail_in != 0) {
                warnings.add(WarningKind::Unknown, fileName, "gzip stream",
                             bytes.size() - stream.avail_in,
                             std::to_string(stream.avail_in) +
                                 " bytes after the end of the gzip stream ignored");
            }
            return text;
        }
        if (status == Z_BUF_ERROR && stream.avail_in == 0 && produced == 0) {
            ThrowImportError(fileName, "gzip stream", bytes.size(),
                             "truncated: the compressed data ends before the stream does");
        }
        if (status != Z_OK && status != Z_BUF_ERROR) {
            ThrowImportError(
                fileName, "gzip stream", bytes.size() - stream.avail_in,
                std::string("damaged: ") +
                    (stream.msg != nullptr ? stream.msg : "zlib error " + std::to_string(status)));
        }
    }
}

} // namespace agf::poser
