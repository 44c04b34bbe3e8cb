/** @file P3dFaces.h
 *  A LOD's faces visited in order, whichever form the parser left them in: Face structs (MLOD,
 *  ODOL v7) or the file's packed polygon records (ODOL v40 to v75, PackedFaces).
 */
#pragma once

#include "Common/BinaryReader.h"
#include "P3dFileData.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace agf::p3d {

/** The LOD's faces, in whichever form it holds them. */
inline size_t FaceCount(const Lod &lod) {
    return lod.faces.size() + lod.packedFaces.count;
}

/** The bytes of a packed record of `corners` indices of `indexSize` bytes. */
constexpr size_t PackedRecordBytes(uint8_t corners, size_t indexSize) {
    return 1 + size_t{corners} * indexSize;
}

/** Calls visit(corners, count) for `faces` packed records from `record` on (`corners` is a
 *  std::array<uint32_t, 4> whose first `count` entries are set) and returns the record after
 *  the last. The records must have been checked (ReadPolygons). */
template <size_t IndexSize, typename Visit>
const uint8_t *VisitPackedFaces(const uint8_t *record, size_t faces, Visit &&visit) {
    const auto load = [](const uint8_t *index) {
        return IndexSize == 4 ? BinaryReader::LoadU32(index) : BinaryReader::LoadU16(index);
    };
    for (size_t f = 0; f < faces; ++f) {
        const uint8_t count = record[0];
        const uint8_t *index = record + 1;
        const std::array<uint32_t, 4> corners = {load(index), load(index + IndexSize),
                                                 load(index + 2 * IndexSize),
                                                 count == 4 ? load(index + 3 * IndexSize) : 0u};
        visit(corners, count);
        record += PackedRecordBytes(count, IndexSize);
    }
    return record;
}

template <typename Visit>
const uint8_t *VisitPackedFaces(const uint8_t *record, size_t faces, size_t indexSize,
                                Visit &&visit) {
    return indexSize == 4 ? VisitPackedFaces<4>(record, faces, visit)
                          : VisitPackedFaces<2>(record, faces, visit);
}

/** Calls visit(corners, count, material) for every face of `lod` in face order. Packed faces
 *  take their section's material; a LOD without sections has one material, index 0. */
template <typename Visit> void ForEachFace(const Lod &lod, Visit &&visit) {
    for (const Face &face : lod.faces) {
        visit(face.vertices, face.count, face.material);
    }
    const PackedFaces &packed = lod.packedFaces;
    if (packed.count == 0) {
        return;
    }
    const auto visitRange = [&](const uint8_t *record, size_t faces, uint32_t material) {
        return VisitPackedFaces(record, faces, packed.indexSize,
                                [&](const std::array<uint32_t, 4> &corners, uint8_t count) {
                                    visit(corners, count, material);
                                });
    };
    if (lod.sections.empty()) {
        visitRange(packed.records, packed.count, 0);
        return;
    }
    // The parser has checked that the sections partition the faces in order (MapSections).
    const uint8_t *record = packed.records;
    for (const Section &section : lod.sections) {
        record = visitRange(record, section.endFace - section.firstFace, section.material);
    }
}

/** The faces of `lod` as Face structs, packed ones with their section's material and flags
 *  (for tests and tools; the converter visits them in place). */
inline std::vector<Face> UnpackFaces(const Lod &lod) {
    std::vector<Face> faces;
    faces.reserve(FaceCount(lod));
    ForEachFace(lod, [&](const std::array<uint32_t, 4> &corners, uint8_t count, uint32_t material) {
        Face face;
        face.count = count;
        face.vertices = corners;
        face.material = material;
        faces.push_back(face);
    });
    if (lod.faces.empty()) {
        for (const Section &section : lod.sections) {
            for (uint32_t f = section.firstFace; f < section.endFace && f < faces.size(); ++f) {
                faces[f].flags = section.faceFlags;
            }
        }
    }
    return faces;
}

} // namespace agf::p3d
