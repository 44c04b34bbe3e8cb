/** @file UeFormatContainer.h
 *  The part every UEFormat file shares: the "UEFORMAT" magic, the header, and the body after
 *  it, stored or compressed (GZIP, ZSTD) as the header says.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "UeFormatFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {
class Warnings;
}

namespace agf::ueformat {

constexpr const char *kModelIdentifier = "UEMODEL";
constexpr const char *kAnimIdentifier = "UEANIM";
constexpr const char *kPoseIdentifier = "UEPOSE";

/** True when the bytes start with the magic and the FString `identifier`. */
bool HasIdentifier(const uint8_t *data, size_t size, const char *identifier);

/** A file's header and its body's bytes. */
class Container {
public:
    const Header &header() const { return mHeader; }
    uint8_t version() const { return mHeader.version; }
    /** A reader over the body. Offsets in messages are file offsets for a stored body; for a
     *  compressed one they count in the decompressed bytes, and the reader's file name says
     *  so ("hero.uemodel (ZSTD body)"). */
    BinaryReader bodyReader() const;

private:
    friend Container OpenContainer(const uint8_t *, size_t, const std::string &, const char *,
                                   Warnings &);
    Header mHeader;
    std::string mFileName;
    std::vector<uint8_t> mDecompressed;
    const uint8_t *mBody = nullptr;
    size_t mBodySize = 0;
};

/** Reads the header of the file's `size` bytes and decompresses its body. Throws ImportError
 *  when the magic or `identifier` is wrong, the version is newer than kLatestVersion, the
 *  compression is unknown or the body is damaged. The container refers to `data` when the body
 *  is stored: `data` must outlive it. */
Container OpenContainer(const uint8_t *data, size_t size, const std::string &fileName,
                        const char *identifier, Warnings &warnings);

/** Reads an FString (i32 length, then UTF-8 bytes, no terminator) as valid UTF-8. A negative
 *  length (UTF-16 in Unreal's own archives) is refused. */
std::string ReadFString(BinaryReader &reader);

} // namespace agf::ueformat
