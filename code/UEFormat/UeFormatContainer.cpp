/** @file UeFormatContainer.cpp */
#include "UeFormatContainer.h"

#include "Common/Decompression.h"
#include "Common/TextEncoding.h"
#include "Common/Warnings.h"
#include "UeFormatVersions.h"

#include <cstring>

namespace agf::ueformat {

namespace {

constexpr char kMagic[] = "UEFORMAT";
constexpr size_t kMagicSize = 8;

} // namespace

bool HasIdentifier(const uint8_t *data, size_t size, const char *identifier) {
    const size_t length = std::strlen(identifier);
    if (size < kMagicSize + 4 + length || std::memcmp(data, kMagic, kMagicSize) != 0) {
        return false;
    }
    return BinaryReader::LoadU32(data + kMagicSize) == length &&
           std::memcmp(data + kMagicSize + 4, identifier, length) == 0;
}

std::string ReadFString(BinaryReader &reader) {
    const int32_t length = reader.i32();
    if (length < 0) {
        reader.fail("string length " + std::to_string(length) +
                    " is negative (UTF-16 strings do not occur in UEFormat)");
    }
    const size_t count = reader.checkedCount(length, 1, "string byte");
    return ToUtf8(std::string(reinterpret_cast<const char *>(reader.view(count)), count));
}

BinaryReader Container::bodyReader() const {
    if (mDecompressed.empty() && mHeader.compression.empty()) {
        return BinaryReader(mBody, mBodySize, mFileName, mHeader.bodyOffset);
    }
    return BinaryReader(mBody, mBodySize, mFileName + " (" + mHeader.compression + " body)", 0);
}

Container OpenContainer(const uint8_t *data, size_t size, const std::string &fileName,
                        const char *identifier, Warnings &warnings) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("header");
    if (size < kMagicSize || std::memcmp(data, kMagic, kMagicSize) != 0) {
        reader.fail("not a UEFormat file (no UEFORMAT magic)");
    }
    reader.skip(kMagicSize);
    Container container;
    container.mFileName = fileName;
    Header &header = container.mHeader;
    header.identifier = ReadFString(reader);
    if (header.identifier != identifier) {
        reader.failAt(kMagicSize, "a " + header.identifier + " file, not " + identifier);
    }
    header.version = reader.u8();
    if (header.version > kLatestVersion) {
        reader.failAt(reader.offset() - 1, "file version " + std::to_string(header.version) +
                                               " is newer than the newest this importer reads (" +
                                               std::to_string(kLatestVersion) + ")");
    }
    header.objectName = ReadFString(reader);
    if (header.version >= kVersionAttributeSets) {
        header.objectPath = ReadFString(reader);
    }
    const bool compressed = reader.u8() != 0;
    if (!compressed) {
        header.bodyOffset = reader.offset();
        container.mBody = data + reader.position();
        container.mBodySize = reader.remaining();
        return container;
    }
    header.compression = ReadFString(reader);
    header.uncompressedSize = reader.i32();
    header.compressedSize = reader.i32();
    header.bodyOffset = reader.offset();
    CompressionMethod method = CompressionMethod::Deflate;
    if (header.compression == "ZSTD") {
        method = CompressionMethod::Zstd;
    } else if (header.compression != "GZIP") {
        reader.fail("compression \"" + header.compression +
                    "\" is not supported (only GZIP and ZSTD are)");
    }
    if (header.uncompressedSize < 0 || header.compressedSize < 0) {
        reader.fail("negative sizes of the compressed body (" +
                    std::to_string(header.uncompressedSize) + " uncompressed, " +
                    std::to_string(header.compressedSize) + " compressed)");
    }
    const size_t compressedSize = reader.checkedCount(header.compressedSize, 1, "compressed byte");
    if (compressedSize < reader.remaining()) {
        warnings.add(WarningKind::Inconsistent, fileName, "header", reader.offset(),
                     std::to_string(reader.remaining() - compressedSize) +
                         " bytes after the compressed body ignored");
    }
    const uint8_t *body = reader.view(compressedSize);
    container.mDecompressed =
        DecompressExactly(method, body, compressedSize, size_t(header.uncompressedSize),
                          FilePlace{fileName, header.compression + " body", header.bodyOffset, 0});
    container.mBody = container.mDecompressed.data();
    container.mBodySize = container.mDecompressed.size();
    return container;
}

} // namespace agf::ueformat
