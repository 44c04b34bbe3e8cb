/** @file UeModelParser.cpp */
#include "UeModelParser.h"

#include "Common/Warnings.h"
#include "UeFormatSections.h"
#include "UeFormatVersions.h"

namespace agf::ueformat {

namespace {

constexpr size_t kFloat3Bytes = 12;
constexpr size_t kFloat4Bytes = 16;
constexpr size_t kStringBytes = 4; ///< an empty FString: its length

Normal ReadNormal(BinaryReader &reader, uint8_t version) {
    Normal normal;
    if (version >= kVersionBinormalSign) {
        normal.binormalSign = reader.f32();
    }
    normal.normal = ReadFloat3(reader);
    return normal;
}

std::vector<UvSet> ReadUvSets(Section &section, uint8_t version) {
    const bool named = version >= kVersionAttributeSets;
    const size_t count = ArrayCount(section, version, named ? 8 : 4, "UV set");
    return ReadElements<UvSet>(section.data, count, [named](BinaryReader &reader) {
        UvSet set;
        if (named) {
            set.name = ReadFString(reader);
        }
        set.uvs = ReadElements<Float2>(reader, InnerCount(reader, 8, "UV"), ReadFloat2);
        return set;
    });
}

Color ReadColor(BinaryReader &reader) {
    Color color;
    color.r = reader.u8();
    color.g = reader.u8();
    color.b = reader.u8();
    color.a = reader.u8();
    return color;
}

std::vector<ColorSet> ReadColorSets(Section &section, uint8_t version) {
    if (version < kVersionNamedColorSets) {
        ColorSet set{"COL0", ReadArraySection<Color>(section, version, 4, "colour", ReadColor)};
        return {std::move(set)};
    }
    const size_t count = ArrayCount(section, version, kStringBytes + 4, "colour set");
    return ReadElements<ColorSet>(section.data, count, [](BinaryReader &reader) {
        ColorSet set;
        set.name = ReadFString(reader);
        set.colors = ReadElements<Color>(reader, InnerCount(reader, 4, "colour"), ReadColor);
        return set;
    });
}

std::vector<Material> ReadMaterials(Section &section, uint8_t version) {
    const bool withPath = version >= kVersionMaterialPath;
    const size_t minimum = kStringBytes * (withPath ? 2 : 1) + 8;
    return ReadArraySection<Material>(section, version, minimum, "material",
                                      [withPath](BinaryReader &reader) {
                                          Material material;
                                          material.name = ReadFString(reader);
                                          if (withPath) {
                                              material.path = ReadFString(reader);
                                          }
                                          material.firstIndex = reader.i32();
                                          material.faceCount = reader.i32();
                                          return material;
                                      });
}

std::vector<MorphTarget> ReadMorphs(Section &section, uint8_t version) {
    return ReadArraySection<MorphTarget>(
        section, version, kStringBytes + 4, "morph target", [](BinaryReader &reader) {
            MorphTarget morph;
            morph.name = ReadFString(reader);
            const size_t count = InnerCount(reader, 2 * kFloat3Bytes + 4, "morph delta");
            morph.deltas = ReadElements<MorphDelta>(reader, count, [](BinaryReader &in) {
                MorphDelta delta;
                delta.position = ReadFloat3(in);
                delta.normal = ReadFloat3(in);
                delta.vertex = in.u32();
                return delta;
            });
            return morph;
        });
}

/** The mesh parts of one LOD (and of the whole body before version 4). */
void ReadLodSections(std::vector<Section> &sections, uint8_t version, Lod &lod) {
    if (Section *section = FindSection(sections, "VERTICES")) {
        lod.vertices =
            ReadArraySection<Float3>(*section, version, kFloat3Bytes, "vertex", ReadFloat3);
    }
    if (Section *section = FindSection(sections, "NORMALS")) {
        const size_t bytes = version >= kVersionBinormalSign ? kFloat4Bytes : kFloat3Bytes;
        lod.normals = ReadArraySection<Normal>(
            *section, version, bytes, "normal",
            [version](BinaryReader &reader) { return ReadNormal(reader, version); });
    }
    if (Section *section = FindSection(sections, "TANGENTS")) {
        lod.tangents =
            ReadArraySection<Float3>(*section, version, kFloat3Bytes, "tangent", ReadFloat3);
    }
    if (Section *section = FindSection(sections, "TEXCOORDS")) {
        lod.uvSets = ReadUvSets(*section, version);
    }
    if (Section *section = FindSection(sections, "INDICES")) {
        lod.indices = ReadArraySection<uint32_t>(*section, version, 4, "index",
                                                 [](BinaryReader &reader) { return reader.u32(); });
    }
    if (Section *section = FindSection(sections, "VERTEXCOLORS")) {
        lod.colorSets = ReadColorSets(*section, version);
    }
    if (Section *section = FindSection(sections, "MATERIALS")) {
        lod.materials = ReadMaterials(*section, version);
    }
    if (Section *section = FindSection(sections, "WEIGHTS")) {
        lod.weights =
            ReadArraySection<Weight>(*section, version, 10, "weight", [](BinaryReader &reader) {
                Weight weight;
                weight.bone = reader.u16();
                weight.vertex = reader.i32();
                weight.weight = reader.f32();
                return weight;
            });
    }
    if (Section *section = FindSection(sections, "MORPHTARGETS")) {
        lod.morphs = ReadMorphs(*section, version);
    }
}

std::vector<Bone> ReadBones(Section &section, uint8_t version) {
    return ReadArraySection<Bone>(section, version, kStringBytes + 4 + kFloat3Bytes + kFloat4Bytes,
                                  "bone", [](BinaryReader &reader) {
                                      Bone bone;
                                      bone.name = ReadFString(reader);
                                      bone.parent = reader.i32();
                                      bone.position = ReadFloat3(reader);
                                      bone.rotation = ReadFloat4(reader);
                                      return bone;
                                  });
}

std::vector<Socket> ReadSockets(Section &section, uint8_t version) {
    const size_t minimum = 2 * kStringBytes + 2 * kFloat3Bytes + kFloat4Bytes;
    return ReadArraySection<Socket>(section, version, minimum, "socket", [](BinaryReader &reader) {
        Socket socket;
        socket.name = ReadFString(reader);
        socket.bone = ReadFString(reader);
        socket.location = ReadFloat3(reader);
        socket.rotation = ReadFloat4(reader);
        socket.scale = ReadFloat3(reader);
        return socket;
    });
}

std::vector<ConvexCollision> ReadCollisions(Section &section, uint8_t version) {
    return ReadArraySection<ConvexCollision>(
        section, version, kStringBytes + 8, "convex hull", [](BinaryReader &reader) {
            ConvexCollision hull;
            hull.name = ReadFString(reader);
            hull.vertices = ReadElements<Float3>(
                reader, InnerCount(reader, kFloat3Bytes, "hull vertex"), ReadFloat3);
            hull.indices = ReadElements<int32_t>(reader, InnerCount(reader, 4, "hull index"),
                                                 [](BinaryReader &in) { return in.i32(); });
            return hull;
        });
}

/** Bones and sockets: the SKELETON set from version 4, the body's own sections before. */
void ReadSkeletonSections(std::vector<Section> &sections, uint8_t version, Skeleton &skeleton) {
    if (Section *section = FindSection(sections, "METADATA")) {
        skeleton.path = ReadFString(section->data);
    }
    if (Section *section = FindSection(sections, "BONES")) {
        skeleton.bones = ReadBones(*section, version);
    }
    if (Section *section = FindSection(sections, "SOCKETS")) {
        skeleton.sockets = ReadSockets(*section, version);
    }
    if (Section *section = FindSection(sections, "VIRTUALBONES")) {
        const size_t minimum = 3 * kStringBytes;
        skeleton.virtualBones = ReadArraySection<VirtualBone>(
            *section, version, minimum, "virtual bone", [](BinaryReader &reader) {
                VirtualBone bone;
                bone.source = ReadFString(reader);
                bone.target = ReadFString(reader);
                bone.name = ReadFString(reader);
                return bone;
            });
    }
}

Lod ReadLod(BinaryReader &reader, uint8_t version, size_t index, Warnings &warnings) {
    const std::string what = "LOD " + std::to_string(index);
    reader.setStructure(what);
    Lod lod;
    lod.name = ReadFString(reader);
    std::vector<Section> sections;
    if (version >= kVersionAttributeSets) {
        sections = ReadSections(reader, version, what, warnings);
    } else {
        const int32_t size = reader.i32();
        if (size < 0 || static_cast<uint64_t>(size) > reader.remaining()) {
            reader.fail("LOD size " + std::to_string(size) + " does not fit the " +
                        std::to_string(reader.remaining()) + " bytes left");
        }
        BinaryReader region = reader.subReader(static_cast<size_t>(size));
        sections = ReadSections(region, version, what, warnings);
    }
    ReadLodSections(sections, version, lod);
    WarnUnusedSections(sections, what, warnings);
    return lod;
}

/** Versions 0 to 3: one LOD's parts and the skeleton's, side by side in the body. */
Model ReadFlatModel(std::vector<Section> &sections, uint8_t version) {
    Model model;
    Lod lod;
    lod.name = "LOD0";
    ReadLodSections(sections, version, lod);
    model.lods.push_back(std::move(lod));
    const bool bones = FindSection(sections, "BONES") != nullptr;
    const bool sockets = FindSection(sections, "SOCKETS") != nullptr;
    model.hasSkeleton = bones || sockets;
    ReadSkeletonSections(sections, version, model.skeleton);
    return model;
}

} // namespace

Model ParseUeModel(const Container &container, Warnings &warnings) {
    const uint8_t version = container.version();
    BinaryReader body = container.bodyReader();
    std::vector<Section> sections = ReadSections(body, version, "model", warnings);
    Model model;
    if (version < kVersionLodSections) {
        model = ReadFlatModel(sections, version);
    } else {
        if (Section *section = FindSection(sections, "LODS")) {
            const size_t count = ArrayCount(*section, version, kStringBytes + 4, "LOD");
            model.lods.reserve(count);
            for (size_t i = 0; i < count; ++i) {
                model.lods.push_back(ReadLod(section->data, version, i, warnings));
            }
        }
        if (Section *section = FindSection(sections, "SKELETON")) {
            model.hasSkeleton = true;
            std::vector<Section> parts = ReadSections(section->data, version, "SKELETON", warnings);
            ReadSkeletonSections(parts, version, model.skeleton);
            WarnUnusedSections(parts, "SKELETON", warnings);
        }
    }
    if (Section *section = FindSection(sections, "COLLISION")) {
        model.collisions = ReadCollisions(*section, version);
    }
    WarnUnusedSections(sections, "model", warnings);
    if (!body.atEnd()) {
        warnings.add(WarningKind::Inconsistent, body.fileName(), "model", body.offset(),
                     std::to_string(body.remaining()) + " bytes after the attribute set ignored");
    }
    return model;
}

} // namespace agf::ueformat
