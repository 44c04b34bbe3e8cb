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

/** A whole file's bytes in a block that is not zero-filled before the read fills it:
 *  std::vector's resize writes every byte once before the read writes it again, a pass over
 *  the file that was a fifth of the instructions of a large PSA import. */
struct FileBytes {
    std::unique_ptr<uint8_t[]> bytes;
    size_t size = 0;

    const uint8_t *data() const { return bytes.get(); }
};

/** As ReadWholeFile, into a FileBytes: for the importers of large files (PSK, PSA). */
FileBytes ReadWholeFileBytes(Assimp::IOSystem *io, const std::string &path);

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

/** The folder part of a path, with its trailing separator ("" when there is none). */
std::string DirectoryOf(const std::string &path);

/** The file name without folder and without its last extension. */
std::string BaseNameOf(const std::string &path);

/** The path without its last extension. */
std::string StripExtension(const std::string &path);

/** The file name part of a path. */
std::string FileNameOf(const std::string &path);

} // namespace agf
