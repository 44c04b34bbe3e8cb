/** @file ChannelKeyAlignment.cpp
 *  Resampling node channels onto one set of key times.
 */
#include "Export/ChannelKeyAlignment.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace agf {

namespace {

aiVector3D Lerp(const aiVector3D &a, const aiVector3D &b, float f) {
    return a + (b - a) * f;
}

aiQuaternion Lerp(const aiQuaternion &a, const aiQuaternion &b, float f) {
    aiQuaternion out;
    aiQuaternion::Interpolate(out, a, b, f);
    return out.Normalize();
}

/** The value of a track at `time`: held before the first and after the last key. */
template <typename Key, typename Value>
Value Evaluate(const Key *keys, unsigned int count, double time, const Value &fallback) {
    if (count == 0) {
        return fallback;
    }
    if (time <= keys[0].mTime) {
        return keys[0].mValue;
    }
    for (unsigned int k = 1; k < count; ++k) {
        if (time <= keys[k].mTime) {
            const double span = keys[k].mTime - keys[k - 1].mTime;
            const float f =
                span > 0.0 ? static_cast<float>((time - keys[k - 1].mTime) / span) : 1.0f;
            return Lerp(keys[k - 1].mValue, keys[k].mValue, f);
        }
    }
    return keys[count - 1].mValue;
}

template <typename Key>
void AddTimes(const Key *keys, unsigned int count, std::vector<double> &times) {
    for (unsigned int k = 0; k < count; ++k) {
        times.push_back(keys[k].mTime);
    }
}

template <typename Key>
bool SameTimes(const Key *keys, unsigned int count, const std::vector<double> &times) {
    if (count != times.size()) {
        return false;
    }
    for (unsigned int k = 0; k < count; ++k) {
        if (keys[k].mTime != times[k]) {
            return false;
        }
    }
    return true;
}

void Align(aiNodeAnim &channel, const aiNode *node) {
    std::vector<double> times;
    AddTimes(channel.mPositionKeys, channel.mNumPositionKeys, times);
    AddTimes(channel.mRotationKeys, channel.mNumRotationKeys, times);
    AddTimes(channel.mScalingKeys, channel.mNumScalingKeys, times);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());

    aiVector3D bindScaling(1, 1, 1), bindPosition;
    aiQuaternion bindRotation;
    if (node != nullptr) {
        node->mTransformation.Decompose(bindScaling, bindRotation, bindPosition);
    }
    const auto count = static_cast<unsigned int>(times.size());
    auto *positions = new aiVectorKey[count];
    auto *rotations = new aiQuatKey[count];
    auto *scalings = new aiVectorKey[count];
    for (unsigned int k = 0; k < count; ++k) {
        const double t = times[k];
        positions[k] = aiVectorKey(
            t, Evaluate(channel.mPositionKeys, channel.mNumPositionKeys, t, bindPosition));
        rotations[k] = aiQuatKey(
            t, Evaluate(channel.mRotationKeys, channel.mNumRotationKeys, t, bindRotation));
        scalings[k] =
            aiVectorKey(t, Evaluate(channel.mScalingKeys, channel.mNumScalingKeys, t, bindScaling));
    }
    delete[] channel.mPositionKeys;
    delete[] channel.mRotationKeys;
    delete[] channel.mScalingKeys;
    channel.mPositionKeys = positions;
    channel.mRotationKeys = rotations;
    channel.mScalingKeys = scalings;
    channel.mNumPositionKeys = channel.mNumRotationKeys = channel.mNumScalingKeys = count;
}

} // namespace

unsigned int AlignChannelKeys(aiScene &scene) {
    unsigned int changed = 0;
    for (unsigned int a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene.mAnimations[a];
        for (unsigned int c = 0; c < animation.mNumChannels; ++c) {
            aiNodeAnim &channel = *animation.mChannels[c];
            std::vector<double> times;
            AddTimes(channel.mPositionKeys, channel.mNumPositionKeys, times);
            if (SameTimes(channel.mRotationKeys, channel.mNumRotationKeys, times) &&
                SameTimes(channel.mScalingKeys, channel.mNumScalingKeys, times)) {
                continue;
            }
            const aiNode *node =
                scene.mRootNode != nullptr ? scene.mRootNode->FindNode(channel.mNodeName) : nullptr;
            Align(channel, node);
            ++changed;
        }
    }
    return changed;
}

} // namespace agf
