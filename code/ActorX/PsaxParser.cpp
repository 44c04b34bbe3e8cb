/** @file PsaxParser.cpp
 *  The sparse PSAX of Ada's CUE4Parse fork: BONENAMES, SEQUENCES and per-bone tracks
 *  POSTRACK<s>:<b>, SCLTRACK<s>:<b>, ROTTRACK<s>:<b> (specs/actorx.md, section 6).
 */
#include "PsaParser.h"

#include "Common/TextEncoding.h"

#include <limits>

namespace agf::actorx {

namespace {

constexpr size_t kSequenceWithoutAdditive = 68; // the README's record: Name + FPS
constexpr size_t kSequenceWithByteFlag = 69;    // first writer: a one-byte bool follows
constexpr size_t kSequenceWithIntFlag = kPsaxSequenceRecordSize; // fixed writer: an int32

enum class TrackKind { Position, Scale, Rotation };

// The record size tells which additive flag the writer stored (none, a byte or an int).
void ReadSequence(BinaryReader &record, PsaxSequence &sequence) {
    const size_t recordSize = record.remaining();
    sequence.name = ToUtf8(record.fixedString(kNameFieldSize));
    sequence.fps = record.f32();
    if (recordSize >= kSequenceWithIntFlag) {
        sequence.additive = record.i32();
        sequence.hasAdditive = true;
    } else if (recordSize >= kSequenceWithByteFlag) {
        sequence.additive = record.u8();
        sequence.hasAdditive = true;
    }
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

PsaxFile ParsePsax(const uint8_t *data, size_t size, const std::string &fileName,
                   Warnings &warnings) {
    const ChunkList chunks = WalkChunksOf(kSparseAnimMagic, data, size, fileName, warnings);
    PsaxFile file;
    file.bones = ParsePsaBoneNames(chunks, fileName);
    const Chunk *sequenceChunk = chunks.find("SEQUENCES");
    if (sequenceChunk == nullptr) {
        ThrowImportError(fileName, "SEQUENCES", 0,
                         "the file has no SEQUENCES chunk (or it lies past a damaged part of "
                         "the file)");
    }
    file.sequenceRecordSize = CheckRecordSize(*sequenceChunk, kSequenceWithoutAdditive, fileName);
    file.sequences =
        ReadRecords<PsaxSequence>(*sequenceChunk, kSequenceWithoutAdditive, fileName, ReadSequence);

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
            if (!ParseTrackSuffix(chunk.id.substr(prefix.size()), sequence, bone)) {
                warnings.add(fileName, chunk.id, chunk.headerOffset,
                             "the id does not end in <sequence>:<bone>; track skipped");
                continue;
            }
            if (sequence >= file.sequences.size() || bone >= file.bones.size()) {
                warnings.add(fileName, chunk.id, chunk.headerOffset,
                             "sequence " + std::to_string(sequence) + " or bone " +
                                 std::to_string(bone) + " out of range (" +
                                 std::to_string(file.sequences.size()) + " sequences, " +
                                 std::to_string(file.bones.size()) + " bones); track skipped");
                continue;
            }
            PsaxTrack &track = file.tracks[{sequence, bone}];
            bool duplicate = false;
            switch (trackKind.kind) {
            case TrackKind::Position:
                duplicate = !track.positions.empty();
                if (!duplicate) {
                    track.positions = ReadTrackKeys<PsaxVectorKey>(
                        chunk, kPsaxVectorTrackRecordSize, fileName, ReadFloat3);
                }
                break;
            case TrackKind::Scale:
                duplicate = !track.scales.empty();
                if (!duplicate) {
                    track.scales = ReadTrackKeys<PsaxVectorKey>(chunk, kPsaxVectorTrackRecordSize,
                                                                fileName, ReadFloat3);
                }
                break;
            case TrackKind::Rotation:
                duplicate = !track.rotations.empty();
                if (!duplicate) {
                    track.rotations = ReadTrackKeys<PsaxRotationKey>(
                        chunk, kPsaxRotationTrackRecordSize, fileName, ReadFloat4);
                }
                break;
            }
            if (duplicate) {
                warnings.add(fileName, chunk.id, chunk.headerOffset,
                             "a second track of this kind for the same sequence and bone; "
                             "ignored");
            }
        }
    }
    return file;
}

} // namespace agf::actorx
