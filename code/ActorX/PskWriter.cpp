/** @file PskWriter.cpp */
#include "PskWriter.h"

#include "ActorXChunkWriter.h"
#include "ActorXChunks.h"
#include "ActorXRecords.h"

namespace agf::psk {

namespace {

using namespace actorx;

void WriteGeometry(const PskFile &file, ChunkWriter &out) {
    out.begin("PNTS0000", kPointRecordSize, file.points.size());
    for (const Vec3 &point : file.points) {
        out.float3(point);
    }
    out.begin("VTXW0000", kWedgeRecordSize, file.wedges.size());
    for (const Wedge &wedge : file.wedges) {
        out.u32(wedge.point);
        out.f32(wedge.u);
        out.f32(wedge.v);
        out.u8(wedge.material);
        out.u8(0);
        out.u16(0);
    }
    out.begin(file.faces32 ? "FACE3200" : "FACE0000",
              file.faces32 ? kFace32RecordSize : kFace16RecordSize, file.faces.size());
    for (const Face &face : file.faces) {
        for (int corner = 0; corner < 3; ++corner) {
            const uint32_t wedge = face.wedges[corner];
            if (file.faces32) {
                out.u32(wedge);
            } else {
                out.u16(static_cast<uint16_t>(wedge));
            }
        }
        out.u8(face.material);
        out.u8(face.auxMaterial);
        out.u32(face.smoothingGroups);
    }
}

void WriteMaterialsAndSkeleton(const PskFile &file, ChunkWriter &out) {
    out.begin("MATT0000", kMaterialRecordSize, file.materials.size());
    for (const Material &material : file.materials) {
        out.name(material.name, kNameFieldSize);
        out.i32(material.textureIndex);
        out.u32(material.polyFlags);
        out.i32(material.auxMaterial);
        out.u32(material.auxFlags);
        out.i32(material.lodBias);
        out.i32(material.lodStyle);
    }
    out.begin("REFSKELT", kBoneRecordSize, file.bones.size());
    for (const Bone &bone : file.bones) {
        out.name(bone.name, kNameFieldSize);
        out.u32(bone.flags);
        out.i32(bone.childCount);
        out.i32(bone.parent);
        out.float4(bone.orientation);
        out.float3(bone.position);
        out.f32(bone.length);
        out.float3(bone.size);
    }
    out.begin("RAWWEIGHTS", kWeightRecordSize, file.weights.size());
    for (const RawWeight &weight : file.weights) {
        out.f32(weight.weight);
        out.i32(static_cast<int32_t>(weight.point));
        out.i32(static_cast<int32_t>(weight.bone));
    }
}

void WriteExtensions(const PskFile &file, ChunkWriter &out) {
    if (!file.normals.empty()) {
        out.begin("VTXNORMS", kNormalRecordSize, file.normals.size());
        for (const Vec3 &normal : file.normals) {
            out.float3(normal);
        }
    }
    if (!file.colors.empty()) {
        out.begin("VERTEXCOLOR", kColorRecordSize, file.colors.size() / 4);
        for (uint8_t byte : file.colors) {
            out.u8(byte);
        }
    }
    for (const ExtraUvSet &set : file.extraUvs) {
        out.begin("EXTRAUVS" + std::to_string(set.index), kUvRecordSize, set.uv.size() / 2);
        for (float value : set.uv) {
            out.f32(value);
        }
    }
    if (!file.pointMorphs.empty()) {
        size_t deltas = 0;
        out.begin("MRPHINFO", kMorphInfoRecordSize, file.pointMorphs.size());
        for (const PointMorph &morph : file.pointMorphs) {
            out.name(morph.name, kNameFieldSize);
            out.i32(static_cast<int32_t>(morph.deltas.size()));
            deltas += morph.deltas.size();
        }
        out.begin("MRPHDATA", kMorphDataRecordSize, deltas);
        for (const PointMorph &morph : file.pointMorphs) {
            for (const PointMorphDelta &delta : morph.deltas) {
                out.float3(delta.positionDelta);
                out.float3(delta.normalDelta);
                out.i32(static_cast<int32_t>(delta.point));
            }
        }
    }
    if (!file.sockets.empty()) {
        out.begin("SKELSOCK", kSocketRecordSize, file.sockets.size());
        for (const Socket &socket : file.sockets) {
            out.name(socket.name, kNameFieldSize);
            out.name(socket.bone, kNameFieldSize);
            out.float3(socket.location);
            out.f32(socket.pitch);
            out.f32(socket.yaw);
            out.f32(socket.roll);
            out.float3(socket.scale);
        }
    }
}

} // namespace

std::vector<uint8_t> SerialisePsk(const PskFile &file) {
    ChunkWriter out;
    out.begin(kMeshMagic, 0, 0, file.typeFlag);
    WriteGeometry(file, out);
    WriteMaterialsAndSkeleton(file, out);
    WriteExtensions(file, out);
    out.end();
    return out.take();
}

} // namespace agf::psk
