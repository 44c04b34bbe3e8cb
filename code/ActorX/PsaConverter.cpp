/** @file PsaConverter.cpp */
#include "PsaConverter.h"
#include "PsaParser.h"

#include "Common/Parallel.h"
#include "Common/StringHelpers.h"
#include "Common/Warnings.h"

#include "Common/Coordinates.h"

#include <assimp_gameformats/GameFormats.h>

#include <algorithm>
#include <atomic>
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
            warnings.add(WarningKind::Inconsistent, fileName, ".config [RemoveTracks]", 0,
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
    warnings.add(WarningKind::InvalidValue, fileName, "sequence \"" + sequence + "\"", 0,
                 "frame rate " + std::to_string(rate) + "; using " +
                     std::to_string(int(kPsaFallbackFrameRate)));
    return kPsaFallbackFrameRate;
}

// The keys of one sequence in ANIMKEYS (and SCALEKEYS): `frames` frames from `firstFrame`.
struct DenseRange {
    uint64_t firstFrame = 0;
    uint64_t frames = 0;
};

// Converts bones [firstBone, endBone) of one sequence into key blocks allocated here: the
// thread that owns those bones also takes the page faults of their blocks. Frame by frame, in
// file order: the part's records are read front to back, and each key block is written front
// to back.
void ConvertDenseBones(const PsaFile &file, const DenseRange &range, size_t firstBone,
                       size_t endBone, std::vector<ChannelSource> &channels, size_t &nonFinite) {
    const size_t boneCount = file.bones.size();
    const bool withScale = !file.scales.empty();
    const size_t frames = static_cast<size_t>(range.frames);
    for (size_t b = firstBone; b < endBone; ++b) {
        ChannelSource &channel = channels[b];
        channel.positionKeys.resize(frames);
        channel.rotationKeys.resize(frames);
        if (withScale) {
            channel.scalingKeys.resize(frames);
        }
    }
    const size_t firstKey = static_cast<size_t>(range.firstFrame) * boneCount;
    for (size_t f = 0; f < frames; ++f) {
        const double time = static_cast<double>(f);
        const size_t frameKey = firstKey + f * boneCount;
        for (size_t b = firstBone; b < endBone; ++b) {
            const size_t k = frameKey + b;
            ChannelSource &channel = channels[b];
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
}

} // namespace

AnimationSet ConvertPsa(const PsaFile &file, const PsaConfig *config, const std::string &fileName,
                        Warnings &warnings, unsigned threads) {
    AnimationSet set;
    set.sourceFile = fileName;
    for (const PsaBone &bone : file.bones) {
        set.boneNames.push_back(bone.name);
    }
    const size_t boneCount = file.bones.size();
    std::vector<DenseRange> ranges;
    uint64_t framesPerBone = 0;
    for (size_t s = 0; s < file.sequences.size(); ++s) {
        const PsaSequence &sequence = file.sequences[s];
        const uint64_t frames = file.sequenceFrames[s];
        if (frames == 0) {
            warnings.add(WarningKind::Empty, fileName, "sequence \"" + sequence.name + "\"", 0,
                         "no frames; skipped");
            continue;
        }
        AnimationSource animation;
        animation.name = sequence.name;
        animation.ticksPerSecond =
            RateOrFallback(sequence.animRate, sequence.name, fileName, warnings);
        animation.duration = static_cast<double>(frames);
        animation.channels.resize(boneCount);
        for (size_t b = 0; b < boneCount; ++b) {
            animation.channels[b].bone = static_cast<uint32_t>(b);
        }
        set.animations.push_back(std::move(animation));
        ranges.push_back({file.sequenceStart[s], frames});
        framesPerBone += frames;
    }
    // Each part owns a range of bones in every sequence: it allocates those channels' key
    // blocks and writes them, so no two threads touch the same block, and every key depends
    // on its record alone (the same bits for any split).
    std::atomic<size_t> nonFinite{0};
    const size_t minimumBones =
        ItemsForWork(framesPerBone * boneCount, boneCount, kPsaMinimumKeysPerThread);
    ParallelRanges(boneCount, threads, minimumBones, [&](size_t firstBone, size_t endBone) {
        size_t partNonFinite = 0;
        for (size_t a = 0; a < ranges.size(); ++a) {
            ConvertDenseBones(file, ranges[a], firstBone, endBone, set.animations[a].channels,
                              partNonFinite);
        }
        nonFinite += partNonFinite;
    });
    if (nonFinite != 0) {
        warnings.add(WarningKind::InvalidValue, fileName, "ANIMKEYS", 0,
                     std::to_string(nonFinite.load()) +
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

using PsaxTracks = decltype(PsaxFile::tracks);

// The keys of one sparse track (bone `bone`), with bad times dropped and in time order.
ChannelSource ConvertSparseTrack(uint32_t bone, const PsaxTrack &track, bool conjugateRoot,
                                 size_t &nonFinite, size_t &droppedKeys) {
    ChannelSource channel;
    channel.bone = bone;
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
                                          ToRotation(key.value, bone == 0 && !conjugateRoot));
    }
    SortByTime(channel.positionKeys, droppedKeys);
    SortByTime(channel.scalingKeys, droppedKeys);
    SortByTime(channel.rotationKeys, droppedKeys);
    return channel;
}

} // namespace

AnimationSet ConvertPsax(const PsaxFile &file, bool oldRoot, const std::string &fileName,
                         Warnings &warnings, unsigned threads) {
    AnimationSet set;
    set.sourceFile = fileName;
    for (const PsaBone &bone : file.bones) {
        set.boneNames.push_back(bone.name);
    }
    const bool conjugateRoot = oldRoot && !file.hasScaleTracks;
    std::vector<const PsaxTracks::value_type *> tracks;
    tracks.reserve(file.tracks.size());
    uint64_t keyCount = 0;
    for (const auto &entry : file.tracks) {
        tracks.push_back(&entry);
        keyCount += entry.second.positions.size() + entry.second.scales.size() +
                    entry.second.rotations.size();
    }
    // Each part converts a range of tracks into channels of its own; the channels are then
    // gathered in track order on this thread, so the result does not depend on the split.
    std::vector<ChannelSource> channels(tracks.size());
    std::atomic<size_t> nonFinite{0};
    std::atomic<size_t> droppedKeys{0};
    const size_t minimumTracks = ItemsForWork(keyCount, tracks.size(), kPsaMinimumKeysPerThread);
    ParallelRanges(tracks.size(), threads, minimumTracks, [&](size_t begin, size_t end) {
        size_t partNonFinite = 0;
        size_t partDropped = 0;
        for (size_t t = begin; t < end; ++t) {
            channels[t] = ConvertSparseTrack(tracks[t]->first.second, tracks[t]->second,
                                             conjugateRoot, partNonFinite, partDropped);
        }
        nonFinite += partNonFinite;
        droppedKeys += partDropped;
    });
    std::vector<AnimationSource> animations(file.sequences.size());
    std::vector<double> lastTime(file.sequences.size(), -1.0);
    for (size_t t = 0; t < tracks.size(); ++t) {
        ChannelSource &channel = channels[t];
        if (channel.positionKeys.empty() && channel.rotationKeys.empty() &&
            channel.scalingKeys.empty()) {
            continue;
        }
        const uint32_t s = tracks[t]->first.first;
        lastTime[s] = std::max({lastTime[s], LastTime(channel.positionKeys),
                                LastTime(channel.rotationKeys), LastTime(channel.scalingKeys)});
        animations[s].channels.push_back(std::move(channel));
    }
    if (nonFinite != 0) {
        warnings.add(WarningKind::InvalidValue, fileName, "tracks", 0,
                     std::to_string(nonFinite.load()) +
                         " keys hold non-finite values; replaced by zero position / unit scale");
    }
    if (droppedKeys != 0) {
        warnings.add(WarningKind::InvalidValue, fileName, "tracks", 0,
                     std::to_string(droppedKeys.load()) +
                         " keys with a negative or non-finite time dropped");
    }
    for (size_t s = 0; s < file.sequences.size(); ++s) {
        const PsaxSequence &sequence = file.sequences[s];
        AnimationSource &animation = animations[s];
        if (animation.channels.empty()) {
            warnings.add(WarningKind::Empty, fileName,
                         "sequence " + std::to_string(s) + " \"" + sequence.name + "\"", 0,
                         "no keys; skipped");
            continue;
        }
        animation.name = sequence.name;
        animation.ticksPerSecond = RateOrFallback(sequence.fps, sequence.name, fileName, warnings);
        animation.duration = lastTime[s] + 1.0;
        if (sequence.hasAdditive) {
            animation.intMetadata.push_back(
                {AGF_META_PSA_ANIMATIONS, AGF_META_PSA_ANIMATION_ADDITIVE, sequence.additive});
            // The file says additive or not, never in which space: the option decides.
            animation.additive.additive = sequence.additive != 0;
        }
        set.animations.push_back(std::move(animation));
    }
    return set;
}

} // namespace agf::actorx
