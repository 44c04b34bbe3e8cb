/** @file OdolArrays.cpp
 *  Reading and decoding the arrays of every ODOL version.
 */
#include "OdolArrays.h"

#include "Common/HugePages.h"
#include "Common/Lzo.h"
#include "Common/Lzss.h"

#include <cstring>

namespace agf::p3d {

std::vector<uint8_t> ArrayBytes::expanded() const {
    if (!defaultFill) {
        return bytes;
    }
    std::vector<uint8_t> out;
    ResizeLarge(out, count * elementSize);
    for (size_t i = 0; i < count; ++i) {
        std::memcpy(out.data() + i * elementSize, bytes.data(), elementSize);
    }
    return out;
}

const uint8_t *ArrayBytes::contiguous(std::vector<uint8_t> &scratch) const {
    if (!defaultFill) {
        return bytes.data(); // every reader sizes a stored array to count * elementSize
    }
    scratch = expanded();
    return scratch.data();
}

namespace {

/** The `size` bytes a stored payload is decoded into: `storage`'s when given, else the array's
 *  own (resized). Called once the size has passed the input checks. */
uint8_t *PayloadOutput(ArrayBytes &array, const PayloadStorage &storage, size_t size) {
    if (storage) {
        return storage(size);
    }
    ResizeLarge(array.bytes, size);
    return array.bytes.data();
}

/** Puts `bytes` bytes read as little-endian 4-byte words in the host's order (nothing to do on
 *  a little-endian host). */
void WordsToHostOrder(uint8_t *data, size_t bytes) {
    if constexpr (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__) {
        for (size_t i = 0; i + 4 <= bytes; i += 4) {
            std::swap(data[i], data[i + 3]);
            std::swap(data[i + 1], data[i + 2]);
        }
    } else {
        static_cast<void>(data);
        static_cast<void>(bytes);
    }
}

/** Reads an array's `i32 count` (refusing a negative one): the ArrayBytes with its offset,
 *  element size and count, for the caller to read the payload. */
ArrayBytes ReadArrayCount(BinaryReader &reader, size_t elementSize, const char *what) {
    ArrayBytes array;
    array.offset = reader.offset();
    array.elementSize = elementSize;
    const int32_t count = reader.i32();
    if (count < 0) {
        reader.failAt(array.offset,
                      std::string("negative ") + what + " count " + std::to_string(count));
    }
    array.count = static_cast<size_t>(count);
    return array;
}

enum class Payload { Keep, Skip };

// The payload of an array whose count (and default-fill flag) is already read: decoded into
// array.bytes or `storage`, or only followed to its end.
void ReadPayload(BinaryReader &reader, ArrayCoding coding, ArrayBytes &array, const char *what,
                 Payload payload, const PayloadStorage &storage) {
    const uint64_t total = static_cast<uint64_t>(array.count) * array.elementSize;
    if (total == 0) {
        return; // not even a flag byte (spec 3.4)
    }
    const bool compressed = coding.flagByte ? reader.u8() != 0 : total >= kLzssThreshold;
    const uint64_t left = reader.remaining();
    if (compressed && total > (coding.lzo ? LzoMaxOutput(left) : LzssMaxOutput(left))) {
        reader.fail(std::string(what) + " count " + std::to_string(array.count) + " needs " +
                    std::to_string(total) + " bytes, more than the " + std::to_string(left) +
                    " bytes left can decompress to");
    }
    if (!compressed && total > left) {
        reader.fail(std::to_string(array.count) + " elements of " +
                    std::to_string(array.elementSize) + " bytes need " + std::to_string(total) +
                    " bytes, only " + std::to_string(left) + " are left");
    }
    const auto size = static_cast<size_t>(total);
    if (payload == Payload::Skip) {
        if (!compressed) {
            reader.skip(size);
        } else if (coding.lzo) {
            LzoSkip(reader, size);
        } else {
            LzssSkip(reader, size);
        }
        return;
    }
    uint8_t *out = nullptr;
    if (!compressed) {
        out = PayloadOutput(array, storage, size);
        reader.bytes(out, size);
    } else if (coding.lzo) {
        // LzoDecode asks for the output only once the stream has shown it can fill it.
        LzoDecode(reader, size, [&]() { return out = PayloadOutput(array, storage, size); });
    } else {
        out = PayloadOutput(array, storage, size);
        LzssDecode(reader, size, out);
    }
    if (storage) {
        WordsToHostOrder(out, size);
    }
}

} // namespace

ArrayBytes ReadCompressedArray(BinaryReader &reader, size_t elementSize, const char *what,
                               const PayloadStorage &storage, ArrayCoding coding) {
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    ReadPayload(reader, coding, array, what, Payload::Keep, storage);
    return array;
}

ArrayBytes SkipCompressedArray(BinaryReader &reader, size_t elementSize, const char *what,
                               ArrayCoding coding) {
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    ReadPayload(reader, coding, array, what, Payload::Skip, {});
    return array;
}

ArrayBytes ReadCondensedArray(BinaryReader &reader, size_t elementSize, const char *what,
                              const PayloadStorage &storage, ArrayCoding coding) {
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    array.defaultFill = reader.u8() != 0;
    if (array.defaultFill) {
        // Unverified for count 0: the fill element is read whenever the flag is set.
        array.bytes.resize(elementSize);
        reader.bytes(array.bytes.data(), elementSize);
        return array;
    }
    ReadPayload(reader, coding, array, what, Payload::Keep, storage);
    return array;
}

void SkipCondensedArray(BinaryReader &reader, size_t elementSize, const char *what,
                        ArrayCoding coding) {
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    if (reader.u8() != 0) {
        reader.skip(elementSize); // the default fill's element
        return;
    }
    ReadPayload(reader, coding, array, what, Payload::Skip, {});
}

void RequireCount(const BinaryReader &reader, const ArrayBytes &array, size_t expected,
                  const char *what) {
    if (array.count != 0 && array.count != expected) {
        reader.failAt(array.offset, std::string(what) + " has " + std::to_string(array.count) +
                                        " elements, expected " + std::to_string(expected));
    }
}

namespace {

/** The `count` values of `array`, `load(record)` decoding one `recordSize`-byte record. A
 *  default-filled array whose element is one record decodes it once and repeats the value,
 *  rather than repeating its bytes into a scratch copy of the whole array first. */
template <typename T, typename Load>
std::vector<T> DecodeRecords(const ArrayBytes &array, size_t count, size_t recordSize,
                             const Load &load) {
    std::vector<T> out;
    if (array.defaultFill && array.elementSize == recordSize) {
        ResizeLarge(out, count, count == 0 ? T{} : load(array.bytes.data()));
        return out;
    }
    std::vector<uint8_t> scratch;
    const uint8_t *raw = array.contiguous(scratch);
    ResizeLarge(out, count);
    for (size_t i = 0; i < count; ++i) {
        out[i] = load(raw + recordSize * i);
    }
    return out;
}

} // namespace

std::vector<uint16_t> DecodeU16(const ArrayBytes &array) {
    return DecodeRecords<uint16_t>(array, array.count, 2, BinaryReader::LoadU16);
}

std::vector<uint32_t> DecodeU16AsIndices(const ArrayBytes &array) {
    return DecodeRecords<uint32_t>(array, array.count, 2, [](const uint8_t *p) -> uint32_t {
        return BinaryReader::LoadU16(p);
    });
}

std::vector<uint32_t> DecodeU32(const ArrayBytes &array) {
    return DecodeRecords<uint32_t>(array, array.count, 4, BinaryReader::LoadU32);
}

std::vector<float> DecodeF32(const ArrayBytes &array) {
    return DecodeRecords<float>(array, array.count * array.elementSize / 4, 4,
                                BinaryReader::LoadF32);
}

std::vector<std::array<float, 2>>
FloatUvSet(const ArrayBytes &array, std::vector<std::array<float, 2>> &stored, size_t vertexCount) {
    if (!array.defaultFill && array.count != 0) {
        return std::move(stored);
    }
    std::array<float, 2> fill{};
    if (array.defaultFill && array.count != 0) {
        fill = {BinaryReader::LoadF32(array.bytes.data()),
                BinaryReader::LoadF32(array.bytes.data() + 4)};
    }
    std::vector<std::array<float, 2>> uvs;
    ResizeLarge(uvs, vertexCount, fill);
    return uvs;
}

std::vector<Vec3> DecodeVec3(const ArrayBytes &array) {
    return DecodeRecords<Vec3>(array, array.count * array.elementSize / 12, 12, LoadVec3);
}

std::string ReadAsciiz(BinaryReader &reader) {
    return std::string(ReadAsciizView(reader));
}

Vec3 ReadVec3(BinaryReader &reader) {
    return LoadVec3(reader.view(12));
}

} // namespace agf::p3d
