// ODOL arrays read into storage the caller owns (code/P3D/OdolArrays.*, OdolV4xArrays.cpp, #18):
// the same values and reader position as reading into ArrayBytes, and the storage asked for once
// and only after the count has passed the input checks.
#include "TestSupport.h"

#include "LzoWriter.h"
#include "P3D/OdolArrays.h"
#include "P3D/OdolV4x.h"
#include "P3dWriters.h"

#include <cstring>

namespace {

using agf::BinaryReader;
using agf::ImportError;
using agf::p3d::ArrayBytes;
using agf::p3d::PayloadStorage;
using agf::p3d::StorageIn;
using agf::p3d::Vec3;

std::vector<Vec3> Points(size_t count) {
    std::vector<Vec3> points(count);
    for (size_t i = 0; i < count; ++i) {
        // Repeats every 64 points, so that LZSS and LZO find matches as in real vertex arrays.
        points[i] = Vec3{static_cast<float>(i % 64) * 0.5f, -1.25f, static_cast<float>(i / 64)};
    }
    return points;
}

std::vector<uint8_t> BytesOf(const std::vector<Vec3> &points) {
    std::vector<uint8_t> bytes(points.size() * 12);
    for (size_t i = 0; i < points.size(); ++i) {
        const float values[3] = {points[i].x, points[i].y, points[i].z};
        std::memcpy(bytes.data() + 12 * i, values, 12); // the tests run on little-endian hosts
    }
    return bytes;
}

void AppendU32(std::vector<uint8_t> &out, uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
        out.push_back(static_cast<uint8_t>(value >> shift));
    }
}

// `i32 count` then the payload as ODOL before v44 stores it: raw below 1024 bytes, else LZSS.
std::vector<uint8_t> CompressedArray(const std::vector<Vec3> &points) {
    std::vector<uint8_t> out;
    AppendU32(out, static_cast<uint32_t>(points.size()));
    const std::vector<uint8_t> bytes = BytesOf(points);
    const std::vector<uint8_t> payload =
        bytes.size() < agf::p3d::kLzssThreshold ? bytes : agf::testgen::p3d::LzssCompress(bytes);
    out.insert(out.end(), payload.begin(), payload.end());
    out.push_back(0x5A); // the next field
    return out;
}

bool SameValues(const std::vector<Vec3> &a, const std::vector<Vec3> &b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](auto p, auto q) {
               return p.x == q.x && p.y == q.y && p.z == q.z;
           });
}

// Records how often and for how many bytes the storage was asked.
struct CountingStorage {
    std::vector<Vec3> records;
    std::vector<size_t> requests;
    PayloadStorage storage() {
        return [this](size_t bytes) {
            requests.push_back(bytes);
            return StorageIn(records)(bytes);
        };
    }
};

} // namespace

TEST(P3dOdolArrays, StorageGetsTheValuesThatArrayBytesGets) {
    for (size_t count : {size_t{0}, size_t{3}, size_t{85}, size_t{86}, size_t{5000}}) {
        SCOPED_TRACE(count); // 85 points are 1020 bytes (raw), 86 are 1032 (LZSS)
        const std::vector<Vec3> points = Points(count);
        const std::vector<uint8_t> file = CompressedArray(points);

        BinaryReader plain(file.data(), file.size(), "test.p3d");
        const ArrayBytes bytes = agf::p3d::ReadCompressedArray(plain, 12, "position");
        EXPECT_TRUE(SameValues(agf::p3d::DecodeVec3(bytes), points));

        BinaryReader direct(file.data(), file.size(), "test.p3d");
        CountingStorage target;
        const ArrayBytes counted =
            agf::p3d::ReadCompressedArray(direct, 12, "position", target.storage());
        EXPECT_TRUE(counted.bytes.empty());
        EXPECT_EQ(counted.count, count);
        EXPECT_TRUE(SameValues(target.records, points));
        EXPECT_EQ(target.requests,
                  count == 0 ? std::vector<size_t>{} : std::vector<size_t>{count * 12});
        EXPECT_EQ(direct.position(), plain.position());
        EXPECT_EQ(direct.u8(), 0x5A);
    }
}

TEST(P3dOdolArrays, ADefaultFillOrAnImpossibleCountNeverAsksForStorage) {
    std::vector<uint8_t> fill;
    AppendU32(fill, 1000000); // count
    fill.push_back(1);        // default fill
    AppendU32(fill, 0x3F800000);
    AppendU32(fill, 0);
    AppendU32(fill, 0x40000000);
    BinaryReader reader(fill.data(), fill.size(), "test.p3d");
    CountingStorage target;
    const ArrayBytes array = agf::p3d::ReadCondensedArray(reader, 12, "normal", target.storage());
    EXPECT_TRUE(array.defaultFill);
    EXPECT_EQ(array.bytes.size(), 12u);
    EXPECT_TRUE(target.requests.empty());
    EXPECT_TRUE(reader.atEnd());

    // 100 million positions cannot come from the 20 bytes left: refused before any storage.
    std::vector<uint8_t> huge;
    AppendU32(huge, 100000000);
    huge.resize(24, 0xFF);
    BinaryReader hugeReader(huge.data(), huge.size(), "test.p3d");
    CountingStorage none;
    EXPECT_THROW(agf::p3d::ReadCompressedArray(hugeReader, 12, "position", none.storage()),
                 ImportError);
    EXPECT_TRUE(none.requests.empty());
}

TEST(P3dOdolArrays, LzoArraysOfEveryLayoutFillTheStorage) {
    const std::vector<Vec3> points = Points(3000);
    const std::vector<uint8_t> bytes = BytesOf(points);
    for (uint32_t version : {44u, 64u, 73u}) {
        SCOPED_TRACE(version);
        agf::p3d::odol4x::Layout layout;
        layout.version = version;
        std::vector<uint8_t> file;
        AppendU32(file, static_cast<uint32_t>(points.size()));
        if (layout.arrayFlag()) {
            file.push_back(2); // compressed
        }
        const std::vector<uint8_t> packed = agf::testgen::LzoCompress(bytes);
        file.insert(file.end(), packed.begin(), packed.end());
        BinaryReader reader(file.data(), file.size(), "test.p3d");
        CountingStorage target;
        const ArrayBytes array =
            agf::p3d::odol4x::ReadArray(reader, layout, 12, "position", target.storage());
        EXPECT_TRUE(array.bytes.empty());
        EXPECT_TRUE(SameValues(target.records, points));
        EXPECT_EQ(target.requests, std::vector<size_t>{bytes.size()});
        EXPECT_TRUE(reader.atEnd());
    }
}
