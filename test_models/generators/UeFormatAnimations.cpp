/** @file UeFormatAnimations.cpp
 *  Writers for the known UEFormat animation and poses, and the list of committed UEFormat files.
 */
#include "UeFormatModels.h"

#include "GeneratedModels.h"

namespace agf::testgen {

namespace ueformat {

namespace {

/** As the model's writer: Y negated and rotations mirrored from version 8 on. */
void StoreVector(ByteWriter &out, const aiVector3D &v, bool mirror) {
    out.f32(v.x);
    out.f32(mirror ? -v.y : v.y);
    out.f32(v.z);
}

void StoreRotation(ByteWriter &out, const aiQuaternion &q, bool mirror) {
    out.f32(mirror ? -q.x : q.x);
    out.f32(q.y);
    out.f32(mirror ? -q.z : q.z);
    out.f32(q.w);
}

void StoreScale(ByteWriter &out, const aiVector3D &v) {
    StoreVector(out, v, false);
}

/** A bone's keys over the frames: every frame for positions and rotations, scales on the first
 *  and last (every frame for deltas). */
void WriteTrack(ByteWriter &out, const std::string &name, bool mirror, bool scaleEveryFrame,
                const std::function<Transform(unsigned)> &poseAt) {
    WriteFString(out, name);
    out.i32(int32_t(kAnimationFrames));
    for (unsigned f = 0; f < kAnimationFrames; ++f) {
        out.i32(int32_t(f));
        StoreVector(out, poseAt(f).position, mirror);
    }
    out.i32(int32_t(kAnimationFrames));
    for (unsigned f = 0; f < kAnimationFrames; ++f) {
        out.i32(int32_t(f));
        StoreRotation(out, poseAt(f).rotation, mirror);
    }
    std::vector<unsigned> scaleFrames;
    for (unsigned f = 0; f < kAnimationFrames; ++f) {
        if (scaleEveryFrame || f == 0 || f + 1 == kAnimationFrames) {
            scaleFrames.push_back(f);
        }
    }
    out.i32(int32_t(scaleFrames.size()));
    for (unsigned f : scaleFrames) {
        out.i32(int32_t(f));
        StoreScale(out, poseAt(f).scale);
    }
}

} // namespace

std::vector<uint8_t> WriteKnightAnim(const FileOptions &options, AnimKind kind) {
    const uint8_t version = options.version;
    const bool mirror = version >= 8;
    const bool additive = kind != AnimKind::Absolute;
    const AdditiveBase base =
        kind == AnimKind::AdditiveOnWave ? AdditiveBase::KnightFrame : AdditiveBase::Bind;
    const bool meshSpace = kind == AnimKind::AdditiveMesh;
    ByteWriter head;
    if (version < 7) {
        head.i32(int32_t(kAnimationFrames));
        head.f32(kAnimationRate);
    }
    SetWriter body(version);
    if (version >= 7) {
        body.part("METADATA", [&](ByteWriter &out) {
            out.i32(int32_t(kAnimationFrames));
            out.f32(kAnimationRate);
            WriteFString(
                out, kind == AnimKind::AdditiveOnWave ? "/Game/Knight/KnightWave.KnightWave" : "");
            out.u8(additive ? (meshSpace ? 2 : 1) : 0);
            out.u8(!additive ? 0 : kind == AnimKind::AdditiveOnWave ? 3 : 1);
            out.i32(kind == AnimKind::AdditiveOnWave ? int32_t(kAdditiveBaseFrame) : 0);
        });
    }
    const std::vector<Bone> &bones = KnightModel().bones;
    // The additive clips leave Arm (bone 3) without a track.
    const size_t tracks = additive ? bones.size() - 1 : bones.size();
    body.array("TRACKS", tracks, [&](ByteWriter &out) {
        for (unsigned b = 0; b < tracks; ++b) {
            WriteTrack(out, bones[b].name, mirror, additive, [&](unsigned f) {
                return additive ? AdditiveDeltaAt(f, b, base, meshSpace) : KnightPoseAt(f, b);
            });
        }
    });
    if (!additive) {
        body.array("CURVES", KnightCurves().size(), [&](ByteWriter &out) {
            for (const Curve &curve : KnightCurves()) {
                WriteFString(out, curve.name);
                out.i32(int32_t(curve.keys.size()));
                for (const CurveKey &key : curve.keys) {
                    out.i32(key.frame);
                    out.f32(key.value);
                }
            }
        });
    }
    std::vector<uint8_t> bytes = head.data();
    const std::vector<uint8_t> sets = body.bytes();
    bytes.insert(bytes.end(), sets.begin(), sets.end());
    FileOptions named = options;
    named.objectName = additive ? "KnightAdditive" : "KnightWave";
    named.objectPath = "/Game/Knight/" + named.objectName + "." + named.objectName;
    return WriteUeFile("UEANIM", bytes, named);
}

std::vector<uint8_t> WriteKnightPoses(const FileOptions &options) {
    const bool mirror = options.version >= 8;
    const std::vector<std::string> curveNames = {"Smile", "Brow"};
    SetWriter body(options.version);
    body.array("POSES", KnightPoses().size(), [&](ByteWriter &out) {
        for (const PoseTarget &pose : KnightPoses()) {
            WriteFString(out, pose.name);
            out.i32(int32_t(pose.bones.size()));
            for (size_t k = 0; k < pose.bones.size(); ++k) {
                const Transform delta = PoseDelta(pose.targets[k], pose.bones[k]);
                WriteFString(out, KnightModel().bones[pose.bones[k]].name);
                StoreVector(out, delta.position, mirror);
                StoreRotation(out, delta.rotation, mirror);
                StoreScale(out, delta.scale);
            }
            out.i32(int32_t(pose.curves.size()));
            for (const auto &[name, influence] : pose.curves) {
                out.i32(name == "Smile" ? 0 : 1);
                out.f32(influence);
            }
        }
    });
    body.array("CURVES", curveNames.size(), [&](ByteWriter &out) {
        for (const std::string &name : curveNames) {
            WriteFString(out, name);
        }
    });
    FileOptions named = options;
    named.objectName = "KnightFace";
    named.objectPath = "/Game/Knight/KnightFace.KnightFace";
    return WriteUeFile("UEPOSE", body.bytes(), named);
}

} // namespace ueformat

void AppendUeFormatModels(std::vector<GeneratedModel> &models) {
    using ueformat::AnimKind;
    using ueformat::FileOptions;
    const auto model = [](uint8_t version, const char *compression) {
        FileOptions options;
        options.version = version;
        options.compression = compression;
        options.objectName = "SK_Knight";
        options.objectPath = "/Game/Knight/SK_Knight.SK_Knight";
        return ueformat::WriteKnightModel(options);
    };
    const auto anim = [](uint8_t version, const char *compression, AnimKind kind) {
        FileOptions options;
        options.version = version;
        options.compression = compression;
        return ueformat::WriteKnightAnim(options, kind);
    };
    models.push_back({"ueformat/knight.uemodel", "the known model, version 10, stored",
                      [=] { return model(10, ""); }});
    models.push_back({"ueformat/knight.ueanim", "its animation (auto-loaded beside it), version 10",
                      [=] { return anim(10, "", AnimKind::Absolute); }});
    models.push_back(
        {"ueformat/knight_zstd.uemodel", "version 10, ZSTD", [=] { return model(10, "ZSTD"); }});
    models.push_back(
        {"ueformat/knight_gzip.uemodel", "version 10, GZIP", [=] { return model(10, "GZIP"); }});
    models.push_back({"ueformat/knight_v9.uemodel", "version 9: sections with counts",
                      [=] { return model(9, "ZSTD"); }});
    models.push_back({"ueformat/knight_v5.uemodel", "version 5: values mirrored by the writer",
                      [=] { return model(5, "GZIP"); }});
    models.push_back({"ueformat/knight_v3.uemodel", "version 3: one LOD, flat sections",
                      [=] { return model(3, ""); }});
    models.push_back({"ueformat/knight_v0.uemodel", "version 0: no binormal sign, one colour set",
                      [=] { return model(0, ""); }});
    models.push_back({"ueformat/knight_additive_local.ueanim", "additive, local space, GZIP",
                      [=] { return anim(10, "GZIP", AnimKind::AdditiveLocal); }});
    models.push_back({"ueformat/knight_additive_mesh.ueanim", "additive, mesh space, ZSTD",
                      [=] { return anim(10, "ZSTD", AnimKind::AdditiveMesh); }});
    models.push_back({"ueformat/knight_additive_wave.ueanim",
                      "additive on frame 2 of KnightWave, version 9",
                      [=] { return anim(9, "", AnimKind::AdditiveOnWave); }});
    models.push_back({"ueformat/knight_v6.ueanim", "version 6: frame count and rate in front",
                      [=] { return anim(6, "", AnimKind::Absolute); }});
    models.push_back({"ueformat/knight_face.uepose", "the known poses, version 10", [] {
                          FileOptions options;
                          return ueformat::WriteKnightPoses(options);
                      }});
    models.push_back({"ueformat/knight_face_v9.uepose", "the known poses, version 9, ZSTD", [] {
                          FileOptions options;
                          options.version = 9;
                          options.compression = "ZSTD";
                          return ueformat::WriteKnightPoses(options);
                      }});
}

} // namespace agf::testgen
