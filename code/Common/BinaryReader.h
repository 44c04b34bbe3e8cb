/** @file BinaryReader.h
 *  A bounds-checked little-endian reader over a buffer held in memory.
 *
 *  Every read checks the bytes left and throws ImportError (naming the file, the structure set
 *  with setStructure() and the absolute byte offset) instead of reading past the end. Counts
 *  read from a file go through checkedCount() before anything is allocated for them, so a
 *  64-byte file that claims 2^31 records fails at once.
 */
#pragma once

#include "ImportError.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace agf {

class BinaryReader {
public:
    /** @param baseOffset absolute offset of data[0] in the file, used only in messages. */
    BinaryReader(const uint8_t *data, size_t size, std::string fileName, uint64_t baseOffset = 0)
        : mData(data), mSize(size), mPos(0), mBaseOffset(baseOffset),
          mFileName(std::move(fileName)) {}

    /** Absolute offset of the next byte in the file. */
    uint64_t offset() const { return mBaseOffset + mPos; }
    /** Position relative to the start of this reader's buffer. */
    size_t position() const { return mPos; }
    size_t size() const { return mSize; }
    size_t remaining() const { return mSize - mPos; }
    bool atEnd() const { return mPos == mSize; }
    const uint8_t *data() const { return mData; }
    const std::string &fileName() const { return mFileName; }

    /** Names the structure being read, for error messages ("PNTS0000", "LOD 2 header"...). */
    void setStructure(std::string structure) { mStructure = std::move(structure); }
    const std::string &structure() const { return mStructure; }

    void seek(size_t position) {
        if (position > mSize) {
            fail("seek to " + std::to_string(position) + " past the end (" + std::to_string(mSize) +
                 " bytes)");
        }
        mPos = position;
    }

    void skip(uint64_t count) {
        require(count);
        mPos += static_cast<size_t>(count);
    }

    uint8_t u8() {
        require(1);
        return mData[mPos++];
    }
    int8_t i8() { return static_cast<int8_t>(u8()); }

    uint16_t u16() {
        require(2);
        const uint16_t value = LoadU16(mData + mPos);
        mPos += 2;
        return value;
    }
    int16_t i16() { return static_cast<int16_t>(u16()); }

    uint32_t u32() {
        require(4);
        uint32_t value = LoadU32(mData + mPos);
        mPos += 4;
        return value;
    }
    int32_t i32() { return static_cast<int32_t>(u32()); }

    uint64_t u64() {
        const uint64_t low = u32();
        const uint64_t high = u32();
        return low | (high << 32);
    }

    float f32() {
        const uint32_t bits = u32();
        float value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    }

    /** Copies `count` bytes and advances. */
    void bytes(void *destination, size_t count) {
        require(count);
        if (count != 0) {
            std::memcpy(destination, mData + mPos, count);
        }
        mPos += count;
    }

    /** Returns a pointer to the next `count` bytes (valid as long as the buffer) and advances. */
    const uint8_t *view(size_t count) {
        require(count);
        const uint8_t *p = mData + mPos;
        mPos += count;
        return p;
    }

    /** Reads a fixed-size char field: the text ends at the first NUL or at the end of the
     *  field. The raw bytes are returned; see TextEncoding.h to make them UTF-8. */
    std::string fixedString(size_t fieldSize) { return std::string(fixedStringView(fieldSize)); }

    /** fixedString() as a view into the buffer (valid as long as the buffer), for text that is
     *  only compared. */
    std::string_view fixedStringView(size_t fieldSize) {
        const char *p = reinterpret_cast<const char *>(view(fieldSize));
        size_t length = 0;
        while (length < fieldSize && p[length] != '\0') {
            ++length;
        }
        return std::string_view(p, length);
    }

    /** Validates a count read from the file against the bytes left: `count` records of
     *  `bytesPerRecord` bytes must fit. Returns the count as size_t. Call before allocating. */
    size_t checkedCount(int64_t count, uint64_t bytesPerRecord, const char *what) const {
        if (count < 0) {
            fail(std::string("negative ") + what + " count " + std::to_string(count));
        }
        const uint64_t unsignedCount = static_cast<uint64_t>(count);
        if (bytesPerRecord != 0 && unsignedCount > remaining() / bytesPerRecord) {
            fail(std::string(what) + " count " + std::to_string(count) + " needs " +
                 std::to_string(bytesPerRecord) + " bytes each but only " +
                 std::to_string(remaining()) + " bytes are left");
        }
        return static_cast<size_t>(unsignedCount);
    }

    /** A reader over the next `count` bytes; this reader advances past them. */
    BinaryReader subReader(size_t count) {
        const uint64_t start = offset();
        const uint8_t *p = view(count);
        BinaryReader sub(p, count, mFileName, start);
        sub.mStructure = mStructure;
        return sub;
    }

    /** Throws ImportError at the current offset. */
    [[noreturn]] void fail(const std::string &problem) const {
        ThrowImportError(mFileName, mStructure, offset(), problem);
    }
    /** Throws ImportError at a given absolute offset. */
    [[noreturn]] void failAt(uint64_t absoluteOffset, const std::string &problem) const {
        ThrowImportError(mFileName, mStructure, absoluteOffset, problem);
    }

    static uint16_t LoadU16(const uint8_t *p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }
    static uint32_t LoadU32(const uint8_t *p) {
        return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
               (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
    }
    static float LoadF32(const uint8_t *p) {
        const uint32_t bits = LoadU32(p);
        float value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    }

private:
    // The check stays a compare and a branch; the message is built out of line, so that the
    // reads that call it (u32, f32...) are small enough for the compiler to inline into the
    // parsers' loops (called out of line, u32 was 30 M of an MLOD import's 406 M instructions).
    void require(uint64_t count) const {
        if (count > remaining()) {
            failShort(count);
        }
    }
    [[noreturn, gnu::cold, gnu::noinline]] void failShort(uint64_t count) const {
        fail("unexpected end of data: need " + std::to_string(count) + " bytes, " +
             std::to_string(remaining()) + " left");
    }

    const uint8_t *mData;
    size_t mSize;
    size_t mPos;
    uint64_t mBaseOffset;
    std::string mFileName;
    std::string mStructure;
};

} // namespace agf
