/** @file FileLoading.h
 *  Reading files through Assimp's IOSystem, so that in-memory and custom IO work too.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf {

/** Reads a whole file. Throws ImportError when it cannot be opened or read. */
std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path);

/** Reads a whole file if it exists; returns false (and leaves `out` empty) otherwise. */
bool ReadFileIfExists(Assimp::IOSystem *io, const std::string &path, std::vector<uint8_t> &out);

/** The folder part of a path, with its trailing separator ("" when there is none). */
std::string DirectoryOf(const std::string &path);

/** The file name without folder and without its last extension. */
std::string BaseNameOf(const std::string &path);

/** The path without its last extension. */
std::string StripExtension(const std::string &path);

/** The file name part of a path. */
std::string FileNameOf(const std::string &path);

} // namespace agf
