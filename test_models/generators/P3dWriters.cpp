/** @file P3dWriters.cpp */
#include "P3dWriters.h"

#include "ByteWriter.h"

#include <algorithm>
#include <cstring>

namespace agf::testgen::p3d {

namespace {

constexpr size_t kLzssThreshold = 1024;
constexpr size_t kMaxDistance = 4095;
constexpr size_t kMinMatch = 3;
constexpr size_t kMaxMatch = 18;
constexpr size_t kHashSize = 1 << 12;
constexpr size_t kMaxChain = 256;

void Asciiz(ByteWriter &w, const std::string &text) {
    w.text(text);
    w.u8(0);
}

void WriteVec3(ByteWriter &w, const Vec3 &v) {
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

/** Compressed array (spec 3.4, v < 44): count, then raw bytes below 1024, else LZSS. */
void CompressedArray(ByteWriter &w, const std::vector<uint8_t> &bytes, size_t count) {
    w.i32(static_cast<int32_t>(count));
    if (bytes.empty()) {
        return;
    }
    if (bytes.size() < kLzssThreshold) {
        w.bytes(bytes.data(), bytes.size());
    } else {
        const std::vector<uint8_t> packed = LzssCompress(bytes);
        w.bytes(packed.data(), packed.size());
    }
}

/** Condensed array (spec 3.5): one element when all are equal. */
void CondensedArray(ByteWriter &w, const std::vector<uint8_t> &bytes, size_t count,
                    size_t elementSize) {
    bool allEqual = count > 0;
    for (size_t i = 1; i < count && allEqual; ++i) {
        allEqual = std::memcmp(bytes.data(), bytes.data() + i * elementSize, elementSize) == 0;
    }
    w.i32(static_cast<int32_t>(count));
    w.u8(allEqual ? 1 : 0);
    if (allEqual) {
        w.bytes(bytes.data(), elementSize);
        return;
    }
    if (bytes.empty()) {
        return;
    }
    if (bytes.size() < kLzssThreshold) {
        w.bytes(bytes.data(), bytes.size());
    } else {
        const std::vector<uint8_t> packed = LzssCompress(bytes);
        w.bytes(packed.data(), packed.size());
    }
}

std::vector<uint8_t> Vec3Bytes(const std::vector<Vec3> &values) {
    ByteWriter w;
    for (const Vec3 &v : values) {
        WriteVec3(w, v);
    }
    return w.data();
}

void WriteBounds(ByteWriter &w, const std::vector<OdolVertex> &vertices) {
    Vec3 low{0, 0, 0}, high{0, 0, 0};
    for (size_t i = 0; i < vertices.size(); ++i) {
        for (int k = 0; k < 3; ++k) {
            low[k] = i == 0 ? vertices[i].position[k] : std::min(low[k], vertices[i].position[k]);
            high[k] = i == 0 ? vertices[i].position[k] : std::max(high[k], vertices[i].position[k]);
        }
    }
    WriteVec3(w, low);
    WriteVec3(w, high);
    WriteVec3(w, Vec3{(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2});
    w.f32(1.0f); // radius
}

// ---- MLOD ----

void WriteTagg(ByteWriter &w, bool sp3x, const std::string &name,
               const std::vector<uint8_t> &data) {
    if (sp3x) {
        w.fixedString(name, 64);
    } else {
        w.u8(1);
        Asciiz(w, name);
    }
    w.u32(static_cast<uint32_t>(data.size()));
    w.bytes(data.data(), data.size());
}

void WriteMlodLod(ByteWriter &w, const MlodLod &lod) {
    w.text(lod.sp3x ? "SP3X" : "P3DM");
    w.u32(lod.sp3x ? 0x1C : 28);
    w.u32(lod.sp3x ? 0x99 : 0x100);
    w.u32(static_cast<uint32_t>(lod.points.size()));
    w.u32(static_cast<uint32_t>(lod.normals.size()));
    w.u32(static_cast<uint32_t>(lod.faces.size()));
    w.u32(0);
    for (size_t p = 0; p < lod.points.size(); ++p) {
        WriteVec3(w, lod.points[p]);
        w.u32(lod.pointFlags.empty() ? 0 : lod.pointFlags[p]);
    }
    for (const Vec3 &n : lod.normals) {
        WriteVec3(w, n);
    }
    for (const MlodFace &face : lod.faces) {
        if (lod.sp3x) {
            w.fixedString(face.texture, 32);
        }
        w.u32(static_cast<uint32_t>(face.points.size()));
        for (size_t slot = 0; slot < 4; ++slot) {
            if (slot < face.points.size()) {
                w.u32(face.points[slot]);
                w.u32(face.normals[slot]);
                w.f32(face.uvs[slot][0]);
                w.f32(face.uvs[slot][1]);
            } else {
                // Stale data in the unused slot, as real files have.
                w.u32(0xDEADBEEF);
                w.u32(0xDEADBEEF);
                w.f32(7.0f);
                w.f32(7.0f);
            }
        }
        w.u32(face.flags);
        if (!lod.sp3x) {
            Asciiz(w, face.texture);
            Asciiz(w, face.material);
        }
    }
    w.text("TAGG");
    const size_t points = lod.points.size();
    const size_t faces = lod.faces.size();
    for (const MlodSelection &selection : lod.selections) {
        std::vector<uint8_t> data(points + faces, 0);
        for (const auto &entry : selection.points) {
            data[entry.first] = entry.second;
        }
        for (uint32_t f : selection.faces) {
            data[points + f] = 1;
        }
        WriteTagg(w, lod.sp3x, selection.name, data);
    }
    // An editor tagg that the importer skips.
    WriteTagg(w, lod.sp3x, "#Selected#", std::vector<uint8_t>(points + faces, 0));
    if (!lod.mass.empty()) {
        ByteWriter data;
        for (float m : lod.mass) {
            data.f32(m);
        }
        WriteTagg(w, lod.sp3x, "#Mass#", data.data());
    }
    if (!lod.sharpEdges.empty()) {
        ByteWriter data;
        for (const auto &edge : lod.sharpEdges) {
            data.u32(edge.first);
            data.u32(edge.second);
        }
        WriteTagg(w, lod.sp3x, "#SharpEdges#", data.data());
    }
    for (const auto &property : lod.properties) {
        ByteWriter data;
        data.fixedString(property.first, 64);
        data.fixedString(property.second, 64);
        WriteTagg(w, lod.sp3x, "#Property#", data.data());
    }
    if (lod.writeUvSet0) {
        ByteWriter data;
        data.u32(0);
        for (const MlodFace &face : lod.faces) {
            for (const Uv &uv : face.uvs) {
                data.f32(uv[0]);
                data.f32(uv[1]);
            }
        }
        WriteTagg(w, lod.sp3x, "#UVSet#", data.data());
    }
    for (const auto &set : lod.extraUvSets) {
        ByteWriter data;
        data.u32(set.first);
        for (const Uv &uv : set.second) {
            data.f32(uv[0]);
            data.f32(uv[1]);
        }
        WriteTagg(w, lod.sp3x, "#UVSet#", data.data());
    }
    for (const auto &frame : lod.frames) {
        ByteWriter data;
        data.f32(frame.first);
        for (const Vec3 &p : frame.second) {
            WriteVec3(data, p);
        }
        WriteTagg(w, lod.sp3x, "#Animation#", data.data());
    }
    WriteTagg(w, lod.sp3x, "#EndOfFile#", {});
    w.f32(lod.resolution);
}

// ---- ODOL shared ----

std::vector<uint8_t> UvBytes(const std::vector<OdolVertex> &vertices, bool second) {
    ByteWriter w;
    for (const OdolVertex &v : vertices) {
        const Uv &uv = second ? v.uv1 : v.uv;
        w.f32(uv[0]);
        w.f32(uv[1]);
    }
    return w.data();
}

std::vector<uint8_t> SelectionFaceBytes(const OdolSelection &s) {
    return Bytes(s.faces);
}

void WriteV40Material(ByteWriter &w, const OdolMaterial &m) {
    Asciiz(w, m.path);
    w.u32(m.version);
    for (const auto &color : m.colors) {
        for (float c : color) {
            w.f32(c);
        }
    }
    w.f32(m.specularPower);
    w.u32(m.pixelShader);
    w.u32(m.vertexShader);
    w.u32(1); // mainLight
    w.u32(0); // fogMode
    Asciiz(w, m.surface);
    w.u32(1); // nRenderFlags
    w.u32(0); // renderFlags
    w.u32(static_cast<uint32_t>(m.stages.size()));
    w.u32(static_cast<uint32_t>(m.stages.size())); // nTexGens
    for (size_t s = 0; s < m.stages.size(); ++s) {
        w.u32(m.stages[s].filter);
        Asciiz(w, m.stages[s].texture);
        w.u32(static_cast<uint32_t>(s)); // transform index
    }
    for (const OdolStage &stage : m.stages) {
        w.u32(stage.uvSource);
        const float identity[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        for (float value : identity) {
            w.f32(value);
        }
    }
    // StageTI (mv >= 10)
    w.u32(3);
    Asciiz(w, "");
    w.u32(0);
}

std::vector<uint8_t> WriteV40LodBody(const OdolModel &model, const OdolLod &lod) {
    ByteWriter w;
    const size_t n = lod.vertices.size();
    w.i32(static_cast<int32_t>(lod.proxies.size()));
    for (const OdolProxy &proxy : lod.proxies) {
        Asciiz(w, proxy.path);
        for (const Vec3 &row : proxy.rows) {
            WriteVec3(w, row);
        }
        w.i32(proxy.id);
        w.i32(proxy.selection);
        w.i32(proxy.bone);
        w.i32(proxy.section);
    }
    w.i32(static_cast<int32_t>(lod.subSkeleton.size()));
    for (int32_t bone : lod.subSkeleton) {
        w.i32(bone);
    }
    const size_t skeletonBones = lod.subSkeleton.empty() ? 0 : model.bones.size();
    w.i32(static_cast<int32_t>(skeletonBones));
    for (size_t b = 0; b < skeletonBones; ++b) {
        std::vector<int32_t> locals;
        for (size_t local = 0; local < lod.subSkeleton.size(); ++local) {
            if (lod.subSkeleton[local] == static_cast<int32_t>(b)) {
                locals.push_back(static_cast<int32_t>(local));
            }
        }
        w.i32(static_cast<int32_t>(locals.size()));
        for (int32_t local : locals) {
            w.i32(local);
        }
    }
    std::vector<uint32_t> flags;
    for (const OdolVertex &v : lod.vertices) {
        flags.push_back(v.pointFlags);
    }
    CondensedArray(w, Bytes(flags), n, 4);
    w.i32(0); // orHints
    w.i32(0); // andHints
    WriteBounds(w, lod.vertices);
    w.i32(static_cast<int32_t>(lod.textures.size()));
    for (const std::string &texture : lod.textures) {
        Asciiz(w, texture);
    }
    w.i32(static_cast<int32_t>(lod.materials.size()));
    for (const OdolMaterial &material : lod.materials) {
        WriteV40Material(w, material);
    }
    uint16_t pointCount = 0;
    std::vector<uint16_t> vertexToPoint;
    for (const OdolVertex &v : lod.vertices) {
        vertexToPoint.push_back(v.point);
        pointCount = std::max<uint16_t>(pointCount, static_cast<uint16_t>(v.point + 1));
    }
    std::vector<uint16_t> pointToVertex(pointCount, 0);
    for (size_t v = n; v-- > 0;) {
        pointToVertex[vertexToPoint[v]] = static_cast<uint16_t>(v);
    }
    CompressedArray(w, Bytes(pointToVertex), pointToVertex.size());
    CompressedArray(w, Bytes(vertexToPoint), n);

    std::vector<uint32_t> offsets;
    uint32_t offset = 0;
    for (const auto &face : lod.faces) {
        offsets.push_back(offset);
        offset += static_cast<uint32_t>((1 + face.size()) * 2);
    }
    offsets.push_back(offset);
    w.i32(static_cast<int32_t>(lod.faces.size()));
    w.u32(offset);
    w.u16(0);
    for (const auto &face : lod.faces) {
        w.u8(static_cast<uint8_t>(face.size()));
        for (uint16_t index : face) {
            w.u16(index);
        }
    }
    w.i32(static_cast<int32_t>(lod.sections.size()));
    for (const OdolSection &section : lod.sections) {
        w.u32(offsets[section.firstFace]);
        w.u32(offsets[section.endFace]);
        w.i32(0);
        w.i32(static_cast<int32_t>(lod.subSkeleton.size()));
        w.u32(0);
        w.u16(static_cast<uint16_t>(section.textureIndex));
        w.u32(section.faceFlags);
        w.i32(section.materialIndex);
        if (section.materialIndex == -1) {
            Asciiz(w, "");
        }
        w.i32(2);
        w.f32(1.0f);
        w.f32(1000.0f);
    }
    w.i32(static_cast<int32_t>(lod.selections.size()));
    for (const OdolSelection &selection : lod.selections) {
        Asciiz(w, selection.name);
        CompressedArray(w, SelectionFaceBytes(selection), selection.faces.size());
        w.i32(0);
        w.u8(selection.sectional ? 1 : 0);
        CompressedArray(w, Bytes(selection.sections), selection.sections.size());
        CompressedArray(w, Bytes(selection.vertices), selection.vertices.size());
        CompressedArray(w, selection.weights, selection.weights.size());
    }
    w.i32(static_cast<int32_t>(lod.properties.size()));
    for (const auto &property : lod.properties) {
        Asciiz(w, property.first);
        Asciiz(w, property.second);
    }
    w.i32(static_cast<int32_t>(lod.frames.size()));
    for (const auto &frame : lod.frames) {
        w.f32(frame.first);
        w.i32(static_cast<int32_t>(frame.second.size()));
        for (const Vec3 &p : frame.second) {
            WriteVec3(w, p);
        }
    }
    w.i32(0);
    w.i32(0);
    w.i32(0);
    w.u8(0); // vertexBoneRefIsSimple
    const size_t restSizeAt = w.size();
    w.u32(0);
    const size_t restStart = w.size();
    CondensedArray(w, UvBytes(lod.vertices, false), n, 8);
    w.u32(lod.twoUvSets ? 2 : 1);
    if (lod.twoUvSets) {
        CondensedArray(w, UvBytes(lod.vertices, true), n, 8);
    }
    std::vector<Vec3> positions, normals;
    for (const OdolVertex &v : lod.vertices) {
        positions.push_back(v.position);
        normals.push_back(v.normal);
    }
    CompressedArray(w, Vec3Bytes(positions), n);
    CondensedArray(w, Vec3Bytes(normals), n, 12);
    CompressedArray(w, std::vector<uint8_t>(24 * n, 0), n); // ST: zeros compress to little
    if (lod.skinned) {
        ByteWriter refs;
        for (const OdolVertex &v : lod.vertices) {
            refs.i32(static_cast<int32_t>(v.bones.size()));
            for (size_t k = 0; k < 4; ++k) {
                refs.u8(k < v.bones.size() ? v.bones[k].first : 0);
                refs.u8(k < v.bones.size() ? v.bones[k].second : 0);
            }
        }
        CompressedArray(w, refs.data(), n);
    } else {
        CompressedArray(w, {}, 0);
    }
    CompressedArray(w, {}, 0); // neighborBoneRef
    w.patchU32(restSizeAt, static_cast<uint32_t>(w.size() - restStart));
    return w.data();
}

void WriteV40ModelInfo(ByteWriter &w, const OdolModel &model) {
    w.i32(0);    // special
    w.f32(1.0f); // boundingSphere
    w.f32(1.0f); // geometrySphere
    w.i32(0);    // remarks
    w.i32(0);    // andHints
    w.i32(0);    // orHints
    WriteVec3(w, {0, 0, 0});
    w.u32(0xFF808080u);
    w.u32(0xFF00FF00u);
    w.f32(0.5f); // viewDensity
    WriteVec3(w, {-1, -1, -1});
    WriteVec3(w, {1, 1, 1});
    WriteVec3(w, {0, 0, 0});
    WriteVec3(w, {0, 0, 0});
    WriteVec3(w, {0, 0.25f, 0}); // centre of mass
    for (int i = 0; i < 9; ++i) {
        w.f32(i % 4 == 0 ? 1.0f : 0.0f);
    }
    w.u8(1); // autoCenter
    w.u8(0);
    w.u8(1);
    w.u8(1);
    w.u8(0);  // forceNotAlphaModel
    w.i32(0); // sbSource
    w.u8(0);  // preferShadowVolume
    w.u8(model.animations.empty() ? 0 : 1);
    Asciiz(w, model.skeletonName);
    if (!model.skeletonName.empty()) {
        w.u8(1); // isDiscrete
        w.i32(static_cast<int32_t>(model.bones.size()));
        for (const auto &bone : model.bones) {
            Asciiz(w, bone.first);
            Asciiz(w, bone.second);
        }
    }
    w.u8(0);  // mapType
    w.i32(0); // mass array
    w.f32(model.mass);
    w.f32(model.mass > 0 ? 1.0f / model.mass : 0.0f);
    w.f32(100.0f);
    w.f32(0.01f);
    for (int i = 0; i < 12; ++i) {
        w.u8(0xFF);
    }
    w.u32(0); // minShadow
    w.u8(0);  // canBlend
    Asciiz(w, model.className);
    Asciiz(w, model.damage);
    w.u8(0);
    w.u32(0);
}

void WriteV40Animations(ByteWriter &w, const OdolModel &model) {
    w.u8(model.animations.empty() ? 0 : 1);
    if (model.animations.empty()) {
        return;
    }
    w.i32(static_cast<int32_t>(model.animations.size()));
    for (const OdolAnimation &animation : model.animations) {
        w.u32(animation.type);
        Asciiz(w, animation.name);
        Asciiz(w, animation.source);
        w.f32(animation.minPhase);
        w.f32(animation.maxPhase);
        w.f32(animation.minValue);
        w.f32(animation.maxValue);
        w.u32(0);
        for (float value : animation.parameters) {
            w.f32(value);
        }
    }
    w.i32(static_cast<int32_t>(model.lods.size()));
    for (size_t lod = 0; lod < model.lods.size(); ++lod) {
        w.i32(static_cast<int32_t>(model.bones.size()));
        for (size_t b = 0; b < model.bones.size(); ++b) {
            std::vector<uint32_t> anims;
            for (size_t a = 0; a < model.animations.size(); ++a) {
                if (model.animations[a].bone == static_cast<int32_t>(b)) {
                    anims.push_back(static_cast<uint32_t>(a));
                }
            }
            w.i32(static_cast<int32_t>(anims.size()));
            for (uint32_t a : anims) {
                w.u32(a);
            }
        }
    }
    for (size_t lod = 0; lod < model.lods.size(); ++lod) {
        for (const OdolAnimation &animation : model.animations) {
            w.i32(animation.bone);
            if (animation.bone != -1 && animation.type != 8 && animation.type != 9) {
                WriteVec3(w, animation.axisPosition);
                WriteVec3(w, animation.axisDirection);
            }
        }
    }
}

std::vector<uint8_t> WriteV7LodBody(const OdolLod &lod) {
    ByteWriter w;
    const size_t n = lod.vertices.size();
    std::vector<uint32_t> flags;
    std::vector<Vec3> positions, normals;
    std::vector<uint16_t> vertexToPoint;
    uint16_t pointCount = 0;
    for (const OdolVertex &v : lod.vertices) {
        flags.push_back(v.pointFlags);
        positions.push_back(v.position);
        normals.push_back(v.normal);
        vertexToPoint.push_back(v.point);
        pointCount = std::max<uint16_t>(pointCount, static_cast<uint16_t>(v.point + 1));
    }
    CompressedArray(w, Bytes(flags), n);
    CompressedArray(w, UvBytes(lod.vertices, false), n);
    w.u32(static_cast<uint32_t>(n));
    for (const Vec3 &p : positions) {
        WriteVec3(w, p);
    }
    w.u32(static_cast<uint32_t>(n));
    for (const Vec3 &normal : normals) {
        WriteVec3(w, normal);
    }
    w.u32(0);
    w.u32(0);
    WriteBounds(w, lod.vertices);
    w.u32(static_cast<uint32_t>(lod.textures.size()));
    for (const std::string &texture : lod.textures) {
        Asciiz(w, texture);
    }
    std::vector<uint16_t> pointToVertex(pointCount, 0);
    for (size_t v = n; v-- > 0;) {
        pointToVertex[vertexToPoint[v]] = static_cast<uint16_t>(v);
    }
    CompressedArray(w, Bytes(pointToVertex), pointToVertex.size());
    CompressedArray(w, Bytes(vertexToPoint), n);
    std::vector<uint32_t> offsets;
    uint32_t offset = 0;
    for (const auto &face : lod.faces) {
        offsets.push_back(offset);
        offset += static_cast<uint32_t>(2 + 2 * face.size());
    }
    offsets.push_back(offset);
    w.u32(static_cast<uint32_t>(lod.faces.size()));
    w.u32(offset);
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        w.u32(0);
        w.u16(static_cast<uint16_t>(f < lod.faceTextures.size() ? lod.faceTextures[f] : 0xFFFF));
        w.u8(static_cast<uint8_t>(lod.faces[f].size()));
        for (uint16_t index : lod.faces[f]) {
            w.u16(index);
        }
    }
    w.u32(static_cast<uint32_t>(lod.sections.size()));
    for (const OdolSection &section : lod.sections) {
        w.u32(offsets[section.firstFace]);
        w.u32(offsets[section.endFace]);
        w.u32(0);
        w.u16(static_cast<uint16_t>(section.textureIndex));
        w.u32(section.faceFlags);
    }
    w.u32(static_cast<uint32_t>(lod.selections.size()));
    for (const OdolSelection &selection : lod.selections) {
        Asciiz(w, selection.name);
        CompressedArray(w, SelectionFaceBytes(selection), selection.faces.size());
        CompressedArray(w, {}, 0); // face weights
        CompressedArray(w, {}, 0); // unknown u32 array
        w.u8(selection.sectional ? 1 : 0);
        CompressedArray(w, Bytes(selection.sections), selection.sections.size());
        CompressedArray(w, Bytes(selection.vertices), selection.vertices.size());
        CompressedArray(w, selection.weights, selection.weights.size());
    }
    w.u32(static_cast<uint32_t>(lod.properties.size()));
    for (const auto &property : lod.properties) {
        Asciiz(w, property.first);
        Asciiz(w, property.second);
    }
    w.u32(static_cast<uint32_t>(lod.frames.size()));
    for (const auto &frame : lod.frames) {
        w.f32(frame.first);
        w.u32(static_cast<uint32_t>(frame.second.size()));
        for (const Vec3 &p : frame.second) {
            WriteVec3(w, p);
        }
    }
    w.u32(0);
    w.u32(0);
    w.u32(0);
    w.u32(static_cast<uint32_t>(lod.proxies.size()));
    for (const OdolProxy &proxy : lod.proxies) {
        Asciiz(w, proxy.path);
        for (const Vec3 &row : proxy.rows) {
            WriteVec3(w, row);
        }
        w.u32(static_cast<uint32_t>(proxy.id));
        w.u32(static_cast<uint32_t>(proxy.selection));
    }
    return w.data();
}

} // namespace

std::vector<uint8_t> LzssCompress(const std::vector<uint8_t> &data) {
    const size_t n = data.size();
    std::vector<uint8_t> out;
    std::vector<int64_t> head(kHashSize, -1);
    std::vector<int64_t> previous(n, -1);
    auto hash = [&](size_t p) {
        return ((static_cast<size_t>(data[p]) << 8) ^ (static_cast<size_t>(data[p + 1]) << 4) ^
                data[p + 2]) &
               (kHashSize - 1);
    };
    auto insert = [&](size_t p) {
        if (p + 2 < n) {
            const size_t h = hash(p);
            previous[p] = head[h];
            head[h] = static_cast<int64_t>(p);
        }
    };
    size_t pos = 0;
    while (pos < n) {
        const size_t flagAt = out.size();
        out.push_back(0);
        uint8_t flags = 0;
        for (int bit = 0; bit < 8 && pos < n; ++bit) {
            size_t bestLength = 0;
            size_t bestDistance = 0;
            if (pos + kMinMatch <= n) {
                int64_t candidate = head[hash(pos)];
                const size_t limit = std::min(kMaxMatch, n - pos);
                for (size_t chain = 0; candidate >= 0 && chain < kMaxChain; ++chain) {
                    const size_t c = static_cast<size_t>(candidate);
                    if (pos - c > kMaxDistance) {
                        break;
                    }
                    size_t length = 0;
                    while (length < limit && data[c + length] == data[pos + length]) {
                        ++length;
                    }
                    if (length > bestLength) {
                        bestLength = length;
                        bestDistance = pos - c;
                        if (length == limit) {
                            break;
                        }
                    }
                    candidate = previous[c];
                }
            }
            if (bestLength >= kMinMatch) {
                out.push_back(static_cast<uint8_t>(bestDistance & 0xFF));
                out.push_back(
                    static_cast<uint8_t>(((bestDistance >> 4) & 0xF0) | (bestLength - kMinMatch)));
                for (size_t k = 0; k < bestLength; ++k) {
                    insert(pos + k);
                }
                pos += bestLength;
            } else {
                flags = static_cast<uint8_t>(flags | (1u << bit));
                out.push_back(data[pos]);
                insert(pos);
                ++pos;
            }
        }
        out[flagAt] = flags;
    }
    uint32_t sum = 0;
    for (uint8_t b : data) {
        sum += b;
    }
    for (int shift = 0; shift < 32; shift += 8) {
        out.push_back(static_cast<uint8_t>(sum >> shift));
    }
    return out;
}

std::vector<uint8_t> WriteMlod(const std::vector<MlodLod> &lods, bool sp3xDefaultPath) {
    ByteWriter w;
    w.text("MLOD");
    w.u32(0x101);
    w.u32(static_cast<uint32_t>(lods.size()));
    for (const MlodLod &lod : lods) {
        WriteMlodLod(w, lod);
    }
    if (sp3xDefaultPath) {
        w.fixedString("data\\", 32);
    }
    return w.data();
}

std::vector<uint8_t> WriteOdolV40(const OdolModel &model) {
    ByteWriter w;
    w.text("ODOL");
    w.i32(40);
    w.i32(static_cast<int32_t>(model.lods.size()));
    for (const OdolLod &lod : model.lods) {
        w.f32(lod.resolution);
    }
    WriteV40ModelInfo(w, model);
    WriteV40Animations(w, model);
    const size_t directory = w.size();
    for (size_t i = 0; i < 2 * model.lods.size(); ++i) {
        w.u32(0); // starts and ends, patched below
    }
    for (size_t i = 0; i < model.lods.size(); ++i) {
        w.u8(0); // not permanent: a LoadableLodInfo follows
    }
    for (const OdolLod &lod : model.lods) {
        w.i32(static_cast<int32_t>(lod.faces.size()));
        w.u32(0);
        w.i32(0);
        w.u32(0);
        w.u8(lod.skinned ? 1 : 0);
    }
    // Bodies in descending resolution order (the last LOD first), located by the directory.
    for (size_t k = model.lods.size(); k-- > 0;) {
        const std::vector<uint8_t> body = WriteV40LodBody(model, model.lods[k]);
        w.patchU32(directory + 4 * k, static_cast<uint32_t>(w.size()));
        w.bytes(body.data(), body.size());
        w.patchU32(directory + 4 * (model.lods.size() + k), static_cast<uint32_t>(w.size()));
    }
    return w.data();
}

std::vector<uint8_t> WriteOdolV7(const OdolModel &model) {
    ByteWriter w;
    w.text("ODOL");
    w.u32(7);
    w.u32(static_cast<uint32_t>(model.lods.size()));
    for (const OdolLod &lod : model.lods) {
        const std::vector<uint8_t> body = WriteV7LodBody(lod);
        w.bytes(body.data(), body.size());
    }
    for (const OdolLod &lod : model.lods) {
        w.f32(lod.resolution);
    }
    // ModelInfo (v7)
    w.u32(0);
    w.f32(1.0f);
    w.f32(1.0f);
    w.u32(0);
    w.u32(0);
    w.u32(0);
    WriteVec3(w, {0, 0, 0});
    w.u32(0);
    w.u32(0);
    w.f32(0.5f);
    for (int i = 0; i < 5; ++i) {
        WriteVec3(w, {0, 0, 0});
    }
    for (int i = 0; i < 9; ++i) {
        w.f32(i % 4 == 0 ? 1.0f : 0.0f);
    }
    for (int i = 0; i < 5; ++i) {
        w.u8(0);
    }
    w.u8(0);  // mapType
    w.i32(0); // masses
    w.f32(model.mass);
    w.f32(model.mass > 0 ? 1.0f / model.mass : 0.0f);
    w.f32(100.0f);
    w.f32(0.01f);
    for (int i = 0; i < 12; ++i) {
        w.u8(0xFF);
    }
    return w.data();
}

} // namespace agf::testgen::p3d
