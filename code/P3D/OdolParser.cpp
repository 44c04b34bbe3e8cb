/** @file OdolParser.cpp
 *  Version dispatch and the pieces v7 and v40 share.
 */
#include "OdolParser.h"

#include "Lzss.h"

#include <cstring>

namespace agf::p3d {

Model ParseOdol(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("ODOL header");
    char signature[4];
    reader.bytes(signature, 4);
    if (std::memcmp(signature, "ODOL", 4) != 0) {
        reader.failAt(0, "not an ODOL file");
    }
    const uint32_t version = reader.u32();
    switch (version) {
    case 7:
        return ParseOdolV7(data, size, fileName);
    case 40:
        return ParseOdolV40(data, size, fileName);
    default:
        reader.failAt(4, "unsupported ODOL version " + std::to_string(version) +
                             " (supported: 7 and 40)");
    }
}

namespace odol {

void RequireFaceIndices(const BinaryReader &reader, const Polygons &polygons, size_t vertexCount,
                        uint64_t offset) {
    for (size_t f = 0; f < polygons.faces.size(); ++f) {
        const Face &face = polygons.faces[f];
        for (size_t k = 0; k < face.count; ++k) {
            if (face.vertices[k] >= vertexCount) {
                reader.failAt(offset, "face " + std::to_string(f) + " vertex index " +
                                          std::to_string(face.vertices[k]) + " out of range (" +
                                          std::to_string(vertexCount) + " vertices)");
            }
        }
    }
}

bool MapSections(const BinaryReader &reader, const Polygons &polygons,
                 std::vector<Section> &sections,
                 const std::vector<std::pair<uint32_t, uint32_t>> &byteRanges, uint64_t offset,
                 bool strict, std::vector<std::string> &warnings) {
    const size_t faceCount = polygons.faces.size();
    auto faceAt = [&](uint32_t byteOffset, size_t from, size_t &face) {
        for (size_t f = from; f <= faceCount; ++f) {
            const uint32_t at = f < faceCount ? polygons.offsets[f] : polygons.endOffset;
            if (at == byteOffset) {
                face = f;
                return true;
            }
            if (at > byteOffset) {
                return false;
            }
        }
        return false;
    };
    size_t nextFace = 0;
    std::string problem;
    for (size_t s = 0; s < sections.size() && problem.empty(); ++s) {
        size_t first = 0;
        size_t end = 0;
        if (!faceAt(byteRanges[s].first, nextFace, first) || first != nextFace) {
            problem = "section " + std::to_string(s) + " starts at byte " +
                      std::to_string(byteRanges[s].first) + ", not where the previous one ends";
        } else if (!faceAt(byteRanges[s].second, first, end) || end < first) {
            problem = "section " + std::to_string(s) + " ends at byte " +
                      std::to_string(byteRanges[s].second) + ", not at a face boundary";
        } else {
            sections[s].firstFace = static_cast<uint32_t>(first);
            sections[s].endFace = static_cast<uint32_t>(end);
            nextFace = end;
        }
    }
    if (problem.empty() && nextFace != faceCount) {
        problem = "the sections cover " + std::to_string(nextFace) + " of " +
                  std::to_string(faceCount) + " faces";
    }
    if (problem.empty()) {
        return true;
    }
    problem = "sections do not partition the faces: " + problem;
    if (strict) {
        reader.failAt(offset, problem);
    }
    warnings.push_back(reader.fileName() + ": " + reader.structure() + " at byte " +
                       std::to_string(offset) + ": " + problem + "; sections ignored");
    return false;
}

void FillSelection(const BinaryReader &reader, Selection &selection, const ArrayBytes &faces,
                   const ArrayBytes &vertices, const ArrayBytes &weights, size_t faceCount,
                   size_t vertexCount, std::vector<std::string> &warnings) {
    size_t dropped = 0;
    for (uint16_t face : DecodeU16(faces)) {
        if (face < faceCount) {
            selection.faces.push_back(face);
        } else {
            ++dropped;
        }
    }
    const std::vector<uint16_t> vertexList = DecodeU16(vertices);
    std::vector<uint8_t> weightBytes;
    if (weights.count == vertexList.size()) {
        weightBytes = weights.expanded();
    } else if (weights.count != 0) {
        warnings.push_back(reader.fileName() + ": selection '" + selection.name + "' has " +
                           std::to_string(weights.count) + " weights for " +
                           std::to_string(vertexList.size()) + " vertices; weights ignored");
    }
    for (size_t k = 0; k < vertexList.size(); ++k) {
        if (vertexList[k] >= vertexCount) {
            ++dropped;
            continue;
        }
        float weight = 1.0f;
        if (!weightBytes.empty()) {
            // Unverified (spec 4.10): the MLOD byte rule is assumed for ODOL weights.
            const uint8_t b = weightBytes[k];
            weight = b == 0 ? 0.0f : b == 1 ? 1.0f : static_cast<float>(256 - b) / 255.0f;
        }
        selection.points.push_back(vertexList[k]);
        selection.weights.push_back(weight);
    }
    if (dropped != 0) {
        warnings.push_back(reader.fileName() + ": selection '" + selection.name +
                           "': " + std::to_string(dropped) +
                           " face or vertex indices out of range dropped");
    }
}

std::array<Vec3, 4> ReadMatrix43(BinaryReader &reader) {
    std::array<Vec3, 4> rows;
    for (Vec3 &row : rows) {
        row = ReadVec3(reader);
    }
    return rows;
}

void ReadPropertiesAndFrames(BinaryReader &reader, Lod &lod, const std::string &structurePrefix) {
    reader.setStructure(structurePrefix + "named properties");
    const size_t propertyCount = reader.checkedCount(reader.i32(), 2, "property");
    for (size_t p = 0; p < propertyCount; ++p) {
        std::string name = ReadAsciiz(reader);
        std::string value = ReadAsciiz(reader);
        lod.properties.emplace_back(std::move(name), std::move(value));
    }
    reader.setStructure(structurePrefix + "frames");
    const size_t frameCount = reader.checkedCount(reader.i32(), 8, "frame");
    for (size_t f = 0; f < frameCount; ++f) {
        Frame frame;
        frame.time = reader.f32();
        const size_t points = reader.checkedCount(reader.i32(), 12, "frame point");
        frame.positions.resize(points);
        for (Vec3 &position : frame.positions) {
            position = ReadVec3(reader);
        }
        lod.frames.push_back(std::move(frame));
    }
}

std::string ToText(const Vec3 &v) {
    return std::to_string(v.x) + " " + std::to_string(v.y) + " " + std::to_string(v.z);
}

} // namespace odol

} // namespace agf::p3d
