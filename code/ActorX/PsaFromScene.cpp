/** @file PsaFromScene.cpp */
#include "PsaFromScene.h"

#include "ActorXRecords.h"
#include "Common/Coordinates.h"
#include "Common/StringHelpers.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace agf::actorx {

namespace {

/** Assimp's players take 25 ticks per second when an animation gives none. */
constexpr double kDefaultTicksPerSecond = 25.0;
/** The rate of keys that lie on no regular grid (ChooseFrameRate). */
constexpr double kFallbackFrameRate = 30.0;

bool Finite(const TransformParts &parts) {
    const aiVector3D &p = parts.position, &s = parts.scaling;
    const aiQuaternion &q = parts.rotation;
    return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z) && std::isfinite(s.x) &&
           std::isfinite(s.y) && std::isfinite(s.z) && std::isfinite(q.w) && std::isfinite(q.x) &&
           std::isfinite(q.y) && std::isfinite(q.z);
}

/** Keys with a finite time, in time order; `dropped` counts the others. */
template <typename Key>
void CleanKeys(const Key *keys, unsigned count, Key *&out, unsigned &outCount, size_t &dropped) {
    std::vector<Key> kept;
    for (unsigned k = 0; k < count; ++k) {
        if (std::isfinite(keys[k].mTime)) {
            kept.push_back(keys[k]);
        } else {
            ++dropped;
        }
    }
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Key &a, const Key &b) { return a.mTime < b.mTime; });
    outCount = static_cast<unsigned>(kept.size());
    out = kept.empty() ? nullptr : new Key[kept.size()];
    std::copy(kept.begin(), kept.end(), out);
}

template <typename Key> bool FiniteTimes(const Key *keys, unsigned count) {
    return std::all_of(keys, keys + count, [](const Key &key) { return std::isfinite(key.mTime); });
}

bool FiniteTimes(const aiNodeAnim &channel) {
    return FiniteTimes(channel.mPositionKeys, channel.mNumPositionKeys) &&
           FiniteTimes(channel.mRotationKeys, channel.mNumRotationKeys) &&
           FiniteTimes(channel.mScalingKeys, channel.mNumScalingKeys);
}

/** One aiAnimation as a sequence. */
struct SequencePlan {
    const aiAnimation *animation = nullptr;
    std::string name;
    double ticksPerSecond = kDefaultTicksPerSecond;
    double frameRate = kFallbackFrameRate;
    uint64_t frames = 1;
    int32_t additive = 0;
    std::vector<const aiNodeAnim *> channelOfBone;  ///< null: the bone is not animated
    std::vector<std::unique_ptr<aiNodeAnim>> owned; ///< cleaned copies of channels

    double tickOfFrame(uint64_t frame) const {
        return frameRate == ticksPerSecond ? double(frame)
                                           : double(frame) * ticksPerSecond / frameRate;
    }
    double frameOfTick(double tick) const {
        return frameRate == ticksPerSecond ? tick : tick * frameRate / ticksPerSecond;
    }
    /** Half a thousandth of a frame, in ticks: keys this close to a frame are taken as is. */
    double snap() const { return 1e-3 * ticksPerSecond / frameRate; }
};

/** The frame rate: the option; the ticks when every key lies on a whole tick of a plausible
 *  rate; the spacing of the keys when they lie on a regular grid; else 30. */
double ChooseFrameRate(const SequencePlan &plan, float option, ExportWarnings &warnings) {
    // Ticks per second up to this are taken as frames when every key lies on a whole tick.
    constexpr double kMaxTicksAsFrameRate = 240.0;
    // Key spacings that would mean a higher rate are noise, not a grid.
    constexpr double kMaxFrameRate = 1000.0;
    if (option > 0) {
        return option;
    }
    std::set<double> times;
    for (const aiNodeAnim *channel : plan.channelOfBone) {
        if (channel == nullptr) {
            continue;
        }
        for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
            times.insert(channel->mPositionKeys[k].mTime);
        }
        for (unsigned k = 0; k < channel->mNumRotationKeys; ++k) {
            times.insert(channel->mRotationKeys[k].mTime);
        }
        for (unsigned k = 0; k < channel->mNumScalingKeys; ++k) {
            times.insert(channel->mScalingKeys[k].mTime);
        }
    }
    const double tps = plan.ticksPerSecond;
    const bool wholeTicks = std::all_of(
        times.begin(), times.end(), [](double t) { return std::fabs(t - std::round(t)) <= 1e-3; });
    if (tps <= kMaxTicksAsFrameRate && wholeTicks) {
        return tps;
    }
    double gap = 0;
    for (auto it = times.begin(); it != times.end() && std::next(it) != times.end(); ++it) {
        const double step = *std::next(it) - *it;
        if (step > 1e-9 * tps && (gap == 0 || step < gap)) {
            gap = step;
        }
    }
    const bool onGrid = gap > 0 && std::all_of(times.begin(), times.end(), [gap](double t) {
                            return std::fabs(t / gap - std::round(t / gap)) <= 1e-2;
                        });
    if (onGrid && tps / gap >= 1.0 && tps / gap <= kMaxFrameRate) {
        // Over the whole span, for precision; then a rate written with 3 decimals if it is one.
        const double span = *times.rbegin() - *times.begin();
        const double steps = std::round(span / gap);
        double rate = steps > 0 ? steps * tps / span : tps / gap;
        const double rounded = std::round(rate * 1000.0) / 1000.0;
        if (std::fabs(rate - rounded) <= 1e-5 * rate) {
            rate = rounded;
        }
        return rate;
    }
    if (!times.empty()) {
        warnings.add(WarningKind::Adjusted, "ANIMINFO",
                     "animation \"" + plan.name +
                         "\": its keys lie on no regular grid; sampled at 30 frames "
                         "per second (set EXPORT_PSA_FPS to choose)");
    }
    return kFallbackFrameRate;
}

/** The frames of a sequence: up to its last key, or its duration when that is longer. */
uint64_t FrameCount(const SequencePlan &plan) {
    double last = 0;
    for (const aiNodeAnim *channel : plan.channelOfBone) {
        if (channel == nullptr) {
            continue;
        }
        if (channel->mNumPositionKeys != 0) {
            last = std::max(last, channel->mPositionKeys[channel->mNumPositionKeys - 1].mTime);
        }
        if (channel->mNumRotationKeys != 0) {
            last = std::max(last, channel->mRotationKeys[channel->mNumRotationKeys - 1].mTime);
        }
        if (channel->mNumScalingKeys != 0) {
            last = std::max(last, channel->mScalingKeys[channel->mNumScalingKeys - 1].mTime);
        }
    }
    double frames = std::round(plan.frameOfTick(last)) + 1;
    const double duration = plan.animation->mDuration;
    if (std::isfinite(duration) && duration > 0) {
        frames = std::max(frames, std::round(plan.frameOfTick(duration)));
    }
    return frames >= 1 && std::isfinite(frames) ? static_cast<uint64_t>(frames) : 1;
}

int32_t AdditiveFlag(const aiScene &scene, const std::string &animation) {
    int32_t value = 0;
    if (scene.mMetaData != nullptr) {
        const std::string key =
            AGF_META_PSA_ANIMATIONS + MetadataName(animation) + AGF_META_PSA_ANIMATION_ADDITIVE;
        scene.mMetaData->Get(key, value);
    }
    return value;
}

/** Maps an animation's channels onto the bones; cleans channels with unordered keys. */
void BindChannels(const aiScene &scene, const ExportSkeleton &skeleton, SequencePlan &plan,
                  size_t &droppedKeys, ExportWarnings &warnings) {
    const aiAnimation &animation = *plan.animation;
    plan.channelOfBone.assign(skeleton.bones.size(), nullptr);
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        const aiNode *node = scene.mRootNode->FindNode(channel->mNodeName);
        const auto bone = skeleton.boneOfNode.find(node);
        if (bone == skeleton.boneOfNode.end()) {
            continue; // reported by ExtractSkeleton
        }
        if (plan.channelOfBone[bone->second] != nullptr) {
            warnings.add(WarningKind::Duplicate, "ANIMKEYS",
                         "animation \"" + plan.name + "\" has two channels for " +
                             channel->mNodeName.C_Str() + "; the first is used");
            continue;
        }
        if (!ChannelKeysSorted(*channel) || !FiniteTimes(*channel)) {
            auto copy = std::make_unique<aiNodeAnim>();
            copy->mNodeName = channel->mNodeName;
            CleanKeys(channel->mPositionKeys, channel->mNumPositionKeys, copy->mPositionKeys,
                      copy->mNumPositionKeys, droppedKeys);
            CleanKeys(channel->mRotationKeys, channel->mNumRotationKeys, copy->mRotationKeys,
                      copy->mNumRotationKeys, droppedKeys);
            CleanKeys(channel->mScalingKeys, channel->mNumScalingKeys, copy->mScalingKeys,
                      copy->mNumScalingKeys, droppedKeys);
            channel = copy.get();
            plan.owned.push_back(std::move(copy));
        }
        plan.channelOfBone[bone->second] = channel;
    }
}

std::vector<SequencePlan> PlanSequences(const aiScene &scene, const ExportSkeleton &skeleton,
                                        const ActorXExportOptions &options,
                                        ExportWarnings &warnings) {
    std::vector<std::string> names;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        names.push_back(scene.mAnimations[a]->mName.C_Str());
    }
    size_t shortened = 0, renamed = 0;
    const std::vector<std::string> fieldNames =
        FieldNames(names, kMaxNameBytes, "Sequence_", shortened, renamed);
    std::vector<SequencePlan> plans;
    size_t droppedKeys = 0;
    std::vector<std::string> skipped;
    for (unsigned a = 0; a < scene.mNumAnimations && !skeleton.synthetic; ++a) {
        SequencePlan plan;
        plan.animation = scene.mAnimations[a];
        plan.name = fieldNames[a];
        plan.additive = AdditiveFlag(scene, names[a]);
        const double tps = plan.animation->mTicksPerSecond;
        plan.ticksPerSecond = std::isfinite(tps) && tps > 0 ? tps : kDefaultTicksPerSecond;
        BindChannels(scene, skeleton, plan, droppedKeys, warnings);
        if (std::all_of(plan.channelOfBone.begin(), plan.channelOfBone.end(),
                        [](const aiNodeAnim *c) { return c == nullptr; })) {
            skipped.push_back(plan.name);
            continue;
        }
        plan.frameRate = ChooseFrameRate(plan, options.frameRate, warnings);
        plan.frames = FrameCount(plan);
        plans.push_back(std::move(plan));
    }
    if (!skipped.empty()) {
        warnings.add(WarningKind::Empty, "ANIMINFO",
                     "animations that move no bone are left out: " + JoinNames(skipped));
    }
    if (droppedKeys != 0) {
        warnings.add(WarningKind::InvalidValue, "ANIMKEYS",
                     std::to_string(droppedKeys) + " keys with a non-finite time were "
                                                   "left out");
    }
    if (shortened != 0 || renamed != 0) {
        warnings.add(WarningKind::Adjusted, "ANIMINFO",
                     "sequence names were shortened to 63 bytes or made unique");
    }
    if (plans.empty()) {
        throw ExportError("the scene has no animation that moves a node; nothing to write as a "
                          "PSA");
    }
    return plans;
}

std::vector<PsaBone> BoneNames(const ExportSkeleton &skeleton) {
    std::vector<PsaBone> bones;
    for (const ExportBone &source : skeleton.bones) {
        PsaBone bone;
        bone.name = source.name;
        bone.parentIndex = source.parent;
        const aiQuaternion &q = source.bindLocal.rotation;
        const aiQuaternion stored = source.parent < 0 ? q : Conjugate(q);
        bone.orientation = PsaQuaternion{stored.x, stored.y, stored.z, stored.w};
        const aiVector3D &p = source.bindLocal.position;
        bone.position = PsaVector{p.x, p.y, p.z};
        bones.push_back(bone);
    }
    return bones;
}

PsaQuaternion StoredRotation(const aiQuaternion &q, bool root) {
    // Specs 3.2: bone 0 as is, every other bone conjugated.
    const aiQuaternion stored = root ? q : Conjugate(q);
    return PsaQuaternion{stored.x, stored.y, stored.z, stored.w};
}

/** True when the keys hold no animation: none, or one key at the rest value (what Assimp
 *  scenes, ours included, put where a track has no keys: readers need one of each kind). */
bool Unanimated(const aiVectorKey *keys, unsigned count, const aiVector3D &rest) {
    return count == 0 ||
           (count == 1 && (keys[0].mValue - rest).Length() <= 1e-6f * (1.0f + rest.Length()));
}

bool Unanimated(const aiQuatKey *keys, unsigned count, const aiQuaternion &rest) {
    if (count == 0) {
        return true;
    }
    // The same rotation up to the sign (and to rounding: a rest value decomposed from a scaled
    // matrix is not quite of unit length).
    const aiQuaternion &q = keys[0].mValue;
    const float same = std::fabs(q.x - rest.x) + std::fabs(q.y - rest.y) + std::fabs(q.z - rest.z) +
                       std::fabs(q.w - rest.w);
    const float opposite = std::fabs(q.x + rest.x) + std::fabs(q.y + rest.y) +
                           std::fabs(q.z + rest.z) + std::fabs(q.w + rest.w);
    return count == 1 && std::min(same, opposite) <= 1e-5f;
}

/** The .config entries of the tracks an animation does not key. */
void AddRemovals(const SequencePlan &plan, const ExportSkeleton &skeleton, DensePsa &psa) {
    for (size_t b = 0; b < plan.channelOfBone.size(); ++b) {
        const aiNodeAnim *channel = plan.channelOfBone[b];
        const TransformParts &rest = skeleton.bones[b].restLocal;
        const bool noPosition =
            channel == nullptr ||
            Unanimated(channel->mPositionKeys, channel->mNumPositionKeys, rest.position);
        const bool noRotation =
            channel == nullptr ||
            Unanimated(channel->mRotationKeys, channel->mNumRotationKeys, rest.rotation);
        const bool noScale =
            channel == nullptr ||
            Unanimated(channel->mScalingKeys, channel->mNumScalingKeys, rest.scaling);
        const uint32_t bone = static_cast<uint32_t>(b);
        if (noPosition && noRotation && noScale) {
            psa.removals.push_back({plan.name, bone, true, true});
            continue;
        }
        // A channel that keys only the scale keeps it: two entries rather than "all".
        if (noPosition) {
            psa.removals.push_back({plan.name, bone, true, false});
        }
        if (noRotation) {
            psa.removals.push_back({plan.name, bone, false, true});
        }
    }
}

} // namespace

DensePsa DensePsaFromScene(const aiScene &scene, const ActorXExportOptions &options,
                           ExportWarnings &warnings) {
    const ExportSpace space = ChooseExportSpace(scene, options);
    const ExportSkeleton skeleton = ExtractSkeleton(scene, space, warnings);
    std::vector<SequencePlan> plans = PlanSequences(scene, skeleton, options, warnings);
    const uint64_t boneCount = skeleton.bones.size();
    uint64_t totalKeys = 0;
    for (const SequencePlan &plan : plans) {
        totalKeys += plan.frames * boneCount;
        if (plan.frames > uint64_t(INT32_MAX) / boneCount || totalKeys > kMaxPsaKeys) {
            throw ExportError(
                "animation \"" + plan.name + "\" needs " + std::to_string(plan.frames) +
                " frames at " + std::to_string(plan.frameRate) +
                " frames per second; the PSA would exceed " + std::to_string(kMaxPsaKeys) +
                " keys (set EXPORT_PSA_FPS to a lower rate)");
        }
    }
    DensePsa psa;
    psa.bones = BoneNames(skeleton);
    psa.keys.reserve(totalKeys);
    std::vector<PsaVector> scales;
    scales.reserve(totalKeys);
    bool scaled = false;
    size_t nonFinite = 0;
    int32_t firstFrame = 0;
    for (const SequencePlan &plan : plans) {
        PsaSequence sequence;
        sequence.name = plan.name;
        sequence.totalBones = static_cast<int32_t>(boneCount);
        sequence.animRate = static_cast<float>(plan.frameRate);
        sequence.firstRawFrame = firstFrame;
        sequence.numRawFrames = static_cast<int32_t>(plan.frames);
        firstFrame += sequence.numRawFrames;
        psa.sequences.push_back(sequence);
        for (uint64_t f = 0; f < plan.frames; ++f) {
            const double tick = plan.tickOfFrame(f);
            for (uint32_t b = 0; b < boneCount; ++b) {
                const TransformParts &rest = skeleton.bones[b].restLocal;
                TransformParts key = skeleton.toFile(
                    b, SampleChannel(plan.channelOfBone[b], tick, rest, plan.snap()));
                if (!Finite(key)) {
                    ++nonFinite;
                    key = skeleton.toFile(b, rest);
                }
                const aiVector3D &p = key.position, &s = key.scaling;
                psa.keys.push_back(
                    {PsaVector{p.x, p.y, p.z}, StoredRotation(key.rotation, b == 0)});
                scales.push_back(PsaVector{s.x, s.y, s.z});
                scaled = scaled || std::fabs(s.x - 1) > 1e-5f || std::fabs(s.y - 1) > 1e-5f ||
                         std::fabs(s.z - 1) > 1e-5f;
            }
        }
        AddRemovals(plan, skeleton, psa);
    }
    if (scaled) {
        psa.scales = std::move(scales);
    }
    if (nonFinite != 0) {
        warnings.add(WarningKind::InvalidValue, "ANIMKEYS",
                     std::to_string(nonFinite) +
                         " keys were not finite: written as the bone's rest pose");
    }
    return psa;
}

namespace {

/** The keys of one channel as PSAX tracks: the keys themselves when the bone's key is its
 *  node's local transform, else the composed transform sampled at every key time. */
PsaxTrack SparseTrack(const SequencePlan &plan, const ExportSkeleton &skeleton, uint32_t b) {
    const aiNodeAnim &channel = *plan.channelOfBone[b];
    const ExportBone &bone = skeleton.bones[b];
    const auto frameOf = [&plan](double tick) {
        return static_cast<float>(plan.frameOfTick(tick));
    };
    PsaxTrack track;
    if (bone.prefixIsIdentity) {
        const double length = b == 0 ? 1.0 : skeleton.lengthScale;
        for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
            const aiVector3D p = channel.mPositionKeys[k].mValue * static_cast<ai_real>(length);
            track.positions.push_back({frameOf(channel.mPositionKeys[k].mTime), {p.x, p.y, p.z}});
        }
        for (unsigned k = 0; k < channel.mNumScalingKeys; ++k) {
            const aiVector3D &s = channel.mScalingKeys[k].mValue;
            track.scales.push_back({frameOf(channel.mScalingKeys[k].mTime), {s.x, s.y, s.z}});
        }
        for (unsigned k = 0; k < channel.mNumRotationKeys; ++k) {
            aiQuaternion q = channel.mRotationKeys[k].mValue;
            track.rotations.push_back(
                {frameOf(channel.mRotationKeys[k].mTime), StoredRotation(q.Normalize(), b == 0)});
        }
        return track;
    }
    std::set<double> times;
    for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
        times.insert(channel.mPositionKeys[k].mTime);
    }
    for (unsigned k = 0; k < channel.mNumRotationKeys; ++k) {
        times.insert(channel.mRotationKeys[k].mTime);
    }
    for (unsigned k = 0; k < channel.mNumScalingKeys; ++k) {
        times.insert(channel.mScalingKeys[k].mTime);
    }
    for (double tick : times) {
        const TransformParts key =
            skeleton.toFile(b, SampleChannel(&channel, tick, bone.restLocal));
        const float frame = frameOf(tick);
        const aiVector3D &p = key.position, &s = key.scaling;
        track.positions.push_back({frame, {p.x, p.y, p.z}});
        track.scales.push_back({frame, {s.x, s.y, s.z}});
        track.rotations.push_back({frame, StoredRotation(key.rotation, b == 0)});
    }
    return track;
}

} // namespace

PsaxFile SparsePsaFromScene(const aiScene &scene, const ActorXExportOptions &options,
                            ExportWarnings &warnings) {
    const ExportSpace space = ChooseExportSpace(scene, options);
    const ExportSkeleton skeleton = ExtractSkeleton(scene, space, warnings);
    const std::vector<SequencePlan> plans = PlanSequences(scene, skeleton, options, warnings);
    PsaxFile psax;
    psax.bones = BoneNames(skeleton);
    psax.sequenceRecordSize = kPsaxSequenceRecordSize;
    psax.hasScaleTracks = true;
    size_t negative = 0;
    for (uint32_t s = 0; s < plans.size(); ++s) {
        const SequencePlan &plan = plans[s];
        psax.sequences.push_back(
            PsaxSequence{plan.name, static_cast<float>(plan.frameRate), plan.additive, true});
        for (uint32_t b = 0; b < skeleton.bones.size(); ++b) {
            if (plan.channelOfBone[b] == nullptr) {
                continue;
            }
            PsaxTrack track = SparseTrack(plan, skeleton, b);
            negative += std::count_if(track.positions.begin(), track.positions.end(),
                                      [](const PsaxVectorKey &k) { return k.time < 0; });
            psax.tracks[{s, b}] = std::move(track);
        }
    }
    if (negative != 0) {
        warnings.add(WarningKind::Unsupported, "POSTRACK",
                     std::to_string(negative) + " keys lie before frame 0; readers may drop them");
    }
    return psax;
}

} // namespace agf::actorx
