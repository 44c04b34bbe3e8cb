/** @file FileLoading.h
 *  Reading files through Assimp's IOSystem, so that in-memory and custom IO work too.
 */
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf {

/** Reads a whole file. Throws ImportError when it cannot be opened or read. */
std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path);

/** A whole file's bytes, writable (a parser may fix records up where they are), held in one
 *  of two ways. Read into a block that is not zero-filled first: std::vector's resize writes
 *  every byte once before the read writes it again, a pass over the file that was a fifth of
 *  the instructions of a large PSA import. Or, for a large file on disk, mapped copy-on-write
 *  (see ReadWholeFileBytes): no copy at all, and a write changes only this process's view. */
class FileBytes {
public:
    FileBytes() = default;
    /** `size` bytes, uninitialised. */
    explicit FileBytes(size_t size);
    ~FileBytes();
    FileBytes(FileBytes &&other) noexcept;
    FileBytes &operator=(FileBytes &&other) noexcept;
    FileBytes(const FileBytes &) = delete;
    FileBytes &operator=(const FileBytes &) = delete;

    /** Takes a private mapping of `size` bytes (unmapped when done). */
    static FileBytes Mapping(uint8_t *data, size_t size);

    const uint8_t *data() const { return mData; }
    uint8_t *data() { return mData; }
    size_t size() const { return mSize; }
    bool mapped() const { return mMapped; }

private:
    void release();

    uint8_t *mData = nullptr;
    size_t mSize = 0;
    bool mMapped = false;
};

/** Whether ReadWholeFileBytes can map files on this system (POSIX mmap); elsewhere it reads. */
bool MapsFiles();

/** As ReadWholeFile, into a FileBytes: for the importers of large files (PSK, PSA, P3D, PSW).
 *  With `mayMap`, on systems with POSIX mmap, a file of 1 MiB or more that `io` serves from
 *  disk (a stream of Assimp's default IO system) is mapped instead. Off unless asked for
 *  (AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES): a mapped file that another program shortens ends
 *  the process with SIGBUS at the first read past its new end, where a read is only a
 *  damaged file. */
FileBytes ReadWholeFileBytes(Assimp::IOSystem *io, const std::string &path, bool mayMap = false);

/** Whether `io` has the file: its Exists, and where the loaded Assimp's DefaultIOSystem may
 *  report a missing file present (AssimpRepair::DefaultIoExists), the file must also open. */
bool FileExists(Assimp::IOSystem &io, const char *path);

/** Whether `io` has a file at `path` that opens, and that is no folder. Assimp's Exists says
 *  yes to a folder on Windows (and, through its FileSystemFilter, to a path it rewrites into
 *  one, such as "<model folder>\\x\\.."), and to a folder on Linux in Assimp 5.2: where a file
 *  is to be read, that is not enough. */
bool IsReadableFile(Assimp::IOSystem &io, const std::string &path);

/** Reads a whole file if it exists; returns false (and leaves `out` empty) otherwise. */
bool ReadFileIfExists(Assimp::IOSystem *io, const std::string &path, std::vector<uint8_t> &out);

/** Reads up to `size` bytes from the start of a file, for CanRead's signature checks.
 *  Returns how many bytes were read: 0 when the file cannot be opened. */
size_t ReadFileStart(Assimp::IOSystem *io, const std::string &path, uint8_t *buffer, size_t size);

/** True for the names Importer::ReadFileFromMemory serves from its one buffer: such a file has
 *  no real siblings (sidecars, animations, assets) to look for. */
bool IsMemoryFile(const std::string &path);

/** True for a path that does not start from the current folder: a leading '/' or '\\', or a
 *  drive letter ("C:", as Windows-made files and options write them). */
bool IsAbsolutePath(const std::string &path);

/** Whether two paths (UTF-8) name the same file: the same text, or one file on disk however
 *  each is written (case on a case-blind file system, '\\' or '/', "./", links). */
bool IsSameFile(const std::string &first, const std::string &second);

/** The folder part of a path, with its trailing separator ("" when there is none). */
std::string DirectoryOf(const std::string &path);

/** The file name without folder and without its last extension. */
std::string BaseNameOf(const std::string &path);

/** The path without its last extension. */
std::string StripExtension(const std::string &path);

/** The file name part of a path. */
std::string FileNameOf(const std::string &path);

} // namespace agf
