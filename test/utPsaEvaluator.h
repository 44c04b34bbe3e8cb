/** @file utPsaEvaluator.h
 *  A small animation evaluator for the PSA tests, written with glm and independent of the
 *  code under test: linear interpolation of positions and scales, slerp of rotations, and
 *  bone world transforms composed up the node tree.
 */
#pragma once

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cstring>
#include <string>

namespace agf::test::psaeval {

inline glm::dvec3 ToGlm(const aiVector3D &v) {
    return glm::dvec3(v.x, v.y, v.z);
}
inline glm::dquat ToGlm(const aiQuaternion &q) {
    return glm::dquat(q.w, q.x, q.y, q.z);
}

inline glm::dmat4 ToGlm(const aiMatrix4x4 &m) {
    // aiMatrix4x4 is row-major, glm column-major.
    glm::dmat4 result;
    for (int row = 0; row < 4; ++row) {
        for (int column = 0; column < 4; ++column) {
            result[column][row] = m[row][column];
        }
    }
    return result;
}

inline glm::dmat4 Compose(const glm::dvec3 &translation, const glm::dquat &rotation,
                          const glm::dvec3 &scale) {
    return glm::translate(glm::dmat4(1.0), translation) * glm::mat4_cast(rotation) *
           glm::scale(glm::dmat4(1.0), scale);
}

/** Index of the last key with time <= t (0 when t is before the first key). */
template <typename Key> unsigned KeyBefore(const Key *keys, unsigned count, double t) {
    unsigned index = 0;
    while (index + 1 < count && keys[index + 1].mTime <= t) {
        ++index;
    }
    return index;
}

inline glm::dvec3 SampleVector(const aiVectorKey *keys, unsigned count, double t) {
    const unsigned i = KeyBefore(keys, count, t);
    if (i + 1 >= count || t <= keys[i].mTime) {
        return ToGlm(keys[i].mValue);
    }
    const double a = (t - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
    return glm::mix(ToGlm(keys[i].mValue), ToGlm(keys[i + 1].mValue), a);
}

inline glm::dquat SampleRotation(const aiQuatKey *keys, unsigned count, double t) {
    const unsigned i = KeyBefore(keys, count, t);
    if (i + 1 >= count || t <= keys[i].mTime) {
        return ToGlm(keys[i].mValue);
    }
    const double a = (t - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
    return glm::slerp(ToGlm(keys[i].mValue), ToGlm(keys[i + 1].mValue), a);
}

inline glm::dmat4 ChannelLocal(const aiNodeAnim &channel, double t) {
    return Compose(SampleVector(channel.mPositionKeys, channel.mNumPositionKeys, t),
                   SampleRotation(channel.mRotationKeys, channel.mNumRotationKeys, t),
                   SampleVector(channel.mScalingKeys, channel.mNumScalingKeys, t));
}

inline const aiNodeAnim *FindChannel(const aiAnimation &animation, const std::string &node) {
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        if (node == animation.mChannels[c]->mNodeName.C_Str()) {
            return animation.mChannels[c];
        }
    }
    return nullptr;
}

inline const aiAnimation *FindAnimation(const aiScene &scene, const std::string &name) {
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        if (name == scene.mAnimations[a]->mName.C_Str()) {
            return scene.mAnimations[a];
        }
    }
    return nullptr;
}

/** The node's transform relative to `ancestor` (excluded) at tick `t`: animated nodes use
 *  their channel, the others their rest transform. */
inline glm::dmat4 WorldAt(const aiAnimation &animation, const aiNode *node, const aiNode *ancestor,
                          double t) {
    glm::dmat4 result(1.0);
    for (const aiNode *current = node; current != nullptr && current != ancestor;
         current = current->mParent) {
        const aiNodeAnim *channel = FindChannel(animation, current->mName.C_Str());
        const glm::dmat4 local =
            channel != nullptr ? ChannelLocal(*channel, t) : ToGlm(current->mTransformation);
        result = local * result;
    }
    return result;
}

inline double MaxDifference(const glm::dmat4 &a, const glm::dmat4 &b) {
    double difference = 0;
    for (int column = 0; column < 4; ++column) {
        for (int row = 0; row < 4; ++row) {
            difference = std::max(difference, std::abs(a[column][row] - b[column][row]));
        }
    }
    return difference;
}

} // namespace agf::test::psaeval
