/** @file UeFormatContent.cpp
 *  The truth of the generated UEFormat files (UeFormatContent.h).
 */
#include "UeFormatContent.h"

#include <assimp/quaternion.inl>
#include <assimp/vector3.inl>

namespace agf::testgen::ueformat {

namespace {

aiQuaternion Turn(aiVector3D axis, float angle) {
    axis.Normalize();
    return aiQuaternion(axis, angle);
}

aiVector3D Times(const aiVector3D &a, const aiVector3D &b) {
    return aiVector3D(a.x * b.x, a.y * b.y, a.z * b.z);
}

/** One face of the box: outward normal n, the u direction t; the v direction is n x t, so that
 *  the corners c - t - b, c + t - b, c + t + b, c - t + b run counter-clockwise seen from out. */
void AddBoxFace(Lod &lod, const aiVector3D &n, const aiVector3D &t, float sign, unsigned face) {
    const aiVector3D half(10, 10, 40);
    const aiVector3D centre(0, 0, 40);
    const aiVector3D b = n ^ t;
    const aiVector3D middle = centre + Times(n, half);
    const aiVector3D along = Times(t, half);
    const aiVector3D across = Times(b, half);
    const aiVector3D corners[4] = {middle - along - across, middle + along - across,
                                   middle + along + across, middle - along + across};
    const aiVector2D uvs[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const auto first = static_cast<uint32_t>(lod.positions.size());
    for (unsigned k = 0; k < 4; ++k) {
        const uint32_t vertex = first + k;
        lod.positions.push_back(corners[k]);
        lod.normals.push_back(n);
        lod.tangents.push_back(t);
        lod.binormalSigns.push_back(sign);
        lod.uvSets[0].uvs.push_back(uvs[k]);
        lod.uvSets[1].uvs.push_back(aiVector2D(0.5f * uvs[k].x + 0.125f * float(face % 3),
                                               0.5f * uvs[k].y + 0.25f * float(face / 3)));
        lod.colorSets[0].colors.push_back(
            {uint8_t(vertex * 10), uint8_t(255 - vertex * 5), uint8_t(face * 40), 255});
        lod.colorSets[1].colors.push_back({uint8_t(face * 30), uint8_t(vertex), 7, 200});
        if (corners[k].z < 1.0f) {
            lod.weights.push_back({0, int32_t(vertex), 0.75f});
            lod.weights.push_back({1, int32_t(vertex), 0.25f});
        } else {
            lod.weights.push_back({2, int32_t(vertex), 0.6f});
            lod.weights.push_back({1, int32_t(vertex), 0.4f});
        }
    }
    for (uint32_t corner : {0u, 1u, 2u, 0u, 2u, 3u}) {
        lod.indices.push_back(first + corner);
    }
}

Lod MakeBox() {
    Lod lod;
    lod.name = "LOD0";
    lod.uvSets = {{"UVMap", {}}, {"Lightmap", {}}};
    lod.colorSets = {{"COL0", {}}, {"Paint", {}}};
    AddBoxFace(lod, {1, 0, 0}, {0, 1, 0}, 1.0f, 0);
    AddBoxFace(lod, {-1, 0, 0}, {0, -1, 0}, -1.0f, 1);
    AddBoxFace(lod, {0, 1, 0}, {-1, 0, 0}, 1.0f, 2);
    AddBoxFace(lod, {0, -1, 0}, {1, 0, 0}, 1.0f, 3);
    AddBoxFace(lod, {0, 0, 1}, {1, 0, 0}, 1.0f, 4);
    AddBoxFace(lod, {0, 0, -1}, {-1, 0, 0}, -1.0f, 5);
    lod.materials = {{"M_Body", "/Game/Knight/Materials/M_Body.M_Body", 0, 8},
                     {"M_Head", "/Game/Knight/Materials/M_Head.M_Head", 24, 4}};
    Morph smile{"Smile", {}};
    for (uint32_t v = 16; v < 20; ++v) {
        smile.deltas.push_back({v, aiVector3D(0, 0, 5), aiVector3D(0, 0, 0)});
    }
    Morph blink{"Blink", {}};
    for (uint32_t v = 0; v < 4; ++v) {
        blink.deltas.push_back({v, aiVector3D(2, 0.5f * float(v), 0), aiVector3D(0, 0.2f, 0)});
    }
    lod.morphs = {smile, blink};
    return lod;
}

Lod MakeTetrahedron() {
    Lod lod;
    lod.name = "LOD1";
    lod.positions = {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {0, 0, 10}};
    const aiVector3D centre(2.5f, 2.5f, 2.5f);
    for (const aiVector3D &p : lod.positions) {
        lod.normals.push_back((p - centre).Normalize());
    }
    lod.uvSets = {{"UVMap", {{0, 0}, {1, 0}, {0, 1}, {1, 1}}}};
    lod.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    lod.materials = {{"M_Body", "/Game/Knight/Materials/M_Body.M_Body", 0, 4}};
    for (int32_t v = 0; v < 4; ++v) {
        lod.weights.push_back({0, v, 1.0f});
    }
    return lod;
}

Model MakeKnight() {
    Model model;
    model.bones = {
        {"Root", -1, {{0, 0, 0}, Turn({0, 0, 1}, 0.3f)}},
        {"Spine", 0, {{0, 2, 50}, Turn({1, 0.2f, 0}, 0.4f)}},
        {"Head", 1, {{1, -3, 40}, Turn({0.3f, 1, 0.1f}, -0.5f)}},
        {"Arm", 1, {{20, 5, 30}, Turn({0, 0.4f, 1}, 1.1f)}},
    };
    model.lods = {MakeBox(), MakeTetrahedron()};
    model.sockets = {{"hand_r", "Arm", {{5, 0, 1}, Turn({1, 0, 0}, 0.5f), {2, 2, 2}}}};
    model.virtualBones = {{"Spine", "Arm", "VB Spine_Arm"}};
    model.hulls = {{"UCX_Box",
                    {{-10, -10, 0}, {10, -10, 0}, {0, 10, 0}, {0, 0, 80}},
                    {0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2}}};
    model.skeletonPath = "/Game/Knight/SK_Knight_Skeleton.SK_Knight_Skeleton";
    return model;
}

/** A bone's rotation in component space (the product of the local ones from the top). */
aiQuaternion ComponentRotation(unsigned bone, const std::vector<aiQuaternion> &local) {
    const std::vector<Bone> &bones = KnightModel().bones;
    aiQuaternion rotation = local[bone];
    for (int32_t parent = bones[bone].parent; parent >= 0; parent = bones[size_t(parent)].parent) {
        rotation = local[size_t(parent)] * rotation;
    }
    return rotation;
}

} // namespace

const Model &KnightModel() {
    static const Model model = MakeKnight();
    return model;
}

Transform KnightPoseAt(unsigned frame, unsigned bone) {
    const float f = float(frame);
    const float b = float(bone);
    const Transform &bind = KnightModel().bones[bone].bind;
    Transform pose;
    pose.position = bind.position + aiVector3D(f, -0.5f * b, 0.25f * f);
    pose.rotation = bind.rotation * Turn({1, b, 0.5f}, 0.1f * f + 0.05f * b);
    // Linear in the frame: the keys on the first and last frame give the frames between.
    pose.scale = aiVector3D(1 + 0.05f * f, 1, 1 + 0.02f * b * f);
    return pose;
}

const std::vector<Curve> &KnightCurves() {
    static const std::vector<Curve> curves = {{"Smile", {{0, 0.0f}, {4, 1.0f}}},
                                              {"Brow", {{2, 0.5f}}}};
    return curves;
}

Transform AdditiveTargetAt(unsigned frame, unsigned bone) {
    const float f = float(frame);
    const float b = float(bone);
    const Transform &bind = KnightModel().bones[bone].bind;
    Transform pose;
    pose.position = bind.position + aiVector3D(2 - 0.3f * f, 0.7f * f, 0.5f * b + 1);
    pose.rotation = Turn({0.2f, 1, 0.3f * b}, 0.3f + 0.12f * f + 0.07f * b) * bind.rotation;
    pose.scale = aiVector3D(1 + 0.1f * f, 1 + 0.04f * b, 1.2f);
    return pose;
}

Transform BasePose(AdditiveBase base, unsigned bone) {
    switch (base) {
    case AdditiveBase::KnightFirstFrame:
        return KnightPoseAt(0, bone);
    case AdditiveBase::KnightFrame:
        return KnightPoseAt(kAdditiveBaseFrame, bone);
    default:
        return KnightModel().bones[bone].bind;
    }
}

Transform AdditiveDeltaAt(unsigned frame, unsigned bone, AdditiveBase base, bool meshSpace) {
    const Transform target = AdditiveTargetAt(frame, bone);
    const Transform from = BasePose(base, bone);
    Transform delta;
    delta.position = target.position - from.position;
    delta.scale = aiVector3D(target.scale.x / from.scale.x - 1, target.scale.y / from.scale.y - 1,
                             target.scale.z / from.scale.z - 1);
    if (!meshSpace) {
        delta.rotation = target.rotation * aiQuaternion(from.rotation).Conjugate();
        return delta;
    }
    std::vector<aiQuaternion> targets;
    std::vector<aiQuaternion> bases;
    for (unsigned b = 0; b < KnightModel().bones.size(); ++b) {
        targets.push_back(AdditiveTargetAt(frame, b).rotation);
        bases.push_back(BasePose(base, b).rotation);
    }
    delta.rotation =
        ComponentRotation(bone, targets) * aiQuaternion(ComponentRotation(bone, bases)).Conjugate();
    return delta;
}

const std::vector<PoseTarget> &KnightPoses() {
    static const std::vector<PoseTarget> poses = [] {
        const auto target = [](unsigned bone, const aiVector3D &move, const aiQuaternion &turn,
                               const aiVector3D &scale) {
            const Transform &bind = KnightModel().bones[bone].bind;
            return Transform{bind.position + move, turn * bind.rotation, scale};
        };
        return std::vector<PoseTarget>{
            {"Smile",
             {1, 2},
             {target(1, {0, 0, 2}, Turn({1, 0, 0}, 0.2f), {1, 1, 1}),
              target(2, {1, 1, 0}, Turn({0, 1, 1}, -0.3f), {1.1f, 1.1f, 1.1f})},
             {{"Smile", 1.0f}}},
            {"Frown",
             {2, 3},
             {target(2, {0, -1, 0}, Turn({1, 1, 0}, 0.4f), {1, 1, 1}),
              target(3, {0, 0, -3}, Turn({0, 0, 1}, 0.6f), {1, 0.9f, 1})},
             {}},
        };
    }();
    return poses;
}

Transform PoseDelta(const Transform &target, unsigned bone) {
    const Transform &bind = KnightModel().bones[bone].bind;
    Transform delta;
    delta.position = target.position - bind.position;
    delta.rotation = target.rotation * aiQuaternion(bind.rotation).Conjugate();
    delta.scale = target.scale - aiVector3D(1, 1, 1);
    return delta;
}

} // namespace agf::testgen::ueformat
