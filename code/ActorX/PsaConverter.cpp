/** @file PsaConverter.cpp */
#include "PsaConverter.h"

#include "Common/StringHelpers.h"
#include "Common/Warnings.h"

#include "Common/Coordinates.h"

#include <assimp_gameformats/GameFormats.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace agf::actorx {

namespace {

// These run for every key of files with millions of keys. Declared inline because GCC -O2
// otherwise called ToRotation and ToScale out of line from ConvertPsa's key loop, passing every
// vector through memory: 24 M of the 169 M instructions of a 100 x 10k PSA import.
// A float is infinite or NaN exactly when its bits without the sign are at least those of
// +infinity, so one comparison of the largest of the three tells them all: no branch per
// component (three std::isfinite calls were 40 M instructions of that import).
inline uint32_t MagnitudeBits(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits & 0x7FFFFFFFu;
}

inline bool Finite(const PsaVector &v) {
    return std::max({MagnitudeBits(v.x), MagnitudeBits(v.y), MagnitudeBits(v.z)}) < 0x7F800000u;
}

inline aiVector3D ToVector(const PsaVector &v, size_t &nonFinite) {
    const aiVector3D result(v.x, v.y, v.z);
    if (!Finite(v)) {
        ++nonFinite;
        return aiVector3D();
    }
    return result;
}

inline aiVector3D ToScale(const PsaVector &v, size_t &nonFinite) {
    const aiVector3D result(v.x, v.y, v.z);
    if (!Finite(v)) {
        ++nonFinite;
        return aiVector3D(1, 1, 1);
    }
    return result;
}

// Specs 3.2: the root's rotation is stored as is, every other bone's conjugated. Runs per key:
// a finite quaternion of length 1 (what writers store) skips the square root and the division.
inline aiQuaternion ToRotation(const PsaQuaternion &q, bool storedAsIs) {
    const aiQuaternion stored = QuaternionXYZW(q.x, q.y, q.z, q.w);
    const aiQuaternion rotation = storedAsIs ? stored : Conjugate(stored);
    const float lengthSquared = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (std::fabs(lengthSquared - 1.0f) <= 1e-6f) { // false for NaN and infinities too
        return rotation;
    }
    return NormalizedOrIdentity(rotation);
}

// Applies [RemoveTracks]: the position and/or rotation keys of a track are dropped (the
// binder then uses the node's rest value); a track that loses both is dropped whole.
void ApplyRemovals(const PsaConfig &config, const std::string &fileName, AnimationSet &set,
                   Warnings &warnings) {
    for (const PsaTrackRemoval &removal : config.removals) {
        AnimationSource *animation = nullptr;
        for (AnimationSource &candidate : set.animations) {
            if (candidate.name == removal.sequence) {
                animation = &candidate;
                break;
            }
        }
        for (AnimationSource &candidate : set.animations) {
            if (animation == nullptr && EqualsIgnoreCase(candidate.name, removal.sequence)) {
                animation = &candidate;
            }
        }
        if (animation == nullptr || removal.bone >= set.boneNames.size()) {
            warnings.add(fileName, ".config [RemoveTracks]", 0,
                         "entry " + removal.sequence + "." + std::to_string(removal.bone) +
                             " names no sequence or bone of the file; ignored");
            continue;
        }
        auto &channels = animation->channels;
        for (auto it = channels.begin(); it != channels.end(); ++it) {
            if (it->bone != removal.bone) {
                continue;
            }
            if (removal.translation && removal.rotation) {
                channels.erase(it); // "all": the bone keeps its rest pose, scale included
                break;
            }
            if (removal.translation) {
                it->positionKeys.clear();
            }
            if (removal.rotation) {
                it->rotationKeys.clear();
            }
            break;
        }
    }
}

void AddConfigMetadata(const PsaConfig &config, AnimationSet &set) {
    for (const auto &section : config.otherSections) {
        std::string text;
        for (const std::string &line : section.second) {
            text += text.empty() ? line : "\n" + line;
        }
        set.sceneMetadata.push_back({AGF_META_PSA_CONFIG, section.first, text});
    }
}

double RateOrFallback(float rate, const std::string &sequence, const std::string &fileName,
                      Warnings &warnings) {
    if (std::isfinite(rate) && rate > 0.0f) {
        return rate;
    }
    warnings.add(fileName, "sequence \"" + sequence + "\"", 0,
                 "frame rate " + std::to_string(rate) + "; using " +
                     std::to_string(int(kPsaFallbackFrameRate)));
    return kPsaFallbackFrameRate;
}

} // namespace

AnimationSet ConvertPsa(const PsaFile &file, const PsaConfig *config, const std::string &fileName,
                        Warnings &warnings) {
    AnimationSet set;
    set.sourceFile = fileName;
    for (const PsaBone &bone : file.bones) {
        set.boneNames.push_back(bone.name);
    }
    const size_t boneCount = file.bones.size();
    const bool withScale = !file.scales.empty();
    size_t nonFinite = 0;
    for (size_t s = 0; s < file.sequences.size(); ++s) {
        const PsaSequence &sequence = file.sequences[s];
        const uint64_t frames = file.sequenceFrames[s];
        if (frames == 0) {
            warnings.add(fileName, "sequence \"" + sequence.name + "\"", 0, "no frames; skipped");
            continue;
        }
        AnimationSource animation;
        animation.name = sequence.name;
        animation.ticksPerSecond =
            RateOrFallback(sequence.animRate, sequence.name, fileName, warnings);
        animation.duration = static_cast<double>(frames);
        animation.channels.resize(boneCount);
        for (size_t b = 0; b < boneCount; ++b) {
            ChannelSource &channel = animation.channels[b];
            channel.bone = static_cast<uint32_t>(b);
            channel.positionKeys.resize(frames);
            channel.rotationKeys.resize(frames);
            if (withScale) {
                channel.scalingKeys.resize(frames);
            }
        }
        // Frame by frame, in file order: the records are read once, front to back, and each
        // channel's key arrays are written front to back.
        const size_t firstKey = static_cast<size_t>(file.sequenceStart[s]) * boneCount;
        for (size_t f = 0; f < frames; ++f) {
            const double time = static_cast<double>(f);
            const size_t frameKey = firstKey + f * boneCount;
            for (size_t b = 0; b < boneCount; ++b) {
                const size_t k = frameKey + b;
                ChannelSource &channel = animation.channels[b];
                const PsaVector position{file.keys.field(k, 0), file.keys.field(k, 1),
                                         file.keys.field(k, 2)};
                const PsaQuaternion rotation{file.keys.field(k, 3), file.keys.field(k, 4),
                                             file.keys.field(k, 5), file.keys.field(k, 6)};
                channel.positionKeys[f] = aiVectorKey(time, ToVector(position, nonFinite));
                channel.rotationKeys[f] = aiQuatKey(time, ToRotation(rotation, b == 0));
                if (withScale) {
                    const PsaVector scale{file.scales.field(k, 0), file.scales.field(k, 1),
                                          file.scales.field(k, 2)};
                    channel.scalingKeys[f] = aiVectorKey(time, ToScale(scale, nonFinite));
                }
            }
        }
        set.animations.push_back(std::move(animation));
    }
    if (nonFinite != 0) {
        warnings.add(fileName, "ANIMKEYS", 0,
                     std::to_string(nonFinite) +
                         " keys hold non-finite values; replaced by zero position / unit scale");
    }
    if (config != nullptr) {
        ApplyRemovals(*config, fileName, set, warnings);
        AddConfigMetadata(*config, set);
    }
    return set;
}

namespace {

// Sparse keys: drop the ones with a negative or non-finite time, order by time (the writer
// orders them, but nothing in the format promises it), return the largest time.
template <typename Key> void SortByTime(KeyArray<Key> &keys, size_t &dropped) {
    const auto bad = [](const Key &key) { return !std::isfinite(key.mTime) || key.mTime < 0; };
    const size_t before = keys.size();
    keys.erase(std::remove_if(keys.begin(), keys.end(), bad), keys.end());
    dropped += before - keys.size();
    const auto earlier = [](const Key &a, const Key &b) { return a.mTime < b.mTime; };
    // Writers store keys in order: check in one pass before paying for a sort.
    if (!std::is_sorted(keys.begin(), keys.end(), earlier)) {
        std::stable_sort(keys.begin(), keys.end(), earlier);
    }
}

template <typename Key> double LastTime(const KeyArray<Key> &keys) {
    return keys.empty() ? 0.0 : keys.back().mTime;
}

} // namespace

AnimationSet ConvertPsax(const PsaxFile &file, bool oldRoot, const std::string &fileName,
                         Warnings &warnings) {
    AnimationSet set;
    set.sourceFile = fileName;
    for (const PsaBone &bone : file.bones) {
        set.boneNames.push_back(bone.name);
    }
    const bool conjugateRoot = oldRoot && !file.hasScaleTracks;
    size_t nonFinite = 0;
    size_t droppedKeys = 0;
    std::vector<AnimationSource> animations(file.sequences.size());
    std::vector<double> lastTime(file.sequences.size(), -1.0);
    for (const auto &entry : file.tracks) {
        const uint32_t s = entry.first.first;
        const uint32_t b = entry.first.second;
        const PsaxTrack &track = entry.second;
        ChannelSource channel;
        channel.bone = b;
        channel.positionKeys.reserve(track.positions.size());
        channel.scalingKeys.reserve(track.scales.size());
        channel.rotationKeys.reserve(track.rotations.size());
        for (const PsaxVectorKey &key : track.positions) {
            channel.positionKeys.emplace_back(key.time, ToVector(key.value, nonFinite));
        }
        for (const PsaxVectorKey &key : track.scales) {
            channel.scalingKeys.emplace_back(key.time, ToScale(key.value, nonFinite));
        }
        for (const PsaxRotationKey &key : track.rotations) {
            channel.rotationKeys.emplace_back(key.time,
                                              ToRotation(key.value, b == 0 && !conjugateRoot));
        }
        SortByTime(channel.positionKeys, droppedKeys);
        SortByTime(channel.scalingKeys, droppedKeys);
        SortByTime(channel.rotationKeys, droppedKeys);
        if (channel.positionKeys.empty() && channel.rotationKeys.empty() &&
            channel.scalingKeys.empty()) {
            continue;
        }
        lastTime[s] = std::max({lastTime[s], LastTime(channel.positionKeys),
                                LastTime(channel.rotationKeys), LastTime(channel.scalingKeys)});
        animations[s].channels.push_back(std::move(channel));
    }
    if (nonFinite != 0) {
        warnings.add(fileName, "tracks", 0,
                     std::to_string(nonFinite) +
                         " keys hold non-finite values; replaced by zero position / unit scale");
    }
    if (droppedKeys != 0) {
        warnings.add(fileName, "tracks", 0,
                     std::to_string(droppedKeys) +
                         " keys with a negative or non-finite time dropped");
    }
    for (size_t s = 0; s < file.sequences.size(); ++s) {
        const PsaxSequence &sequence = file.sequences[s];
        AnimationSource &animation = animations[s];
        if (animation.channels.empty()) {
            warnings.add(fileName, "sequence " + std::to_string(s) + " \"" + sequence.name + "\"",
                         0, "no keys; skipped");
            continue;
        }
        animation.name = sequence.name;
        animation.ticksPerSecond = RateOrFallback(sequence.fps, sequence.name, fileName, warnings);
        animation.duration = lastTime[s] + 1.0;
        if (sequence.hasAdditive) {
            animation.intMetadata.push_back(
                {AGF_META_PSA_ANIMATIONS, AGF_META_PSA_ANIMATION_ADDITIVE, sequence.additive});
        }
        set.animations.push_back(std::move(animation));
    }
    return set;
}

} // namespace agf::actorx
