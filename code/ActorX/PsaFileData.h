/** @file PsaFileData.h
 *  PSA (ANIMHEAD) and PSAX (ANIXHEAD) contents in the file's own terms: raw values as stored,
 *  no mirroring, no conjugation, no Assimp types. See specs/actorx.md, sections 4 and 6.
 */
#pragma once

#include "Common/FileVectors.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace agf::actorx {

using PsaVector = Float3;
/** Stored in the file as x, y, z, w. */
using PsaQuaternion = Float4;

/** A BONENAMES record (the REFSKELT layout). Only the name and parent are used. */
struct PsaBone {
    std::string name; ///< UTF-8
    int32_t parentIndex = -1;
    PsaQuaternion orientation;
    PsaVector position;
};

/** An ANIMINFO record (168 bytes). */
struct PsaSequence {
    std::string name;  ///< UTF-8
    std::string group; ///< UTF-8
    int32_t totalBones = 0;
    int32_t rootInclude = 0;
    float trackTime = 0; ///< frames or seconds depending on the writer: not used
    float animRate = 0;
    int32_t firstRawFrame = 0; ///< as stored
    int32_t numRawFrames = 0;
    uint64_t recordOffset = 0; ///< for messages
};

/** ANIMKEYS and SCALEKEYS records left where they are, in the file buffer: they are the bulk of
 *  the file, and the converter reads each once, so copying them into structs first would be a
 *  second pass over the file for nothing. Valid as long as the buffer given to ParsePsa. */
struct PsaRecordView {
    const uint8_t *records = nullptr; ///< the first record, inside the file buffer
    size_t stride = 0;                ///< on-disk record size (>= the known fields)
    size_t count = 0;

    size_t size() const { return count; }
    bool empty() const { return count == 0; }
    /** Float `field` (0-based) of record `index`: an unaligned little-endian load. */
    float field(size_t index, size_t fieldIndex) const {
        const uint8_t *p = records + index * stride + fieldIndex * 4;
        const uint32_t bits = uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) |
                              (uint32_t(p[3]) << 24);
        float value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    }
};

/** A whole PSA file. */
struct PsaFile {
    int32_t typeFlag = 0;
    std::vector<PsaBone> bones;
    std::vector<PsaSequence> sequences;
    /** ANIMKEYS records: position x, y, z then quaternion x, y, z, w (fields 0 to 6); the
     *  Time field after them is always ignored. */
    PsaRecordView keys;
    /** SCALEKEYS records (x, y, z) when the chunk's count equals the key count; empty
     *  otherwise. */
    PsaRecordView scales;
    /** First frame of every sequence in `keys` (FirstRawFrame, or recomputed when the file has
     *  CUE4Parse's FirstRawFrame bug). */
    std::vector<uint64_t> sequenceStart;
    /** Frames each sequence really has keys for (NumRawFrames, or fewer when the keys end). */
    std::vector<uint64_t> sequenceFrames;
    bool firstRawFrameRecomputed = false;
};

/** A SEQUENCES record of a PSAX file. */
struct PsaxSequence {
    std::string name; ///< UTF-8
    float fps = 0;
    int32_t additive = 0;     ///< raw value; 0 when the record has no additive field
    bool hasAdditive = false; ///< false for 68-byte records
};

struct PsaxVectorKey {
    float time = 0; ///< frame number
    PsaVector value;
};

struct PsaxRotationKey {
    float time = 0; ///< frame number
    PsaQuaternion value;
};

/** The sparse tracks of one bone in one sequence. */
struct PsaxTrack {
    std::vector<PsaxVectorKey> positions;
    std::vector<PsaxVectorKey> scales;
    std::vector<PsaxRotationKey> rotations;
};

/** A whole PSAX file. */
struct PsaxFile {
    std::vector<PsaBone> bones;
    std::vector<PsaxSequence> sequences;
    size_t sequenceRecordSize = 0; ///< 68, 69 or 72 (as found on disk)
    /** Tracks by (sequence, bone). A map, not a dense table: the two counts are bounded by the
     *  file size one by one, but their product is not. */
    std::map<std::pair<uint32_t, uint32_t>, PsaxTrack> tracks;
    bool hasScaleTracks = false; ///< any SCLTRACK chunk at all (marks the fixed writer)
};

} // namespace agf::actorx
