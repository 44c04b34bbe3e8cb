/** @file OdolV4xArrays.cpp
 *  Array encodings of ODOL v41+ (specs/p3d.md sections 3.4 and 3.5): below v44 the v40 rule
 *  (raw under 1024 bytes, else LZSS), from v44 LZO instead of LZSS, from v64 a flag byte before
 *  every non-empty payload (0 raw, otherwise LZO) instead of the size rule.
 */
#include "Common/Lzo.h"
#include "OdolV4x.h"

namespace agf::p3d::odol4x {

namespace {

uint8_t *ReadRaw(BinaryReader &reader, ArrayBytes &array, uint64_t total,
                 const PayloadStorage &storage) {
    if (total > reader.remaining()) {
        reader.fail(std::to_string(array.count) + " elements of " +
                    std::to_string(array.elementSize) + " bytes need " + std::to_string(total) +
                    " bytes, only " + std::to_string(reader.remaining()) + " are left");
    }
    const auto size = static_cast<size_t>(total);
    uint8_t *out = PayloadOutput(array, storage, size);
    reader.bytes(out, size);
    return out;
}

void RequireDecodable(const BinaryReader &reader, const ArrayBytes &array, uint64_t total,
                      const char *what) {
    if (total > LzoMaxOutput(reader.remaining())) {
        reader.fail(std::string(what) + " count " + std::to_string(array.count) + " needs " +
                    std::to_string(total) + " bytes, more than the " +
                    std::to_string(reader.remaining()) + " bytes left can decompress to");
    }
}

uint8_t *ReadLzo(BinaryReader &reader, ArrayBytes &array, uint64_t total, const char *what,
                 const PayloadStorage &storage) {
    RequireDecodable(reader, array, total, what);
    const auto size = static_cast<size_t>(total);
    uint8_t *out = nullptr;
    LzoDecode(reader, size, [&]() { return out = PayloadOutput(array, storage, size); });
    return out;
}

enum class Payload { Keep, Skip };

// The payload of an array whose count (and default-fill flag) is already read: decoded into
// array.bytes or `storage`, or only followed to its end.
void ReadPayload(BinaryReader &reader, const Layout &layout, ArrayBytes &array, const char *what,
                 Payload payload, const PayloadStorage &storage) {
    const uint64_t total = static_cast<uint64_t>(array.count) * array.elementSize;
    if (total == 0) {
        return; // not even a flag byte (spec 3.4)
    }
    const bool compressed = layout.arrayFlag() ? reader.u8() != 0 : total >= kLzssThreshold;
    if (payload == Payload::Skip) {
        if (compressed) {
            RequireDecodable(reader, array, total, what);
            LzoSkip(reader, static_cast<size_t>(total));
        } else {
            reader.skip(total);
        }
        return;
    }
    uint8_t *out = compressed ? ReadLzo(reader, array, total, what, storage)
                              : ReadRaw(reader, array, total, storage);
    if (storage) {
        WordsToHostOrder(out, static_cast<size_t>(total));
    }
}

} // namespace

ArrayBytes ReadArray(BinaryReader &reader, const Layout &layout, size_t elementSize,
                     const char *what, const PayloadStorage &storage) {
    if (!layout.lzo()) {
        return ReadCompressedArray(reader, elementSize, what, storage); // the v40 (LZSS) rule
    }
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    ReadPayload(reader, layout, array, what, Payload::Keep, storage);
    return array;
}

ArrayBytes SkipArray(BinaryReader &reader, const Layout &layout, size_t elementSize,
                     const char *what) {
    if (!layout.lzo()) {
        return SkipCompressedArray(reader, elementSize, what);
    }
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    ReadPayload(reader, layout, array, what, Payload::Skip, {});
    return array;
}

ArrayBytes ReadCondensed(BinaryReader &reader, const Layout &layout, size_t elementSize,
                         const char *what, const PayloadStorage &storage) {
    if (!layout.lzo()) {
        return ReadCondensedArray(reader, elementSize, what, storage);
    }
    ArrayBytes array = ReadArrayCount(reader, elementSize, what);
    array.defaultFill = reader.u8() != 0;
    if (array.defaultFill) {
        array.bytes.resize(elementSize);
        reader.bytes(array.bytes.data(), elementSize);
        return array;
    }
    ReadPayload(reader, layout, array, what, Payload::Keep, storage);
    return array;
}

std::vector<uint32_t> DecodeIndices(const ArrayBytes &array, const Layout &layout) {
    if (layout.wideIndices()) {
        return DecodeU32(array);
    }
    return DecodeU16AsIndices(array);
}

} // namespace agf::p3d::odol4x
