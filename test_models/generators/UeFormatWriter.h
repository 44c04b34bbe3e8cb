/** @file UeFormatWriter.h
 *  Writes UEFormat files (.uemodel, .ueanim, .uepose) of any version, stored or compressed, for
 *  the tests: the header and the two ways of cutting a body into named parts (sections before
 *  version 10, attribute sets from version 10; docs/specs/ueformat.md).
 */
#pragma once

#include "ByteWriter.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace agf::testgen::ueformat {

struct FileOptions {
    uint8_t version = 10;
    std::string compression; ///< "" stored, "GZIP" or "ZSTD" (or anything else, written as is)
    std::string objectName = "Known";
    std::string objectPath = "/Game/Known/Known.Known"; ///< written from version 10 on
    /** Overrides the declared uncompressed size when >= 0 (a lying header). */
    int64_t declaredSize = -1;
};

/** An FString: i32 length, then the bytes. */
void WriteFString(ByteWriter &out, const std::string &text);

/** The parts of one set, in the layout of `version`. */
class SetWriter {
public:
    explicit SetWriter(uint8_t version) : mVersion(version) {}

    /** An array of `count` elements that `write` writes one after the other (version 10 puts
     *  the count at the start of the data, older versions in the section header). */
    void array(const std::string &name, size_t count,
               const std::function<void(ByteWriter &)> &write);
    /** A part holding one structure or a nested set (the section header's count is 1). */
    void part(const std::string &name, const std::function<void(ByteWriter &)> &write);
    /** The set: version 10 a count and the attributes, older versions the sections. */
    std::vector<uint8_t> bytes() const;
    uint8_t version() const { return mVersion; }

private:
    void add(const std::string &name, int32_t count, std::vector<uint8_t> data);

    uint8_t mVersion;
    int32_t mParts = 0;
    ByteWriter mOut;
};

/** A whole file: the magic, the header and `body`, compressed as `options` say (GZIP as a gzip
 *  stream, as the authors' writers do). */
std::vector<uint8_t> WriteUeFile(const std::string &identifier, const std::vector<uint8_t> &body,
                                 const FileOptions &options);

} // namespace agf::testgen::ueformat
