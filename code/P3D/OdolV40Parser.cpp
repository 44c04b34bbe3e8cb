/** @file OdolV40Parser.cpp
 *  ODOL v40 (ArmA 1): header, ModelInfo with skeleton, animation classes, LOD directory and LOD
 *  bodies located by offsets (specs/p3d.md section 4). Unverified on real files (spec open
 *  question 1); each LOD is read between its directory offsets, so an error in one LOD body
 *  cannot shift the others.
 */
#include "OdolParser.h"

#include "Common/HugePages.h"
#include "P3dFaces.h"
#include "P3dLodThreads.h"

#include <algorithm>
#include <memory>

namespace agf::p3d {

namespace {

constexpr uint32_t kVersion = 40;
constexpr size_t kLodIndexCount = 12;
const char *const kLodIndexNames[kLodIndexCount] = {
    "memory",        "geometry",  "geometryFire", "geometryView", "viewPilot", "viewGunner",
    "viewCommander", "viewCargo", "landContact",  "roadway",      "paths",     "hitpoints"};

void AddInfo(Model &model, const std::string &key, const std::string &value) {
    model.info.emplace_back(key, value);
}

void ParseModelInfo(BinaryReader &reader, Model &model) {
    reader.setStructure("ModelInfo");
    AddInfo(model, "special", std::to_string(reader.i32()));
    AddInfo(model, "boundingSphere", std::to_string(reader.f32()));
    AddInfo(model, "geometrySphere", std::to_string(reader.f32()));
    AddInfo(model, "remarks", std::to_string(reader.i32()));
    AddInfo(model, "andHints", std::to_string(reader.i32()));
    AddInfo(model, "orHints", std::to_string(reader.i32()));
    AddInfo(model, "aimingCenter", odol::ToText(ReadVec3(reader)));
    AddInfo(model, "color", std::to_string(reader.u32()));
    AddInfo(model, "colorType", std::to_string(reader.u32()));
    AddInfo(model, "viewDensity", std::to_string(reader.f32()));
    AddInfo(model, "bboxMin", odol::ToText(ReadVec3(reader)));
    AddInfo(model, "bboxMax", odol::ToText(ReadVec3(reader)));
    AddInfo(model, "boundingCenter", odol::ToText(ReadVec3(reader)));
    AddInfo(model, "geometryCenter", odol::ToText(ReadVec3(reader)));
    AddInfo(model, "centerOfMass", odol::ToText(ReadVec3(reader)));
    reader.skip(36); // invInertia
    AddInfo(model, "autoCenter", std::to_string(reader.u8()));
    AddInfo(model, "lockAutoCenter", std::to_string(reader.u8()));
    AddInfo(model, "canOcclude", std::to_string(reader.u8()));
    AddInfo(model, "canBeOccluded", std::to_string(reader.u8()));
    AddInfo(model, "forceNotAlphaModel", std::to_string(reader.u8())); // v >= 33
    AddInfo(model, "sbSource", std::to_string(reader.i32()));          // v >= 37
    AddInfo(model, "preferShadowVolume", std::to_string(reader.u8())); // v >= 37
    AddInfo(model, "animated", std::to_string(reader.u8()));

    reader.setStructure("ModelInfo skeleton");
    model.skeletonName = ReadAsciiz(reader);
    if (!model.skeletonName.empty()) {
        model.skeletonDiscrete = reader.u8() != 0;
        const int32_t boneCount = reader.i32();
        const size_t bones = reader.checkedCount(boneCount, 2, "bone");
        model.bones.resize(bones);
        for (Bone &bone : model.bones) {
            bone.name = ReadAsciiz(reader);
            bone.parent = ReadAsciiz(reader);
        }
        // pivotsNameObsolete exists only from v41.
    }
    reader.setStructure("ModelInfo");
    AddInfo(model, "mapType", std::to_string(reader.u8()));
    const ArrayBytes masses = ReadCompressedArray(reader, 4, "mass");
    AddInfo(model, "massArrayCount", std::to_string(masses.count));
    AddInfo(model, "mass", std::to_string(reader.f32()));
    AddInfo(model, "invMass", std::to_string(reader.f32()));
    AddInfo(model, "armor", std::to_string(reader.f32()));
    AddInfo(model, "invArmor", std::to_string(reader.f32()));
    for (size_t i = 0; i < kLodIndexCount; ++i) {
        AddInfo(model, std::string("lod.") + kLodIndexNames[i], std::to_string(reader.i8()));
    }
    AddInfo(model, "minShadow", std::to_string(reader.u32()));
    AddInfo(model, "canBlend", std::to_string(reader.u8())); // v >= 38
    AddInfo(model, "class", ReadAsciiz(reader));
    AddInfo(model, "damage", ReadAsciiz(reader));
    AddInfo(model, "frequent", std::to_string(reader.u8()));
    reader.u32(); // unknown, v >= 31
}

class LodBodyParser {
public:
    LodBodyParser(BinaryReader &reader, const Model &model, Warnings &warnings, size_t index)
        : mReader(reader), mModel(model), mWarnings(warnings), mIndex(index) {}

    Lod parse(float resolution) {
        Lod lod;
        lod.resolution = resolution;
        lod.perVertex = true;
        lod.fileOffset = mReader.offset();
        structure("proxies");
        lod.proxies = odol::ReadProxies(mReader);
        structure("bone maps");
        mSubToSkeleton = odol::ReadSubSkeletonMap(mReader);
        structure("point flags");
        mPointFlags = ReadCondensedArray(mReader, 4, "point flag", StorageIn(mPointFlagValues));
        structure("bounds");
        mReader.skip(8 + 36 + 4); // orHints, andHints, bMin, bMax, bCenter, bRadius
        readTexturesAndMaterials(lod);
        structure("point to vertex");
        SkipCompressedArray(mReader, 2, "pointToVertex");
        structure("vertex to point");
        mVertexToPoint = ReadCompressedArray(mReader, 2, "vertexToPoint");
        odol::Polygons polygons = readPolygons();
        readSections(lod, polygons);
        readSelections(lod);
        odol::ReadPropertiesAndFrames(mReader, lod, "LOD " + std::to_string(mIndex) + " ");
        structure("colours");
        mReader.skip(12); // colorTop, color, special
        mReader.u8();     // vertexBoneRefIsSimple
        readVertexArrays();
        fillVertices(lod, polygons);
        return lod;
    }

private:
    /** Named selection arrays, read before the vertex count is known and checked after. */
    struct SelectionArrays {
        ArrayBytes faces, vertices, weights;
    };
    /** The per-vertex arrays at the end of the LOD. The stored values of the UV sets,
     *  positions and normals are read straight into typed arrays (a default fill stays in its
     *  ArrayBytes until the counts are checked). */
    struct VertexArrays {
        std::vector<ArrayBytes> uvSets;
        std::vector<std::vector<std::array<float, 2>>> uvValues;
        ArrayBytes positions, normals, tangents, boneRefs;
        std::vector<Vec3> points, normalVectors;
    };

    std::vector<std::array<float, 2>> &nextUvSet() { return mVertices.uvValues.emplace_back(); }

    void readTexturesAndMaterials(Lod &lod) {
        structure("textures");
        const size_t textureCount = mReader.checkedCount(mReader.i32(), 1, "texture");
        mTextures.resize(textureCount);
        for (std::string &texture : mTextures) {
            texture = ReadAsciiz(mReader);
        }
        structure("materials");
        mMaterialCount = mReader.checkedCount(mReader.i32(), 1 + 4 + 96 + 20, "embedded material");
        for (size_t m = 0; m < mMaterialCount; ++m) {
            structure("material " + std::to_string(m));
            lod.embeddedMaterials.push_back(odol::ReadEmbeddedMaterial(mReader));
        }
    }

    odol::Polygons readPolygons() {
        structure("polygons");
        mPolygonOffset = mReader.offset();
        return odol::ReadPolygons(mReader, 2, mWarnings);
    }

    void readSections(Lod &lod, const odol::Polygons &polygons) {
        structure("sections");
        const uint64_t sectionOffset = mReader.offset();
        const size_t sectionCount = mReader.checkedCount(mReader.i32(), 38, "section");
        std::vector<std::pair<uint32_t, uint32_t>> byteRanges(sectionCount);
        mInlineMaterialNames.assign(sectionCount, std::string());
        lod.sections.resize(sectionCount);
        for (size_t s = 0; s < sectionCount; ++s) {
            Section &section = lod.sections[s];
            byteRanges[s].first = static_cast<uint32_t>(mReader.i32());
            byteRanges[s].second = static_cast<uint32_t>(mReader.i32());
            section.minBoneIndex = mReader.i32();
            section.bonesCount = mReader.i32();
            mReader.u32(); // commonPointFlags
            section.textureIndex = mReader.i16();
            section.faceFlags = mReader.u32();
            section.materialIndex = mReader.i32();
            if (section.materialIndex == -1) {
                mInlineMaterialNames[s] = ReadAsciiz(mReader);
            }
            const size_t areas = mReader.checkedCount(mReader.i32(), 4, "areaOverTex");
            mReader.skip(4 * static_cast<uint64_t>(areas));
            if (section.textureIndex < -1 ||
                section.textureIndex >= static_cast<int32_t>(mTextures.size())) {
                mReader.failAt(sectionOffset, "section " + std::to_string(s) + " texture index " +
                                                  std::to_string(section.textureIndex) +
                                                  " out of range (" +
                                                  std::to_string(mTextures.size()) + " textures)");
            }
            if (section.materialIndex < -1 ||
                section.materialIndex >= static_cast<int32_t>(mMaterialCount)) {
                mReader.failAt(sectionOffset, "section " + std::to_string(s) + " material index " +
                                                  std::to_string(section.materialIndex) +
                                                  " out of range (" +
                                                  std::to_string(mMaterialCount) + " materials)");
            }
        }
        if (sectionCount == 0 && polygons.count() != 0) {
            warn("faces without sections; they get a default material");
        } else {
            odol::MapSections(mReader, polygons, lod.sections, byteRanges, sectionOffset, true,
                              mWarnings);
        }
    }

    void readSelections(Lod &lod) {
        structure("named selections");
        const size_t selectionCount =
            mReader.checkedCount(mReader.i32(), 1 + 4 + 4 + 1 + 4 + 4 + 4, "named selection");
        mSelectionArrays.assign(selectionCount, SelectionArrays());
        lod.selections.resize(selectionCount);
        for (size_t s = 0; s < selectionCount; ++s) {
            structure("named selection " + std::to_string(s));
            Selection &selection = lod.selections[s];
            selection.name = ReadAsciiz(mReader);
            mSelectionArrays[s].faces = ReadCompressedArray(mReader, 2, "selected face");
            mReader.i32(); // always 0
            selection.sectional = mReader.u8() != 0;
            for (uint32_t section : DecodeU32(ReadCompressedArray(mReader, 4, "section index"))) {
                selection.sections.push_back(section);
            }
            mSelectionArrays[s].vertices = ReadCompressedArray(mReader, 2, "selected vertex");
            mSelectionArrays[s].weights = ReadCompressedArray(mReader, 1, "vertex weight");
        }
    }

    void readVertexArrays() {
        const uint32_t restSize = mReader.u32();
        const uint64_t restStart = mReader.offset();
        structure("UV set 0");
        mVertices.uvSets.clear();
        mVertices.uvValues.clear();
        mVertices.uvSets.push_back(ReadCondensedArray(mReader, 8, "UV", StorageIn(nextUvSet())));
        const uint32_t uvSetCount = mReader.u32();
        if (uvSetCount == 0 || uvSetCount > 1 + mReader.remaining() / 5) {
            mReader.failAt(mReader.offset() - 4,
                           "UV set count " + std::to_string(uvSetCount) + " is not plausible");
        }
        for (uint32_t set = 1; set < uvSetCount; ++set) {
            structure("UV set " + std::to_string(set));
            mVertices.uvSets.push_back(
                ReadCondensedArray(mReader, 8, "UV", StorageIn(nextUvSet())));
        }
        structure("positions");
        mVertices.positions =
            ReadCompressedArray(mReader, 12, "position", StorageIn(mVertices.points));
        structure("normals");
        mVertices.normals =
            ReadCondensedArray(mReader, 12, "normal", StorageIn(mVertices.normalVectors));
        structure("ST");
        mVertices.tangents = SkipCompressedArray(mReader, 24, "ST"); // only counted
        structure("vertex bone refs");
        mVertices.boneRefs = ReadCompressedArray(mReader, 12, "vertexBoneRef");
        structure("neighbour bone refs");
        SkipCompressedArray(mReader, 32, "neighborBoneRef");
        if (mReader.offset() - restStart != restSize) {
            warn("vertex data is " + std::to_string(mReader.offset() - restStart) +
                 " bytes, the LOD says " + std::to_string(restSize));
        }
    }

    void fillVertices(Lod &lod, odol::Polygons &polygons) {
        // Everything per vertex must agree with the positions (spec 4.8).
        structure("vertices");
        const size_t vertexCount = mVertices.positions.count;
        RequireCount(mReader, mPointFlags, vertexCount, "point flags");
        RequireCount(mReader, mVertices.normals, vertexCount, "normals");
        RequireCount(mReader, mVertices.tangents, vertexCount, "ST");
        RequireCount(mReader, mVertices.boneRefs, vertexCount, "vertexBoneRef");
        RequireCount(mReader, mVertexToPoint, vertexCount, "vertexToPoint");
        lod.points = std::move(mVertices.points); // positions have no default fill
        lod.normals = mVertices.normals.defaultFill ? DecodeVec3(mVertices.normals)
                                                    : std::move(mVertices.normalVectors);
        if (lod.normals.empty()) {
            ResizeLarge(lod.normals, vertexCount, Vec3{});
        }
        lod.pointFlags =
            mPointFlags.defaultFill ? DecodeU32(mPointFlags) : std::move(mPointFlagValues);
        lod.vertexToPoint = DecodeU16AsIndices(mVertexToPoint);
        for (size_t set = 0; set < mVertices.uvSets.size(); ++set) {
            const ArrayBytes &array = mVertices.uvSets[set];
            RequireCount(mReader, array, vertexCount, "UV set");
            lod.uvSets.emplace_back(FloatUvSet(array, mVertices.uvValues[set], vertexCount));
            lod.uvSetIds.push_back(static_cast<uint32_t>(set));
        }
        odol::RequireFaceIndices(mReader, polygons, vertexCount, mPolygonOffset);
        lod.packedFaces = polygons.packed;
        odol::AssignMaterials(lod, mTextures, mInlineMaterialNames);
        for (size_t s = 0; s < mSelectionArrays.size(); ++s) {
            odol::FillSelection(
                mReader, lod.selections[s], DecodeU16AsIndices(mSelectionArrays[s].faces),
                DecodeU16AsIndices(mSelectionArrays[s].vertices), mSelectionArrays[s].weights,
                FaceCount(lod), vertexCount, mWarnings);
        }
        odol::FillSkin(mReader, mVertices.boneRefs, mSubToSkeleton, mModel.bones.size(), lod);
    }

    void structure(const std::string &part) {
        mReader.setStructure("LOD " + std::to_string(mIndex) + " " + part);
    }

    void warn(const std::string &problem) { mWarnings.add(mReader, problem); }

    BinaryReader &mReader;
    const Model &mModel;
    Warnings &mWarnings;
    std::vector<int32_t> mSubToSkeleton;
    ArrayBytes mPointFlags, mVertexToPoint;
    std::vector<uint32_t> mPointFlagValues;
    std::vector<std::string> mTextures, mInlineMaterialNames;
    size_t mMaterialCount = 0;
    uint64_t mPolygonOffset = 0;
    std::vector<SelectionArrays> mSelectionArrays;
    VertexArrays mVertices;
    size_t mIndex;
};

} // namespace

Model ParseOdolV40(const uint8_t *data, size_t size, const std::string &fileName,
                   Warnings &warnings, unsigned threads) {
    Model model;
    model.kind = FileKind::OdolV40;
    model.version = kVersion;
    BinaryReader reader(data, size, fileName);
    reader.setStructure("ODOL header");
    reader.skip(8); // signature and version, checked by ParseOdol
    const size_t lodCount = reader.checkedCount(reader.i32(), 4 + 4 + 4 + 1, "LOD");
    std::vector<float> resolutions(lodCount);
    for (float &resolution : resolutions) {
        resolution = reader.f32();
    }
    ParseModelInfo(reader, model);
    odol::ReadAnimations(reader, 40, lodCount, model, warnings);

    reader.setStructure("LOD directory");
    std::vector<uint32_t> starts(lodCount), ends(lodCount);
    for (uint32_t &start : starts) {
        start = reader.u32();
    }
    for (uint32_t &end : ends) {
        end = reader.u32();
    }
    std::vector<bool> permanent(lodCount);
    for (size_t i = 0; i < lodCount; ++i) {
        permanent[i] = reader.u8() != 0;
    }
    for (size_t i = 0; i < lodCount; ++i) {
        if (!permanent[i]) {
            reader.skip(17); // LoadableLodInfo: faces, colour, special, orHints, hasSkeleton
        }
    }

    // Each body lies between its directory offsets: the bodies are read on several threads.
    const uint64_t directoryEnd = reader.offset();
    std::vector<size_t> costs(lodCount);
    for (size_t i = 0; i < lodCount; ++i) {
        costs[i] = starts[i] <= ends[i] ? ends[i] - starts[i] : 0;
    }
    ReadLocatedLodBodies(
        costs, threads, warnings, fileName,
        [&](size_t i, Warnings &lodWarnings) {
            if (starts[i] > size || ends[i] > size || starts[i] > ends[i]) {
                ThrowImportError(fileName, "LOD directory", directoryEnd,
                                 "LOD " + std::to_string(i) + " spans bytes " +
                                     std::to_string(starts[i]) + " to " + std::to_string(ends[i]) +
                                     " of a " + std::to_string(size) + "-byte file");
            }
            BinaryReader body(data + starts[i], ends[i] - starts[i], fileName, starts[i]);
            LodBodyParser parser(body, model, lodWarnings, i);
            Lod lod = parser.parse(resolutions[i]);
            if (!body.atEnd()) {
                lodWarnings.add(fileName, "LOD " + std::to_string(i), body.offset(),
                                "the LOD ends " + std::to_string(body.remaining()) +
                                    " bytes before its directory end");
            }
            return lod;
        },
        model.lods);
    return model;
}

} // namespace agf::p3d
