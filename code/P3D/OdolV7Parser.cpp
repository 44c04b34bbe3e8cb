/** @file OdolV7Parser.cpp
 *  ODOL v7 (Operation Flashpoint): LOD bodies first, then the resolutions, then ModelInfo
 *  (specs/p3d.md section 6). Unverified on real files. v7 has no skeleton: skinning comes from
 *  selections named after bones (model.cfg or the import option), as for MLOD.
 */
#include "OdolParser.h"
#include "P3dLodReader.h"
#include "P3dLodThreads.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace agf::p3d {

namespace {

constexpr uint32_t kVersion = 7;
constexpr uint16_t kNoTexture = 0xFFFF;

class LodBodyParser : LodReaderBase {
public:
    using LodReaderBase::LodReaderBase;

    Lod parse() {
        Lod lod = startLod();
        lod.perVertex = true;
        structure("point flags");
        mPointFlags = ReadCompressedArray(mReader, 4, "point flag");
        structure("UVs");
        mUvs = ReadCompressedArray(mReader, 8, "UV");
        readPositionsAndNormals(lod);
        structure("bounds");
        mReader.skip(8 + 36 + 4); // orHints, andHints, min, max, center, radius
        readTextures();
        structure("point to vertex");
        SkipCompressedArray(mReader, 2, "pointToVertex");
        structure("vertex to point");
        mVertexToPoint = ReadCompressedArray(mReader, 2, "vertexToPoint");
        odol::Polygons polygons = readFaces(lod);
        readSections(lod, polygons);
        readSelections(lod);
        odol::ReadPropertiesAndFrames(mReader, lod, prefix());
        structure("colours");
        mReader.skip(12);
        readProxies(lod);
        fillVertices(lod, polygons);
        return lod;
    }

private:
    /** Named selection arrays, read before the vertex data is checked. */
    struct SelectionArrays {
        ArrayBytes faces, vertices, weights;
    };

    void readPositionsAndNormals(Lod &lod) {
        structure("positions");
        mVertexCount = mReader.checkedCount(mReader.u32(), 12, "position");
        lod.points.resize(mVertexCount);
        for (Vec3 &position : lod.points) {
            position = ReadVec3(mReader);
        }
        structure("normals");
        const size_t normalCount = mReader.checkedCount(mReader.u32(), 12, "normal");
        lod.normals.resize(normalCount);
        for (Vec3 &normal : lod.normals) {
            normal = ReadVec3(mReader);
        }
    }

    void readTextures() {
        structure("textures");
        const size_t textureCount = mReader.checkedCount(mReader.u32(), 1, "texture");
        mTextures.resize(textureCount);
        for (std::string &texture : mTextures) {
            texture = ReadAsciiz(mReader);
        }
    }

    odol::Polygons readFaces(Lod &lod) {
        structure("faces");
        mFaceOffset = mReader.offset();
        const size_t faceCount = mReader.checkedCount(mReader.u32(), 4 + 2 + 1 + 6, "face");
        mReader.u32(); // allocation size
        odol::Polygons polygons;
        polygons.faces.resize(faceCount);
        polygons.offsetUnit = 2; // v7 sections count 2 + 2n bytes per face (spec 6)
        uint32_t byteOffset = 0;
        std::map<uint16_t, uint32_t> materialByTexture;
        for (size_t f = 0; f < faceCount; ++f) {
            Face &face = polygons.faces[f];
            face.flags = mReader.u32();
            const uint16_t texture = mReader.u16();
            const uint8_t count = mReader.u8();
            if (count != 3 && count != 4) {
                mReader.failAt(mReader.offset() - 1, "face " + std::to_string(f) + " has " +
                                                         std::to_string(count) +
                                                         " vertices (3 or 4 expected)");
            }
            if (texture != kNoTexture && texture >= mTextures.size()) {
                mReader.failAt(mReader.offset() - 3,
                               "face " + std::to_string(f) + " texture index " +
                                   std::to_string(texture) + " out of range (" +
                                   std::to_string(mTextures.size()) + " textures)");
            }
            face.count = count;
            for (size_t k = 0; k < count; ++k) {
                face.vertices[k] = mReader.u16();
                polygons.largestIndex = std::max(polygons.largestIndex, face.vertices[k]);
            }
            auto found = materialByTexture.find(texture);
            if (found == materialByTexture.end()) {
                found =
                    materialByTexture.emplace(texture, static_cast<uint32_t>(lod.materials.size()))
                        .first;
                lod.materials.push_back(LodMaterial{
                    texture == kNoTexture ? std::string() : mTextures[texture], "", -1});
            }
            face.material = found->second;
            byteOffset += polygons.faceOffsetBytes(count);
        }
        polygons.endOffset = byteOffset;
        return polygons;
    }

    void readSections(Lod &lod, const odol::Polygons &polygons) {
        structure("sections");
        const uint64_t sectionOffset = mReader.offset();
        const size_t sectionCount = mReader.checkedCount(mReader.u32(), 18, "section");
        std::vector<std::pair<uint32_t, uint32_t>> byteRanges(sectionCount);
        lod.sections.resize(sectionCount);
        for (size_t s = 0; s < sectionCount; ++s) {
            byteRanges[s].first = mReader.u32();
            byteRanges[s].second = mReader.u32();
            mReader.u32(); // user value
            lod.sections[s].textureIndex = mReader.i16();
            lod.sections[s].faceFlags = mReader.u32();
        }
        // Texture and flags are per face in v7, so sections are informative only: a mismatch
        // is a warning.
        if (!odol::MapSections(mReader, polygons, lod.sections, byteRanges, sectionOffset, false,
                               mWarnings)) {
            lod.sections.clear();
        }
    }

    void readSelections(Lod &lod) {
        structure("named selections");
        const size_t selectionCount =
            mReader.checkedCount(mReader.u32(), 1 + 4 * 6 + 1, "named selection");
        lod.selections.resize(selectionCount);
        mSelectionArrays.assign(selectionCount, SelectionArrays());
        for (size_t s = 0; s < selectionCount; ++s) {
            structure("named selection " + std::to_string(s));
            Selection &selection = lod.selections[s];
            selection.name = ReadAsciiz(mReader);
            mSelectionArrays[s].faces = ReadCompressedArray(mReader, 2, "selected face");
            SkipCompressedArray(mReader, 1, "face weight");
            SkipCompressedArray(mReader, 4, "unknown");
            selection.sectional = mReader.u8() != 0;
            for (uint32_t section : DecodeU32(ReadCompressedArray(mReader, 4, "section index"))) {
                selection.sections.push_back(section);
            }
            mSelectionArrays[s].vertices = ReadCompressedArray(mReader, 2, "selected vertex");
            mSelectionArrays[s].weights = ReadCompressedArray(mReader, 1, "vertex weight");
        }
    }

    void readProxies(Lod &lod) {
        structure("proxies");
        const size_t proxyCount = mReader.checkedCount(mReader.u32(), 1 + 48 + 8, "proxy");
        for (size_t p = 0; p < proxyCount; ++p) {
            Proxy proxy;
            proxy.path = ReadAsciiz(mReader);
            proxy.rows = odol::ReadMatrix43(mReader);
            proxy.instance = static_cast<int32_t>(mReader.u32());
            proxy.selectionIndex = static_cast<int32_t>(mReader.u32());
            lod.proxies.push_back(std::move(proxy));
        }
    }

    void fillVertices(Lod &lod, odol::Polygons &polygons) {
        structure("vertices");
        const size_t vertexCount = mVertexCount;
        if (lod.normals.empty()) {
            lod.normals.assign(vertexCount, Vec3{});
        } else if (lod.normals.size() != vertexCount) {
            mReader.fail(std::to_string(lod.normals.size()) + " normals for " +
                         std::to_string(vertexCount) + " positions");
        }
        RequireCount(mReader, mPointFlags, vertexCount, "point flags");
        RequireCount(mReader, mUvs, vertexCount, "UVs");
        RequireCount(mReader, mVertexToPoint, vertexCount, "vertexToPoint");
        lod.pointFlags = DecodeU32(mPointFlags);
        lod.vertexToPoint = DecodeU16AsIndices(mVertexToPoint);
        const std::vector<float> uvValues = DecodeF32(mUvs);
        std::vector<std::array<float, 2>> uvSet(vertexCount, {0.0f, 0.0f});
        for (size_t v = 0; v < uvValues.size() / 2; ++v) {
            uvSet[v] = {uvValues[2 * v], uvValues[2 * v + 1]};
        }
        lod.uvSets.emplace_back(std::move(uvSet));
        lod.uvSetIds.push_back(0);
        odol::RequireFaceIndices(mReader, polygons, vertexCount, mFaceOffset);
        lod.faces = std::move(polygons.faces);
        for (size_t s = 0; s < mSelectionArrays.size(); ++s) {
            odol::FillSelection(
                mReader, lod.selections[s], DecodeU16AsIndices(mSelectionArrays[s].faces),
                DecodeU16AsIndices(mSelectionArrays[s].vertices), mSelectionArrays[s].weights,
                lod.faces.size(), vertexCount, mWarnings);
        }
    }

    size_t mVertexCount = 0;
    ArrayBytes mPointFlags, mUvs, mVertexToPoint;
    std::vector<std::string> mTextures;
    uint64_t mFaceOffset = 0;
    std::vector<SelectionArrays> mSelectionArrays;
};

void ParseModelInfo(BinaryReader &reader, Model &model) {
    reader.setStructure("ModelInfo");
    auto add = [&](const char *key, const std::string &value) {
        model.info.emplace_back(key, value);
    };
    add("special", std::to_string(reader.u32()));
    add("boundingSphere", std::to_string(reader.f32()));
    add("geometrySphere", std::to_string(reader.f32()));
    add("remarks", std::to_string(reader.u32()));
    add("andHints", std::to_string(reader.u32()));
    add("orHints", std::to_string(reader.u32()));
    add("aimingCenter", odol::ToText(ReadVec3(reader)));
    add("color", std::to_string(reader.u32()));
    add("colorType", std::to_string(reader.u32()));
    add("viewDensity", std::to_string(reader.f32()));
    add("bboxMin", odol::ToText(ReadVec3(reader)));
    add("bboxMax", odol::ToText(ReadVec3(reader)));
    add("boundingCenter", odol::ToText(ReadVec3(reader)));
    add("geometryCenter", odol::ToText(ReadVec3(reader)));
    add("centerOfMass", odol::ToText(ReadVec3(reader)));
    reader.skip(36); // invInertia
    add("autoCenter", std::to_string(reader.u8()));
    add("lockAutoCenter", std::to_string(reader.u8()));
    add("canOcclude", std::to_string(reader.u8()));
    add("canBeOccluded", std::to_string(reader.u8()));
    add("animated", std::to_string(reader.u8()));
    add("mapType", std::to_string(reader.u8()));
    const ArrayBytes masses = ReadCompressedArray(reader, 4, "mass");
    add("massArrayCount", std::to_string(masses.count));
    add("mass", std::to_string(reader.f32()));
    add("invMass", std::to_string(reader.f32()));
    add("armor", std::to_string(reader.f32()));
    add("invArmor", std::to_string(reader.f32()));
    reader.skip(12); // LOD indices
}

} // namespace

Model ParseOdolV7(const uint8_t *data, size_t size, const std::string &fileName,
                  Warnings &warnings) {
    Model model;
    model.kind = FileKind::OdolV7;
    model.version = kVersion;
    BinaryReader reader(data, size, fileName);
    reader.setStructure("ODOL header");
    reader.skip(8);
    // Smallest LOD body: 4 empty arrays, counts, bounds and the empty lists, plus a resolution.
    const size_t lodCount = reader.checkedCount(reader.u32(), 100, "LOD");
    for (size_t i = 0; i < lodCount; ++i) {
        try {
            LodBodyParser parser(reader, warnings, i);
            model.lods.push_back(parser.parse());
        } catch (const ImportError &error) {
            if (model.lods.empty()) {
                throw;
            }
            // The resolutions follow the LOD bodies, so they are lost with them.
            WarnLodsKeptBefore(warnings, error, model.lods.size(), "without their resolutions");
            for (Lod &lod : model.lods) {
                lod.resolution = std::numeric_limits<float>::quiet_NaN();
            }
            return model;
        }
    }
    reader.setStructure("resolutions");
    if (reader.remaining() < 4 * lodCount) {
        warnings.add(WarningKind::Truncated, reader, "the file ends before the LOD resolutions");
        for (Lod &lod : model.lods) {
            lod.resolution = std::numeric_limits<float>::quiet_NaN();
        }
        return model;
    }
    for (Lod &lod : model.lods) {
        lod.resolution = reader.f32();
    }
    try {
        ParseModelInfo(reader, model);
    } catch (const ImportError &error) {
        warnings.add(WarningKind::Truncated, error.place(),
                     error.problem() + " - ModelInfo incomplete");
    }
    return model;
}

} // namespace agf::p3d
