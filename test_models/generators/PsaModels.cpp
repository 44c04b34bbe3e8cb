/** @file PsaModels.cpp
 *  Writers for PSA and PSAX files with known poses (see PsaModels.h).
 */
#include "PsaModels.h"

#include "ByteWriter.h"
#include "GeneratedModels.h"

#include <assimp/quaternion.inl>
#include <assimp/vector3.inl>

#include <cmath>

namespace agf::testgen {

namespace psa {

namespace {

constexpr int32_t kUEViewerTypeFlag = 20100422;

void ChunkHeader(ByteWriter &out, const std::string &id, int32_t typeFlag, int32_t dataSize,
                 int32_t dataCount) {
    out.fixedString(id, 20);
    out.i32(typeFlag);
    out.i32(dataSize);
    out.i32(dataCount);
}

void Vector(ByteWriter &out, const aiVector3D &v) {
    out.f32(v.x);
    out.f32(v.y);
    out.f32(v.z);
}

// How ActorX writers store a local rotation: the root as is, other bones conjugated.
void StoredRotation(ByteWriter &out, const aiQuaternion &q, bool conjugate) {
    const float sign = conjugate ? -1.0f : 1.0f;
    out.f32(sign * q.x);
    out.f32(sign * q.y);
    out.f32(sign * q.z);
    out.f32(q.w);
}

void BoneNames(ByteWriter &out, const std::vector<KnownBone> &bones) {
    ChunkHeader(out, "BONENAMES", 0, 120, static_cast<int32_t>(bones.size()));
    for (size_t b = 0; b < bones.size(); ++b) {
        out.fixedString(bones[b].name, 64);
        out.u32(0); // Flags
        out.i32(0); // NumChildren
        out.i32(bones[b].parent);
        StoredRotation(out, aiQuaternion(), false);
        Vector(out, aiVector3D(0, 0, 0));
        out.f32(1.0f);                    // Length
        Vector(out, aiVector3D(1, 1, 1)); // Size
    }
}

void AnimInfo(ByteWriter &out, const std::string &name, unsigned bones, float trackTime, float rate,
              int32_t firstRawFrame, unsigned frames) {
    out.fixedString(name, 64);
    out.fixedString("None", 64);
    out.i32(static_cast<int32_t>(bones));
    out.i32(0);                                    // RootInclude
    out.i32(0);                                    // KeyCompressionStyle
    out.i32(static_cast<int32_t>(frames * bones)); // KeyQuotum
    out.f32(1.0f);                                 // KeyReduction
    out.f32(trackTime);
    out.f32(rate);
    out.i32(0); // StartBone
    out.i32(firstRawFrame);
    out.i32(static_cast<int32_t>(frames));
}

} // namespace

const std::vector<KnownBone> &KnownSkeleton() {
    static const std::vector<KnownBone> bones = {
        {"Root", -1}, {"Spine", 0}, {"Head", 1}, {"Arm", 1}};
    return bones;
}

KnownPose PoseAt(unsigned sequence, unsigned frame, unsigned bone, bool withScale) {
    const float s = static_cast<float>(sequence);
    const float f = static_cast<float>(frame);
    const float b = static_cast<float>(bone);
    KnownPose pose;
    pose.position = aiVector3D(10 * b + 2 * f + s, 3 * b - 0.5f * f - s, 5 + f + 0.25f * b);
    aiVector3D axis(1.0f, 2 * b - 1, 0.5f + s);
    axis.Normalize();
    pose.rotation = aiQuaternion(axis, 0.2f + 0.15f * f + 0.1f * b + 0.3f * s);
    if (withScale) {
        pose.scale = aiVector3D(1 + 0.1f * f, 1 + 0.05f * b, 1 + 0.02f * s);
    }
    return pose;
}

const std::vector<KnownSequence> &PsaSequences() {
    static const std::vector<KnownSequence> sequences = {{"Walk", 30.0f, 3}, {"Run", 24.0f, 5}};
    return sequences;
}

std::vector<uint8_t> MakePsa(const PsaOptions &options) {
    const auto &bones = KnownSkeleton();
    const auto &sequences = PsaSequences();
    const unsigned boneCount = static_cast<unsigned>(bones.size());
    ByteWriter out;
    ChunkHeader(out, "ANIMHEAD", kUEViewerTypeFlag, 0, 0);
    BoneNames(out, bones);

    ChunkHeader(out, "ANIMINFO", 0, 168, static_cast<int32_t>(sequences.size()));
    int32_t first = 0;
    for (size_t s = 0; s < sequences.size(); ++s) {
        const KnownSequence &sequence = sequences[s];
        int32_t stored = options.firstRawFrameBug ? int32_t(sequence.frames) : first;
        if (s == 1 && options.secondFirstRawFrame >= 0) {
            stored = options.secondFirstRawFrame;
        }
        // TrackTime in seconds for one, in frames for the other: importers must ignore it.
        const float trackTime =
            s == 0 ? float(sequence.frames) / sequence.rate : float(sequence.frames);
        AnimInfo(out, sequence.name, boneCount, trackTime, sequence.rate, stored, sequence.frames);
        first += int32_t(sequence.frames);
    }

    std::vector<KnownPose> poses;
    for (unsigned s = 0; s < sequences.size(); ++s) {
        for (unsigned f = 0; f < sequences[s].frames; ++f) {
            for (unsigned b = 0; b < boneCount; ++b) {
                poses.push_back(PoseAt(s, f, b, options.scaleKeys));
            }
        }
    }
    const size_t keyCount = poses.size() - options.missingKeys;
    ChunkHeader(out, "ANIMKEYS", 0, 32, static_cast<int32_t>(keyCount));
    for (size_t k = 0; k < keyCount; ++k) {
        Vector(out, poses[k].position);
        StoredRotation(out, poses[k].rotation, k % boneCount != 0);
        out.f32(1.0f); // Time: "until the next key", ignored
    }
    if (options.scaleKeys) {
        const size_t scaleCount = keyCount - options.partialScaleKeys;
        ChunkHeader(out, "SCALEKEYS", 0, 16, static_cast<int32_t>(scaleCount));
        for (size_t k = 0; k < scaleCount; ++k) {
            Vector(out, poses[k].scale);
            out.f32(1.0f);
        }
    } else {
        ChunkHeader(out, "SCALEKEYS", 0, 16, 0); // as UEViewer writes it
    }
    return out.data();
}

std::string MakePsaConfigText() {
    return "[AnimSet]\n"
           "bAnimRotationOnly=0\n"
           "\n"
           "[UseTranslationBoneNames]\n"
           "Spine\n"
           "Head\n"
           "\n"
           "[RemoveTracks]\n"
           "Walk.2=trans\n"
           "Run.1=rot\n"
           "Walk.3=all\n";
}

const std::vector<KnownSequence> &PsaxSequences() {
    static const std::vector<KnownSequence> sequences = {{"Idle", 20.0f, 5}, {"Wave", 40.0f, 3}};
    return sequences;
}

int32_t PsaxAdditive(unsigned sequence) {
    return sequence == 1 ? 1 : 0;
}

std::vector<unsigned> PsaxKeyFrames(TrackKind kind, unsigned sequence, unsigned bone) {
    const unsigned frames = PsaxSequences()[sequence].frames;
    std::vector<unsigned> result;
    if (sequence == 0 && bone == 3) {
        return result;
    }
    for (unsigned f = 0; f < frames; ++f) {
        const bool last = f + 1 == frames;
        const bool keyed = kind == TrackKind::Rotation   ? true
                           : kind == TrackKind::Position ? (f % 2 == 0 || last)
                                                         : (f == 0 || last);
        if (keyed) {
            result.push_back(f);
        }
    }
    return result;
}

namespace {

void PsaxTrack(ByteWriter &out, TrackKind kind, unsigned sequence, unsigned bone,
               bool firstWriter) {
    const std::vector<unsigned> frames = PsaxKeyFrames(kind, sequence, bone);
    const char *prefix = kind == TrackKind::Position ? "POSTRACK"
                         : kind == TrackKind::Scale  ? "SCLTRACK"
                                                     : "ROTTRACK";
    const std::string id = prefix + std::to_string(sequence) + ":" + std::to_string(bone);
    ChunkHeader(out, id, 0, kind == TrackKind::Rotation ? 20 : 16,
                static_cast<int32_t>(frames.size()));
    for (unsigned f : frames) {
        const KnownPose pose = PoseAt(sequence, f, bone, !firstWriter);
        out.f32(static_cast<float>(f));
        if (kind == TrackKind::Position) {
            Vector(out, pose.position);
        } else if (kind == TrackKind::Scale) {
            Vector(out, pose.scale);
        } else {
            StoredRotation(out, pose.rotation, bone != 0 || firstWriter);
        }
    }
}

} // namespace

std::vector<uint8_t> MakePsax(const PsaxOptions &options) {
    const auto &bones = KnownSkeleton();
    const auto &sequences = PsaxSequences();
    ByteWriter out;
    ChunkHeader(out, "ANIXHEAD", 0, 0, 0);
    BoneNames(out, bones);
    const int32_t headerSize = options.sequenceRecordSize == 68 ? 68 : 72;
    ChunkHeader(out, "SEQUENCES", 0, headerSize, static_cast<int32_t>(sequences.size()));
    for (unsigned s = 0; s < sequences.size(); ++s) {
        out.fixedString(sequences[s].name, 64);
        out.f32(sequences[s].rate);
        if (options.sequenceRecordSize == 72) {
            out.i32(PsaxAdditive(s));
        } else if (options.sequenceRecordSize == 69) {
            out.u8(static_cast<uint8_t>(PsaxAdditive(s)));
        }
    }
    // The last sequence first: a reader must take the sequence from the id, not the order.
    for (unsigned s = static_cast<unsigned>(sequences.size()); s-- > 0;) {
        for (unsigned b = 0; b < bones.size(); ++b) {
            if (PsaxKeyFrames(TrackKind::Rotation, s, b).empty()) {
                continue; // a bone without tracks in this sequence
            }
            PsaxTrack(out, TrackKind::Position, s, b, options.firstWriter);
            if (!options.firstWriter) {
                PsaxTrack(out, TrackKind::Scale, s, b, options.firstWriter);
            }
            PsaxTrack(out, TrackKind::Rotation, s, b, options.firstWriter);
        }
    }
    if (options.badTracks) {
        const auto junkTrack = [&out](const std::string &id) {
            ChunkHeader(out, id, 0, 20, 1);
            out.f32(0.0f);
            StoredRotation(out, aiQuaternion(aiVector3D(0, 0, 1), 2.0f), true);
        };
        junkTrack("ROTTRACKx:1");
        junkTrack("ROTTRACK0-1");
        junkTrack("ROTTRACK0:99");
        junkTrack("ROTTRACK7:0");
    }
    return out.data();
}

std::vector<uint8_t> WritePsax(const std::vector<KnownBone> &bones,
                               const std::vector<PsaxSequenceContent> &sequences) {
    ByteWriter out;
    ChunkHeader(out, "ANIXHEAD", 0, 0, 0);
    BoneNames(out, bones);
    ChunkHeader(out, "SEQUENCES", 0, 72, static_cast<int32_t>(sequences.size()));
    for (const PsaxSequenceContent &sequence : sequences) {
        out.fixedString(sequence.name, 64);
        out.f32(sequence.rate);
        out.i32(sequence.additive);
    }
    for (size_t s = 0; s < sequences.size(); ++s) {
        for (const PsaxSequenceContent::Track &track : sequences[s].tracks) {
            const std::string suffix = std::to_string(s) + ":" + std::to_string(track.bone);
            ChunkHeader(out, "POSTRACK" + suffix, 0, 16,
                        static_cast<int32_t>(track.positions.size()));
            for (const auto &[time, value] : track.positions) {
                out.f32(time);
                Vector(out, value);
            }
            ChunkHeader(out, "SCLTRACK" + suffix, 0, 16, static_cast<int32_t>(track.scales.size()));
            for (const auto &[time, value] : track.scales) {
                out.f32(time);
                Vector(out, value);
            }
            ChunkHeader(out, "ROTTRACK" + suffix, 0, 20,
                        static_cast<int32_t>(track.rotations.size()));
            for (const auto &[time, value] : track.rotations) {
                out.f32(time);
                StoredRotation(out, value, track.bone != 0);
            }
        }
    }
    return out.data();
}

std::vector<uint8_t> MakeLargePsa(unsigned bones, unsigned frames) {
    ByteWriter out;
    out.data().reserve(size_t(bones) * frames * 48 + bones * 120 + 1024);
    ChunkHeader(out, "ANIMHEAD", kUEViewerTypeFlag, 0, 0);
    std::vector<KnownBone> chain;
    for (unsigned b = 0; b < bones; ++b) {
        chain.push_back({"Bone" + std::to_string(b), b == 0 ? -1 : int32_t(b) - 1});
    }
    BoneNames(out, chain);
    ChunkHeader(out, "ANIMINFO", 0, 168, 1);
    AnimInfo(out, "Large", bones, float(frames), 30.0f, 0, frames);
    ChunkHeader(out, "ANIMKEYS", 0, 32, static_cast<int32_t>(bones * frames));
    for (unsigned f = 0; f < frames; ++f) {
        for (unsigned b = 0; b < bones; ++b) {
            const float angle = 0.001f * float(f) + 0.01f * float(b);
            Vector(out, aiVector3D(float(b), std::sin(angle), std::cos(angle)));
            StoredRotation(out, aiQuaternion(aiVector3D(0, 0, 1), angle), b != 0);
            out.f32(1.0f);
        }
    }
    ChunkHeader(out, "SCALEKEYS", 0, 16, static_cast<int32_t>(bones * frames));
    for (unsigned k = 0; k < bones * frames; ++k) {
        Vector(out, aiVector3D(1, 1, 1));
        out.f32(1.0f);
    }
    return out.data();
}

std::vector<uint8_t> MakeLargePsax(unsigned bones, unsigned frames) {
    ByteWriter out;
    ChunkHeader(out, "ANIXHEAD", 0, 0, 0);
    std::vector<KnownBone> chain;
    for (unsigned b = 0; b < bones; ++b) {
        chain.push_back({"Bone" + std::to_string(b), b == 0 ? -1 : int32_t(b) - 1});
    }
    BoneNames(out, chain);
    ChunkHeader(out, "SEQUENCES", 0, 72, 1);
    out.fixedString("Large", 64);
    out.f32(30.0f);
    out.i32(0); // not additive
    const auto keyedFrames = [frames](unsigned every) {
        std::vector<unsigned> keyed;
        for (unsigned f = 0; f < frames; f += every) {
            keyed.push_back(f);
        }
        if (frames != 0 && keyed.back() != frames - 1) {
            keyed.push_back(frames - 1);
        }
        return keyed;
    };
    const std::vector<unsigned> positionFrames = keyedFrames(4);
    const std::vector<unsigned> rotationFrames = keyedFrames(2);
    const std::vector<unsigned> scaleFrames = keyedFrames(frames == 0 ? 1 : frames);
    for (unsigned b = 0; b < bones; ++b) {
        const std::string suffix = "0:" + std::to_string(b);
        ChunkHeader(out, "POSTRACK" + suffix, 0, 16, static_cast<int32_t>(positionFrames.size()));
        for (unsigned f : positionFrames) {
            const float angle = 0.001f * float(f) + 0.01f * float(b);
            out.f32(float(f));
            Vector(out, aiVector3D(float(b), std::sin(angle), std::cos(angle)));
        }
        ChunkHeader(out, "SCLTRACK" + suffix, 0, 16, static_cast<int32_t>(scaleFrames.size()));
        for (unsigned f : scaleFrames) {
            out.f32(float(f));
            Vector(out, aiVector3D(1, 1, 1));
        }
        ChunkHeader(out, "ROTTRACK" + suffix, 0, 20, static_cast<int32_t>(rotationFrames.size()));
        for (unsigned f : rotationFrames) {
            const float angle = 0.001f * float(f) + 0.01f * float(b);
            out.f32(float(f));
            StoredRotation(out, aiQuaternion(aiVector3D(0, 0, 1), angle), b != 0);
        }
    }
    return out.data();
}

} // namespace psa

void AppendPsaModels(std::vector<GeneratedModel> &models) {
    using namespace psa;
    models.push_back({"actorx/psa_dense.psa",
                      "PSA, 4 bones, Walk (3 frames at 30 fps) and Run (5 at 24), full SCALEKEYS",
                      [] { return MakePsa(PsaOptions()); }});
    models.push_back(
        {"actorx/psa_noscale.psa", "as psa_dense.psa with an empty SCALEKEYS chunk", [] {
             PsaOptions options;
             options.scaleKeys = false;
             return MakePsa(options);
         }});
    models.push_back({"actorx/psa_firstrawframe.psa",
                      "as psa_dense.psa, FirstRawFrame = NumRawFrames (CUE4Parse's old bug)", [] {
                          PsaOptions options;
                          options.firstRawFrameBug = true;
                          return MakePsa(options);
                      }});
    models.push_back({"actorx/psa_config.psa", "as psa_dense.psa, with a .config sidecar",
                      [] { return MakePsa(PsaOptions()); }});
    models.push_back({"actorx/psa_config.config", "UEViewer sidecar with [RemoveTracks]", [] {
                          const std::string text = MakePsaConfigText();
                          return std::vector<uint8_t>(text.begin(), text.end());
                      }});
    models.push_back({"actorx/psax_sparse.psax",
                      "PSAX, Idle (5 frames at 20 fps) and Wave (3 at 40, additive), sparse "
                      "tracks, SEQUENCES of 72 bytes",
                      [] { return MakePsax(PsaxOptions()); }});
    models.push_back({"actorx/psax_seq69.psax",
                      "as psax_sparse.psax, 69-byte SEQUENCES records under a header saying 72",
                      [] {
                          PsaxOptions options;
                          options.sequenceRecordSize = 69;
                          return MakePsax(options);
                      }});
    models.push_back({"actorx/psax_seq68.psax",
                      "as psax_sparse.psax, 68-byte SEQUENCES records (no additive flag)", [] {
                          PsaxOptions options;
                          options.sequenceRecordSize = 68;
                          return MakePsax(options);
                      }});
    models.push_back({"actorx/psax_firstwriter.psax",
                      "as psax_seq69.psax, no SCLTRACK and the root rotation conjugated", [] {
                          PsaxOptions options;
                          options.sequenceRecordSize = 69;
                          options.firstWriter = true;
                          return MakePsax(options);
                      }});
}

} // namespace agf::testgen
