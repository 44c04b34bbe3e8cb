/** @file IdolFxWriters.cpp
 *  Writes FXM, MOT and ANB bytes from the content descriptions of IdolFxContent.h, following
 *  the layouts of the Idol FX spec (§2-§4).
 */
#include "ByteWriter.h"
#include "IdolFxContent.h"

#include <assimp/quaternion.h>

#include <stdexcept>

namespace agf::testgen::idolfx {

namespace {

void WriteLengthString(ByteWriter &out, const std::string &text) {
    out.u32(static_cast<uint32_t>(text.size()));
    out.text(text);
}

aiMatrix4x4 LocalMatrix(const FxmJointSpec &joint) {
    aiVector3D axis(joint.rotationAxis[0], joint.rotationAxis[1], joint.rotationAxis[2]);
    axis.Normalize();
    const aiQuaternion rotation(axis, joint.rotationRadians);
    const aiVector3D translation(joint.translation[0], joint.translation[1], joint.translation[2]);
    return aiMatrix4x4(aiVector3D(1, 1, 1), rotation, translation);
}

// The stride taken by the position, normal and the UV sets the FVF declares.
uint32_t UsedBytes(const FxmSubmeshSpec &submesh) {
    const uint32_t uvSets = (submesh.fvf >> 8) & 0xF;
    return uvSets >= 2 && submesh.stride >= 40 ? 40 : 32;
}

} // namespace

aiMatrix4x4 JointWorldMatrix(const FxmSpec &spec, size_t joint) {
    aiMatrix4x4 world = LocalMatrix(spec.joints[joint]);
    size_t guard = 0;
    for (int32_t parent = spec.joints[joint].parent; parent >= 0;
         parent = spec.joints[static_cast<size_t>(parent)].parent) {
        world = LocalMatrix(spec.joints[static_cast<size_t>(parent)]) * world;
        if (++guard > spec.joints.size()) {
            throw std::logic_error("cyclic joint spec");
        }
    }
    return world;
}

std::vector<uint8_t> WriteFxm(const FxmSpec &spec) {
    ByteWriter out;
    out.u32(spec.version);
    out.u32(spec.skeletonFlag);
    out.u32(static_cast<uint32_t>(spec.joints.size()));
    for (size_t j = 0; j < spec.joints.size(); ++j) {
        for (int k = 0; k < 8; ++k) {
            out.u8(0);
        }
        WriteLengthString(out, spec.joints[j].name);
        out.i32(spec.joints[j].parent);
        // Inverse bind matrix for row vectors: the transpose of the column-form inverse.
        aiMatrix4x4 inverseBind = JointWorldMatrix(spec, j).Inverse();
        inverseBind.Transpose();
        for (unsigned row = 0; row < 4; ++row) {
            for (unsigned column = 0; column < 4; ++column) {
                out.f32(inverseBind[row][column]);
            }
        }
    }
    // Static files: the joint count word was the first of 36 zero bytes; skinned files have
    // 12 + 32 unknown zero bytes after the joints.
    const size_t gap = spec.joints.empty() ? 32 : 44;
    for (size_t k = 0; k < gap; ++k) {
        out.u8(0);
    }
    out.u32(static_cast<uint32_t>(spec.submeshes.size()));
    for (const FxmSubmeshSpec &submesh : spec.submeshes) {
        WriteLengthString(out, submesh.name);
        out.u32(0);
        out.u32(0);
        out.u32(0);
        out.u32(submesh.fvf);
        out.u32(submesh.stride);
        out.u32(1);
        out.u32(static_cast<uint32_t>(submesh.triangles.size()));
        out.u32(static_cast<uint32_t>(submesh.vertices.size()));
        for (const auto &triangle : submesh.triangles) {
            for (uint16_t index : triangle) {
                out.u16(index);
            }
        }
        const uint32_t used = UsedBytes(submesh);
        for (const FxmVertexSpec &vertex : submesh.vertices) {
            for (float value : vertex.position) {
                out.f32(value);
            }
            for (float value : vertex.normal) {
                out.f32(value);
            }
            for (float value : vertex.uv0) {
                out.f32(value);
            }
            if (used == 40) {
                for (float value : vertex.uv1) {
                    out.f32(value);
                }
            }
            for (uint32_t k = used; k < submesh.stride; ++k) {
                out.u8(0xCD);
            }
        }
        if (spec.joints.empty()) {
            continue;
        }
        for (size_t v = 0; v < submesh.vertices.size(); ++v) {
            const FxmVertexSpec &vertex = submesh.vertices[v];
            const FxmSkinSpec &skin = submesh.skin.at(v);
            for (float value : vertex.position) {
                out.f32(value);
            }
            out.u8(skin.influenceCount);
            out.u8(0);
            out.u8(0);
            out.u8(0);
            for (float weight : skin.weights) {
                out.f32(weight);
            }
            for (uint8_t joint : skin.joints) {
                out.u8(joint);
            }
            for (float value : vertex.normal) {
                out.f32(value);
            }
            for (float value : vertex.uv0) {
                out.f32(value);
            }
        }
    }
    return out.data();
}

std::vector<uint8_t> WriteMot(const MotSpec &spec) {
    ByteWriter out;
    // The 28 unknown header bytes: zeros, except a duration-like float that no reader uses.
    out.f32(1.0f);
    for (int k = 0; k < 24; ++k) {
        out.u8(0);
    }
    out.u32(static_cast<uint32_t>(spec.tracks.size()));
    for (const MotTrackSpec &track : spec.tracks) {
        out.f32(1.0f / 6.0f);
        WriteLengthString(out, track.name);
        out.u32(static_cast<uint32_t>(track.rotations.size()));
        for (const MotRotationKeySpec &key : track.rotations) {
            out.f32(key.time);
            for (float value : key.xyzw) {
                out.f32(value);
            }
        }
        for (const auto *keys : {&track.positions, &track.scalings}) {
            out.u32(static_cast<uint32_t>(keys->size()));
            for (const MotVectorKeySpec &key : *keys) {
                out.f32(key.time);
                for (float value : key.value) {
                    out.f32(value);
                }
            }
        }
        out.u32(0); // matrix keys
    }
    return out.data();
}

std::vector<uint8_t> WriteAnb(const AnbSpec &spec) {
    ByteWriter out;
    out.u32(spec.frameCount());
    out.u32(static_cast<uint32_t>(spec.submeshes.size()));
    for (const AnbSubmeshSpec &submesh : spec.submeshes) {
        out.u32(static_cast<uint32_t>(submesh.basePoints.size()));
        out.u32(static_cast<uint32_t>(submesh.uvs.size()));
        out.u32(static_cast<uint32_t>(submesh.triangles.size()));
        for (const auto &point : submesh.basePoints) {
            for (float value : point) {
                out.f32(value);
            }
        }
        for (const auto &triangle : submesh.triangles) {
            for (uint16_t index : triangle) {
                out.u16(index);
            }
        }
        for (const auto &uv : submesh.uvs) {
            out.f32(uv[0]);
            out.f32(uv[1]);
        }
        for (const auto &triangle : submesh.uvTriangles) {
            for (uint16_t index : triangle) {
                out.u16(index);
            }
        }
    }
    for (uint32_t frame = 1; frame < spec.frameCount(); ++frame) {
        for (const AnbSubmeshSpec &submesh : spec.submeshes) {
            for (const auto &point : submesh.frames.at(frame - 1)) {
                for (float value : point) {
                    out.f32(value);
                }
            }
        }
    }
    return out.data();
}

} // namespace agf::testgen::idolfx
