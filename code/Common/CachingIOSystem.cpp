/** @file CachingIOSystem.cpp */
#include "CachingIOSystem.h"

#include "Common/FileLoading.h"

#include <assimp/IOStream.hpp>

#include <cstdint>
#include <cstring>

namespace agf {

namespace {

bool IsReadMode(const char *mode) {
    return mode != nullptr && std::strchr(mode, 'w') == nullptr &&
           std::strchr(mode, 'a') == nullptr && std::strchr(mode, '+') == nullptr;
}

// Whether the stream gives its first byte (put back after): Assimp's FileSystemFilter answers
// some missing paths with a folder its guesses reach, which fopen opens on Linux and which
// reports a size but reads nothing.
bool GivesItsFirstByte(Assimp::IOStream &stream) {
    if (stream.FileSize() == 0) {
        return true; // an empty file
    }
    uint8_t first = 0;
    const bool read = stream.Read(&first, 1, 1) == 1;
    return read && stream.Seek(0, aiOrigin_SET) == aiReturn_SUCCESS;
}

} // namespace

bool CachingIOSystem::Exists(const char *file) const {
    if (file == nullptr) {
        return false;
    }
    const auto known = mExists.find(file);
    if (known != mExists.end()) {
        return known->second;
    }
    const bool exists = FileExists(target(), file);
    mExists.emplace(file, exists);
    return exists;
}

Assimp::IOStream *CachingIOSystem::Open(const char *file, const char *mode) {
    if (file == nullptr) {
        return nullptr;
    }
    if (!IsReadMode(mode)) {
        mExists.erase(file);
        return BorrowedIOSystem::Open(file, mode);
    }
    const auto known = mExists.find(file);
    if (known != mExists.end() && !known->second) {
        return nullptr;
    }
    Assimp::IOStream *stream = BorrowedIOSystem::Open(file, mode);
    if (stream != nullptr && !GivesItsFirstByte(*stream)) {
        BorrowedIOSystem::Close(stream);
        stream = nullptr;
    }
    if (stream == nullptr) {
        mExists[file] = false;
    }
    return stream;
}

bool CachingIOSystem::CreateDirectory(const std::string &path) {
    mExists.clear();
    return BorrowedIOSystem::CreateDirectory(path);
}

bool CachingIOSystem::DeleteFile(const std::string &file) {
    mExists.erase(file);
    return BorrowedIOSystem::DeleteFile(file);
}

} // namespace agf
