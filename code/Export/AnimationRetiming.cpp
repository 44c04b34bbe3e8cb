/** @file AnimationRetiming.cpp
 *  Re-timing animations to 1 tick per second.
 */
#include "Export/AnimationRetiming.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <cmath>

namespace agf {

namespace {

template <typename Key> void ScaleKeyTimes(Key *keys, unsigned int count, double factor) {
    for (unsigned int i = 0; i < count; ++i) {
        keys[i].mTime *= factor;
    }
}

/** Whole seconds that cover `seconds`; tiny floating-point excess does not add a second. */
double RoundUpToWholeSeconds(double seconds) {
    const double nearest = std::round(seconds);
    if (std::fabs(seconds - nearest) < 1e-9) {
        return nearest;
    }
    return std::ceil(seconds);
}

} // namespace

std::vector<double> RetimeAnimationsToSeconds(aiScene &scene) {
    std::vector<double> durations;
    durations.reserve(scene.mNumAnimations);
    for (unsigned int a = 0; a < scene.mNumAnimations; ++a) {
        aiAnimation &animation = *scene.mAnimations[a];
        const double ticksPerSecond =
            animation.mTicksPerSecond > 0.0 ? animation.mTicksPerSecond : 1.0;
        const double factor = 1.0 / ticksPerSecond;
        for (unsigned int c = 0; c < animation.mNumChannels; ++c) {
            aiNodeAnim &channel = *animation.mChannels[c];
            ScaleKeyTimes(channel.mPositionKeys, channel.mNumPositionKeys, factor);
            ScaleKeyTimes(channel.mRotationKeys, channel.mNumRotationKeys, factor);
            ScaleKeyTimes(channel.mScalingKeys, channel.mNumScalingKeys, factor);
        }
        for (unsigned int c = 0; c < animation.mNumMeshChannels; ++c) {
            aiMeshAnim &channel = *animation.mMeshChannels[c];
            ScaleKeyTimes(channel.mKeys, channel.mNumKeys, factor);
        }
        for (unsigned int c = 0; c < animation.mNumMorphMeshChannels; ++c) {
            aiMeshMorphAnim &channel = *animation.mMorphMeshChannels[c];
            ScaleKeyTimes(channel.mKeys, channel.mNumKeys, factor);
        }
        const double seconds = animation.mDuration * factor;
        durations.push_back(seconds);
        animation.mDuration = RoundUpToWholeSeconds(seconds);
        animation.mTicksPerSecond = 1.0;
    }
    return durations;
}

} // namespace agf
