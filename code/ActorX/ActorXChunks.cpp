/** @file ActorXChunks.cpp */
#include "ActorXChunks.h"
#include "ActorXRecords.h"

#include "Common/Warnings.h"

#include <algorithm>
#include <cstring>

namespace agf::actorx {

namespace {

constexpr int32_t kMaxPlausibleRecordSize = 4096;
constexpr size_t kEarlySequenceRecordSize = 69;

struct RawHeader {
    std::string id;
    int32_t typeFlag;
    int32_t dataSize;
    int32_t dataCount;
};

// How the bytes after an id's terminating NUL are judged. Epic's ActorX leaves junk there
// (examplemesh.psk: "ACTRHEAD\0\0a\0v\0e..."), so the walk of such a file accepts any
// padding; the guesses that choose between layouts (rules 3 and 4) want clean NUL padding.
enum class Padding { Any, Nul };

// Reads a header at `offset` if 32 bytes are there; checks only the id's shape.
bool ReadHeader(const uint8_t *data, size_t size, uint64_t offset, RawHeader &header,
                Padding padding = Padding::Any) {
    if (offset > size || size - offset < kChunkHeaderSize) {
        return false;
    }
    const uint8_t *p = data + offset;
    if (p[0] == 0) {
        return false;
    }
    size_t length = 0;
    while (length < kChunkIdSize && p[length] != 0) {
        if (p[length] < 0x20 || p[length] > 0x7E) {
            return false;
        }
        ++length;
    }
    for (size_t k = length; padding == Padding::Nul && k < kChunkIdSize; ++k) {
        if (p[k] != 0) {
            return false;
        }
    }
    header.id.assign(reinterpret_cast<const char *>(p), length);
    header.typeFlag = static_cast<int32_t>(BinaryReader::LoadU32(p + 20));
    header.dataSize = static_cast<int32_t>(BinaryReader::LoadU32(p + 24));
    header.dataCount = static_cast<int32_t>(BinaryReader::LoadU32(p + 28));
    return true;
}

// The rule-4 plausibility test for the header at `offset`; the end of the file also counts as
// a plausible place for a chunk to end.
bool PlausibleNext(const uint8_t *data, size_t size, uint64_t offset) {
    if (offset == size) {
        return true;
    }
    RawHeader header;
    if (!ReadHeader(data, size, offset, header, Padding::Nul)) {
        return false;
    }
    if (header.dataSize < 0 || header.dataSize > kMaxPlausibleRecordSize || header.dataCount < 0) {
        return false;
    }
    const uint64_t payload = uint64_t(header.dataSize) * uint64_t(header.dataCount);
    return payload <= size - offset - kChunkHeaderSize;
}

// Stricter than PlausibleNext, for choosing a shorter count when a writer overstated it: the
// records themselves (socket and morph names) can look like a header, and a cut-off file ends
// at any record boundary. So only a real chunk header counts here: an id of upper-case
// letters, digits, '_' or ':', and records of a positive size that fit in the file.
bool PlausibleAfterRescan(const uint8_t *data, size_t size, uint64_t offset) {
    RawHeader header;
    if (offset >= size || !ReadHeader(data, size, offset, header, Padding::Nul) ||
        header.dataSize <= 0 || header.dataSize > kMaxPlausibleRecordSize || header.dataCount < 0) {
        return false;
    }
    for (char c : header.id) {
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ':')) {
            return false;
        }
    }
    const uint64_t payload = uint64_t(header.dataSize) * uint64_t(header.dataCount);
    return payload <= size - offset - kChunkHeaderSize;
}

bool IsMagic(const std::string &id) {
    return id == kMeshMagic || id == kAnimMagic || id == kSparseAnimMagic || id == kWorldMagic;
}

} // namespace

const Chunk *ChunkList::find(const std::string &id) const {
    for (const Chunk &chunk : chunks) {
        if (chunk.id == id) {
            return &chunk;
        }
    }
    return nullptr;
}

std::vector<const Chunk *> ChunkList::findPrefix(const std::string &prefix) const {
    std::vector<const Chunk *> found;
    for (const Chunk &chunk : chunks) {
        if (chunk.id.compare(0, prefix.size(), prefix) == 0) {
            found.push_back(&chunk);
        }
    }
    return found;
}

bool HasMagic(const uint8_t *data, size_t size, const char *magic) {
    RawHeader header;
    return ReadHeader(data, size, 0, header) && header.id == magic;
}

namespace {

/** One walk over a file's chunks, in named steps. */
class ChunkWalker {
public:
    ChunkWalker(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings)
        : mData(data), mSize(size), mFileName(fileName), mWarnings(warnings) {}

    ChunkList walk() {
        RawHeader header;
        if (!ReadHeader(mData, mSize, 0, header) || !IsMagic(header.id)) {
            ThrowImportError(mFileName, "file header", 0,
                             "not an ActorX file (no ACTRHEAD, ANIMHEAD, ANIXHEAD or WRLDHEAD "
                             "chunk)");
        }
        mList.magic = header.id;
        mList.magicTypeFlag = header.typeFlag;
        // A writer that leaves junk after the magic's NUL (Epic's ActorX) does so in every
        // header; files with clean padding are held to it, so that garbage is recognised.
        mPadding = ReadHeader(mData, mSize, 0, header, Padding::Nul) ? Padding::Nul : Padding::Any;
        uint64_t offset = 0;
        bool first = true;
        while (offset < mSize) {
            Chunk chunk;
            if (!readChunk(offset, chunk)) {
                break;
            }
            offset = chunk.payloadOffset + chunk.payloadSize;
            // A repeated magic (CUE4Parse writes ACTRHEAD twice) carries nothing.
            if (!(IsMagic(chunk.id) && (first || chunk.id == mList.magic))) {
                mList.chunks.push_back(std::move(chunk));
            }
            first = false;
        }
        return std::move(mList);
    }

private:
    void stop(WalkEnd end, WarningKind kind, uint64_t offset, const std::string &chunk,
              const std::string &why) {
        mWarnings.add(kind, mFileName, chunk.empty() ? std::string("chunk list") : chunk, offset,
                      why);
        mList.end = end;
        mList.endOffset = offset;
        mList.endChunk = chunk;
    }

    /** Reads the chunk at `offset`; false (with the walk's end recorded) when there is none. */
    bool readChunk(uint64_t offset, Chunk &chunk) {
        RawHeader header;
        if (mSize - offset < kChunkHeaderSize) {
            stop(WalkEnd::TrailingBytes, WarningKind::Unknown, offset, std::string(),
                 std::to_string(mSize - offset) + " trailing bytes ignored");
            return false;
        }
        if (!ReadHeader(mData, mSize, offset, header, mPadding)) {
            stop(WalkEnd::UnreadableHeader, WarningKind::InvalidValue, offset, std::string(),
                 "unreadable chunk header; the rest of the file is ignored");
            return false;
        }
        if (header.dataSize < 0 || header.dataCount < 0) {
            stop(WalkEnd::NegativeSize, WarningKind::InvalidValue, offset, header.id,
                 "negative size or count; the rest of the file is ignored");
            return false;
        }
        chunk.id = header.id;
        chunk.typeFlag = header.typeFlag;
        chunk.dataSize = header.dataSize;
        chunk.dataCount = header.dataCount;
        chunk.headerOffset = offset;
        chunk.payloadOffset = offset + kChunkHeaderSize;
        chunk.recordSize = static_cast<size_t>(header.dataSize);
        chunk.recordCount = static_cast<size_t>(header.dataCount);
        const uint64_t available = mSize - chunk.payloadOffset;
        applyKnownRecordSizes(chunk, available);
        uint64_t payloadSize = uint64_t(chunk.recordSize) * chunk.recordCount;
        correctOverstatedCount(chunk, available, payloadSize);
        if (payloadSize > available) {
            stop(WalkEnd::PayloadPastEnd, WarningKind::Truncated, offset, chunk.id,
                 "needs " + std::to_string(payloadSize) + " bytes but the file has " +
                     std::to_string(available) +
                     " left; the chunk and the rest of the file are ignored");
            return false;
        }
        chunk.payload = mData + chunk.payloadOffset;
        chunk.payloadSize = static_cast<size_t>(payloadSize);
        return true;
    }

    // Writer bugs in the header's record size (specs 1.2 rule 3): SKELSOCK records are always
    // 164 bytes; early SEQUENCES records are 69 bytes under a header that says 72.
    void applyKnownRecordSizes(Chunk &chunk, uint64_t available) const {
        if (chunk.id == "SKELSOCK") {
            chunk.recordSize = kSocketRecordSize;
        } else if (chunk.id == "SEQUENCES" && chunk.dataSize == 72) {
            const uint64_t full = 72ull * chunk.recordCount;
            const uint64_t early = uint64_t(kEarlySequenceRecordSize) * chunk.recordCount;
            if (!(full <= available && PlausibleNext(mData, mSize, chunk.payloadOffset + full)) &&
                early <= available && PlausibleNext(mData, mSize, chunk.payloadOffset + early)) {
                chunk.recordSize = kEarlySequenceRecordSize;
            }
        }
    }

    // CUE4Parse counts sockets and morphs before dropping the ones it cannot write (rule 4).
    void correctOverstatedCount(Chunk &chunk, uint64_t available, uint64_t &payloadSize) {
        const bool mayOverstate = chunk.id == "SKELSOCK" || chunk.id == "MRPHINFO";
        if (!mayOverstate || chunk.recordSize == 0 ||
            (payloadSize <= available &&
             PlausibleNext(mData, mSize, chunk.payloadOffset + payloadSize))) {
            return;
        }
        // Start at the most records that fit, so that a huge hostile count costs nothing.
        const size_t fitting = static_cast<size_t>(
            std::min<uint64_t>(chunk.recordCount, available / chunk.recordSize));
        for (size_t count = fitting + 1; count-- > 0;) {
            const uint64_t shorter = uint64_t(chunk.recordSize) * count;
            if (shorter <= available &&
                PlausibleAfterRescan(mData, mSize, chunk.payloadOffset + shorter)) {
                mWarnings.add(WarningKind::Inconsistent, mFileName, chunk.id, chunk.headerOffset,
                              "claims " + std::to_string(chunk.recordCount) +
                                  " records but holds " + std::to_string(count));
                chunk.recordCount = count;
                payloadSize = shorter;
                return;
            }
        }
    }

    const uint8_t *mData;
    size_t mSize;
    const std::string &mFileName;
    Warnings &mWarnings;
    Padding mPadding = Padding::Any;
    ChunkList mList;
};

} // namespace

ChunkList WalkChunks(const uint8_t *data, size_t size, const std::string &fileName,
                     Warnings &warnings) {
    return ChunkWalker(data, size, fileName, warnings).walk();
}

ChunkList WalkChunksOf(const char *magic, const uint8_t *data, size_t size,
                       const std::string &fileName, Warnings &warnings) {
    if (!HasMagic(data, size, magic)) {
        ThrowImportError(fileName, "file header", 0,
                         std::string("the file does not start with a ") + magic + " chunk");
    }
    return WalkChunks(data, size, fileName, warnings);
}

BinaryReader ChunkReader(const Chunk &chunk, const std::string &fileName) {
    BinaryReader reader(chunk.payload, chunk.payloadSize, fileName, chunk.payloadOffset);
    reader.setStructure(chunk.id);
    return reader;
}

size_t CheckedRecordStride(const Chunk &chunk, size_t minimumSize, const std::string &fileName) {
    const size_t stride = CheckRecordSize(chunk, minimumSize, fileName);
    ChunkReader(chunk, fileName)
        .checkedCount(static_cast<int64_t>(chunk.recordCount), stride, chunk.id.c_str());
    return stride;
}

BinaryReader RecordReader(const Chunk &chunk, size_t stride, size_t index,
                          const std::string &fileName) {
    BinaryReader reader = ChunkReader(chunk, fileName);
    reader.seek(index * stride);
    reader.setStructure(chunk.id + " record " + std::to_string(index));
    return reader.subReader(stride);
}

size_t CheckRecordSize(const Chunk &chunk, size_t expected, const std::string &fileName) {
    if (chunk.recordCount != 0 && chunk.recordSize < expected) {
        ThrowImportError(fileName, chunk.id, chunk.headerOffset,
                         "record size " + std::to_string(chunk.recordSize) +
                             " is smaller than the " + std::to_string(expected) +
                             " bytes this chunk needs");
    }
    return chunk.recordSize;
}

} // namespace agf::actorx
