/** @file PboEntryStreams.cpp */
#include "PboEntryStreams.h"

#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <cstring>

namespace agf::pbo {

bool SeekTarget(uint64_t size, uint64_t position, size_t offset, aiOrigin origin,
                uint64_t &target) {
    switch (origin) {
    case aiOrigin_SET:
        target = offset;
        break;
    case aiOrigin_CUR:
        // A move back arrives as an offset that wraps around: the sum wraps back.
        target = position + static_cast<uint64_t>(offset);
        break;
    case aiOrigin_END:
        if (offset > size) {
            return false;
        }
        target = size - offset;
        break;
    default:
        return false;
    }
    return target <= size;
}

PboSliceStream::PboSliceStream(Assimp::IOSystem &io, Assimp::IOStream *archive, uint64_t offset,
                               uint64_t size)
    : mIo(io), mArchive(archive), mOffset(offset), mSize(size) {}

PboSliceStream::~PboSliceStream() {
    mIo.Close(mArchive);
}

size_t PboSliceStream::Read(void *buffer, size_t size, size_t count) {
    if (size == 0 || count == 0 || mPosition >= mSize) {
        return 0;
    }
    const uint64_t wanted = std::min<uint64_t>(count, (mSize - mPosition) / size);
    if (wanted == 0 || mArchive->Seek(static_cast<size_t>(mOffset + mPosition), aiOrigin_SET) !=
                           aiReturn_SUCCESS) {
        return 0;
    }
    const size_t bytes = mArchive->Read(buffer, 1, static_cast<size_t>(wanted * size));
    mPosition += bytes;
    return bytes / size;
}

aiReturn PboSliceStream::Seek(size_t offset, aiOrigin origin) {
    uint64_t target = 0;
    if (!SeekTarget(mSize, mPosition, offset, origin, target)) {
        return aiReturn_FAILURE;
    }
    mPosition = target;
    return aiReturn_SUCCESS;
}

size_t PboBufferStream::Read(void *buffer, size_t size, size_t count) {
    if (size == 0 || count == 0 || mPosition >= mBytes.size()) {
        return 0;
    }
    const size_t wanted = std::min(count, (mBytes.size() - mPosition) / size);
    std::memcpy(buffer, mBytes.data() + mPosition, wanted * size);
    mPosition += wanted * size;
    return wanted;
}

aiReturn PboBufferStream::Seek(size_t offset, aiOrigin origin) {
    uint64_t target = 0;
    if (!SeekTarget(mBytes.size(), mPosition, offset, origin, target)) {
        return aiReturn_FAILURE;
    }
    mPosition = static_cast<size_t>(target);
    return aiReturn_SUCCESS;
}

} // namespace agf::pbo
