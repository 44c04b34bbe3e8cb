/** @file UeFormatWriter.cpp */
#include "UeFormatWriter.h"

#include <zlib.h>
#include <zstd.h>

#include <stdexcept>

namespace agf::testgen::ueformat {

namespace {

constexpr uint8_t kAttributeSets = 10;

std::vector<uint8_t> Gzip(const std::vector<uint8_t> &data) {
    z_stream stream{};
    // 16 + MAX_WBITS: a gzip wrapper, as .NET's GZipStream and the core library write.
    if (deflateInit2(&stream, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::runtime_error("deflateInit2 failed");
    }
    // The header's system byte as zlib writes it on Unix, where the committed copies were made:
    // the same bytes on every system (zlib writes 10 on Windows).
    gz_header header{};
    header.os = 3;
    deflateSetHeader(&stream, &header);
    std::vector<uint8_t> out(deflateBound(&stream, static_cast<uLong>(data.size())) + 32);
    stream.next_in = const_cast<Bytef *>(data.data());
    stream.avail_in = static_cast<uInt>(data.size());
    stream.next_out = out.data();
    stream.avail_out = static_cast<uInt>(out.size());
    const int status = deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    if (status != Z_STREAM_END) {
        throw std::runtime_error("deflate failed");
    }
    return out;
}

std::vector<uint8_t> Zstd(const std::vector<uint8_t> &data) {
    std::vector<uint8_t> out(ZSTD_compressBound(data.size()));
    const size_t written = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 6);
    if (ZSTD_isError(written) != 0) {
        throw std::runtime_error("ZSTD_compress failed");
    }
    out.resize(written);
    return out;
}

} // namespace

void WriteFString(ByteWriter &out, const std::string &text) {
    out.i32(static_cast<int32_t>(text.size()));
    out.text(text);
}

void SetWriter::add(const std::string &name, int32_t count, std::vector<uint8_t> data) {
    WriteFString(mOut, name);
    if (mVersion < kAttributeSets) {
        mOut.i32(count);
    }
    mOut.i32(static_cast<int32_t>(data.size()));
    mOut.bytes(data.data(), data.size());
    ++mParts;
}

void SetWriter::array(const std::string &name, size_t count,
                      const std::function<void(ByteWriter &)> &write) {
    ByteWriter data;
    if (mVersion >= kAttributeSets) {
        data.i32(static_cast<int32_t>(count));
    }
    write(data);
    add(name, static_cast<int32_t>(count), data.data());
}

void SetWriter::part(const std::string &name, const std::function<void(ByteWriter &)> &write) {
    ByteWriter data;
    write(data);
    add(name, 1, data.data());
}

std::vector<uint8_t> SetWriter::bytes() const {
    if (mVersion < kAttributeSets) {
        return mOut.data();
    }
    ByteWriter out;
    out.i32(mParts);
    out.bytes(mOut.data().data(), mOut.size());
    return out.data();
}

std::vector<uint8_t> WriteUeFile(const std::string &identifier, const std::vector<uint8_t> &body,
                                 const FileOptions &options) {
    ByteWriter out;
    out.text("UEFORMAT");
    WriteFString(out, identifier);
    out.u8(options.version);
    WriteFString(out, options.objectName);
    if (options.version >= kAttributeSets) {
        WriteFString(out, options.objectPath);
    }
    out.u8(options.compression.empty() ? 0 : 1);
    if (options.compression.empty()) {
        out.bytes(body.data(), body.size());
        return out.data();
    }
    const std::vector<uint8_t> packed = options.compression == "ZSTD"   ? Zstd(body)
                                        : options.compression == "GZIP" ? Gzip(body)
                                                                        : body;
    WriteFString(out, options.compression);
    out.i32(static_cast<int32_t>(options.declaredSize >= 0 ? options.declaredSize
                                                           : int64_t(body.size())));
    out.i32(static_cast<int32_t>(packed.size()));
    out.bytes(packed.data(), packed.size());
    return out.data();
}

} // namespace agf::testgen::ueformat
