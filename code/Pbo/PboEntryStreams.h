/** @file PboEntryStreams.h
 *  The streams an opened PBO entry is read through: a stored entry is a slice of the archive,
 *  read by offset as the importer asks for bytes (a model is taken out of a 2 GB archive
 *  without reading the rest); a compressed entry is unpacked into memory when it is opened.
 */
#pragma once

#include <assimp/IOStream.hpp>

#include <cstdint>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf::pbo {

/** Bytes [offset, offset + size) of an open archive stream, which it closes through `io`. */
class PboSliceStream : public Assimp::IOStream {
public:
    PboSliceStream(Assimp::IOSystem &io, Assimp::IOStream *archive, uint64_t offset, uint64_t size);
    ~PboSliceStream() override;
    PboSliceStream(const PboSliceStream &) = delete;
    PboSliceStream &operator=(const PboSliceStream &) = delete;

    size_t Read(void *buffer, size_t size, size_t count) override;
    size_t Write(const void *, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override;
    size_t Tell() const override { return static_cast<size_t>(mPosition); }
    size_t FileSize() const override { return static_cast<size_t>(mSize); }
    void Flush() override {}

private:
    Assimp::IOSystem &mIo;
    Assimp::IOStream *mArchive;
    uint64_t mOffset;
    uint64_t mSize;
    uint64_t mPosition = 0;
};

/** Bytes held in memory. */
class PboBufferStream : public Assimp::IOStream {
public:
    explicit PboBufferStream(std::vector<uint8_t> bytes) : mBytes(std::move(bytes)) {}

    size_t Read(void *buffer, size_t size, size_t count) override;
    size_t Write(const void *, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override;
    size_t Tell() const override { return mPosition; }
    size_t FileSize() const override { return mBytes.size(); }
    void Flush() override {}

private:
    std::vector<uint8_t> mBytes;
    size_t mPosition = 0;
};

/** The position a Seek asks for in a stream of `size` bytes at `position`, as Assimp's memory
 *  stream reads the origins (aiOrigin_END counts back from the end); false when it lies
 *  outside the stream. */
bool SeekTarget(uint64_t size, uint64_t position, size_t offset, aiOrigin origin, uint64_t &target);

} // namespace agf::pbo
