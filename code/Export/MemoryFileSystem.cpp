/** @file MemoryFileSystem.cpp */
#include "MemoryFileSystem.h"

#include <assimp/IOStream.hpp>

#include <algorithm>
#include <cstring>

namespace agf {

namespace {

/** A stream over one entry of the file map: writes grow it, reads consume it. */
class MemoryStream : public Assimp::IOStream {
public:
    MemoryStream(std::vector<uint8_t> &bytes, bool writing) : mBytes(bytes) {
        if (writing) {
            mBytes.clear();
        }
    }

    size_t Read(void *buffer, size_t size, size_t count) override {
        if (size == 0 || mPosition >= mBytes.size()) {
            return 0;
        }
        const size_t available = (mBytes.size() - mPosition) / size;
        const size_t items = std::min(count, available);
        if (items != 0) {
            std::memcpy(buffer, mBytes.data() + mPosition, items * size);
        }
        mPosition += items * size;
        return items;
    }

    size_t Write(const void *buffer, size_t size, size_t count) override {
        const size_t bytes = size * count;
        if (mPosition + bytes > mBytes.size()) {
            mBytes.resize(mPosition + bytes);
        }
        if (bytes != 0) {
            std::memcpy(mBytes.data() + mPosition, buffer, bytes);
        }
        mPosition += bytes;
        return count;
    }

    aiReturn Seek(size_t offset, aiOrigin origin) override {
        size_t target = offset;
        if (origin == aiOrigin_CUR) {
            target = mPosition + offset;
        } else if (origin == aiOrigin_END) {
            target = mBytes.size() + offset;
        }
        // Past the end is allowed, as with a real file: Assimp's GLB writer seeks over the header
        // of an empty file and writes it last. The gap is zero-filled when written after.
        mPosition = target;
        return aiReturn_SUCCESS;
    }

    size_t Tell() const override { return mPosition; }
    size_t FileSize() const override { return mBytes.size(); }
    void Flush() override {}

private:
    std::vector<uint8_t> &mBytes;
    size_t mPosition = 0;
};

} // namespace

bool MemoryFileSystem::Exists(const char *file) const {
    return mFiles.count(file) != 0;
}

Assimp::IOStream *MemoryFileSystem::Open(const char *file, const char *mode) {
    const bool writing = std::strchr(mode, 'w') != nullptr;
    if (!writing && mFiles.count(file) == 0) {
        return nullptr;
    }
    return new MemoryStream(mFiles[file], writing);
}

void MemoryFileSystem::Close(Assimp::IOStream *stream) {
    delete stream;
}

} // namespace agf
