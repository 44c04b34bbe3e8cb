/** @file UeAnimConverter.cpp */
#include "UeAnimConverter.h"

#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/StringHelpers.h"
#include "Common/UnrealMaterialFiles.h"
#include "Common/Warnings.h"
#include "UeFormatSpace.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace agf::ueformat {

namespace {

/** The longest ".Keys" text an aiString holds. */
constexpr size_t kMaxKeysText = 1023;

/** Bone names in first-seen order, and each name's index. */
class BoneList {
public:
    uint32_t index(const std::string &name) {
        const auto it = mIndex.find(name);
        if (it != mIndex.end()) {
            return it->second;
        }
        const auto index = static_cast<uint32_t>(mNames.size());
        mIndex.emplace(name, index);
        mNames.push_back(name);
        return index;
    }
    std::vector<std::string> take() { return std::move(mNames); }

private:
    std::unordered_map<std::string, uint32_t> mIndex;
    std::vector<std::string> mNames;
};

/** Orders keys by time and keeps the last of keys at one time (Assimp wants times rising). */
template <typename Key> void OrderKeys(KeyArray<Key> &keys) {
    std::stable_sort(keys.begin(), keys.end(),
                     [](const Key &a, const Key &b) { return a.mTime < b.mTime; });
    Key *out = keys.begin();
    for (Key *key = keys.begin(); key != keys.end(); ++key) {
        if (out != keys.begin() && (out - 1)->mTime == key->mTime) {
            *(out - 1) = *key;
        } else {
            *out++ = *key;
        }
    }
    keys.erase(out, keys.end());
}

aiVector3D FiniteOr(const aiVector3D &value, const aiVector3D &fallback, size_t &bad) {
    if (IsFinite(value)) {
        return value;
    }
    ++bad;
    return fallback;
}

void AddCurveMetadata(const CurveSource &curve, AnimationSource &animation) {
    const std::string field = AGF_META_UEFORMAT_CURVES + MetadataName(curve.name);
    animation.intMetadata.push_back({AGF_META_UEFORMAT_ANIMATIONS,
                                     field + AGF_META_UEFORMAT_CURVE_KEY_COUNT,
                                     static_cast<int32_t>(curve.keys.size())});
    std::string text;
    for (const CurveSource::Key &key : curve.keys) {
        char entry[64];
        std::snprintf(entry, sizeof entry, "%s%.9g:%.9g", text.empty() ? "" : " ", key.time,
                      double(key.value));
        text += entry;
        if (text.size() > kMaxKeysText) {
            return; // an aiString cannot hold it: the count alone
        }
    }
    animation.textMetadata.push_back(
        {AGF_META_UEFORMAT_ANIMATIONS, field + AGF_META_UEFORMAT_CURVE_KEYS, text});
}

double FrameRate(float rate, const std::string &fileName, Warnings &warnings) {
    if (std::isfinite(rate) && rate > 0.0f) {
        return rate;
    }
    warnings.add(WarningKind::InvalidValue, fileName, "METADATA", Warning::kNoOffset,
                 "frame rate " + std::to_string(rate) + "; using " +
                     std::to_string(int(kFallbackFrameRate)));
    return kFallbackFrameRate;
}

ChannelSource ConvertTrack(const Track &track, uint32_t bone, const UeSpace &space, bool additive,
                           size_t &dropped, size_t &bad) {
    ChannelSource channel;
    channel.bone = bone;
    const aiVector3D unitScale = additive ? aiVector3D() : aiVector3D(1, 1, 1);
    for (const Key<Float3> &key : track.positions) {
        if (key.frame < 0) {
            ++dropped;
            continue;
        }
        channel.positionKeys.emplace_back(double(key.frame),
                                          FiniteOr(space.point(key.value), aiVector3D(), bad));
    }
    for (const Key<Float4> &key : track.rotations) {
        if (key.frame < 0) {
            ++dropped;
            continue;
        }
        channel.rotationKeys.emplace_back(double(key.frame), space.rotation(key.value));
    }
    for (const Key<Float3> &key : track.scales) {
        if (key.frame < 0) {
            ++dropped;
            continue;
        }
        channel.scalingKeys.emplace_back(double(key.frame),
                                         FiniteOr(UeSpace::scale(key.value), unitScale, bad));
    }
    OrderKeys(channel.positionKeys);
    OrderKeys(channel.rotationKeys);
    OrderKeys(channel.scalingKeys);
    return channel;
}

void SetAdditive(const AnimMetadata &metadata, const std::string &fileName,
                 AnimationSource &animation, Warnings &warnings) {
    switch (metadata.additiveType) {
    case kNotAdditive:
        return;
    case kLocalSpaceAdditive:
        animation.additive.space = AdditiveSpace::Local;
        break;
    case kMeshSpaceRotationAdditive:
        animation.additive.space = AdditiveSpace::Mesh;
        break;
    default:
        warnings.add(WarningKind::Unknown, fileName, "METADATA", Warning::kNoOffset,
                     "additive type " + std::to_string(metadata.additiveType) +
                         " is not known; the clip is taken as not additive");
        return;
    }
    animation.additive.additive = true;
    if (metadata.refPoseType == kAnimationFrame || metadata.refPoseType == kLocalAnimationFrame) {
        animation.additive.baseAnimation = ObjectNameOf(metadata.refPosePath);
        animation.additive.baseTick = std::max(0, metadata.refFrameIndex);
    }
}

} // namespace

AnimationSet ConvertUeAnim(Anim &&anim, const Header &header, const std::string &fileName,
                           Warnings &warnings) {
    const UeSpace space(header.version);
    AnimationSet set;
    set.sourceFile = fileName;
    AnimationSource animation;
    animation.name = header.objectName.empty() ? BaseNameOf(fileName) : header.objectName;
    animation.ticksPerSecond = FrameRate(anim.metadata.framesPerSecond, fileName, warnings);
    SetAdditive(anim.metadata, fileName, animation, warnings);
    BoneList bones;
    size_t dropped = 0;
    size_t bad = 0;
    double last = 0;
    for (const Track &track : anim.tracks) {
        ChannelSource channel = ConvertTrack(track, bones.index(track.bone), space,
                                             animation.additive.additive, dropped, bad);
        for (double time : {channel.positionKeys.empty() ? 0.0 : channel.positionKeys.back().mTime,
                            channel.rotationKeys.empty() ? 0.0 : channel.rotationKeys.back().mTime,
                            channel.scalingKeys.empty() ? 0.0 : channel.scalingKeys.back().mTime}) {
            last = std::max(last, time);
        }
        animation.channels.push_back(std::move(channel));
    }
    for (Curve &curve : anim.curves) {
        CurveSource source;
        source.name = curve.name;
        for (const Key<float> &key : curve.keys) {
            if (key.frame < 0 || !std::isfinite(key.value)) {
                ++dropped;
                continue;
            }
            source.keys.push_back({double(key.frame), key.value});
            last = std::max(last, double(key.frame));
        }
        std::stable_sort(
            source.keys.begin(), source.keys.end(),
            [](const CurveSource::Key &a, const CurveSource::Key &b) { return a.time < b.time; });
        AddCurveMetadata(source, animation);
        animation.curves.push_back(std::move(source));
    }
    if (dropped != 0) {
        warnings.add(WarningKind::OutOfRange, fileName, "TRACKS", Warning::kNoOffset,
                     std::to_string(dropped) +
                         " keys at a negative frame (or curve keys not finite) dropped");
    }
    if (bad != 0) {
        warnings.add(WarningKind::InvalidValue, fileName, "TRACKS", Warning::kNoOffset,
                     std::to_string(bad) + " keys hold values that are not finite; replaced");
    }
    animation.duration = std::max(last, double(anim.metadata.frameCount) - 1.0);
    const AnimMetadata &metadata = anim.metadata;
    animation.intMetadata.push_back(
        {AGF_META_UEFORMAT_ANIMATIONS, AGF_META_UEFORMAT_FRAME_COUNT, metadata.frameCount});
    animation.intMetadata.push_back(
        {AGF_META_UEFORMAT_ANIMATIONS, AGF_META_UEFORMAT_ADDITIVE_TYPE, metadata.additiveType});
    animation.intMetadata.push_back(
        {AGF_META_UEFORMAT_ANIMATIONS, AGF_META_UEFORMAT_REF_POSE_TYPE, metadata.refPoseType});
    animation.intMetadata.push_back(
        {AGF_META_UEFORMAT_ANIMATIONS, AGF_META_UEFORMAT_REF_FRAME_INDEX, metadata.refFrameIndex});
    if (!metadata.refPosePath.empty()) {
        animation.textMetadata.push_back(
            {AGF_META_UEFORMAT_ANIMATIONS, AGF_META_UEFORMAT_REF_POSE_PATH, metadata.refPosePath});
    }
    set.boneNames = bones.take();
    set.animations.push_back(std::move(animation));
    return set;
}

namespace {

bool Chosen(const Pose &pose, size_t index, const std::string &choice) {
    return choice.empty() || EqualsIgnoreCase(pose.name, choice) || choice == std::to_string(index);
}

} // namespace

AnimationSet ConvertUePose(PoseFile &&poses, const Header &header, const std::string &fileName,
                           const std::string &choice, Warnings &warnings) {
    const UeSpace space(header.version);
    AnimationSet set;
    set.sourceFile = fileName;
    BoneList bones;
    size_t badCurves = 0;
    size_t bad = 0;
    for (size_t p = 0; p < poses.poses.size(); ++p) {
        const Pose &pose = poses.poses[p];
        if (!Chosen(pose, p, choice)) {
            continue;
        }
        AnimationSource animation;
        animation.name = pose.name.empty() ? "Pose_" + std::to_string(p) : pose.name;
        animation.ticksPerSecond = 1.0;
        animation.duration = 0.0;
        animation.additive.additive = true;
        animation.additive.space = AdditiveSpace::Local;
        for (const PoseKey &key : pose.keys) {
            ChannelSource channel;
            channel.bone = bones.index(key.bone);
            channel.positionKeys.emplace_back(
                0.0, FiniteOr(space.point(key.location), aiVector3D(), bad));
            channel.rotationKeys.emplace_back(0.0, space.rotation(key.rotation));
            channel.scalingKeys.emplace_back(
                0.0, FiniteOr(UeSpace::scale(key.scale), aiVector3D(), bad));
            animation.channels.push_back(std::move(channel));
        }
        for (const PoseCurveInfluence &influence : pose.curves) {
            if (influence.curve < 0 || size_t(influence.curve) >= poses.curveNames.size() ||
                !std::isfinite(influence.influence)) {
                ++badCurves;
                continue;
            }
            CurveSource curve{poses.curveNames[size_t(influence.curve)],
                              {{0.0, influence.influence}}};
            AddCurveMetadata(curve, animation);
            animation.curves.push_back(std::move(curve));
        }
        set.animations.push_back(std::move(animation));
    }
    if (badCurves != 0) {
        warnings.add(WarningKind::OutOfRange, fileName, "POSES", Warning::kNoOffset,
                     std::to_string(badCurves) +
                         " curve influences name no curve of CURVES or are not finite; dropped");
    }
    if (bad != 0) {
        warnings.add(WarningKind::InvalidValue, fileName, "POSES", Warning::kNoOffset,
                     std::to_string(bad) + " pose values are not finite; replaced by no change");
    }
    if (set.animations.empty() && !choice.empty()) {
        ThrowImportError(fileName, "POSES", 0,
                         "IMPORT_UEFORMAT_POSE \"" + choice + "\" names none of the " +
                             std::to_string(poses.poses.size()) + " poses");
    }
    set.boneNames = bones.take();
    return set;
}

} // namespace agf::ueformat
