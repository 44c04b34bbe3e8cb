/** @file OdolV4xWriter.cpp */
#include "OdolV4xWriter.h"

#include "ByteWriter.h"
#include "LzoWriter.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace agf::testgen::p3d {

namespace {

using Packing = OdolV4xOptions::Packing;

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

// Index arrays: u16 before v69, u32 from v69.
template <typename T>
std::vector<uint8_t> IndexBytes(const std::vector<T> &values, uint32_t version) {
    ByteWriter w;
    for (T value : values) {
        if (version >= 69) {
            w.u32(static_cast<uint32_t>(value));
        } else {
            w.u16(static_cast<uint16_t>(value));
        }
    }
    return w.data();
}

class V4xWriter {
public:
    V4xWriter(const OdolModel &model, const OdolV4xOptions &options)
        : mModel(model), mOptions(options), mVersion(options.version) {}

    std::vector<uint8_t> write();

private:
    bool useLzo(size_t bytes) {
        if (mVersion < 64 || mOptions.packing == Packing::ByVersion) {
            return bytes >= 1024;
        }
        if (mOptions.packing == Packing::Alternate) {
            return (mArrayCounter++ % 2) == 0;
        }
        return mOptions.packing == Packing::AllLzo;
    }

    // Compressed array payload (spec 3.4) after its count.
    void payload(ByteWriter &w, const std::vector<uint8_t> &bytes) {
        if (bytes.empty()) {
            return;
        }
        const bool lzo = useLzo(bytes.size());
        if (mVersion >= 64) {
            w.u8(lzo ? 2 : 0);
        }
        if (lzo) {
            const std::vector<uint8_t> packed = LzoCompress(bytes);
            w.bytes(packed.data(), packed.size());
        } else {
            w.bytes(bytes.data(), bytes.size());
        }
    }

    void array(ByteWriter &w, const std::vector<uint8_t> &bytes, size_t count) {
        w.i32(static_cast<int32_t>(count));
        payload(w, bytes);
    }

    // Condensed array (spec 3.5): one element when all are equal.
    void condensed(ByteWriter &w, const std::vector<uint8_t> &bytes, size_t count,
                   size_t elementSize) {
        bool allEqual = count > 0;
        for (size_t i = 1; i < count && allEqual; ++i) {
            allEqual = std::memcmp(bytes.data(), bytes.data() + i * elementSize, elementSize) == 0;
        }
        w.i32(static_cast<int32_t>(count));
        w.u8(allEqual ? 1 : 0);
        if (allEqual) {
            w.bytes(bytes.data(), elementSize);
        } else {
            payload(w, bytes);
        }
    }

    void header(ByteWriter &w);
    void modelInfo(ByteWriter &w);
    void animations(ByteWriter &w);
    std::vector<uint8_t> lodBody(const OdolLod &lod);
    void lodHead(ByteWriter &w, const OdolLod &lod);
    void polygonsAndSections(ByteWriter &w, const OdolLod &lod);
    void selections(ByteWriter &w, const OdolLod &lod);
    void vertexBlock(ByteWriter &w, const OdolLod &lod);
    void uvSet(ByteWriter &w, const OdolLod &lod, bool second);

    const OdolModel &mModel;
    const OdolV4xOptions &mOptions;
    uint32_t mVersion;
    size_t mArrayCounter = 0;
};

void WriteMaterial(ByteWriter &w, const OdolMaterial &m, uint32_t odolVersion) {
    const uint32_t version = odolVersion >= 70 ? 11 : 10; // as in the real v48/v50 and v73 files
    Asciiz(w, m.path);
    w.u32(version);
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
    auto stageTexture = [&](uint32_t filter, const std::string &texture, uint32_t index) {
        w.u32(filter);
        Asciiz(w, texture);
        w.u32(index);
        if (version >= 11) {
            w.u8(0); // useWorldEnvMap
        }
    };
    for (size_t s = 0; s < m.stages.size(); ++s) {
        stageTexture(m.stages[s].filter, m.stages[s].texture, static_cast<uint32_t>(s));
    }
    for (const OdolStage &stage : m.stages) {
        w.u32(stage.uvSource);
        const float identity[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        for (float value : identity) {
            w.f32(value);
        }
    }
    stageTexture(3, "", 0); // StageTI
}

void V4xWriter::header(ByteWriter &w) {
    w.text("ODOL");
    w.u32(mVersion);
    if (mVersion >= 75) {
        w.u32(0);
        w.u32(0);
    }
    if (mVersion >= 59) {
        w.u32(0); // appID
    }
    if (mVersion >= 58) {
        Asciiz(w, "");
    }
    w.i32(static_cast<int32_t>(mModel.lods.size()));
    for (const OdolLod &lod : mModel.lods) {
        w.f32(lod.resolution);
    }
}

void V4xWriter::modelInfo(ByteWriter &w) {
    const uint32_t v = mVersion;
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
    if (v >= 70) {
        w.f32(1.0f); // lodDensityCoef
    }
    if (v >= 71) {
        w.f32(1.0f); // drawImportance
    }
    if (v >= 52) {
        WriteVec3(w, {-1, -1, -1});
        WriteVec3(w, {1, 1, 1});
    }
    WriteVec3(w, mOptions.boundingCenter);
    WriteVec3(w, {0, 0, 0});     // geometryCenter
    WriteVec3(w, {0, 0.25f, 0}); // centre of mass
    for (int i = 0; i < 9; ++i) {
        w.f32(i % 4 == 0 ? 1.0f : 0.0f);
    }
    w.u8(1); // autoCenter
    w.u8(0);
    w.u8(1);
    w.u8(1);
    if (v >= 73) {
        w.u8(0); // AICovers
    }
    for (int i = 0; i < (v >= 43 ? 6 : v >= 42 ? 4 : 0); ++i) {
        w.f32(0.0f); // thermal
    }
    w.u8(0);  // forceNotAlphaModel
    w.i32(1); // sbSource
    w.u8(1);  // preferShadowVolume
    if (v >= 48) {
        w.f32(3.4028235e38f); // shadowOffset
    }
    w.u8(mModel.animations.empty() ? 0 : 1);
    Asciiz(w, mModel.skeletonName);
    if (!mModel.skeletonName.empty()) {
        w.u8(1); // isDiscrete
        w.i32(static_cast<int32_t>(mModel.bones.size()));
        for (const auto &bone : mModel.bones) {
            Asciiz(w, bone.first);
            Asciiz(w, bone.second);
        }
        Asciiz(w, ""); // pivotsNameObsolete
    }
    w.u8(0); // mapType
    const std::vector<float> masses = {mModel.mass, mModel.mass};
    array(w, Bytes(masses), masses.size());
    w.f32(mModel.mass);
    w.f32(mModel.mass > 0 ? 1.0f / mModel.mass : 0.0f);
    w.f32(100.0f);
    w.f32(0.01f);
    if (v >= 72) {
        w.f32(1.0f); // explosionShielding
    }
    for (int i = 0; i < 12 + (v >= 53 ? 1 : 0) + (v >= 54 ? 1 : 0); ++i) {
        w.u8(0xFF);
    }
    w.u32(0); // minShadow
    w.u8(0);  // canBlend
    Asciiz(w, mModel.className);
    Asciiz(w, mModel.damage);
    w.u8(0);
    w.u32(0);
    if (v >= 57) {
        for (size_t i = 0; i < 3 * mModel.lods.size(); ++i) {
            w.i32(-1);
        }
    }
}

void V4xWriter::animations(ByteWriter &w) {
    w.u8(mModel.animations.empty() ? 0 : 1);
    if (mModel.animations.empty()) {
        return;
    }
    w.i32(static_cast<int32_t>(mModel.animations.size()));
    for (const OdolAnimation &animation : mModel.animations) {
        w.u32(animation.type);
        Asciiz(w, animation.name);
        Asciiz(w, animation.source);
        w.f32(animation.minPhase);
        w.f32(animation.maxPhase);
        w.f32(animation.minValue);
        w.f32(animation.maxValue);
        if (mVersion >= 56) {
            w.f32(1.0f); // animPeriod
            w.f32(0.0f); // initPhase
        }
        w.u32(0);
        for (float value : animation.parameters) {
            w.f32(value);
        }
        if (animation.type == 9 && mVersion >= 55) {
            w.f32(0.0f); // the second hide float
        }
    }
    w.i32(static_cast<int32_t>(mModel.lods.size()));
    for (size_t lod = 0; lod < mModel.lods.size(); ++lod) {
        w.i32(static_cast<int32_t>(mModel.bones.size()));
        for (size_t b = 0; b < mModel.bones.size(); ++b) {
            std::vector<uint32_t> anims;
            for (size_t a = 0; a < mModel.animations.size(); ++a) {
                if (mModel.animations[a].bone == static_cast<int32_t>(b)) {
                    anims.push_back(static_cast<uint32_t>(a));
                }
            }
            w.i32(static_cast<int32_t>(anims.size()));
            for (uint32_t a : anims) {
                w.u32(a);
            }
        }
    }
    for (size_t lod = 0; lod < mModel.lods.size(); ++lod) {
        for (const OdolAnimation &animation : mModel.animations) {
            w.i32(animation.bone);
            if (animation.bone != -1 && animation.type != 8 && animation.type != 9) {
                const Vec3 &p = animation.axisPosition;
                const Vec3 &c = mOptions.boundingCenter;
                WriteVec3(w, Vec3{p[0] - c[0], p[1] - c[1], p[2] - c[2]});
                WriteVec3(w, animation.axisDirection);
            }
        }
    }
}

void V4xWriter::lodHead(ByteWriter &w, const OdolLod &lod) {
    const Vec3 &c = mOptions.boundingCenter;
    w.i32(static_cast<int32_t>(lod.proxies.size()));
    for (const OdolProxy &proxy : lod.proxies) {
        Asciiz(w, proxy.path);
        for (size_t r = 0; r < 3; ++r) {
            WriteVec3(w, proxy.rows[r]);
        }
        const Vec3 &p = proxy.rows[3];
        WriteVec3(w, Vec3{p[0] - c[0], p[1] - c[1], p[2] - c[2]});
        w.i32(proxy.id);
        w.i32(proxy.selection);
        w.i32(proxy.bone);
        w.i32(proxy.section);
    }
    w.i32(static_cast<int32_t>(lod.subSkeleton.size()));
    for (int32_t bone : lod.subSkeleton) {
        w.i32(bone);
    }
    const size_t skeletonBones = lod.subSkeleton.empty() ? 0 : mModel.bones.size();
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
    const size_t n = lod.vertices.size();
    if (mVersion >= 50) {
        w.u32(static_cast<uint32_t>(n));
    } else {
        std::vector<uint32_t> flags;
        for (const OdolVertex &v : lod.vertices) {
            flags.push_back(v.pointFlags);
        }
        condensed(w, Bytes(flags), n, 4);
    }
    if (mVersion >= 51) {
        w.f32(1.0f); // faceArea
    }
    w.i32(0); // orHints
    w.i32(0); // andHints
    for (int i = 0; i < 10; ++i) {
        w.f32(0.0f); // bMin, bMax, bCenter, bRadius: not read
    }
    w.i32(static_cast<int32_t>(lod.textures.size()));
    for (const std::string &texture : lod.textures) {
        Asciiz(w, texture);
    }
    w.i32(static_cast<int32_t>(lod.materials.size()));
    for (const OdolMaterial &material : lod.materials) {
        WriteMaterial(w, material, mVersion);
    }
    std::vector<uint32_t> vertexToPoint;
    uint32_t pointCount = 0;
    for (const OdolVertex &v : lod.vertices) {
        vertexToPoint.push_back(v.point);
        pointCount = std::max<uint32_t>(pointCount, v.point + 1u);
    }
    std::vector<uint32_t> pointToVertex(pointCount, 0);
    for (size_t v = n; v-- > 0;) {
        pointToVertex[vertexToPoint[v]] = static_cast<uint32_t>(v);
    }
    array(w, IndexBytes(pointToVertex, mVersion), pointToVertex.size());
    array(w, IndexBytes(vertexToPoint, mVersion), n);
}

void V4xWriter::polygonsAndSections(ByteWriter &w, const OdolLod &lod) {
    const uint32_t indexSize = mVersion >= 69 ? 4 : 2;
    std::vector<uint32_t> offsets;
    uint32_t offset = 0;
    for (const auto &face : lod.faces) {
        offsets.push_back(offset);
        offset += static_cast<uint32_t>((1 + face.size()) * indexSize);
    }
    offsets.push_back(offset);
    w.i32(static_cast<int32_t>(lod.faces.size()));
    w.u32(offset);
    w.u16(0);
    for (const auto &face : lod.faces) {
        w.u8(static_cast<uint8_t>(face.size()));
        for (uint16_t index : face) {
            indexSize == 4 ? w.u32(index) : w.u16(index);
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
            Asciiz(w, "agf\\inline.rvmat");
        }
        w.i32(2);
        w.f32(1.0f);
        w.f32(-1000.0f);
        if (mVersion >= 67) {
            w.i32(0);
        }
    }
}

void V4xWriter::selections(ByteWriter &w, const OdolLod &lod) {
    w.i32(static_cast<int32_t>(lod.selections.size()));
    for (const OdolSelection &selection : lod.selections) {
        Asciiz(w, selection.name);
        array(w, IndexBytes(selection.faces, mVersion), selection.faces.size());
        w.i32(0);
        w.u8(selection.sectional ? 1 : 0);
        array(w, Bytes(selection.sections), selection.sections.size());
        array(w, IndexBytes(selection.vertices, mVersion), selection.vertices.size());
        array(w, selection.weights, selection.weights.size());
    }
    w.i32(static_cast<int32_t>(lod.properties.size()));
    for (const auto &property : lod.properties) {
        Asciiz(w, property.first);
        Asciiz(w, property.second);
    }
    w.i32(static_cast<int32_t>(lod.frames.size()));
    const Vec3 &c = mOptions.boundingCenter;
    for (const auto &frame : lod.frames) {
        w.f32(frame.first);
        w.i32(static_cast<int32_t>(frame.second.size()));
        for (const Vec3 &p : frame.second) {
            WriteVec3(w, Vec3{p[0] - c[0], p[1] - c[1], p[2] - c[2]});
        }
    }
}

void V4xWriter::uvSet(ByteWriter &w, const OdolLod &lod, bool second) {
    float low[2] = {0, 0}, high[2] = {1, 1};
    for (size_t v = 0; v < lod.vertices.size(); ++v) {
        const Uv &uv = second ? lod.vertices[v].uv1 : lod.vertices[v].uv;
        for (int k = 0; k < 2; ++k) {
            low[k] = v == 0 ? uv[k] : std::min(low[k], uv[k]);
            high[k] = v == 0 ? uv[k] : std::max(high[k], uv[k]);
        }
    }
    w.f32(low[0]);
    w.f32(low[1]);
    w.f32(high[0]);
    w.f32(high[1]);
    ByteWriter values;
    for (const OdolVertex &vertex : lod.vertices) {
        const Uv &uv = second ? vertex.uv1 : vertex.uv;
        values.u16(static_cast<uint16_t>(QuantiseUv(uv[0], low[0], high[0])));
        values.u16(static_cast<uint16_t>(QuantiseUv(uv[1], low[1], high[1])));
    }
    condensed(w, values.data(), lod.vertices.size(), 4);
}

void V4xWriter::vertexBlock(ByteWriter &w, const OdolLod &lod) {
    const size_t n = lod.vertices.size();
    if (mVersion >= 50) {
        std::vector<uint32_t> flags;
        for (const OdolVertex &v : lod.vertices) {
            flags.push_back(v.pointFlags);
        }
        condensed(w, Bytes(flags), n, 4);
    }
    uvSet(w, lod, false);
    w.u32(lod.twoUvSets ? 2 : 1);
    if (lod.twoUvSets) {
        uvSet(w, lod, true);
    }
    ByteWriter positions, normals, tangents;
    const Vec3 &c = mOptions.boundingCenter;
    for (const OdolVertex &v : lod.vertices) {
        WriteVec3(positions,
                  Vec3{v.position[0] - c[0], v.position[1] - c[1], v.position[2] - c[2]});
        normals.u32(PackNormal(v.normal));
        tangents.u32(PackNormal({1, 0, 0}));
        tangents.u32(PackNormal({0, 0, 1}));
    }
    array(w, positions.data(), n);
    condensed(w, normals.data(), n, 4);
    array(w, tangents.data(), n);
    if (lod.skinned) {
        ByteWriter refs;
        for (const OdolVertex &v : lod.vertices) {
            refs.i32(static_cast<int32_t>(v.bones.size()));
            for (size_t k = 0; k < 4; ++k) {
                refs.u8(k < v.bones.size() ? v.bones[k].first : 0);
                refs.u8(k < v.bones.size() ? v.bones[k].second : 0);
            }
        }
        array(w, refs.data(), n);
    } else {
        array(w, {}, 0);
    }
    array(w, {}, 0); // neighborBoneRef
}

std::vector<uint8_t> V4xWriter::lodBody(const OdolLod &lod) {
    ByteWriter w;
    lodHead(w, lod);
    polygonsAndSections(w, lod);
    selections(w, lod);
    w.i32(0);
    w.i32(0);
    w.i32(0);
    w.u8(0); // vertexBoneRefIsSimple
    const size_t restSizeAt = w.size();
    w.u32(0);
    vertexBlock(w, lod);
    if (mVersion >= 67) {
        w.u32(0);
        // sizeOfRestData counts from its own first byte to the end of this u32, less 4.
        w.patchU32(restSizeAt, static_cast<uint32_t>(w.size() - restSizeAt - 4));
    } else {
        w.patchU32(restSizeAt, static_cast<uint32_t>(w.size() - restSizeAt));
    }
    if (mVersion >= 68) {
        w.u8(1);
    }
    return w.data();
}

std::vector<uint8_t> V4xWriter::write() {
    ByteWriter w;
    header(w);
    modelInfo(w);
    animations(w);
    const size_t directory = w.size();
    const size_t lodCount = mModel.lods.size();
    for (size_t i = 0; i < 2 * lodCount; ++i) {
        w.u32(0); // starts and ends, patched below
    }
    // LOD 0 is loadable (a LoadableLodInfo follows), the others permanent.
    for (size_t i = 0; i < lodCount; ++i) {
        w.u8(i == 0 ? 0 : 1);
    }
    if (lodCount > 0) {
        w.i32(static_cast<int32_t>(mModel.lods[0].faces.size()));
        w.u32(0);
        w.i32(0);
        w.u32(0);
        w.u8(mModel.lods[0].skinned ? 1 : 0);
        if (mVersion >= 51) {
            w.i32(static_cast<int32_t>(mModel.lods[0].vertices.size()));
            w.f32(1.0f);
        }
    }
    // Bodies in descending resolution order (the last LOD first), located by the directory.
    for (size_t k = lodCount; k-- > 0;) {
        const std::vector<uint8_t> body = lodBody(mModel.lods[k]);
        w.patchU32(directory + 4 * k, static_cast<uint32_t>(w.size()));
        w.bytes(body.data(), body.size());
        w.patchU32(directory + 4 * (lodCount + k), static_cast<uint32_t>(w.size()));
    }
    return w.data();
}

} // namespace

int16_t QuantiseUv(float value, float low, float high) {
    const float span = high - low;
    const float scaled = span == 0 ? 0.0f : (value - low) / span * 65535.0f - 32767.0f;
    return static_cast<int16_t>(std::clamp(std::lround(scaled), -32768L, 32767L));
}

uint32_t PackNormal(const Vec3 &normal) {
    uint32_t packed = 0;
    for (int k = 0; k < 3; ++k) {
        const long value = std::clamp(std::lround(-normal[k] * 511.0f), -511L, 511L);
        packed |= (static_cast<uint32_t>(value) & 0x3FFu) << (10 * k);
    }
    return packed;
}

std::vector<uint8_t> WriteOdolV4x(const OdolModel &model, const OdolV4xOptions &options) {
    return V4xWriter(model, options).write();
}

} // namespace agf::testgen::p3d
