/** @file FileLoading.cpp */
#include "FileLoading.h"

#include "ImportError.h"

#include "Common/AssimpVersion.h"

#include <assimp/DefaultIOStream.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/MemoryIOWrapper.h>

// Mapping a file is offered where POSIX mmap exists; everywhere else files are read.
#if defined(__unix__) || defined(__APPLE__)
#define AGF_MAPS_FILES 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#else
#define AGF_MAPS_FILES 0
#endif

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <system_error>
#include <utility>

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

FileBytes::FileBytes(size_t size) : mData(new uint8_t[size]), mSize(size) {}

FileBytes::~FileBytes() {
    release();
}

FileBytes::FileBytes(FileBytes &&other) noexcept {
    *this = std::move(other);
}

FileBytes &FileBytes::operator=(FileBytes &&other) noexcept {
    if (this != &other) {
        release();
        mData = std::exchange(other.mData, nullptr);
        mSize = std::exchange(other.mSize, 0);
        mMapped = std::exchange(other.mMapped, false);
    }
    return *this;
}

FileBytes FileBytes::Mapping(uint8_t *data, size_t size) {
    FileBytes bytes;
    bytes.mData = data;
    bytes.mSize = size;
    bytes.mMapped = true;
    return bytes;
}

void FileBytes::release() {
    if (mMapped) {
#if AGF_MAPS_FILES
        munmap(mData, mSize);
#endif
    } else {
        delete[] mData;
    }
    mData = nullptr;
    mSize = 0;
    mMapped = false;
}

namespace {

/** Files from this size on are mapped when they can be: below it, a read costs less than setting
 *  up and tearing down a mapping. */
constexpr size_t kMapMinimum = size_t(1) << 20;

/** The file behind `stream` mapped copy-on-write, or an empty FileBytes when it cannot be: only
 *  a stream of Assimp's default IO system is a plain file at `path` (a custom or in-memory IO
 *  system serves its own bytes), and the file must still have the stream's size. */
FileBytes MapFile(Assimp::IOStream &stream, const std::string &path, size_t size) {
#if AGF_MAPS_FILES
    if (size < kMapMinimum || dynamic_cast<Assimp::DefaultIOStream *>(&stream) == nullptr) {
        return FileBytes();
    }
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return FileBytes();
    }
    struct stat status {};
    void *data = MAP_FAILED;
    if (fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
        static_cast<uint64_t>(status.st_size) == size) {
        data = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    }
    close(fd);
    if (data == MAP_FAILED) {
        return FileBytes();
    }
    return FileBytes::Mapping(static_cast<uint8_t *>(data), size);
#else
    (void)stream;
    (void)path;
    (void)size;
    return FileBytes();
#endif
}

} // namespace

bool MapsFiles() {
    return AGF_MAPS_FILES != 0;
}

FileBytes ReadWholeFileBytes(Assimp::IOSystem *io, const std::string &path, bool mayMap) {
    std::unique_ptr<Assimp::IOStream> stream = OpenOrThrow(io, path);
    const size_t size = stream->FileSize();
    if (mayMap) {
        FileBytes mapped = MapFile(*stream, path, size);
        if (mapped.data() != nullptr) {
            return mapped;
        }
    }
    FileBytes file(size); // not zero-filled
    if (size != 0 && stream->Read(file.data(), 1, size) != size) {
        ThrowImportError(path, "file", 0, "could not read " + std::to_string(size) + " bytes");
    }
    return file;
}

bool FileExists(Assimp::IOSystem &io, const char *path) {
    if (path == nullptr || !io.Exists(path)) {
        return false;
    }
    if (!AssimpNeeds(AssimpRepair::DefaultIoExists)) {
        return true;
    }
    Assimp::IOStream *stream = io.Open(path, "rb");
    if (stream == nullptr) {
        return false;
    }
    io.Close(stream);
    return true;
}

bool IsReadableFile(Assimp::IOSystem &io, const std::string &path) {
    if (path.empty() || !io.Exists(path.c_str())) {
        return false;
    }
    try {
        std::error_code error;
        if (std::filesystem::is_directory(std::filesystem::u8path(path), error)) {
            return false;
        }
    } catch (const std::exception &) {
        // A name the platform cannot convert: opening it decides.
    }
    Assimp::IOStream *stream = io.Open(path.c_str(), "rb");
    if (stream == nullptr) {
        return false;
    }
    io.Close(stream);
    return true;
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

bool IsSameFile(const std::string &first, const std::string &second) {
    if (first == second) {
        return true;
    }
    // The file system decides: it knows whether case matters, which separators it takes and
    // where links lead. Paths it does not know (a custom IOSystem's) are different files.
    try {
        std::error_code error;
        return std::filesystem::equivalent(std::filesystem::u8path(first),
                                           std::filesystem::u8path(second), error) &&
               !error;
    } catch (const std::exception &) {
        return false; // a name the platform cannot convert
    }
}

} // namespace agf
