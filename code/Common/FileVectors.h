/** @file FileVectors.h
 *  Float tuples as binary files store them: consecutive little-endian IEEE floats. Every
 *  format's structs use these rather than declaring their own, and every parser reads them with
 *  the functions below.
 */
#pragma once

#include "Common/BinaryReader.h"

namespace agf {

/** Two floats: a UV pair (u = x, v = y) or a 2D point. */
struct Float2 {
    float x = 0, y = 0;
};

/** Three floats: a position, a direction, a scale or an RGB colour. */
struct Float3 {
    float x = 0, y = 0, z = 0;
};

/** Four floats in the file's x, y, z, w order: a quaternion (hence w = 1 by default) or a
 *  plane. */
struct Float4 {
    float x = 0, y = 0, z = 0, w = 1;
};

inline Float2 ReadFloat2(BinaryReader &reader) {
    Float2 value;
    value.x = reader.f32();
    value.y = reader.f32();
    return value;
}

inline Float3 ReadFloat3(BinaryReader &reader) {
    Float3 value;
    value.x = reader.f32();
    value.y = reader.f32();
    value.z = reader.f32();
    return value;
}

inline Float4 ReadFloat4(BinaryReader &reader) {
    const Float3 xyz = ReadFloat3(reader);
    return Float4{xyz.x, xyz.y, xyz.z, reader.f32()};
}

} // namespace agf
