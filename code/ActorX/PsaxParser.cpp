/** @file PsaxParser.cpp
 *  The sparse PSAX of Ada's CUE4Parse fork: BONENAMES, SEQUENCES and per-bone tracks
 *  POSTRACK<s>:<b>, SCLTRACK<s>:<b>, ROTTRACK<s>:<b> (specs/actorx.md, section 6).
 */
#include "PsaParser.h"

#include "Common/Parallel.h"
#include "Common/TextEncoding.h"

#include <limits>
#include <map>
#include <tuple>

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

// Fields 1.. of a track record: the value after the time.
PsaVector VectorAfterTime(const PsaRecordView &records, size_t index) {
    return {records.field(index, 1), records.field(index, 2), records.field(index, 3)};
}
PsaQuaternion QuaternionAfterTime(const PsaRecordView &records, size_t index) {
    return {records.field(index, 1), records.field(index, 2), records.field(index, 3),
            records.field(index, 4)};
}

// A track chunk whose keys are still to be read: checked already, so reading cannot fail.
struct PendingTrack {
    TrackKind kind = TrackKind::Position;
    PsaxTrack *track = nullptr;
    PsaRecordView records;
};

// Reads one checked track chunk into its track. Loads without a bounds test per field:
// CheckedRecordStride proved that every record lies inside the chunk, and this loop is most of
// a PSAX import.
void ReadTrack(const PendingTrack &pending) {
    const PsaRecordView &records = pending.records;
    switch (pending.kind) {
    case TrackKind::Position:
    case TrackKind::Scale: {
        std::vector<PsaxVectorKey> &keys =
            pending.kind == TrackKind::Position ? pending.track->positions : pending.track->scales;
        keys.resize(records.size());
        for (size_t k = 0; k < keys.size(); ++k) {
            keys[k].time = records.field(k, 0);
            keys[k].value = VectorAfterTime(records, k);
        }
        break;
    }
    case TrackKind::Rotation: {
        std::vector<PsaxRotationKey> &keys = pending.track->rotations;
        keys.resize(records.size());
        for (size_t k = 0; k < keys.size(); ++k) {
            keys[k].time = records.field(k, 0);
            keys[k].value = QuaternionAfterTime(records, k);
        }
        break;
    }
    }
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
                   Warnings &warnings, unsigned threads) {
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
    std::vector<PendingTrack> pending;
    // (sequence, bone, kind) to 1 + its index in `pending`.
    std::map<std::tuple<uint32_t, uint32_t, int>, size_t> pendingOf;
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
                warnings.add(WarningKind::Unknown, fileName, chunk.id, chunk.headerOffset,
                             "the id does not end in <sequence>:<bone>; track skipped");
                continue;
            }
            if (sequence >= file.sequences.size() || bone >= file.bones.size()) {
                warnings.add(WarningKind::OutOfRange, fileName, chunk.id, chunk.headerOffset,
                             "sequence " + std::to_string(sequence) + " or bone " +
                                 std::to_string(bone) + " out of range (" +
                                 std::to_string(file.sequences.size()) + " sequences, " +
                                 std::to_string(file.bones.size()) + " bones); track skipped");
                continue;
            }
            // The first chunk with keys of a kind wins; a later one is a duplicate.
            PsaxTrack &track = file.tracks[{sequence, bone}];
            size_t &slot = pendingOf[{sequence, bone, static_cast<int>(trackKind.kind)}];
            if (slot != 0 && !pending[slot - 1].records.empty()) {
                warnings.add(WarningKind::Duplicate, fileName, chunk.id, chunk.headerOffset,
                             "a second track of this kind for the same sequence and bone; "
                             "ignored");
                continue;
            }
            const size_t recordSize = trackKind.kind == TrackKind::Rotation
                                          ? kPsaxRotationTrackRecordSize
                                          : kPsaxVectorTrackRecordSize;
            const size_t stride = CheckedRecordStride(chunk, recordSize, fileName);
            PendingTrack read{trackKind.kind, &track,
                              PsaRecordView{chunk.payload, stride, chunk.recordCount}};
            if (slot == 0) {
                pending.push_back(read);
                slot = pending.size();
            } else {
                pending[slot - 1] = read; // the earlier chunk had no keys
            }
        }
    }
    // Every chunk is checked: the keys are read by up to `threads` threads, each chunk's into
    // its own vector. Split by chunk count: the tracks of a writer are alike in size.
    uint64_t keyCount = 0;
    for (const PendingTrack &read : pending) {
        keyCount += read.records.size();
    }
    const size_t minimumTracks = ItemsForWork(keyCount, pending.size(), kPsaMinimumKeysPerThread);
    ParallelRanges(pending.size(), threads, minimumTracks, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            ReadTrack(pending[i]);
        }
    });
    return file;
}

} // namespace agf::actorx
