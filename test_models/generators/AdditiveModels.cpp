/** @file AdditiveModels.cpp */
#include "AdditiveModels.h"

#include "GeneratedModels.h"
#include "PsaModels.h"
#include "PskModels.h"
#include "UeFormatContent.h"

#include <assimp/quaternion.inl>

namespace agf::testgen {

namespace additive {

namespace {

using ueformat::AdditiveBase;
using ueformat::KnightModel;
using ueformat::Transform;

psk::Float3 ToFloat3(const aiVector3D &v) {
    return {v.x, v.y, v.z};
}

std::vector<psa::KnownBone> KnightBones() {
    std::vector<psa::KnownBone> bones;
    for (const ueformat::Bone &bone : KnightModel().bones) {
        bones.push_back({bone.name, bone.parent});
    }
    return bones;
}

psa::PsaxSequenceContent Sequence(const std::string &name, int32_t additive,
                                  const std::function<Transform(unsigned, unsigned)> &poseAt) {
    psa::PsaxSequenceContent sequence;
    sequence.name = name;
    sequence.rate = ueformat::kAnimationRate;
    sequence.additive = additive;
    const unsigned bones = static_cast<unsigned>(KnightModel().bones.size());
    // Additive sequences leave Arm (the last bone) without a track.
    for (unsigned b = 0; b < (additive != 0 ? bones - 1 : bones); ++b) {
        psa::PsaxSequenceContent::Track track;
        track.bone = b;
        for (unsigned f = 0; f < ueformat::kAnimationFrames; ++f) {
            const Transform pose = poseAt(f, b);
            track.positions.emplace_back(float(f), pose.position);
            track.rotations.emplace_back(float(f), pose.rotation);
            track.scales.emplace_back(float(f), pose.scale);
        }
        sequence.tracks.push_back(std::move(track));
    }
    return sequence;
}

} // namespace

std::vector<uint8_t> MakeKnightPsk() {
    const ueformat::Model &model = KnightModel();
    const ueformat::Lod &lod = model.lods[0];
    psk::PskContent content;
    for (size_t v = 0; v < lod.positions.size(); ++v) {
        content.points.push_back(ToFloat3(lod.positions[v]));
        const aiVector2D &uv = lod.uvSets[0].uvs[v];
        content.wedges.push_back({uint32_t(v), uv.x, 1.0f - uv.y, 0});
    }
    for (size_t t = 0; t * 3 < lod.indices.size(); ++t) {
        const uint8_t material = t < 8 ? 0 : 1;
        // Stored clockwise, as ActorX writers do.
        content.faces.push_back(
            {{lod.indices[t * 3], lod.indices[t * 3 + 2], lod.indices[t * 3 + 1]}, material, 1});
    }
    content.materials = {{"M_Body", 0}, {"M_Head", 0}};
    for (size_t b = 0; b < model.bones.size(); ++b) {
        const ueformat::Bone &bone = model.bones[b];
        aiQuaternion stored = bone.bind.rotation;
        if (b != 0) {
            stored.Conjugate();
        }
        content.bones.push_back({bone.name,
                                 bone.parent < 0 ? 0 : bone.parent,
                                 {stored.x, stored.y, stored.z, stored.w},
                                 ToFloat3(bone.bind.position)});
    }
    for (const ueformat::Weight &weight : lod.weights) {
        content.weights.push_back({weight.weight, weight.vertex, weight.bone});
    }
    return psk::WritePsk(content);
}

std::vector<uint8_t> MakeKnightAdditivePsax() {
    const auto delta = [](AdditiveBase base, bool mesh) {
        return [base, mesh](unsigned f, unsigned b) {
            return ueformat::AdditiveDeltaAt(f, b, base, mesh);
        };
    };
    return psa::WritePsax(KnightBones(),
                          {Sequence("Idle", 0, ueformat::KnightPoseAt),
                           Sequence("AddLocal", 1, delta(AdditiveBase::Bind, false)),
                           Sequence("AddOnIdle", 1, delta(AdditiveBase::KnightFirstFrame, false)),
                           Sequence("AddMesh", 1, delta(AdditiveBase::Bind, true)),
                           Sequence("Target", 0, ueformat::AdditiveTargetAt)});
}

} // namespace additive

void AppendAdditiveModels(std::vector<GeneratedModel> &models) {
    models.push_back({"actorx/knight.psk", "the knight of ueformat/ as a PSK (additive oracles)",
                      additive::MakeKnightPsk});
    models.push_back({"actorx/knight_additive.psax",
                      "Idle and additive sequences over knight.psk (local, on Idle, mesh space)",
                      additive::MakeKnightAdditivePsax});
}

} // namespace agf::testgen
