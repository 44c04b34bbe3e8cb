/** @file P3dWriterParts.h
 *  Pieces the P3D writers share (MLOD, ODOL v7 and the ODOL v40 to v75 writer): strings,
 *  vectors, the LZSS array payload of v7 and v40 to v43, and the per-vertex records written
 *  alike by several versions. Internal to the generators.
 */
#pragma once

#include "ByteWriter.h"
#include "P3dWriters.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace agf::testgen::p3d::parts {

inline void Asciiz(ByteWriter &w, const std::string &text) {
    w.text(text);
    w.u8(0);
}

inline void WriteVec3(ByteWriter &w, const Vec3 &v) {
    w.f32(v[0]);
    w.f32(v[1]);
    w.f32(v[2]);
}

template <typename T> std::vector<uint8_t> Bytes(const std::vector<T> &values) {
    std::vector<uint8_t> bytes(values.size() * sizeof(T));
    if (!bytes.empty()) {
        std::memcpy(bytes.data(), values.data(), bytes.size());
    }
    return bytes;
}

/** A compressed array's payload by the rule of v7 and v40 to v43 (spec 3.4): nothing when
 *  empty, raw below 1024 bytes, else LZSS with its checksum. */
inline void LzssPayload(ByteWriter &w, const std::vector<uint8_t> &bytes) {
    if (bytes.size() < 1024) {
        w.bytes(bytes.data(), bytes.size());
    } else {
        const std::vector<uint8_t> packed = LzssCompress(bytes);
        w.bytes(packed.data(), packed.size());
    }
}

/** Index values as the file stores them: u16, or u32 when `indexSize` is 4 (v69 on). */
template <typename T>
std::vector<uint8_t> IndexBytes(const std::vector<T> &values, uint32_t indexSize) {
    ByteWriter w;
    for (T value : values) {
        if (indexSize == 4) {
            w.u32(static_cast<uint32_t>(value));
        } else {
            w.u16(static_cast<uint16_t>(value));
        }
    }
    return w.data();
}

/** The positions of `vertices` less `offset` (the centre a binarizer takes off). */
inline std::vector<Vec3> Positions(const std::vector<OdolVertex> &vertices, const Vec3 &offset) {
    std::vector<Vec3> positions;
    for (const OdolVertex &v : vertices) {
        positions.push_back(
            Vec3{v.position[0] - offset[0], v.position[1] - offset[1], v.position[2] - offset[2]});
    }
    return positions;
}

/** The LOD's bounding box (min, max, centre) and a radius of 1, from `positions`. */
inline void WriteBounds(ByteWriter &w, const std::vector<Vec3> &positions) {
    Vec3 low{0, 0, 0}, high{0, 0, 0};
    for (size_t i = 0; i < positions.size(); ++i) {
        for (int k = 0; k < 3; ++k) {
            low[k] = i == 0 ? positions[i][k] : std::min(low[k], positions[i][k]);
            high[k] = i == 0 ? positions[i][k] : std::max(high[k], positions[i][k]);
        }
    }
    WriteVec3(w, low);
    WriteVec3(w, high);
    WriteVec3(w, Vec3{(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2});
    w.f32(1.0f); // radius
}

/** The float UV pairs of every vertex: set 0 or, with `second`, set 1. */
inline std::vector<uint8_t> FloatUvBytes(const std::vector<OdolVertex> &vertices, bool second) {
    ByteWriter w;
    for (const OdolVertex &v : vertices) {
        const Uv &uv = second ? v.uv1 : v.uv;
        w.f32(uv[0]);
        w.f32(uv[1]);
    }
    return w.data();
}

/** vertexToPoint and pointToVertex (the first vertex of each point). */
struct PointMaps {
    std::vector<uint32_t> vertexToPoint, pointToVertex;
};
inline PointMaps MapPoints(const std::vector<OdolVertex> &vertices) {
    PointMaps maps;
    uint32_t pointCount = 0;
    for (const OdolVertex &v : vertices) {
        maps.vertexToPoint.push_back(v.point);
        pointCount = std::max<uint32_t>(pointCount, v.point + 1u);
    }
    maps.pointToVertex.assign(pointCount, 0);
    for (size_t v = vertices.size(); v-- > 0;) {
        maps.pointToVertex[maps.vertexToPoint[v]] = static_cast<uint32_t>(v);
    }
    return maps;
}

/** The byte offset of every face in the engine's face memory, and the total last: a face of n
 *  corners takes (1 + n) units of `unit` bytes (spec 4.7; v7 counts 2 + 2n, unit 2). */
inline std::vector<uint32_t> FaceOffsets(const std::vector<std::vector<uint16_t>> &faces,
                                         uint32_t unit) {
    std::vector<uint32_t> offsets;
    uint32_t offset = 0;
    for (const auto &face : faces) {
        offsets.push_back(offset);
        offset += static_cast<uint32_t>((1 + face.size()) * unit);
    }
    offsets.push_back(offset);
    return offsets;
}

} // namespace agf::testgen::p3d::parts
