/** @file PsaxParser.cpp
 *  The sparse PSAX of Ada's CUE4Parse fork: BONENAMES, SEQUENCES and per-bone tracks
 *  POSTRACK<s>:<b>, SCLTRACK<s>:<b>, ROTTRACK<s>:<b> (specs/actorx.md, section 6).
 */
#include "PsaParser.h"

#include "Common/TextEncoding.h"

#include <limits>

namespace agf::actorx {

namespace {

constexpr size_t kNameFieldSize = 64;
constexpr size_t kSequenceWithoutAdditive = 68; // the README's record: Name + FPS
constexpr size_t kSequenceWithByteFlag = 69;    // first writer: a one-byte bool follows
constexpr size_t kSequenceWithIntFlag = 72;     // fixed writer: an int32 follows
constexpr size_t kVectorTrackRecordSize = 16;
constexpr size_t kRotationTrackRecordSize = 20;

enum class TrackKind { Position, Scale, Rotation };

std::vector<PsaxSequence> ReadSequences(const Chunk &chunk, const std::string &fileName,
                                        size_t &recordSize) {
    const size_t stride = CheckRecordSize(chunk, kSequenceWithoutAdditive, fileName);
    recordSize = stride;
    BinaryReader reader = ChunkReader(chunk, fileName);
    std::vector<PsaxSequence> sequences(
        reader.checkedCount(static_cast<int64_t>(chunk.recordCount), stride, "SEQUENCES"));
    for (size_t i = 0; i < sequences.size(); ++i) {
        reader.seek(i * stride);
        PsaxSequence &sequence = sequences[i];
        sequence.name = ToUtf8(reader.fixedString(kNameFieldSize));
        sequence.fps = reader.f32();
        if (stride >= kSequenceWithIntFlag) {
            sequence.additive = reader.i32();
            sequence.hasAdditive = true;
        } else if (stride >= kSequenceWithByteFlag) {
            sequence.additive = reader.u8();
            sequence.hasAdditive = true;
        }
    }
    return sequences;
}

template <typename Key, typename ReadValue>
std::vector<Key> ReadTrackKeys(const Chunk &chunk, size_t recordSize, const std::string &fileName,
                               ReadValue readValue) {
    const size_t stride = CheckRecordSize(chunk, recordSize, fileName);
    BinaryReader reader = ChunkReader(chunk, fileName);
    std::vector<Key> keys(
        reader.checkedCount(static_cast<int64_t>(chunk.recordCount), stride, chunk.id.c_str()));
    for (size_t k = 0; k < keys.size(); ++k) {
        reader.seek(k * stride);
        keys[k].time = reader.f32();
        keys[k].value = readValue(reader);
    }
    return keys;
}

bool ParseDecimal(const std::string &text, uint32_t &value) {
    if (text.empty() || text.size() > 9) {
        return false;
    }
    uint32_t result = 0;
    for (char c : text) {
        if (c < '0' || c > '9') {
            return false;
        }
        result = result * 10 + static_cast<uint32_t>(c - '0');
    }
    value = result;
    return true;
}

} // namespace

bool ParseTrackSuffix(const std::string &suffix, uint32_t &sequence, uint32_t &bone) {
    const size_t colon = suffix.find(':');
    if (colon == std::string::npos) {
        return false;
    }
    return ParseDecimal(suffix.substr(0, colon), sequence) &&
           ParseDecimal(suffix.substr(colon + 1), bone);
}

PsaxFile ParsePsax(const uint8_t *data, size_t size, const std::string &fileName) {
    if (!IsPsax(data, size)) {
        ThrowImportError(fileName, "file header", 0, "not a PSAX file (no ANIXHEAD chunk)");
    }
    const ChunkList chunks = WalkChunks(data, size, fileName);
    PsaxFile file;
    file.warnings = chunks.warnings;
    file.bones = ParsePsaBoneNames(chunks, fileName);
    const Chunk *sequenceChunk = chunks.find("SEQUENCES");
    if (sequenceChunk == nullptr) {
        ThrowImportError(fileName, "SEQUENCES", 0,
                         "the file has no SEQUENCES chunk (or it lies past a damaged part of "
                         "the file)");
    }
    file.sequences = ReadSequences(*sequenceChunk, fileName, file.sequenceRecordSize);

    const struct {
        const char *prefix;
        TrackKind kind;
    } kTrackKinds[] = {{"POSTRACK", TrackKind::Position},
                       {"SCLTRACK", TrackKind::Scale},
                       {"ROTTRACK", TrackKind::Rotation}};
    for (const Chunk &chunk : chunks.chunks) {
        for (const auto &trackKind : kTrackKinds) {
            const std::string prefix = trackKind.prefix;
            if (chunk.id.compare(0, prefix.size(), prefix) != 0) {
                continue;
            }
            if (trackKind.kind == TrackKind::Scale) {
                file.hasScaleTracks = true;
            }
            uint32_t sequence = 0;
            uint32_t bone = 0;
            const std::string where = chunk.id + " at byte " + std::to_string(chunk.headerOffset);
            if (!ParseTrackSuffix(chunk.id.substr(prefix.size()), sequence, bone)) {
                file.warnings.push_back(where + ": the id does not end in <sequence>:<bone>; track "
                                                "skipped");
                continue;
            }
            if (sequence >= file.sequences.size() || bone >= file.bones.size()) {
                file.warnings.push_back(where + ": sequence " + std::to_string(sequence) +
                                        " or bone " + std::to_string(bone) + " out of range (" +
                                        std::to_string(file.sequences.size()) + " sequences, " +
                                        std::to_string(file.bones.size()) +
                                        " bones); track skipped");
                continue;
            }
            PsaxTrack &track = file.tracks[{sequence, bone}];
            bool duplicate = false;
            switch (trackKind.kind) {
            case TrackKind::Position:
                duplicate = !track.positions.empty();
                if (!duplicate) {
                    track.positions = ReadTrackKeys<PsaxVectorKey>(chunk, kVectorTrackRecordSize,
                                                                   fileName, ReadVector);
                }
                break;
            case TrackKind::Scale:
                duplicate = !track.scales.empty();
                if (!duplicate) {
                    track.scales = ReadTrackKeys<PsaxVectorKey>(chunk, kVectorTrackRecordSize,
                                                                fileName, ReadVector);
                }
                break;
            case TrackKind::Rotation:
                duplicate = !track.rotations.empty();
                if (!duplicate) {
                    track.rotations = ReadTrackKeys<PsaxRotationKey>(
                        chunk, kRotationTrackRecordSize, fileName, ReadQuaternion);
                }
                break;
            }
            if (duplicate) {
                file.warnings.push_back(where + ": a second track of this kind for the same "
                                                "sequence and bone; ignored");
            }
        }
    }
    return file;
}

} // namespace agf::actorx
