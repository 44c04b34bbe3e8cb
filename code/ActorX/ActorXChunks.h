/** @file ActorXChunks.h
 *  The chunk layer shared by every ActorX file (PSK, PSKX, PSA, PSAX, PSW).
 *
 *  A file is a flat list of chunks, each a 32-byte header (char[20] id, int32 TypeFlag,
 *  int32 DataSize, int32 DataCount) followed by DataSize * DataCount bytes. There is no nesting
 *  and no table of contents, so the walker collects every chunk first and the format parsers
 *  look them up by id (chunk order varies between writers).
 */
#pragma once

#include "Common/BinaryReader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf {
class Warnings;
}

namespace agf::actorx {

constexpr size_t kChunkHeaderSize = 32;
constexpr size_t kChunkIdSize = 20;

/** Magic ids of the first chunk. */
constexpr const char *kMeshMagic = "ACTRHEAD";
constexpr const char *kAnimMagic = "ANIMHEAD";
constexpr const char *kSparseAnimMagic = "ANIXHEAD";
constexpr const char *kWorldMagic = "WRLDHEAD";

/** One chunk as found in the file. The payload is a view into the file buffer. */
struct Chunk {
    std::string id;        ///< as written, without the NUL padding
    int32_t typeFlag = 0;  ///< version stamp; never validated
    int32_t dataSize = 0;  ///< record size the header claims
    int32_t dataCount = 0; ///< record count the header claims
    /** On-disk record size: the header's DataSize except for the writer bugs of specs 1.2
     *  rule 3 (SKELSOCK is always 164 bytes; early SEQUENCES records are 69 bytes). */
    size_t recordSize = 0;
    /** Records actually present: DataCount, or fewer when the writer overstated it
     *  (SKELSOCK, MRPHINFO; specs 1.2 rule 4). */
    size_t recordCount = 0;
    uint64_t headerOffset = 0;
    uint64_t payloadOffset = 0;
    const uint8_t *payload = nullptr;
    size_t payloadSize = 0; ///< bytes actually covered by this chunk in the file
};

/** Why a walk stopped before the end of the file (Complete when it reached the end). */
enum class WalkEnd {
    Complete,         ///< every byte belongs to a chunk
    TrailingBytes,    ///< fewer than 32 bytes left: a cut-off header
    UnreadableHeader, ///< the next 32 bytes are not a chunk header
    NegativeSize,     ///< a header with a negative DataSize or DataCount
    PayloadPastEnd,   ///< a chunk's payload runs past the end of the file (truncation)
};

/** The result of walking a file. */
struct ChunkList {
    std::string magic; ///< id of the first chunk
    int32_t magicTypeFlag = 0;
    std::vector<Chunk> chunks; ///< every chunk after the magic (repeated magic dropped)
    /** How the walk ended, where (absolute offset of the header that stopped it) and, for
     *  NegativeSize / PayloadPastEnd, that chunk's id. Formats that cannot use a partial file
     *  (PSK) turn an early end into an error; others keep the chunks read so far. */
    WalkEnd end = WalkEnd::Complete;
    uint64_t endOffset = 0;
    std::string endChunk;

    /** The first chunk with exactly this id, or nullptr. */
    const Chunk *find(const std::string &id) const;
    /** Every chunk whose id starts with `prefix`, in file order. */
    std::vector<const Chunk *> findPrefix(const std::string &prefix) const;
};

/** Walks every chunk of an ActorX file. The first chunk must be one of the four magics.
 *  Stepping uses 64-bit arithmetic. A header that is not plausible (rule 4 of the chunk rules)
 *  or a payload that runs past the end of the file ends the walk: the chunks before it are
 *  kept and a warning is recorded, as is an overstated count. A file whose first chunk is not
 *  a magic throws ImportError. */
ChunkList WalkChunks(const uint8_t *data, size_t size, const std::string &fileName,
                     Warnings &warnings);

/** WalkChunks for a file that must start with the `magic` chunk (ImportError otherwise). */
ChunkList WalkChunksOf(const char *magic, const uint8_t *data, size_t size,
                       const std::string &fileName, Warnings &warnings);

/** True when `data` starts with the header of the given magic chunk. */
bool HasMagic(const uint8_t *data, size_t size, const char *magic);

/** A reader over a chunk's payload, with the chunk id as the structure name for errors. */
BinaryReader ChunkReader(const Chunk &chunk, const std::string &fileName);

/** Checks a chunk's record size: smaller than `expected` throws ImportError; larger is
 *  accepted (the caller reads the known prefix of each record and steps by recordSize).
 *  Returns the stride to step by. */
size_t CheckRecordSize(const Chunk &chunk, size_t expected, const std::string &fileName);

/** CheckRecordSize, and the chunk's record count checked against its payload: the stride to
 *  step by, safe to size an allocation by `chunk.recordCount`. */
size_t CheckedRecordStride(const Chunk &chunk, size_t minimumSize, const std::string &fileName);

/** A reader over record `index` alone; its errors name "<chunk> record <index>". */
BinaryReader RecordReader(const Chunk &chunk, size_t stride, size_t index,
                          const std::string &fileName);

/** Calls `readRecord(record, index)` for every record of `chunk` (record size at least
 *  `minimumSize`), `record` being RecordReader's. */
template <typename ReadRecord>
void ForEachRecord(const Chunk &chunk, size_t minimumSize, const std::string &fileName,
                   ReadRecord readRecord) {
    const size_t stride = CheckedRecordStride(chunk, minimumSize, fileName);
    for (size_t index = 0; index < chunk.recordCount; ++index) {
        BinaryReader record = RecordReader(chunk, stride, index, fileName);
        readRecord(record, index);
    }
}

/** Reserves room in `into` for the chunk's records once their count has been checked against
 *  the payload (CheckedRecordStride), so a damaged count throws instead of allocating. */
template <typename Vector>
void ReserveForRecords(Vector &into, const Chunk &chunk, size_t minimumSize,
                       const std::string &fileName) {
    CheckedRecordStride(chunk, minimumSize, fileName);
    into.reserve(into.size() + chunk.recordCount);
}

/** ForEachRecord into a vector: `readRecord(record, element)` fills one element. */
template <typename Record, typename ReadRecord>
std::vector<Record> ReadRecords(const Chunk &chunk, size_t minimumSize, const std::string &fileName,
                                ReadRecord readRecord) {
    const size_t stride = CheckedRecordStride(chunk, minimumSize, fileName);
    std::vector<Record> records(chunk.recordCount);
    for (size_t index = 0; index < records.size(); ++index) {
        BinaryReader record = RecordReader(chunk, stride, index, fileName);
        readRecord(record, records[index]);
    }
    return records;
}

} // namespace agf::actorx
