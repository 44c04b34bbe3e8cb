/** @file OdolV4xModel.cpp
 *  The model-level records of ODOL v40 to v75: ModelInfo with its per-version growth, the
 *  skeleton and the LOD directory (specs/p3d.md sections 4.2, 4.4 and 5). The fields every
 *  version from 40 has (forceNotAlphaModel v33, sbSource v37, canBlend v38, the u32 of v31...)
 *  are read without a gate.
 */
#include "OdolParser.h"
#include "OdolV4x.h"

namespace agf::p3d::odol4x {

namespace {

constexpr size_t kLodIndexCount = 12;
const char *const kLodIndexNames[kLodIndexCount] = {
    "memory",        "geometry",  "geometryFire", "geometryView", "viewPilot", "viewGunner",
    "viewCommander", "viewCargo", "landContact",  "roadway",      "paths",     "hitpoints"};

void AddInfo(Model &model, const std::string &key, const std::string &value) {
    model.info.emplace_back(key, value);
}

void AddFloat(Model &model, BinaryReader &reader, const char *key) {
    AddInfo(model, key, std::to_string(reader.f32()));
}

void AddVec3(Model &model, BinaryReader &reader, const char *key) {
    AddInfo(model, key, odol::ToText(ReadVec3(reader)));
}

void AddByte(Model &model, BinaryReader &reader, const char *key) {
    AddInfo(model, key, std::to_string(reader.u8()));
}

// Rows 1 to 20 of spec 4.2, with the v42 to v73 fields at the positions checked on real files.
// Returns the offset the binarizer took off every position (boundingCenter when autoCenter).
Vec3 ReadFixedPart(BinaryReader &reader, const Layout &layout, Model &model) {
    const uint32_t v = layout.version;
    AddInfo(model, "special", std::to_string(reader.i32()));
    AddFloat(model, reader, "boundingSphere");
    AddFloat(model, reader, "geometrySphere");
    AddInfo(model, "remarks", std::to_string(reader.i32()));
    AddInfo(model, "andHints", std::to_string(reader.i32()));
    AddInfo(model, "orHints", std::to_string(reader.i32()));
    AddVec3(model, reader, "aimingCenter");
    AddInfo(model, "color", std::to_string(reader.u32()));
    AddInfo(model, "colorType", std::to_string(reader.u32()));
    AddFloat(model, reader, "viewDensity");
    AddVec3(model, reader, "bboxMin");
    AddVec3(model, reader, "bboxMax");
    if (v >= 70) {
        AddFloat(model, reader, "lodDensityCoef");
    }
    if (v >= 71) {
        AddFloat(model, reader, "drawImportance");
    }
    if (v >= 52) {
        AddVec3(model, reader, "bboxVisualMin");
        AddVec3(model, reader, "bboxVisualMax");
    }
    const Vec3 boundingCenter = ReadVec3(reader);
    AddInfo(model, "boundingCenter", odol::ToText(boundingCenter));
    AddVec3(model, reader, "geometryCenter");
    AddVec3(model, reader, "centerOfMass");
    reader.skip(36); // invInertia
    const bool autoCenter = reader.u8() != 0;
    AddInfo(model, "autoCenter", autoCenter ? "1" : "0");
    AddByte(model, reader, "lockAutoCenter");
    AddByte(model, reader, "canOcclude");
    AddByte(model, reader, "canBeOccluded");
    if (v >= 73) {
        AddByte(model, reader, "aiCovers");
    }
    if (v >= 42) {
        AddFloat(model, reader, "htMin");
        AddFloat(model, reader, "htMax");
        AddFloat(model, reader, "afMax");
        AddFloat(model, reader, "mfMax");
    }
    if (v >= 43) {
        AddFloat(model, reader, "mFact");
        AddFloat(model, reader, "tBody");
    }
    AddByte(model, reader, "forceNotAlphaModel");
    AddInfo(model, "sbSource", std::to_string(reader.i32()));
    AddByte(model, reader, "preferShadowVolume");
    if (v >= 48) {
        AddFloat(model, reader, "shadowOffset");
    }
    AddByte(model, reader, "animated");
    return autoCenter ? boundingCenter : Vec3{};
}

void ReadSkeleton(BinaryReader &reader, const Layout &layout, Model &model) {
    reader.setStructure("ModelInfo skeleton");
    model.skeletonName = ReadAsciiz(reader);
    if (model.skeletonName.empty()) {
        return;
    }
    model.skeletonDiscrete = reader.u8() != 0;
    const size_t bones = reader.checkedCount(reader.i32(), 2, "bone");
    model.bones.resize(bones);
    for (Bone &bone : model.bones) {
        bone.name = ReadAsciiz(reader);
        bone.parent = ReadAsciiz(reader);
    }
    if (layout.version >= 41) {
        ReadAsciiz(reader); // pivotsNameObsolete, empty in every file seen
    }
}

} // namespace

Vec3 ReadModelInfo(BinaryReader &reader, const Layout &layout, size_t lodCount, Model &model) {
    reader.setStructure("ModelInfo");
    const Vec3 centreOffset = ReadFixedPart(reader, layout, model);
    ReadSkeleton(reader, layout, model);
    reader.setStructure("ModelInfo");
    AddByte(model, reader, "mapType");
    const ArrayBytes masses = ReadArray(reader, layout, 4, "mass");
    AddInfo(model, "massArrayCount", std::to_string(masses.count));
    AddFloat(model, reader, "mass");
    AddFloat(model, reader, "invMass");
    AddFloat(model, reader, "armor");
    AddFloat(model, reader, "invArmor");
    if (layout.version >= 72) {
        AddFloat(model, reader, "explosionShielding");
    }
    if (layout.version >= 53) {
        AddInfo(model, "lod.geometrySimple", std::to_string(reader.i8()));
    }
    if (layout.version >= 54) {
        AddInfo(model, "lod.geometryPhys", std::to_string(reader.i8()));
    }
    for (size_t i = 0; i < kLodIndexCount; ++i) {
        AddInfo(model, std::string("lod.") + kLodIndexNames[i], std::to_string(reader.i8()));
    }
    AddInfo(model, "minShadow", std::to_string(reader.u32()));
    AddByte(model, reader, "canBlend");
    AddInfo(model, "class", ReadAsciiz(reader));
    AddInfo(model, "damage", ReadAsciiz(reader));
    AddByte(model, reader, "frequent");
    reader.u32(); // unknown
    if (layout.version >= 57) {
        // preferred shadow volume / buffer / buffer-visible LOD per LOD: not needed for import.
        reader.skip(3 * 4 * static_cast<uint64_t>(lodCount));
    }
    return centreOffset;
}

LodDirectory ReadLodDirectory(BinaryReader &reader, const Layout &layout, size_t lodCount) {
    reader.setStructure("LOD directory");
    LodDirectory directory;
    directory.offset = reader.offset();
    directory.starts.resize(lodCount);
    directory.ends.resize(lodCount);
    for (uint32_t &start : directory.starts) {
        start = reader.u32();
    }
    for (uint32_t &end : directory.ends) {
        end = reader.u32();
    }
    directory.permanent.resize(lodCount);
    for (size_t i = 0; i < lodCount; ++i) {
        directory.permanent[i] = reader.u8() != 0;
    }
    directory.loadableFaceCounts.assign(lodCount, -1);
    for (size_t i = 0; i < lodCount; ++i) {
        if (directory.permanent[i]) {
            continue;
        }
        // LoadableLodInfo: faces, colour, special, orHints, hasSkeleton, then from v51 the
        // vertex count and faceArea.
        directory.loadableFaceCounts[i] = reader.i32();
        reader.skip(12 + 1 + (layout.faceArea() ? 8 : 0));
    }
    return directory;
}

} // namespace agf::p3d::odol4x
