/** @file OdolArrays.h
 *  The array encodings of every ODOL version (specs/p3d.md sections 3.3 to 3.5): compressed
 *  arrays, whose payload is raw or compressed by the rule of the version (ArrayCoding), and
 *  condensed ("default fill") arrays, where one stored element may stand for all of them.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/HugePages.h"
#include "P3dFileData.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace agf::p3d {

/** Arrays of at least this many bytes are compressed in ODOL before v64. */
constexpr size_t kLzssThreshold = 1024;

/** How a version stores the payload of a compressed array (spec 3.4). The default is the rule
 *  of v7 and v40 to v43: BI-LZSS with its checksum for payloads of kLzssThreshold bytes and
 *  more, raw below. */
struct ArrayCoding {
    bool lzo = false;      ///< LZO1X instead of LZSS (v44 on)
    bool flagByte = false; ///< a byte before each payload says whether it is compressed (v64 on)
};

/** The bytes of one array. A default-filled array keeps its single element in `bytes` and is
 *  expanded only by `expanded()`, once the caller knows the count is plausible (a hostile count
 *  with one stored element would otherwise allocate without bound). */
struct ArrayBytes {
    size_t count = 0;
    size_t elementSize = 0;
    bool defaultFill = false;
    std::vector<uint8_t> bytes;
    uint64_t offset = 0; ///< where the array starts in the file, for messages

    /** count * elementSize bytes, the fill element replicated when defaultFill. */
    std::vector<uint8_t> expanded() const;

    /** The count * elementSize bytes in one block without a copy when they are stored (most
     *  arrays, and the large ones): `bytes` itself; a default-filled array is expanded into
     *  `scratch`. Valid while both live. */
    const uint8_t *contiguous(std::vector<uint8_t> &scratch) const;
};

/** Where a stored array's decoded bytes go instead of ArrayBytes::bytes: storage the caller
 *  allocates for `bytes` bytes once the count has passed the input checks, such as a typed
 *  array of the file's records, so that the bytes are not copied a second time (these copies
 *  were 12 MB of the 64 MB the ODOL benchmark input allocated). The bytes are put in the
 *  host's order as 4-byte words. Not called for an empty or default-filled array. */
using PayloadStorage = std::function<uint8_t *(size_t bytes)>;

/** Storage in `records` itself, resized to hold the array. T must be a record of the file made
 *  of 4-byte words (a u32, a Vec3, a UV pair). */
template <typename T> PayloadStorage StorageIn(std::vector<T> &records) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 4 == 0 && alignof(T) == 4,
                  "records of 4-byte words");
    return [&records](size_t bytes) {
        ResizeLarge(records, (bytes + sizeof(T) - 1) / sizeof(T));
        return reinterpret_cast<uint8_t *>(records.data());
    };
}

/** Reads `i32 count` then the elements as a compressed array (spec 3.4) stored by `coding`.
 *  The decompressed size is checked against what the input can produce before allocating. */
ArrayBytes ReadCompressedArray(BinaryReader &reader, size_t elementSize, const char *what,
                               const PayloadStorage &storage = {}, ArrayCoding coding = {});

/** Reads past a compressed array the importer does not use, following its stream without
 *  decoding it (LzssSkip, whose checksum is not verified, or LzoSkip). The result has the count
 *  and no bytes, for RequireCount. */
ArrayBytes SkipCompressedArray(BinaryReader &reader, size_t elementSize, const char *what,
                               ArrayCoding coding = {});

/** Reads `i32 count; bool defaultFill;` then one element or a compressed payload (spec 3.5). */
ArrayBytes ReadCondensedArray(BinaryReader &reader, size_t elementSize, const char *what,
                              const PayloadStorage &storage = {}, ArrayCoding coding = {});

/** Reads past a condensed array the importer does not use, as SkipCompressedArray does. */
void SkipCondensedArray(BinaryReader &reader, size_t elementSize, const char *what,
                        ArrayCoding coding = {});

/** Checks a default-filled or stored count against the count it must match (e.g. the vertex
 *  count); throws ImportError otherwise. An empty array is always accepted. */
void RequireCount(const BinaryReader &reader, const ArrayBytes &array, size_t expected,
                  const char *what);

std::vector<uint16_t> DecodeU16(const ArrayBytes &array);
/** 16-bit indices widened to 32 bits, the form the LOD structures keep. */
std::vector<uint32_t> DecodeU16AsIndices(const ArrayBytes &array);
std::vector<uint32_t> DecodeU32(const ArrayBytes &array);
std::vector<float> DecodeF32(const ArrayBytes &array);
std::vector<Vec3> DecodeVec3(const ArrayBytes &array);

/** A float UV set (8-byte pairs) whose stored values were read with StorageIn(stored): those
 *  values, or once the count is checked the default fill's pair for each of `vertexCount`
 *  vertices, or zeros for an empty array. */
std::vector<std::array<float, 2>>
FloatUvSet(const ArrayBytes &array, std::vector<std::array<float, 2>> &stored, size_t vertexCount);

/** Reads a NUL-terminated string (bounded by the reader's end). */
std::string ReadAsciiz(BinaryReader &reader);
/** ReadAsciiz as a view into the reader's buffer (valid as long as the buffer). Inline, as
 *  MLOD reads two a face; an empty one (a face without an rvmat) is told at its first byte. */
inline std::string_view ReadAsciizView(BinaryReader &reader) {
    const uint8_t *start = reader.data() + reader.position();
    const size_t left = reader.remaining();
    size_t length = 0;
    if (left == 0 || start[0] != 0) {
        const void *nul = std::memchr(start, 0, left);
        if (nul == nullptr) {
            reader.fail("string runs to the end of the data without a terminating NUL");
        }
        length = static_cast<size_t>(static_cast<const uint8_t *>(nul) - start);
    }
    reader.skip(length + 1);
    return std::string_view(reinterpret_cast<const char *>(start), length);
}

Vec3 ReadVec3(BinaryReader &reader);

/** Three little-endian floats at `p`, whose 12 bytes the caller has checked. */
inline Vec3 LoadVec3(const uint8_t *p) {
    return Vec3{BinaryReader::LoadF32(p), BinaryReader::LoadF32(p + 4),
                BinaryReader::LoadF32(p + 8)};
}

} // namespace agf::p3d
