/** @file ActorXChunks.cpp */
#include "ActorXChunks.h"

#include <algorithm>
#include <cstring>

namespace agf::actorx {

namespace {

constexpr int32_t kMaxPlausibleRecordSize = 4096;
constexpr size_t kSocketRecordSize = 164;
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

ChunkList WalkChunks(const uint8_t *data, size_t size, const std::string &fileName) {
    ChunkList list;
    RawHeader header;
    if (!ReadHeader(data, size, 0, header) || !IsMagic(header.id)) {
        ThrowImportError(fileName, "file header", 0,
                         "not an ActorX file (no ACTRHEAD, ANIMHEAD, ANIXHEAD or WRLDHEAD chunk)");
    }
    list.magic = header.id;
    list.magicTypeFlag = header.typeFlag;
    // A writer that leaves junk after the magic's NUL (Epic's ActorX) does so in every header;
    // files with clean padding are held to it, so that garbage is recognised as such.
    const Padding padding =
        ReadHeader(data, size, 0, header, Padding::Nul) ? Padding::Nul : Padding::Any;

    uint64_t offset = 0;
    bool first = true;
    while (offset < size) {
        if (size - offset < kChunkHeaderSize) {
            list.warnings.push_back(std::to_string(size - offset) + " trailing bytes at byte " +
                                    std::to_string(offset) + " ignored");
            list.end = WalkEnd::TrailingBytes;
            list.endOffset = offset;
            break;
        }
        if (!ReadHeader(data, size, offset, header, padding)) {
            list.warnings.push_back("unreadable chunk header at byte " + std::to_string(offset) +
                                    "; the rest of the file is ignored");
            list.end = WalkEnd::UnreadableHeader;
            list.endOffset = offset;
            break;
        }
        if (header.dataSize < 0 || header.dataCount < 0) {
            list.warnings.push_back("chunk " + header.id + " at byte " + std::to_string(offset) +
                                    " has a negative size or count; the rest of the file is "
                                    "ignored");
            list.end = WalkEnd::NegativeSize;
            list.endOffset = offset;
            list.endChunk = header.id;
            break;
        }
        Chunk chunk;
        chunk.id = header.id;
        chunk.typeFlag = header.typeFlag;
        chunk.dataSize = header.dataSize;
        chunk.dataCount = header.dataCount;
        chunk.headerOffset = offset;
        chunk.payloadOffset = offset + kChunkHeaderSize;
        chunk.recordSize = static_cast<size_t>(header.dataSize);
        chunk.recordCount = static_cast<size_t>(header.dataCount);
        const uint64_t available = size - chunk.payloadOffset;

        if (chunk.id == "SKELSOCK") {
            chunk.recordSize = kSocketRecordSize;
        } else if (chunk.id == "SEQUENCES" && header.dataSize == 72) {
            const uint64_t full = 72ull * chunk.recordCount;
            const uint64_t early = uint64_t(kEarlySequenceRecordSize) * chunk.recordCount;
            if (!(full <= available && PlausibleNext(data, size, chunk.payloadOffset + full)) &&
                early <= available && PlausibleNext(data, size, chunk.payloadOffset + early)) {
                chunk.recordSize = kEarlySequenceRecordSize;
            }
        }

        uint64_t payloadSize = uint64_t(chunk.recordSize) * chunk.recordCount;
        const bool mayOverstate = chunk.id == "SKELSOCK" || chunk.id == "MRPHINFO";
        if (mayOverstate && chunk.recordSize != 0 &&
            !(payloadSize <= available &&
              PlausibleNext(data, size, chunk.payloadOffset + payloadSize))) {
            // CUE4Parse counts sockets and morphs before dropping the ones it cannot write.
            // Start at the most records that fit, so that a huge hostile count costs nothing.
            const size_t fitting = static_cast<size_t>(
                std::min<uint64_t>(chunk.recordCount, available / chunk.recordSize));
            for (size_t count = fitting + 1; count-- > 0;) {
                const uint64_t shorter = uint64_t(chunk.recordSize) * count;
                if (shorter <= available &&
                    PlausibleAfterRescan(data, size, chunk.payloadOffset + shorter)) {
                    list.warnings.push_back(chunk.id + " at byte " + std::to_string(offset) +
                                            " claims " + std::to_string(chunk.recordCount) +
                                            " records but holds " + std::to_string(count));
                    chunk.recordCount = count;
                    payloadSize = shorter;
                    break;
                }
            }
        }
        if (payloadSize > available) {
            list.warnings.push_back("chunk " + chunk.id + " at byte " + std::to_string(offset) +
                                    " needs " + std::to_string(payloadSize) +
                                    " bytes but the file has " + std::to_string(available) +
                                    " left; the chunk and the rest of the file are ignored");
            list.end = WalkEnd::PayloadPastEnd;
            list.endOffset = offset;
            list.endChunk = chunk.id;
            break;
        }
        chunk.payload = data + chunk.payloadOffset;
        chunk.payloadSize = static_cast<size_t>(payloadSize);
        offset = chunk.payloadOffset + payloadSize;

        // A repeated magic (CUE4Parse writes ACTRHEAD twice) carries nothing.
        if (!(IsMagic(chunk.id) && (first || chunk.id == list.magic))) {
            list.chunks.push_back(std::move(chunk));
        }
        first = false;
    }
    return list;
}

BinaryReader ChunkReader(const Chunk &chunk, const std::string &fileName) {
    BinaryReader reader(chunk.payload, chunk.payloadSize, fileName, chunk.payloadOffset);
    reader.setStructure(chunk.id);
    return reader;
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
