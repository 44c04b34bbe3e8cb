/** @file UeFormatModels.cpp
 *  Writers for the known UEFormat content, and the committed files (test_models/ueformat/).
 */
#include "UeFormatModels.h"

#include "GeneratedModels.h"

#include <assimp/quaternion.inl>

namespace agf::testgen {

namespace ueformat {

namespace {

/** From version 8 the files hold Unreal's own left-handed values: Y negated (rotations
 *  mirrored alike) and V from the top. */
class Storage {
public:
    explicit Storage(uint8_t version) : mMirror(version >= 8) {}

    void vector(ByteWriter &out, const aiVector3D &v) const {
        out.f32(v.x);
        out.f32(mMirror ? -v.y : v.y);
        out.f32(v.z);
    }
    static void scale(ByteWriter &out, const aiVector3D &v) {
        out.f32(v.x);
        out.f32(v.y);
        out.f32(v.z);
    }
    void rotation(ByteWriter &out, const aiQuaternion &q) const {
        out.f32(mMirror ? -q.x : q.x);
        out.f32(q.y);
        out.f32(mMirror ? -q.z : q.z);
        out.f32(q.w);
    }
    void uv(ByteWriter &out, const aiVector2D &uv) const {
        out.f32(uv.x);
        out.f32(mMirror ? 1.0f - uv.y : uv.y);
    }

private:
    bool mMirror;
};

void WriteLodParts(SetWriter &set, const Lod &lod, const Storage &store) {
    const uint8_t version = set.version();
    set.array("VERTICES", lod.positions.size(), [&](ByteWriter &out) {
        for (const aiVector3D &p : lod.positions) {
            store.vector(out, p);
        }
    });
    if (!lod.normals.empty()) {
        set.array("NORMALS", lod.normals.size(), [&](ByteWriter &out) {
            for (size_t v = 0; v < lod.normals.size(); ++v) {
                if (version >= 1) {
                    out.f32(lod.binormalSigns.empty() ? 1.0f : lod.binormalSigns[v]);
                }
                store.vector(out, lod.normals[v]);
            }
        });
    }
    if (!lod.tangents.empty()) {
        set.array("TANGENTS", lod.tangents.size(), [&](ByteWriter &out) {
            for (const aiVector3D &t : lod.tangents) {
                store.vector(out, t);
            }
        });
    }
    set.array("TEXCOORDS", lod.uvSets.size(), [&](ByteWriter &out) {
        for (const UvSet &uvSet : lod.uvSets) {
            if (version >= 10) {
                WriteFString(out, uvSet.name);
            }
            out.i32(static_cast<int32_t>(uvSet.uvs.size()));
            for (const aiVector2D &uv : uvSet.uvs) {
                store.uv(out, uv);
            }
        }
    });
    set.array("INDICES", lod.indices.size(), [&](ByteWriter &out) {
        for (uint32_t index : lod.indices) {
            out.u32(index);
        }
    });
    if (!lod.colorSets.empty()) {
        const auto color = [](ByteWriter &out, const std::array<uint8_t, 4> &c) {
            out.bytes(c.data(), 4);
        };
        if (version < 2) {
            const ColorSet &first = lod.colorSets[0];
            set.array("VERTEXCOLORS", first.colors.size(), [&](ByteWriter &out) {
                for (const auto &c : first.colors) {
                    color(out, c);
                }
            });
        } else {
            set.array("VERTEXCOLORS", lod.colorSets.size(), [&](ByteWriter &out) {
                for (const ColorSet &colorSet : lod.colorSets) {
                    WriteFString(out, colorSet.name);
                    out.i32(static_cast<int32_t>(colorSet.colors.size()));
                    for (const auto &c : colorSet.colors) {
                        color(out, c);
                    }
                }
            });
        }
    }
    set.array("MATERIALS", lod.materials.size(), [&](ByteWriter &out) {
        for (const Material &material : lod.materials) {
            WriteFString(out, material.name);
            if (version >= 6) {
                WriteFString(out, material.path);
            }
            out.i32(material.firstIndex);
            out.i32(material.faceCount);
        }
    });
    set.array("WEIGHTS", lod.weights.size(), [&](ByteWriter &out) {
        for (const Weight &weight : lod.weights) {
            out.u16(weight.bone);
            out.i32(weight.vertex);
            out.f32(weight.weight);
        }
    });
    if (!lod.morphs.empty()) {
        set.array("MORPHTARGETS", lod.morphs.size(), [&](ByteWriter &out) {
            for (const Morph &morph : lod.morphs) {
                WriteFString(out, morph.name);
                out.i32(static_cast<int32_t>(morph.deltas.size()));
                for (const MorphDelta &delta : morph.deltas) {
                    store.vector(out, delta.position);
                    store.vector(out, delta.normal);
                    out.u32(delta.vertex);
                }
            }
        });
    }
}

void WriteSkeletonParts(SetWriter &set, const Model &model, const Storage &store) {
    const uint8_t version = set.version();
    if (version >= 7) {
        set.part("METADATA", [&](ByteWriter &out) { WriteFString(out, model.skeletonPath); });
    }
    set.array("BONES", model.bones.size(), [&](ByteWriter &out) {
        for (const Bone &bone : model.bones) {
            WriteFString(out, bone.name);
            out.i32(bone.parent);
            store.vector(out, bone.bind.position);
            store.rotation(out, bone.bind.rotation);
        }
    });
    set.array("SOCKETS", model.sockets.size(), [&](ByteWriter &out) {
        for (const Socket &socket : model.sockets) {
            WriteFString(out, socket.name);
            WriteFString(out, socket.bone);
            store.vector(out, socket.transform.position);
            store.rotation(out, socket.transform.rotation);
            Storage::scale(out, socket.transform.scale);
        }
    });
    if (version >= 5) {
        set.array("VIRTUALBONES", model.virtualBones.size(), [&](ByteWriter &out) {
            for (const VirtualBone &bone : model.virtualBones) {
                WriteFString(out, bone.source);
                WriteFString(out, bone.target);
                WriteFString(out, bone.name);
            }
        });
    }
}

void WriteHulls(SetWriter &set, const Model &model, const Storage &store) {
    set.array("COLLISION", model.hulls.size(), [&](ByteWriter &out) {
        for (const Hull &hull : model.hulls) {
            WriteFString(out, hull.name);
            out.i32(static_cast<int32_t>(hull.vertices.size()));
            for (const aiVector3D &v : hull.vertices) {
                store.vector(out, v);
            }
            out.i32(static_cast<int32_t>(hull.indices.size()));
            for (int32_t index : hull.indices) {
                out.i32(index);
            }
        }
    });
}

} // namespace

std::vector<uint8_t> WriteKnightModel(const FileOptions &options) {
    const Model &model = KnightModel();
    const uint8_t version = options.version;
    const Storage store(version);
    SetWriter body(version);
    if (version < 4) {
        WriteLodParts(body, model.lods[0], store);
        WriteSkeletonParts(body, model, store);
    } else {
        body.array("LODS", model.lods.size(), [&](ByteWriter &out) {
            for (const Lod &lod : model.lods) {
                WriteFString(out, lod.name);
                SetWriter parts(version);
                WriteLodParts(parts, lod, store);
                const std::vector<uint8_t> bytes = parts.bytes();
                if (version < 10) {
                    out.i32(static_cast<int32_t>(bytes.size()));
                }
                out.bytes(bytes.data(), bytes.size());
            }
        });
        body.part("SKELETON", [&](ByteWriter &out) {
            SetWriter skeleton(version);
            WriteSkeletonParts(skeleton, model, store);
            const std::vector<uint8_t> bytes = skeleton.bytes();
            out.bytes(bytes.data(), bytes.size());
        });
    }
    if (version >= 3) {
        WriteHulls(body, model, store);
    }
    return WriteUeFile("UEMODEL", body.bytes(), options);
}

} // namespace ueformat

} // namespace agf::testgen
