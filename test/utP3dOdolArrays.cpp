/** @file utP3dOdolArrays.cpp
 *  Decoding ODOL arrays into values: stored arrays, and default-filled ones, which are decoded
 *  from their one stored element without expanding its bytes first when the element is one
 *  value (and by the expansion when it is several).
 */
#include "P3D/OdolArrays.h"

#include <gtest/gtest.h>

#include <cstring>

using agf::p3d::ArrayBytes;

namespace {

std::vector<uint8_t> FloatBytes(const std::vector<float> &values) {
    std::vector<uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

ArrayBytes Filled(size_t count, const std::vector<float> &element) {
    ArrayBytes array;
    array.count = count;
    array.elementSize = element.size() * 4;
    array.defaultFill = true;
    array.bytes = FloatBytes(element);
    return array;
}

} // namespace

TEST(P3dOdolArrays, DefaultFilledVectorsRepeatTheirElement) {
    const auto points = agf::p3d::DecodeVec3(Filled(3, {1.5f, -2.0f, 0.25f}));
    ASSERT_EQ(points.size(), 3u);
    for (const agf::p3d::Vec3 &p : points) {
        EXPECT_EQ(p.x, 1.5f);
        EXPECT_EQ(p.y, -2.0f);
        EXPECT_EQ(p.z, 0.25f);
    }
    EXPECT_TRUE(agf::p3d::DecodeVec3(Filled(0, {1, 2, 3})).empty());
}

TEST(P3dOdolArrays, DefaultFilledIntegersRepeatTheirElement) {
    ArrayBytes flags;
    flags.count = 4;
    flags.elementSize = 4;
    flags.defaultFill = true;
    flags.bytes = {0x78, 0x56, 0x34, 0x12};
    EXPECT_EQ(agf::p3d::DecodeU32(flags), std::vector<uint32_t>(4, 0x12345678u));
    ArrayBytes indices;
    indices.count = 3;
    indices.elementSize = 2;
    indices.defaultFill = true;
    indices.bytes = {0x34, 0x12};
    EXPECT_EQ(agf::p3d::DecodeU16(indices), std::vector<uint16_t>(3, 0x1234u));
    EXPECT_EQ(agf::p3d::DecodeU16AsIndices(indices), std::vector<uint32_t>(3, 0x1234u));
}

// A UV pair is one element of two floats: the fill repeats the pair, not its first float.
TEST(P3dOdolArrays, DefaultFilledElementOfSeveralValuesRepeatsWhole) {
    const auto uvs = agf::p3d::DecodeF32(Filled(3, {0.25f, 0.75f}));
    EXPECT_EQ(uvs, (std::vector<float>{0.25f, 0.75f, 0.25f, 0.75f, 0.25f, 0.75f}));
}

TEST(P3dOdolArrays, StoredArraysDecodeInOrder) {
    ArrayBytes array;
    array.count = 2;
    array.elementSize = 12;
    array.bytes = FloatBytes({1, 2, 3, 4, 5, 6});
    const auto points = agf::p3d::DecodeVec3(array);
    ASSERT_EQ(points.size(), 2u);
    EXPECT_EQ(points[1].x, 4.0f);
    EXPECT_EQ(points[1].z, 6.0f);
    array.elementSize = 8;
    array.count = 3;
    EXPECT_EQ(agf::p3d::DecodeF32(array), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}
