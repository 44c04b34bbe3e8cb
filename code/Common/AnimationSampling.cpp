/** @file AnimationSampling.cpp */
#include "AnimationSampling.h"

#include <algorithm>
#include <cmath>

namespace agf {

namespace {

/** Index of the first key later than `time` (binary search; keys sorted). */
template <typename Key> unsigned FirstKeyAfter(const Key *keys, unsigned count, double time) {
    const Key *found = std::upper_bound(keys, keys + count, time,
                                        [](double t, const Key &key) { return t < key.mTime; });
    return static_cast<unsigned>(found - keys);
}

/** Finds the keys around `time`: sets `exact` to the key to take as is, or `before` and the
 *  interpolation factor towards the next key. */
template <typename Key>
bool KeyAt(const Key *keys, unsigned count, double time, double snap, unsigned &index,
           double &factor) {
    const unsigned after = FirstKeyAfter(keys, count, time);
    if (after < count && keys[after].mTime - time <= snap) {
        index = after;
        return true;
    }
    if (after == 0) {
        index = 0;
        return true;
    }
    index = after - 1;
    if (after == count || time - keys[index].mTime <= snap) {
        return true;
    }
    const double span = keys[after].mTime - keys[index].mTime;
    factor = span > 0.0 ? (time - keys[index].mTime) / span : 0.0;
    return factor <= 0.0;
}

} // namespace

namespace {

aiVector3D Between(const aiVectorKey &a, const aiVectorKey &b, double factor) {
    return a.mValue + (b.mValue - a.mValue) * static_cast<ai_real>(factor);
}

aiQuaternion Between(const aiQuatKey &a, const aiQuatKey &b, double factor) {
    aiQuaternion result;
    aiQuaternion::Interpolate(result, a.mValue, b.mValue, static_cast<ai_real>(factor));
    return result.Normalize();
}

template <typename Key, typename Value>
Value Sample(const Key *keys, unsigned count, double time, const Value &fallback, double snap) {
    if (count == 0 || keys == nullptr) {
        return fallback;
    }
    unsigned index = 0;
    double factor = 0.0;
    if (KeyAt(keys, count, time, snap, index, factor)) {
        return keys[index].mValue;
    }
    return Between(keys[index], keys[index + 1], factor);
}

} // namespace

aiVector3D SampleVectorKeys(const aiVectorKey *keys, unsigned count, double time,
                            const aiVector3D &fallback, double snap) {
    return Sample(keys, count, time, fallback, snap);
}

aiQuaternion SampleRotationKeys(const aiQuatKey *keys, unsigned count, double time,
                                const aiQuaternion &fallback, double snap) {
    return Sample(keys, count, time, fallback, snap);
}

aiMatrix4x4 TransformParts::matrix() const {
    return aiMatrix4x4(scaling, rotation, position);
}

TransformParts TransformParts::Of(const aiMatrix4x4 &matrix) {
    TransformParts parts;
    matrix.Decompose(parts.scaling, parts.rotation, parts.position);
    return parts;
}

TransformParts SampleChannel(const aiNodeAnim *channel, double time, const TransformParts &rest,
                             double snap) {
    if (channel == nullptr) {
        return rest;
    }
    TransformParts parts;
    parts.position = SampleVectorKeys(channel->mPositionKeys, channel->mNumPositionKeys, time,
                                      rest.position, snap);
    parts.rotation = SampleRotationKeys(channel->mRotationKeys, channel->mNumRotationKeys, time,
                                        rest.rotation, snap);
    parts.scaling =
        SampleVectorKeys(channel->mScalingKeys, channel->mNumScalingKeys, time, rest.scaling, snap);
    return parts;
}

bool ChannelKeysSorted(const aiNodeAnim &channel) {
    const auto earlier = [](const auto &a, const auto &b) { return a.mTime < b.mTime; };
    return std::is_sorted(channel.mPositionKeys, channel.mPositionKeys + channel.mNumPositionKeys,
                          earlier) &&
           std::is_sorted(channel.mRotationKeys, channel.mRotationKeys + channel.mNumRotationKeys,
                          earlier) &&
           std::is_sorted(channel.mScalingKeys, channel.mScalingKeys + channel.mNumScalingKeys,
                          earlier);
}

} // namespace agf
