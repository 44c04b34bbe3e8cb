/** @file FileLoading.cpp */
#include "FileLoading.h"

#include "HugePages.h"
#include "ImportError.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/MemoryIOWrapper.h>

#include <algorithm>
#include <cctype>
#include <memory>

namespace agf {

namespace {
void ReadStream(Assimp::IOStream &stream, const std::string &path, std::vector<uint8_t> &out) {
    const size_t size = stream.FileSize();
    out.resize(size);
    if (size != 0 && stream.Read(out.data(), 1, size) != size) {
        ThrowImportError(path, "file", 0, "could not read " + std::to_string(size) + " bytes");
    }
}

std::unique_ptr<Assimp::IOStream> OpenOrThrow(Assimp::IOSystem *io, const std::string &path) {
    std::unique_ptr<Assimp::IOStream> stream(io->Open(path, "rb"));
    if (!stream) {
        ThrowImportError(path, "file", 0, "cannot open file");
    }
    return stream;
}

size_t LastSeparator(const std::string &path) {
    return path.find_last_of("/\\");
}
} // namespace

std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path) {
    std::unique_ptr<Assimp::IOStream> stream = OpenOrThrow(io, path);
    std::vector<uint8_t> data;
    ReadStream(*stream, path, data);
    return data;
}

FileBytes ReadWholeFileBytes(Assimp::IOSystem *io, const std::string &path) {
    std::unique_ptr<Assimp::IOStream> stream = OpenOrThrow(io, path);
    FileBytes file;
    file.size = stream->FileSize();
    file.bytes.reset(new uint8_t[file.size]); // default-initialised: not zero-filled
    AdviseHugePages(file.bytes.get(), file.size);
    if (file.size != 0 && stream->Read(file.bytes.get(), 1, file.size) != file.size) {
        ThrowImportError(path, "file", 0, "could not read " + std::to_string(file.size) + " bytes");
    }
    return file;
}

bool ReadFileIfExists(Assimp::IOSystem *io, const std::string &path, std::vector<uint8_t> &out) {
    out.clear();
    if (!io->Exists(path)) {
        return false;
    }
    std::unique_ptr<Assimp::IOStream> stream(io->Open(path, "rb"));
    if (!stream) {
        return false;
    }
    ReadStream(*stream, path, out);
    return true;
}

size_t ReadFileStart(Assimp::IOSystem *io, const std::string &path, uint8_t *buffer, size_t size) {
    if (io == nullptr) {
        return 0;
    }
    std::unique_ptr<Assimp::IOStream> stream(io->Open(path, "rb"));
    if (!stream) {
        return 0;
    }
    // Assimp's memory streams hand memcpy a null source for an empty file, so
    // an empty file is answered without reading.
    const size_t available = std::min(size, stream->FileSize());
    return available == 0 ? 0 : stream->Read(buffer, 1, available);
}

bool IsMemoryFile(const std::string &path) {
    return path.compare(0, AI_MEMORYIO_MAGIC_FILENAME_LENGTH, AI_MEMORYIO_MAGIC_FILENAME) == 0;
}

std::string DirectoryOf(const std::string &path) {
    const size_t separator = LastSeparator(path);
    return separator == std::string::npos ? std::string() : path.substr(0, separator + 1);
}

std::string FileNameOf(const std::string &path) {
    const size_t separator = LastSeparator(path);
    return separator == std::string::npos ? path : path.substr(separator + 1);
}

std::string BaseNameOf(const std::string &path) {
    const std::string name = FileNameOf(path);
    const size_t dot = name.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

std::string StripExtension(const std::string &path) {
    return DirectoryOf(path) + BaseNameOf(path);
}

bool IsAbsolutePath(const std::string &path) {
    if (!path.empty() && (path[0] == '/' || path[0] == '\\')) {
        return true;
    }
    return path.size() >= 2 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':';
}

} // namespace agf
