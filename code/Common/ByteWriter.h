/** @file ByteWriter.h
 *  Little-endian byte writer: our ActorX writers and the test-model generators build files with
 *  it.
 */
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace agf {

class ByteWriter {
public:
    void u8(uint8_t value) { mBytes.push_back(value); }
    void u16(uint16_t value) {
        u8(static_cast<uint8_t>(value));
        u8(static_cast<uint8_t>(value >> 8));
    }
    void u32(uint32_t value) {
        for (int shift = 0; shift < 32; shift += 8) {
            u8(static_cast<uint8_t>(value >> shift));
        }
    }
    void i32(int32_t value) { u32(static_cast<uint32_t>(value)); }
    void u64(uint64_t value) {
        u32(static_cast<uint32_t>(value));
        u32(static_cast<uint32_t>(value >> 32));
    }
    void f32(float value) {
        uint32_t bits;
        std::memcpy(&bits, &value, sizeof bits);
        u32(bits);
    }
    /** Writes `text` into a field of `size` bytes, NUL-padded (not terminated when full). */
    void fixedString(const std::string &text, size_t size) {
        for (size_t i = 0; i < size; ++i) {
            u8(i < text.size() ? static_cast<uint8_t>(text[i]) : 0);
        }
    }
    void bytes(const void *data, size_t size) {
        const auto *p = static_cast<const uint8_t *>(data);
        mBytes.insert(mBytes.end(), p, p + size);
    }
    void text(const std::string &value) { bytes(value.data(), value.size()); }

    size_t size() const { return mBytes.size(); }
    std::vector<uint8_t> &data() { return mBytes; }
    const std::vector<uint8_t> &data() const { return mBytes; }
    /** Overwrites 4 bytes at `offset` (for sizes known only later). */
    void patchU32(size_t offset, uint32_t value) {
        for (int k = 0; k < 4; ++k) {
            mBytes[offset + k] = static_cast<uint8_t>(value >> (8 * k));
        }
    }

private:
    std::vector<uint8_t> mBytes;
};

} // namespace agf
