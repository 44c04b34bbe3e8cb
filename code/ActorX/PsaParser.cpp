/** @file PsaParser.cpp
 *  The standard PSA: BONENAMES, ANIMINFO, ANIMKEYS, SCALEKEYS (specs/actorx.md, section 4).
 */
#include "PsaParser.h"

#include "Common/TextEncoding.h"

#include <algorithm>

namespace agf::actorx {

namespace {

const Chunk &RequireChunk(const ChunkList &chunks, const char *id, const std::string &fileName) {
    const Chunk *chunk = chunks.find(id);
    if (chunk == nullptr) {
        ThrowImportError(fileName, id, 0,
                         std::string("the file has no ") + id +
                             " chunk (or it lies past a damaged part of the file)");
    }
    return *chunk;
}

void ReadSequence(BinaryReader &reader, PsaSequence &sequence) {
    sequence.recordOffset = reader.offset();
    sequence.name = ToUtf8(reader.fixedString(kNameFieldSize));
    sequence.group = ToUtf8(reader.fixedString(kNameFieldSize));
    sequence.totalBones = reader.i32();
    sequence.rootInclude = reader.i32();
    reader.skip(4 + 4 + 4); // KeyCompressionStyle, KeyQuotum, KeyReduction: unused
    sequence.trackTime = reader.f32();
    sequence.animRate = reader.f32();
    reader.skip(4); // StartBone: unused
    sequence.firstRawFrame = reader.i32();
    sequence.numRawFrames = reader.i32();
}

// Checks every sequence against the bone count; fills sequenceStart/sequenceFrames, fixing
// CUE4Parse's FirstRawFrame bug and clamping ranges to the keys present.
void PlaceSequences(PsaFile &file, uint64_t framesInKeys, const std::string &fileName,
                    const Chunk &keys, Warnings &warnings) {
    const uint64_t boneCount = file.bones.size();
    uint64_t framesNeeded = 0;
    for (const PsaSequence &sequence : file.sequences) {
        if (sequence.totalBones < 0 || uint64_t(sequence.totalBones) != boneCount) {
            ThrowImportError(fileName, "ANIMINFO", sequence.recordOffset,
                             "sequence \"" + sequence.name + "\" has TotalBones " +
                                 std::to_string(sequence.totalBones) + " but BONENAMES has " +
                                 std::to_string(boneCount) + " bones");
        }
        if (sequence.numRawFrames < 0) {
            ThrowImportError(fileName, "ANIMINFO", sequence.recordOffset,
                             "sequence \"" + sequence.name + "\" has a negative frame count " +
                                 std::to_string(sequence.numRawFrames));
        }
        framesNeeded += uint64_t(sequence.numRawFrames);
    }

    bool recompute = false;
    if (!file.sequences.empty() && file.sequences[0].numRawFrames != 0 &&
        file.sequences[0].firstRawFrame == file.sequences[0].numRawFrames) {
        recompute = true; // CUE4Parse before PR #104 stored NumRawFrames in FirstRawFrame
    }
    for (const PsaSequence &sequence : file.sequences) {
        if (sequence.firstRawFrame < 0 ||
            uint64_t(sequence.firstRawFrame) + uint64_t(sequence.numRawFrames) > framesInKeys) {
            recompute = true;
        }
    }
    if (recompute) {
        file.firstRawFrameRecomputed = true;
        warnings.add(WarningKind::Inconsistent, fileName, "ANIMINFO", keys.headerOffset,
                     "FirstRawFrame values do not fit the keys (CUE4Parse's FirstRawFrame bug or "
                     "a sequence past the keys); start frames recomputed from the frame counts");
    }

    if (framesNeeded != framesInKeys) {
        warnings.add(WarningKind::Inconsistent, fileName, "ANIMKEYS", keys.headerOffset,
                     "holds " + std::to_string(framesInKeys) + " frames of " +
                         std::to_string(boneCount) + " bones but the sequences need " +
                         std::to_string(framesNeeded) +
                         (framesNeeded > framesInKeys ? "; missing frames are dropped"
                                                      : "; extra keys are ignored"));
    }

    uint64_t cumulative = 0;
    for (const PsaSequence &sequence : file.sequences) {
        const uint64_t start = recompute ? cumulative : uint64_t(sequence.firstRawFrame);
        const uint64_t wanted = uint64_t(sequence.numRawFrames);
        const uint64_t available = start >= framesInKeys ? 0 : framesInKeys - start;
        const uint64_t frames = std::min(wanted, available);
        if (frames < wanted) {
            warnings.add(WarningKind::Truncated, fileName,
                         "ANIMINFO sequence \"" + sequence.name + "\"", keys.headerOffset,
                         "needs " + std::to_string(wanted) + " frames from frame " +
                             std::to_string(start) + " but the keys hold only " +
                             std::to_string(frames));
        }
        file.sequenceStart.push_back(start);
        file.sequenceFrames.push_back(frames);
        cumulative += wanted;
    }
}

// Sequences may share frames, and each becomes its own copy of them in the scene: a few
// 168-byte ANIMINFO records covering every key would cost the keys many times over. Up to 4
// converted keys per key of the file (plus 65536) are kept; the sequences after that are left
// out.
void DropSequencesBeyondTheKeys(PsaFile &file, uint64_t framesInKeys, const std::string &fileName,
                                const Chunk &keys, Warnings &warnings) {
    const uint64_t boneCount = std::max<uint64_t>(1, file.bones.size());
    const uint64_t allowedKeys = 4 * framesInKeys * boneCount + 65536;
    uint64_t keysUsed = 0;
    for (size_t s = 0; s < file.sequences.size(); ++s) {
        keysUsed += file.sequenceFrames[s] * boneCount;
        if (keysUsed > allowedKeys) {
            warnings.add(WarningKind::LimitReached, fileName, "ANIMINFO", keys.headerOffset,
                         std::to_string(file.sequences.size() - s) + " of " +
                             std::to_string(file.sequences.size()) +
                             " sequences left out, from \"" + file.sequences[s].name +
                             "\": the sequences overlap so much that they would need more than " +
                             std::to_string(allowedKeys) + " keys for the file's " +
                             std::to_string(framesInKeys * boneCount));
            file.sequences.resize(s);
            file.sequenceStart.resize(s);
            file.sequenceFrames.resize(s);
            return;
        }
    }
}

void ReadBone(BinaryReader &reader, PsaBone &bone) {
    bone.name = ToUtf8(reader.fixedString(kNameFieldSize));
    reader.skip(4 + 4); // Flags, NumChildren
    bone.parentIndex = reader.i32();
    bone.orientation = ReadFloat4(reader);
    bone.position = ReadFloat3(reader);
}

} // namespace

bool IsPsa(const uint8_t *data, size_t size) {
    return HasMagic(data, size, kAnimMagic);
}

bool IsPsax(const uint8_t *data, size_t size) {
    return HasMagic(data, size, kSparseAnimMagic);
}

std::vector<PsaBone> ParsePsaBoneNames(const ChunkList &chunks, const std::string &fileName) {
    const Chunk &chunk = RequireChunk(chunks, "BONENAMES", fileName);
    if (chunk.recordCount == 0) {
        ThrowImportError(fileName, chunk.id, chunk.headerOffset,
                         "no bones: an animation needs at least one");
    }
    return ReadRecords<PsaBone>(chunk, kPsaBoneRecordSize, fileName, ReadBone);
}

PsaFile ParsePsa(const uint8_t *data, size_t size, const std::string &fileName,
                 Warnings &warnings) {
    const ChunkList chunks = WalkChunksOf(kAnimMagic, data, size, fileName, warnings);
    PsaFile file;
    file.typeFlag = chunks.magicTypeFlag;
    file.bones = ParsePsaBoneNames(chunks, fileName);
    file.sequences = ReadRecords<PsaSequence>(RequireChunk(chunks, "ANIMINFO", fileName),
                                              kPsaSequenceRecordSize, fileName, ReadSequence);

    const Chunk &keyChunk = RequireChunk(chunks, "ANIMKEYS", fileName);
    const size_t keyStride = CheckRecordSize(keyChunk, kPsaKeyRecordSize, fileName);
    BinaryReader keys = ChunkReader(keyChunk, fileName);
    const size_t keyCount =
        keys.checkedCount(static_cast<int64_t>(keyChunk.recordCount), keyStride, "ANIMKEYS");
    file.keys = PsaRecordView{keyChunk.payload, keyStride, keyCount};

    const uint64_t boneCount = file.bones.size();
    if (keyCount % boneCount != 0) {
        warnings.add(WarningKind::Inconsistent, fileName, "ANIMKEYS", keyChunk.headerOffset,
                     "count " + std::to_string(keyCount) + " is not a multiple of the " +
                         std::to_string(boneCount) + " bones; the last partial frame is ignored");
    }
    PlaceSequences(file, keyCount / boneCount, fileName, keyChunk, warnings);
    DropSequencesBeyondTheKeys(file, keyCount / boneCount, fileName, keyChunk, warnings);

    if (const Chunk *scaleChunk = chunks.find("SCALEKEYS")) {
        if (scaleChunk->recordCount == 0 || scaleChunk->recordSize == 0) {
            // UEViewer and the Harry Potter 2 exporter write an empty chunk: no scale.
        } else if (scaleChunk->recordCount != keyCount) {
            warnings.add(WarningKind::Inconsistent, fileName, "SCALEKEYS", scaleChunk->headerOffset,
                         "has " + std::to_string(scaleChunk->recordCount) +
                             " keys but ANIMKEYS has " + std::to_string(keyCount) +
                             "; scale keys ignored");
        } else {
            const size_t scaleStride =
                CheckRecordSize(*scaleChunk, kPsaScaleKeyRecordSize, fileName);
            file.scales = PsaRecordView{scaleChunk->payload, scaleStride, keyCount};
        }
    }
    return file;
}

} // namespace agf::actorx
