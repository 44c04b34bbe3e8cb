/** @file PoseSaving.cpp
 *  Saving the pose of a posed scene (one animation sampled at one time) in a PoseLib16
 *  convention.
 */
#include "Common/ImportError.h"
#include "Common/StringHelpers.h"
#include "Poses/PoseConventions.h"
#include "Poses/PoseMath.h"
#include "Poses/PoseTransfer.h"

#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <cctype>
#include <cmath>
#include <unordered_set>

namespace agf::poses {

double UnitScaleFactorOf(const aiScene &scene) {
    const aiMetadata *metadata = scene.mMetaData;
    if (metadata == nullptr) {
        return 0.0;
    }
    double value = 0.0;
    for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
        if (std::string(metadata->mKeys[i].C_Str()) != "UnitScaleFactor" ||
            metadata->mValues[i].mData == nullptr) {
            continue;
        }
        const void *data = metadata->mValues[i].mData;
        switch (metadata->mValues[i].mType) {
        case AI_DOUBLE:
            value = *static_cast<const double *>(data);
            break;
        case AI_FLOAT:
            value = *static_cast<const float *>(data);
            break;
        case AI_INT32:
            value = *static_cast<const int32_t *>(data);
            break;
        case AI_UINT64:
            value = static_cast<double>(*static_cast<const uint64_t *>(data));
            break;
        default:
            break;
        }
        break;
    }
    return value > 0.0 && std::isfinite(value) ? value : 0.0;
}

namespace {

const aiAnimation &SelectAnimation(const aiScene &source, const std::string &wanted,
                                   const std::string &sourceLabel) {
    if (source.mNumAnimations == 0 || source.mAnimations == nullptr) {
        ThrowImportError(sourceLabel, "animations", 0,
                         "has no animation to take a pose from (a pose source needs one)");
    }
    if (wanted.empty()) {
        return *source.mAnimations[0];
    }
    for (unsigned i = 0; i < source.mNumAnimations; ++i) {
        if (wanted == source.mAnimations[i]->mName.C_Str()) {
            return *source.mAnimations[i];
        }
    }
    bool digits = true;
    for (char c : wanted) {
        digits = digits && std::isdigit(static_cast<unsigned char>(c));
    }
    if (digits && wanted.size() < 10 && std::stoul(wanted) < source.mNumAnimations) {
        return *source.mAnimations[std::stoul(wanted)];
    }
    ThrowImportError(sourceLabel, "animations", 0,
                     "has no animation named or numbered \"" + wanted + "\" (it has " +
                         std::to_string(source.mNumAnimations) + ")");
}

// The first node of each name, depth first, as Assimp binds channels.
std::unordered_map<std::string, const aiNode *> NodesByName(const aiNode *root) {
    std::unordered_map<std::string, const aiNode *> nodes;
    std::vector<const aiNode *> pending{root};
    while (!pending.empty()) {
        const aiNode *node = pending.back();
        pending.pop_back();
        nodes.emplace(node->mName.C_Str(), node);
        for (unsigned i = node->mNumChildren; i-- > 0;) {
            pending.push_back(node->mChildren[i]);
        }
    }
    return nodes;
}

double SafeRatio(double posed, double rest) {
    return rest != 0.0 ? posed / rest : 1.0;
}

} // namespace

Pose SavePoseFrom(const aiScene &source, const PoseTransferOptions &options,
                  const std::string &sourceLabel, Warnings &warnings) {
    if (source.mRootNode == nullptr) {
        ThrowImportError(sourceLabel, "scene", 0, "has no root node");
    }
    if (!std::isfinite(options.time)) {
        ThrowImportError(sourceLabel, "animations", 0, "the pose time is not a finite number");
    }
    const aiAnimation &animation = SelectAnimation(source, options.sourceAnimation, sourceLabel);
    const double ticksPerSecond = animation.mTicksPerSecond > 0.0 ? animation.mTicksPerSecond : 1.0;
    const double tick = options.time * ticksPerSecond;

    const auto nodes = NodesByName(source.mRootNode);
    const auto restWorld = WorldTransforms(
        source.mRootNode, [](const aiNode *node) { return ToDouble(node->mTransformation); });

    Pose pose;
    pose.name = animation.mName.length > 0 ? animation.mName.C_Str() : sourceLabel;
    pose.convention = options.convention;
    pose.unitScaleFactor = UnitScaleFactorOf(source);

    std::vector<std::string> withoutNode;
    std::unordered_set<const aiNode *> saved;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        const auto found = nodes.find(channel->mNodeName.C_Str());
        if (found == nodes.end()) {
            withoutNode.push_back(channel->mNodeName.C_Str());
            continue;
        }
        const aiNode *node = found->second;
        if (!saved.insert(node).second) {
            continue; // a second channel for one node: Assimp plays the first
        }
        const TransformParts rest = Decompose(ToDouble(node->mTransformation));
        const TransformParts posed = SampleChannel(*channel, tick, rest);
        const Quatd restWorldRotation = RotationOf(restWorld.at(node));
        const Quatd parentRestWorldRotation =
            node->mParent != nullptr ? RotationOf(restWorld.at(node->mParent)) : Quatd();

        BonePose bone;
        bone.name = node->mName.C_Str();
        const Quatd q =
            SaveRotation(options.convention, {rest.rotation, posed.rotation, restWorldRotation});
        bone.rotation[0] = q.w;
        bone.rotation[1] = q.x;
        bone.rotation[2] = q.y;
        bone.rotation[3] = q.z;
        const Vec3d moved = posed.translation - rest.translation;
        // raw keeps Blender's loc (the bone's own rest axes); the others need a roll-free
        // offset, so it is expressed in world axes through the parent's rest rotation.
        const Vec3d offset = options.convention == PoseConvention::Raw
                                 ? Rotate(Inverse(rest.rotation), moved)
                                 : Rotate(parentRestWorldRotation, moved);
        bone.translation[0] = offset.x;
        bone.translation[1] = offset.y;
        bone.translation[2] = offset.z;
        bone.scale[0] = SafeRatio(posed.scale.x, rest.scale.x);
        bone.scale[1] = SafeRatio(posed.scale.y, rest.scale.y);
        bone.scale[2] = SafeRatio(posed.scale.z, rest.scale.z);
        pose.bones.push_back(bone);
    }
    if (!withoutNode.empty()) {
        warnings.add(WarningKind::OutOfRange, sourceLabel,
                     "animation " + std::string(animation.mName.C_Str()), 0,
                     std::to_string(withoutNode.size()) +
                         " channels name no node of the pose source and are ignored: " +
                         JoinNames(withoutNode));
    }
    if (pose.bones.empty()) {
        ThrowImportError(sourceLabel, "animations", 0,
                         "animation \"" + std::string(animation.mName.C_Str()) +
                             "\" moves no node of its scene: nothing to take a pose from");
    }
    return pose;
}

} // namespace agf::poses

namespace agf {

Pose SavePose(const aiScene &source, const PoseTransferOptions &options) {
    Warnings warnings;
    Pose pose = poses::SavePoseFrom(source, options, "pose source", warnings);
    warnings.flush();
    return pose;
}

} // namespace agf
