/** @file PoseLoading.cpp
 *  Loading a saved pose onto a target skeleton: bone matching, absolute local keys, the added
 *  animation and its metadata.
 */
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "Poses/BoneMatching.h"
#include "Poses/PoseConventions.h"
#include "Poses/PoseMath.h"
#include "Poses/PoseTransfer.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/scene.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace agf::poses {

namespace {

std::vector<std::pair<std::string, std::string>> GatherNameMap(const PoseTransferOptions &options,
                                                               Assimp::IOSystem &io) {
    std::vector<std::pair<std::string, std::string>> pairs;
    if (!options.nameMapFile.empty()) {
        const std::vector<uint8_t> bytes = ReadWholeFile(&io, options.nameMapFile);
        pairs = ParseBoneNameMap(std::string(bytes.begin(), bytes.end()),
                                 FileNameOf(options.nameMapFile));
    }
    std::unordered_set<std::string> fromFile;
    for (const auto &pair : pairs) {
        fromFile.insert(pair.first);
    }
    for (const auto &pair : options.nameMap) {
        if (pair.first.empty() || pair.second.empty() || fromFile.count(pair.first) != 0) {
            ThrowImportError(options.nameMapFile.empty() ? "bone-name map"
                                                         : FileNameOf(options.nameMapFile),
                             "bone-name map", 0,
                             "the extra pair \"" + pair.first + "\" -> \"" + pair.second +
                                 "\" is empty or repeats a pose bone of the map file");
        }
        pairs.push_back(pair);
    }
    return pairs;
}

double ChooseUnitScale(const Pose &pose, const aiScene &target, double requested) {
    if (requested > 0.0 && std::isfinite(requested)) {
        return requested;
    }
    const double targetFactor = UnitScaleFactorOf(target);
    if (pose.unitScaleFactor > 0.0 && targetFactor > 0.0) {
        return pose.unitScaleFactor / targetFactor;
    }
    return 1.0;
}

// Warnings and error messages name at most this many bones; the metadata names them all.
constexpr size_t kNamesPerMessage = 40;

std::string UniqueAnimationName(const aiScene &target, const std::string &wanted) {
    std::vector<std::string> names;
    for (unsigned i = 0; i < target.mNumAnimations; ++i) {
        names.push_back(target.mAnimations[i]->mName.C_Str());
    }
    names.push_back(wanted);
    MakeNamesUnique(names);
    return names.back();
}

void AppendAnimation(aiScene &target, std::unique_ptr<aiAnimation> animation) {
    auto **merged = new aiAnimation *[target.mNumAnimations + 1];
    for (unsigned i = 0; i < target.mNumAnimations; ++i) {
        merged[i] = target.mAnimations[i];
    }
    merged[target.mNumAnimations] = animation.release();
    delete[] target.mAnimations;
    target.mAnimations = merged;
    ++target.mNumAnimations;
}

Quatd AxisChangeOf(const PoseTransferOptions &options) {
    const double *c = options.axisChange;
    const double length = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2] + c[3] * c[3]);
    if (!std::isfinite(length) || length < 1e-12) {
        ThrowImportError("pose options", "axisChange", 0,
                         "the axis change is not a rotation (zero or non-finite quaternion)");
    }
    return Quatd(c[0] / length, c[1] / length, c[2] / length, c[3] / length);
}

bool IsIdentity(const Quatd &q) {
    return std::abs(std::abs(q.w) - 1.0) < 1e-12;
}

aiVector3D ToFloat(const Vec3d &v) {
    return aiVector3D(static_cast<ai_real>(v.x), static_cast<ai_real>(v.y),
                      static_cast<ai_real>(v.z));
}

aiQuaternion ToFloat(const Quatd &q) {
    return aiQuaternion(static_cast<ai_real>(q.w), static_cast<ai_real>(q.x),
                        static_cast<ai_real>(q.y), static_cast<ai_real>(q.z));
}

/** Where the transfer works: the target's nodes and rest pose, and how saved values map. */
struct TransferFrame {
    const TargetNodes &nodes;
    const std::unordered_map<const aiNode *, Mat4d> &restWorld;
    Quatd axisChange;
    bool worldAxes = false; ///< the convention stores world-axis rotations and offsets
    double unitScale = 1.0;
    bool translations = false;
};

/** The absolute local channel that puts `node` in the pose `bone` saves, or nullptr when a
 *  value is not finite (or the saved rotation is zero). */
std::unique_ptr<aiNodeAnim> MakeBoneChannel(const BonePose &bone, const aiNode *node,
                                            PoseConvention convention, const TransferFrame &frame) {
    const TransformParts rest = Decompose(ToDouble(node->mTransformation));
    const Quatd restWorldRotation = RotationOf(frame.restWorld.at(node));
    const Quatd parentRestWorldRotation =
        node->mParent != nullptr ? RotationOf(frame.restWorld.at(node->mParent)) : Quatd();

    Quatd saved(bone.rotation[0], bone.rotation[1], bone.rotation[2], bone.rotation[3]);
    Vec3d offset(bone.translation[0], bone.translation[1], bone.translation[2]);
    if (frame.worldAxes) {
        saved = frame.axisChange * saved * Inverse(frame.axisChange);
        offset = Rotate(frame.axisChange, offset);
    }
    const Quatd rotation = LoadRotation(convention, saved, rest.rotation, restWorldRotation);
    Vec3d position = rest.translation;
    if (frame.translations) {
        const Vec3d scaled = offset * frame.unitScale;
        position += convention == PoseConvention::Raw
                        ? Rotate(rest.rotation, scaled)
                        : Rotate(Inverse(parentRestWorldRotation), scaled);
    }
    const Vec3d scale(rest.scale.x * bone.scale[0], rest.scale.y * bone.scale[1],
                      rest.scale.z * bone.scale[2]);

    const aiVector3D positionKey = ToFloat(position);
    const aiQuaternion rotationKey = ToFloat(rotation);
    const aiVector3D scaleKey = ToFloat(scale);
    const double savedLength =
        std::sqrt(saved.w * saved.w + saved.x * saved.x + saved.y * saved.y + saved.z * saved.z);
    if (!IsFinite(positionKey) || !IsFinite(rotationKey) || !IsFinite(scaleKey) ||
        !(savedLength > 1e-12)) {
        return nullptr;
    }
    return MakeNodeAnim(node->mName.C_Str(), {aiVectorKey(0.0, positionKey)},
                        {aiQuatKey(0.0, rotationKey)}, {aiVectorKey(0.0, scaleKey)});
}

void WarnAboutUnappliedBones(const Pose &pose, const std::vector<std::string> &notFinite,
                             const PoseTransferReport &report, Warnings &warnings) {
    if (!notFinite.empty()) {
        warnings.add(WarningKind::InvalidValue, pose.name, "pose bones", 0,
                     std::to_string(notFinite.size()) +
                         " bones have non-finite values or a zero rotation and are skipped: " +
                         JoinNames(notFinite, kNamesPerMessage));
    }
    if (!report.unmatchedPoseBones.empty()) {
        warnings.add(WarningKind::Inconsistent, pose.name, "pose bones", 0,
                     std::to_string(report.unmatchedPoseBones.size()) +
                         " pose bones have no node in the target and are not applied: " +
                         JoinNames(report.unmatchedPoseBones, kNamesPerMessage));
    }
    if (!report.unmatchedTargetBones.empty()) {
        warnings.add(WarningKind::Inconsistent, pose.name, "pose bones", 0,
                     std::to_string(report.unmatchedTargetBones.size()) +
                         " target bones are not in the pose and keep their rest pose: " +
                         JoinNames(report.unmatchedTargetBones, kNamesPerMessage));
    }
}

void AddTransferMetadata(aiScene &target, const Pose &pose, const PoseTransferOptions &options,
                         const PoseTransferReport &report, const Quatd &axisChange) {
    const std::string group = AGF_META_POSE_TRANSFER + MetadataName(report.animationName);
    const size_t all = SIZE_MAX;
    MetadataBuilder metadata;
    metadata.add(group + AGF_META_POSE_SOURCE, pose.name);
    metadata.add(group + AGF_META_POSE_CONVENTION, PoseConventionName(pose.convention));
    metadata.add(group + AGF_META_POSE_TIME, options.time);
    metadata.add(group + AGF_META_POSE_UNIT_SCALE, report.unitScale);
    metadata.add(group + AGF_META_POSE_SOURCE_UNIT_SCALE_FACTOR, pose.unitScaleFactor);
    metadata.add(group + AGF_META_POSE_MATCHED_BONES,
                 static_cast<uint64_t>(report.matchedBones.size()));
    metadata.add(group + AGF_META_POSE_UNMATCHED_POSE_BONES,
                 JoinNames(report.unmatchedPoseBones, all));
    metadata.add(group + AGF_META_POSE_UNMATCHED_TARGET_BONES,
                 JoinNames(report.unmatchedTargetBones, all));
    if (!IsIdentity(axisChange)) {
        metadata.add(group + AGF_META_POSE_AXIS_CHANGE,
                     std::to_string(axisChange.w) + " " + std::to_string(axisChange.x) + " " +
                         std::to_string(axisChange.y) + " " + std::to_string(axisChange.z));
    }
    metadata.mergeInto(target.mMetaData);
}

} // namespace

PoseTransferReport ApplyPoseTo(aiScene &target, const Pose &pose,
                               const PoseTransferOptions &options, Assimp::IOSystem &io,
                               Warnings &warnings) {
    if (target.mRootNode == nullptr) {
        ThrowImportError(pose.name, "pose target", 0, "the target scene has no root node");
    }
    const BoneNameMap nameMap(GatherNameMap(options, io));
    const TargetNodes nodes(target);
    const auto restWorld = WorldTransforms(
        target.mRootNode, [](const aiNode *node) { return ToDouble(node->mTransformation); });

    PoseTransferReport report;
    report.unitScale = ChooseUnitScale(pose, target, options.unitScale);
    const TransferFrame frame{nodes,
                              restWorld,
                              AxisChangeOf(options),
                              pose.convention != PoseConvention::Raw &&
                                  pose.convention != PoseConvention::Ik,
                              report.unitScale,
                              options.translations};

    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    std::unordered_set<const aiNode *> posedNodes;
    std::vector<std::string> notFinite;
    for (const BonePose &bone : pose.bones) {
        const aiNode *node = nodes.find(nameMap.targetNameOf(bone.name));
        if (node == nullptr || posedNodes.count(node) != 0) {
            report.unmatchedPoseBones.push_back(bone.name);
            continue;
        }
        std::unique_ptr<aiNodeAnim> channel = MakeBoneChannel(bone, node, pose.convention, frame);
        if (channel == nullptr) {
            notFinite.push_back(bone.name);
            report.unmatchedPoseBones.push_back(bone.name);
            continue;
        }
        posedNodes.insert(node);
        report.matchedBones.emplace_back(bone.name, node->mName.C_Str());
        channels.push_back(std::move(channel));
    }
    for (const aiNode *bone : nodes.bones()) {
        if (posedNodes.count(bone) == 0) {
            report.unmatchedTargetBones.push_back(bone->mName.C_Str());
        }
    }
    if (channels.empty()) {
        ThrowImportError(pose.name, "pose", 0,
                         "no bone of the pose matches a node of the target (pose bones: " +
                             JoinNames(report.unmatchedPoseBones, kNamesPerMessage) +
                             "); give a bone-name map");
    }
    WarnAboutUnappliedBones(pose, notFinite, report, warnings);

    report.animationName = UniqueAnimationName(
        target, options.animationName.empty() ? "pose:" + pose.name : options.animationName);
    // A static pose: one key per channel at tick 0, 1 tick per second and no length (the spec's
    // container, 6.1); validation accepts a zero duration and the glb2 exporter then writes one
    // key at 0 s, where mTicksPerSecond 0 would make it divide by zero.
    AppendAnimation(target, MakeAnimation(report.animationName, 1.0, 0.0, std::move(channels)));
    AddTransferMetadata(target, pose, options, report, frame.axisChange);
    return report;
}

void FinishReport(const Warnings &warnings, PoseTransferReport &report) {
    warnings.flush();
    report.warnings = warnings.entries();
}

} // namespace agf::poses

namespace agf {

PoseTransferReport ApplyPose(aiScene &target, const Pose &pose,
                             const PoseTransferOptions &options) {
    Assimp::DefaultIOSystem io;
    Warnings warnings;
    PoseTransferReport report = poses::ApplyPoseTo(target, pose, options, io, warnings);
    poses::FinishReport(warnings, report);
    return report;
}

} // namespace agf
