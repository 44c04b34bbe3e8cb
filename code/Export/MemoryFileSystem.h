/** @file MemoryFileSystem.h
 *  An Assimp IOSystem that keeps every file written through it in memory, so that a writer we
 *  post-process (glTF) can run Assimp's own exporter first and touch the disk only once, with
 *  the finished files.
 */
#pragma once

#include <assimp/IOSystem.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace agf {

class MemoryFileSystem : public Assimp::IOSystem {
public:
    using Assimp::IOSystem::Exists;
    bool Exists(const char *file) const override;
    char getOsSeparator() const override { return '/'; }
    /** Opens a file for writing ("w", "wb", "wt") or reads one written before. */
    Assimp::IOStream *Open(const char *file, const char *mode) override;
    void Close(Assimp::IOStream *stream) override;

    /** Every file written, by the path it was opened with. */
    std::map<std::string, std::vector<uint8_t>> &files() { return mFiles; }

private:
    std::map<std::string, std::vector<uint8_t>> mFiles;
};

} // namespace agf
