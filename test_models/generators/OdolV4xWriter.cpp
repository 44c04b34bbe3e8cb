/** @file OdolV4xWriter.cpp
 *  One writer for ODOL v40 to v75: each record is written with the fields of the version
 *  asked for, gated where specs/p3d.md section 5 says the layouts differ.
 */
#include "OdolV4xWriter.h"

#include "ByteWriter.h"
#include "LzoWriter.h"
#include "P3dWriterParts.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace agf::testgen::p3d {

namespace {

using Packing = OdolV4xOptions::Packing;
using Values = OdolV4xOptions::Values;
using parts::Asciiz;
using parts::Bytes;
using parts::IndexBytes;
using parts::WriteVec3;

Vec3 Minus(const Vec3 &p, const Vec3 &c) {
    return Vec3{p[0] - c[0], p[1] - c[1], p[2] - c[2]};
}

class OdolWriter {
public:
    OdolWriter(const OdolModel &model, const OdolV4xOptions &options)
        : mModel(model), mOptions(options), mVersion(options.version),
          mIndexSize(options.version >= 69 ? 4 : 2), mObserved(options.values == Values::Observed) {
    }

    std::vector<uint8_t> write();

private:
    bool compress(size_t bytes) {
        if (mVersion < 64 || mOptions.packing == Packing::ByVersion) {
            return bytes >= 1024;
        }
        if (mOptions.packing == Packing::Alternate) {
            return (mArrayCounter++ % 2) == 0;
        }
        return mOptions.packing == Packing::AllLzo;
    }

    // Compressed array payload (spec 3.4) after its count: LZSS before v44, LZO from v44, a
    // flag byte before it from v64.
    void payload(ByteWriter &w, const std::vector<uint8_t> &bytes) {
        if (bytes.empty()) {
            return;
        }
        const bool compressed = compress(bytes.size());
        if (mVersion >= 64) {
            w.u8(compressed ? 2 : 0);
        }
        if (!compressed) {
            w.bytes(bytes.data(), bytes.size());
        } else if (mVersion < 44) {
            parts::LzssPayload(w, bytes);
        } else {
            const std::vector<uint8_t> packed = LzoCompress(bytes);
            w.bytes(packed.data(), packed.size());
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
    void skeletonAndMasses(ByteWriter &w);
    void animations(ByteWriter &w);
    void directory(ByteWriter &w);
    std::vector<uint8_t> lodBody(const OdolLod &lod);
    void proxiesAndBoneMaps(ByteWriter &w, const OdolLod &lod);
    void lodHead(ByteWriter &w, const OdolLod &lod);
    void polygonsAndSections(ByteWriter &w, const OdolLod &lod);
    void selections(ByteWriter &w, const OdolLod &lod);
    void vertexBlock(ByteWriter &w, const OdolLod &lod);
    void uvSet(ByteWriter &w, const OdolLod &lod, bool second);

    const OdolModel &mModel;
    const OdolV4xOptions &mOptions;
    uint32_t mVersion;
    uint32_t mIndexSize;
    bool mObserved;
    size_t mArrayCounter = 0;
};

void WriteMaterial(ByteWriter &w, const OdolMaterial &m, uint32_t odolVersion) {
    // As in the real files: 10 in v48 and v50, 11 in v73 (and in ArmA 1 no later than 10).
    const uint32_t version = odolVersion >= 70 ? 11 : 10;
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

void OdolWriter::header(ByteWriter &w) {
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

void OdolWriter::modelInfo(ByteWriter &w) {
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
    w.u8(0);                  // forceNotAlphaModel
    w.i32(mObserved ? 1 : 0); // sbSource
    w.u8(mObserved ? 1 : 0);  // preferShadowVolume
    if (v >= 48) {
        w.f32(3.4028235e38f); // shadowOffset
    }
    w.u8(mModel.animations.empty() ? 0 : 1);
    skeletonAndMasses(w);
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

void OdolWriter::skeletonAndMasses(ByteWriter &w) {
    Asciiz(w, mModel.skeletonName);
    if (!mModel.skeletonName.empty()) {
        w.u8(1); // isDiscrete
        w.i32(static_cast<int32_t>(mModel.bones.size()));
        for (const auto &bone : mModel.bones) {
            Asciiz(w, bone.first);
            Asciiz(w, bone.second);
        }
        if (mVersion >= 41) {
            Asciiz(w, ""); // pivotsNameObsolete
        }
    }
    w.u8(0); // mapType
    const std::vector<float> masses =
        mObserved ? std::vector<float>{mModel.mass, mModel.mass} : std::vector<float>{};
    array(w, Bytes(masses), masses.size());
    w.f32(mModel.mass);
    w.f32(mModel.mass > 0 ? 1.0f / mModel.mass : 0.0f);
    w.f32(100.0f);
    w.f32(0.01f);
    if (mVersion >= 72) {
        w.f32(1.0f); // explosionShielding
    }
    for (int i = 0; i < 12 + (mVersion >= 53 ? 1 : 0) + (mVersion >= 54 ? 1 : 0); ++i) {
        w.u8(0xFF); // LOD indices, geometrySimple (v53) and geometryPhys (v54) first
    }
}

void OdolWriter::animations(ByteWriter &w) {
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
                WriteVec3(w, Minus(animation.axisPosition, mOptions.boundingCenter));
                WriteVec3(w, animation.axisDirection);
            }
        }
    }
}

// Starts and ends (patched by write()), which LODs are permanent, and a LoadableLodInfo for
// each of the others.
void OdolWriter::directory(ByteWriter &w) {
    const size_t lodCount = mModel.lods.size();
    for (size_t i = 0; i < 2 * lodCount; ++i) {
        w.u32(0);
    }
    const auto loadable = [&](size_t i) { return i == 0 || !mObserved; };
    for (size_t i = 0; i < lodCount; ++i) {
        w.u8(loadable(i) ? 0 : 1);
    }
    for (size_t i = 0; i < lodCount; ++i) {
        if (!loadable(i)) {
            continue;
        }
        const OdolLod &lod = mModel.lods[i];
        w.i32(static_cast<int32_t>(lod.faces.size()));
        w.u32(0);
        w.i32(0);
        w.u32(0);
        w.u8(lod.skinned ? 1 : 0);
        if (mVersion >= 51) {
            w.i32(static_cast<int32_t>(lod.vertices.size()));
            w.f32(1.0f); // faceArea
        }
    }
}

void OdolWriter::proxiesAndBoneMaps(ByteWriter &w, const OdolLod &lod) {
    w.i32(static_cast<int32_t>(lod.proxies.size()));
    for (const OdolProxy &proxy : lod.proxies) {
        Asciiz(w, proxy.path);
        for (size_t r = 0; r < 3; ++r) {
            WriteVec3(w, proxy.rows[r]);
        }
        WriteVec3(w, Minus(proxy.rows[3], mOptions.boundingCenter));
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
}

void OdolWriter::lodHead(ByteWriter &w, const OdolLod &lod) {
    proxiesAndBoneMaps(w, lod);
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
    if (mObserved) {
        for (int i = 0; i < 10; ++i) {
            w.f32(0.0f); // bMin, bMax, bCenter, bRadius: not read
        }
    } else {
        parts::WriteBounds(w, parts::Positions(lod.vertices, mOptions.boundingCenter));
    }
    w.i32(static_cast<int32_t>(lod.textures.size()));
    for (const std::string &texture : lod.textures) {
        Asciiz(w, texture);
    }
    w.i32(static_cast<int32_t>(lod.materials.size()));
    for (const OdolMaterial &material : lod.materials) {
        WriteMaterial(w, material, mVersion);
    }
    const parts::PointMaps maps = parts::MapPoints(lod.vertices);
    array(w, IndexBytes(maps.pointToVertex, mIndexSize), maps.pointToVertex.size());
    array(w, IndexBytes(maps.vertexToPoint, mIndexSize), n);
}

void OdolWriter::polygonsAndSections(ByteWriter &w, const OdolLod &lod) {
    const std::vector<uint32_t> offsets = parts::FaceOffsets(lod.faces, mIndexSize);
    w.i32(static_cast<int32_t>(lod.faces.size()));
    w.u32(offsets.back());
    w.u16(0);
    for (const auto &face : lod.faces) {
        w.u8(static_cast<uint8_t>(face.size()));
        for (uint16_t index : face) {
            mIndexSize == 4 ? w.u32(index) : w.u16(index);
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
            Asciiz(w, mObserved ? "agf\\inline.rvmat" : "");
        }
        w.i32(2); // areaOverTex
        w.f32(1.0f);
        w.f32(mObserved ? -1000.0f : 1000.0f);
        if (mVersion >= 67) {
            w.i32(0); // no v67 floats follow
        }
    }
}

void OdolWriter::selections(ByteWriter &w, const OdolLod &lod) {
    w.i32(static_cast<int32_t>(lod.selections.size()));
    for (const OdolSelection &selection : lod.selections) {
        Asciiz(w, selection.name);
        array(w, IndexBytes(selection.faces, mIndexSize), selection.faces.size());
        w.i32(0);
        w.u8(selection.sectional ? 1 : 0);
        array(w, Bytes(selection.sections), selection.sections.size());
        array(w, IndexBytes(selection.vertices, mIndexSize), selection.vertices.size());
        array(w, selection.weights, selection.weights.size());
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
            WriteVec3(w, Minus(p, mOptions.boundingCenter));
        }
    }
}

// Float pairs before v45; from v45 the set's range and i16 pairs spread over it.
void OdolWriter::uvSet(ByteWriter &w, const OdolLod &lod, bool second) {
    if (mVersion < 45) {
        condensed(w, parts::FloatUvBytes(lod.vertices, second), lod.vertices.size(), 8);
        return;
    }
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

void OdolWriter::vertexBlock(ByteWriter &w, const OdolLod &lod) {
    const size_t n = lod.vertices.size();
    if (mVersion >= 50) {
        std::vector<uint32_t> flags;
        for (const OdolVertex &v : lod.vertices) {
            flags.push_back(v.pointFlags);
        }
        condensed(w, Bytes(flags), n, 4);
    }
    uvSet(w, lod, false);
    w.u32((lod.twoUvSets ? 2 : 1) + lod.emptyUvSets);
    if (lod.twoUvSets) {
        uvSet(w, lod, true);
    }
    for (uint32_t set = 0; set < lod.emptyUvSets; ++set) {
        if (mVersion >= 45) {
            for (int k = 0; k < 4; ++k) {
                w.f32(0.0f); // the set's range
            }
        }
        w.i32(0); // no values, not a default fill
        w.u8(0);
    }
    ByteWriter positions, normals, tangents;
    for (const Vec3 &p : parts::Positions(lod.vertices, mOptions.boundingCenter)) {
        WriteVec3(positions, p);
    }
    for (const OdolVertex &v : lod.vertices) {
        if (mVersion >= 45) {
            normals.u32(PackNormal(v.normal));
            tangents.u32(PackNormal({1, 0, 0}));
            tangents.u32(PackNormal({0, 0, 1}));
        } else {
            WriteVec3(normals, v.normal);
        }
    }
    if (mVersion < 45) {
        tangents.bytes(std::vector<uint8_t>(24 * n, 0).data(), 24 * n); // zeros compress well
    }
    array(w, positions.data(), n);
    condensed(w, normals.data(), n, mVersion >= 45 ? 4 : 12);
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

std::vector<uint8_t> OdolWriter::lodBody(const OdolLod &lod) {
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
    }
    // sizeOfRestData: the bytes after it, the v67 u32 included, and from v41 to v66 its own 4
    // bytes too (as the reader takes it).
    const bool countsItself = mVersion >= 41 && mVersion < 67;
    w.patchU32(restSizeAt, static_cast<uint32_t>(w.size() - restSizeAt - (countsItself ? 0 : 4)));
    if (mVersion >= 68) {
        w.u8(1);
    }
    return w.data();
}

std::vector<uint8_t> OdolWriter::write() {
    ByteWriter w;
    header(w);
    modelInfo(w);
    animations(w);
    const size_t directoryAt = w.size();
    directory(w);
    // Bodies in descending resolution order (the last LOD first), located by the directory.
    const size_t lodCount = mModel.lods.size();
    for (size_t k = lodCount; k-- > 0;) {
        const std::vector<uint8_t> body = lodBody(mModel.lods[k]);
        w.patchU32(directoryAt + 4 * k, static_cast<uint32_t>(w.size()));
        w.bytes(body.data(), body.size());
        w.patchU32(directoryAt + 4 * (lodCount + k), static_cast<uint32_t>(w.size()));
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
    return OdolWriter(model, options).write();
}

std::vector<uint8_t> WriteOdolV40(const OdolModel &model) {
    return WriteOdolV4x(model, {40, Packing::ByVersion, Vec3{0, 0, 0}, Values::Plain});
}

} // namespace agf::testgen::p3d
