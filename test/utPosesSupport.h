/** @file utPosesSupport.h
 *  Skeletons with known rest frames and poses for the pose-transfer tests, and an independent
 *  evaluation of posed world transforms in glm (double precision), so that the expected values
 *  never come from the code under test.
 */
#pragma once

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace agf::test::poses {

/** A bone given by its world (root space) frame: position of its head and rotation. */
struct BoneSpec {
    std::string name;
    int parent = -1; ///< index into the same list; -1: child of the root node
    glm::dvec3 head{0.0};
    glm::dquat worldRotation{1.0, 0.0, 0.0, 0.0};
};

struct SkeletonSpec {
    std::string rootName = "Armature";
    glm::dmat4 rootTransform{1.0}; ///< the root node's own transform
    /** World frames of the bones, root transform included: local = parentWorld^-1 * world. */
    std::vector<BoneSpec> bones;
    double unitScaleFactor = 0.0; ///< "UnitScaleFactor" metadata when > 0
};

inline aiMatrix4x4 ToAssimp(const glm::dmat4 &m) {
    // glm is column-major (m[column][row]); aiMatrix4x4 is row by row.
    return aiMatrix4x4(
        static_cast<float>(m[0][0]), static_cast<float>(m[1][0]), static_cast<float>(m[2][0]),
        static_cast<float>(m[3][0]), static_cast<float>(m[0][1]), static_cast<float>(m[1][1]),
        static_cast<float>(m[2][1]), static_cast<float>(m[3][1]), static_cast<float>(m[0][2]),
        static_cast<float>(m[1][2]), static_cast<float>(m[2][2]), static_cast<float>(m[3][2]), 0.f,
        0.f, 0.f, 1.f);
}

inline glm::dmat4 ToGlm(const aiMatrix4x4 &m) {
    glm::dmat4 g(1.0);
    const float rows[4][4] = {{m.a1, m.a2, m.a3, m.a4},
                              {m.b1, m.b2, m.b3, m.b4},
                              {m.c1, m.c2, m.c3, m.c4},
                              {m.d1, m.d2, m.d3, m.d4}};
    for (int row = 0; row < 4; ++row) {
        for (int column = 0; column < 4; ++column) {
            g[column][row] = rows[row][column];
        }
    }
    return g;
}

inline glm::dmat4 Frame(const glm::dvec3 &position, const glm::dquat &rotation) {
    return glm::translate(glm::dmat4(1.0), position) * glm::mat4_cast(rotation);
}

/** Fills `scene` with the skeleton's node tree (no meshes: the scene is flagged incomplete,
 *  as a skeleton-only import is). Returns the bone nodes in spec order. */
inline std::vector<aiNode *> BuildSkeleton(aiScene *scene, const SkeletonSpec &spec) {
    scene->mRootNode = new aiNode(spec.rootName);
    scene->mRootNode->mTransformation = ToAssimp(spec.rootTransform);
    scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    std::vector<aiNode *> nodes;
    std::vector<glm::dmat4> worlds;
    std::map<aiNode *, std::vector<aiNode *>> children;
    for (const BoneSpec &bone : spec.bones) {
        aiNode *node = new aiNode(bone.name);
        const glm::dmat4 world = Frame(bone.head, bone.worldRotation);
        const glm::dmat4 parentWorld = bone.parent < 0 ? spec.rootTransform : worlds[bone.parent];
        node->mTransformation = ToAssimp(glm::inverse(parentWorld) * world);
        aiNode *parent = bone.parent < 0 ? scene->mRootNode : nodes[bone.parent];
        node->mParent = parent;
        children[parent].push_back(node);
        nodes.push_back(node);
        worlds.push_back(world);
    }
    for (auto &entry : children) {
        entry.first->mNumChildren = static_cast<unsigned>(entry.second.size());
        entry.first->mChildren = new aiNode *[entry.second.size()];
        for (size_t i = 0; i < entry.second.size(); ++i) {
            entry.first->mChildren[i] = entry.second[i];
        }
    }
    if (spec.unitScaleFactor > 0.0) {
        scene->mMetaData = aiMetadata::Alloc(1);
        scene->mMetaData->Set(0, "UnitScaleFactor", spec.unitScaleFactor);
    }
    return nodes;
}

/** A known pose: per bone name, the rotation from rest in the bone's own axes, and a
 *  translation from rest in its parent's axes. */
struct KnownPose {
    std::map<std::string, glm::dquat> rotation;
    std::map<std::string, glm::dvec3> translation;
};

/** Appends an animation to `scene` that poses its nodes as `pose` says (absolute local keys:
 *  rest local * delta), with two keys per channel so that sampling at t = 0 is exercised. */
inline void AddPoseAnimation(aiScene *scene, const KnownPose &pose, const std::string &name) {
    std::vector<aiNodeAnim *> channels;
    for (const auto &entry : pose.rotation) {
        const aiNode *node = scene->mRootNode->FindNode(entry.first.c_str());
        aiVector3D scaling, position;
        aiQuaternion rotation;
        node->mTransformation.Decompose(scaling, rotation, position);
        const glm::dquat rest(rotation.w, rotation.x, rotation.y, rotation.z);
        const glm::dquat posed = rest * entry.second;
        glm::dvec3 moved(position.x, position.y, position.z);
        const auto translation = pose.translation.find(entry.first);
        if (translation != pose.translation.end()) {
            moved += translation->second;
        }
        auto *channel = new aiNodeAnim;
        channel->mNodeName = node->mName;
        channel->mNumPositionKeys = 2;
        channel->mPositionKeys = new aiVectorKey[2];
        channel->mNumRotationKeys = 2;
        channel->mRotationKeys = new aiQuatKey[2];
        channel->mNumScalingKeys = 1;
        channel->mScalingKeys = new aiVectorKey[1];
        // Key 0 holds the pose; key 1 (at tick 10) is rest, so that a wrong time would show.
        channel->mPositionKeys[0] =
            aiVectorKey(0.0, aiVector3D(static_cast<float>(moved.x), static_cast<float>(moved.y),
                                        static_cast<float>(moved.z)));
        channel->mPositionKeys[1] = aiVectorKey(10.0, position);
        channel->mRotationKeys[0] =
            aiQuatKey(0.0, aiQuaternion(static_cast<float>(posed.w), static_cast<float>(posed.x),
                                        static_cast<float>(posed.y), static_cast<float>(posed.z)));
        channel->mRotationKeys[1] = aiQuatKey(10.0, rotation);
        channel->mScalingKeys[0] = aiVectorKey(0.0, scaling);
        channels.push_back(channel);
    }
    auto *animation = new aiAnimation;
    animation->mName = name;
    animation->mTicksPerSecond = 1.0;
    animation->mDuration = 10.0;
    animation->mNumChannels = static_cast<unsigned>(channels.size());
    animation->mChannels = new aiNodeAnim *[channels.size()];
    for (size_t i = 0; i < channels.size(); ++i) {
        animation->mChannels[i] = channels[i];
    }
    auto **animations = new aiAnimation *[scene->mNumAnimations + 1];
    for (unsigned i = 0; i < scene->mNumAnimations; ++i) {
        animations[i] = scene->mAnimations[i];
    }
    animations[scene->mNumAnimations] = animation;
    delete[] scene->mAnimations;
    scene->mAnimations = animations;
    ++scene->mNumAnimations;
}

/** World transforms of every node with `animation`'s first keys applied (nullptr: rest). */
inline std::map<std::string, glm::dmat4> PosedWorld(const aiScene &scene,
                                                    const aiAnimation *animation) {
    std::map<std::string, const aiNodeAnim *> channels;
    for (unsigned i = 0; animation != nullptr && i < animation->mNumChannels; ++i) {
        channels.emplace(animation->mChannels[i]->mNodeName.C_Str(), animation->mChannels[i]);
    }
    std::map<std::string, glm::dmat4> world;
    std::vector<std::pair<const aiNode *, glm::dmat4>> pending{{scene.mRootNode, glm::dmat4(1.0)}};
    while (!pending.empty()) {
        const auto [node, parentWorld] = pending.back();
        pending.pop_back();
        glm::dmat4 local = ToGlm(node->mTransformation);
        const auto channel = channels.find(node->mName.C_Str());
        if (channel != channels.end()) {
            const aiNodeAnim &keys = *channel->second;
            const aiVector3D &p = keys.mPositionKeys[0].mValue;
            const aiQuaternion &r = keys.mRotationKeys[0].mValue;
            const aiVector3D &s = keys.mScalingKeys[0].mValue;
            local = glm::translate(glm::dmat4(1.0), glm::dvec3(p.x, p.y, p.z)) *
                    glm::mat4_cast(glm::normalize(glm::dquat(r.w, r.x, r.y, r.z))) *
                    glm::scale(glm::dmat4(1.0), glm::dvec3(s.x, s.y, s.z));
        }
        const glm::dmat4 nodeWorld = parentWorld * local;
        world.emplace(node->mName.C_Str(), nodeWorld);
        for (unsigned i = 0; i < node->mNumChildren; ++i) {
            pending.emplace_back(node->mChildren[i], nodeWorld);
        }
    }
    return world;
}

inline glm::dvec3 PositionOf(const glm::dmat4 &world) {
    return glm::dvec3(world[3]);
}

/** The unit vector from a bone's head to its child's head. */
inline glm::dvec3 Direction(const std::map<std::string, glm::dmat4> &world, const std::string &bone,
                            const std::string &child) {
    return glm::normalize(PositionOf(world.at(child)) - PositionOf(world.at(bone)));
}

inline double MaxDifference(const glm::dmat4 &a, const glm::dmat4 &b) {
    double largest = 0.0;
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
            largest = std::max(largest, std::abs(a[c][r] - b[c][r]));
        }
    }
    return largest;
}

inline glm::dquat AxisAngle(double degrees, const glm::dvec3 &axis) {
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

} // namespace agf::test::poses
