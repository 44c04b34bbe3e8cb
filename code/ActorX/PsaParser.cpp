/** @file PsaParser.cpp
 *  The standard PSA: BONENAMES, ANIMINFO, ANIMKEYS, SCALEKEYS (specs/actorx.md, section 4).
 */
#include "PsaParser.h"

#include "Common/TextEncoding.h"

#include <algorithm>

namespace agf::actorx {

PsaVector ReadVector(BinaryReader &reader) {
    PsaVector v;
    v.x = reader.f32();
    v.y = reader.f32();
    v.z = reader.f32();
    return v;
}

PsaQuaternion ReadQuaternion(BinaryReader &reader) {
    PsaQuaternion q;
    q.x = reader.f32();
    q.y = reader.f32();
    q.z = reader.f32();
    q.w = reader.f32();
    return q;
}

namespace {

constexpr size_t kNameFieldSize = 64;

const Chunk &RequireChunk(const ChunkList &chunks, const char *id, const std::string &fileName) {
    const Chunk *chunk = chunks.find(id);
    if (chunk == nullptr) {
        ThrowImportError(fileName, id, 0,
                         std::string("the file has no ") + id +
                             " chunk (or it lies past a damaged part of the file)");
    }
    return *chunk;
}

std::vector<PsaSequence> ReadSequences(const Chunk &chunk, const std::string &fileName) {
    const size_t stride = CheckRecordSize(chunk, kPsaSequenceRecordSize, fileName);
    BinaryReader reader = ChunkReader(chunk, fileName);
    std::vector<PsaSequence> sequences(
        reader.checkedCount(static_cast<int64_t>(chunk.recordCount), stride, "ANIMINFO"));
    for (size_t i = 0; i < sequences.size(); ++i) {
        reader.seek(i * stride);
        PsaSequence &sequence = sequences[i];
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
    return sequences;
}

// Checks every sequence against the bone count; fills sequenceStart/sequenceFrames, fixing
// CUE4Parse's FirstRawFrame bug and clamping ranges to the keys present.
void PlaceSequences(PsaFile &file, uint64_t framesInKeys, const std::string &fileName) {
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
        file.warnings.push_back(
            "ANIMINFO: FirstRawFrame values do not fit the keys (CUE4Parse's FirstRawFrame bug or "
            "a sequence past the keys); start frames recomputed from the frame counts");
    }

    if (framesNeeded != framesInKeys) {
        file.warnings.push_back("ANIMKEYS holds " + std::to_string(framesInKeys) + " frames of " +
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
            file.warnings.push_back("sequence \"" + sequence.name + "\" needs " +
                                    std::to_string(wanted) + " frames from frame " +
                                    std::to_string(start) + " but the keys hold only " +
                                    std::to_string(frames));
        }
        file.sequenceStart.push_back(start);
        file.sequenceFrames.push_back(frames);
        cumulative += wanted;
    }
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
    const size_t stride = CheckRecordSize(chunk, kPsaBoneRecordSize, fileName);
    BinaryReader reader = ChunkReader(chunk, fileName);
    const size_t count =
        reader.checkedCount(static_cast<int64_t>(chunk.recordCount), stride, "BONENAMES");
    if (count == 0) {
        reader.fail("no bones: an animation needs at least one");
    }
    std::vector<PsaBone> bones(count);
    for (size_t i = 0; i < count; ++i) {
        reader.seek(i * stride);
        PsaBone &bone = bones[i];
        bone.name = ToUtf8(reader.fixedString(kNameFieldSize));
        reader.skip(4 + 4); // Flags, NumChildren
        bone.parentIndex = reader.i32();
        bone.orientation = ReadQuaternion(reader);
        bone.position = ReadVector(reader);
    }
    return bones;
}

PsaFile ParsePsa(const uint8_t *data, size_t size, const std::string &fileName) {
    if (!IsPsa(data, size)) {
        ThrowImportError(fileName, "file header", 0, "not a PSA file (no ANIMHEAD chunk)");
    }
    const ChunkList chunks = WalkChunks(data, size, fileName);
    PsaFile file;
    file.typeFlag = chunks.magicTypeFlag;
    file.warnings = chunks.warnings;
    file.bones = ParsePsaBoneNames(chunks, fileName);
    file.sequences = ReadSequences(RequireChunk(chunks, "ANIMINFO", fileName), fileName);

    const Chunk &keyChunk = RequireChunk(chunks, "ANIMKEYS", fileName);
    const size_t keyStride = CheckRecordSize(keyChunk, kPsaKeyRecordSize, fileName);
    BinaryReader keys = ChunkReader(keyChunk, fileName);
    const size_t keyCount =
        keys.checkedCount(static_cast<int64_t>(keyChunk.recordCount), keyStride, "ANIMKEYS");
    file.keys = PsaRecordView{keyChunk.payload, keyStride, keyCount};

    const uint64_t boneCount = file.bones.size();
    if (keyCount % boneCount != 0) {
        file.warnings.push_back("ANIMKEYS count " + std::to_string(keyCount) +
                                " is not a multiple of the " + std::to_string(boneCount) +
                                " bones; the last partial frame is ignored");
    }
    PlaceSequences(file, keyCount / boneCount, fileName);

    if (const Chunk *scaleChunk = chunks.find("SCALEKEYS")) {
        if (scaleChunk->recordCount == 0 || scaleChunk->recordSize == 0) {
            // UEViewer and the Harry Potter 2 exporter write an empty chunk: no scale.
        } else if (scaleChunk->recordCount != keyCount) {
            file.warnings.push_back("SCALEKEYS has " + std::to_string(scaleChunk->recordCount) +
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
