/** @file PsaModels.h
 *  PSA and PSAX files with known poses, for tests and the benchmark.
 *
 *  Every file animates the same small skeleton. PoseAt() is the ground truth: the local
 *  transform an importer must produce, in Assimp's conventions. The writers store it the way
 *  ActorX writers do (specs/actorx.md 3.2: bone 0's rotation as is, every other bone's
 *  conjugated; positions and scales as is, the data being right-handed already).
 */
#pragma once

#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::psa {

struct KnownBone {
    std::string name;
    int32_t parent; ///< as written to BONENAMES; -1 for the root
};

/** Root > Spine > {Head, Arm}. */
const std::vector<KnownBone> &KnownSkeleton();

struct KnownPose {
    aiVector3D position;
    aiQuaternion rotation;
    aiVector3D scale{1, 1, 1};
};

/** Local transform of `bone` at integer `frame` of `sequence`; scale is 1 unless `withScale`. */
KnownPose PoseAt(unsigned sequence, unsigned frame, unsigned bone, bool withScale);

struct KnownSequence {
    std::string name;
    float rate;
    unsigned frames;
};

/** The dense PSA's sequences: "Walk" (3 frames at 30 fps) and "Run" (5 frames at 24 fps). */
const std::vector<KnownSequence> &PsaSequences();

struct PsaOptions {
    bool scaleKeys = true;
    /** CUE4Parse before PR #104: FirstRawFrame holds NumRawFrames. */
    bool firstRawFrameBug = false;
    /** Keys left out at the end of ANIMKEYS (and SCALEKEYS). */
    unsigned missingKeys = 0;
    /** Writes SCALEKEYS with this many records fewer than ANIMKEYS (a partial chunk). */
    unsigned partialScaleKeys = 0;
    /** Overrides the second sequence's FirstRawFrame (a sequence past the keys) when >= 0. */
    int32_t secondFirstRawFrame = -1;
};

std::vector<uint8_t> MakePsa(const PsaOptions &options);

/** A UEViewer-style sidecar for the dense PSA: removes Walk's Head translation (trans),
 *  Run's Spine rotation (rot) and Walk's Arm track (all); keeps [AnimSet] and
 *  [UseTranslationBoneNames] as extra sections. */
std::string MakePsaConfigText();

/** The PSAX's sequences: "Idle" (5 frames at 20 fps, additive 0) and "Wave" (3 frames at
 *  40 fps, additive 1). */
const std::vector<KnownSequence> &PsaxSequences();
/** The PSAX sequences' additive flags. */
int32_t PsaxAdditive(unsigned sequence);

enum class TrackKind { Position, Scale, Rotation };

/** Frames at which the PSAX has a key of this kind (empty: no track). Bone 3 (Arm) has no
 *  track in sequence 0; positions are keyed every other frame and on the last; scales on the
 *  first and last frames; rotations on every frame. */
std::vector<unsigned> PsaxKeyFrames(TrackKind kind, unsigned sequence, unsigned bone);

struct PsaxOptions {
    /** SEQUENCES record layout: 72 (int32 flag), 69 (one-byte flag under a header saying 72)
     *  or 68 (no flag). */
    unsigned sequenceRecordSize = 72;
    /** The first writer: no SCLTRACK chunks and the root rotation conjugated too. */
    bool firstWriter = false;
    /** Adds tracks with a bad suffix, a bone out of range and a sequence out of range. */
    bool badTracks = false;
};

std::vector<uint8_t> MakePsax(const PsaxOptions &options);

/** A PSAX sequence given key by key, in Assimp's conventions (the writer stores rotations the
 *  ActorX way: bone 0 as is, the others conjugated). Times are frame numbers. */
struct PsaxSequenceContent {
    std::string name;
    float rate = 30.0f;
    int32_t additive = 0;
    struct Track {
        unsigned bone = 0;
        std::vector<std::pair<float, aiVector3D>> positions;
        std::vector<std::pair<float, aiVector3D>> scales;
        std::vector<std::pair<float, aiQuaternion>> rotations;
    };
    std::vector<Track> tracks;
};

/** A PSAX of `sequences` over `bones` (72-byte SEQUENCES records). */
std::vector<uint8_t> WritePsax(const std::vector<KnownBone> &bones,
                               const std::vector<PsaxSequenceContent> &sequences);

/** A large PSA for the benchmark: one sequence of `frames` frames of `bones` bones (a chain),
 *  with full SCALEKEYS. */
std::vector<uint8_t> MakeLargePsa(unsigned bones, unsigned frames);

/** A large PSAX for the benchmark: one sequence "Large" (30 fps) of `frames` frames of `bones`
 *  bones (a chain) with sparse tracks: rotations every 2nd frame, positions every 4th, scales on
 *  the first and last frames (every track also keys the last frame). */
std::vector<uint8_t> MakeLargePsax(unsigned bones, unsigned frames);

} // namespace agf::testgen::psa
