/** @file CachingIOSystem.h
 *  An IOSystem that remembers, for one import, which files exist.
 *
 *  Our importers look for many optional files (sidecars, animations, .mat files, textures under
 *  several roots, a world's assets), and most are missing. Assimp wraps every importer's
 *  IOSystem in its FileSystemFilter, which answers a miss only after trying about five spellings
 *  of the path, and a nested import (a PSW asset) wraps the outer filter in another one: one
 *  missing sidecar cost 25 `open` calls, and a level of 50 small assets 28,000 (most of its
 *  import time). This wrapper asks each question once; the files of one import do not change
 *  while it runs. It forwards everything else, and is used from one thread. A nested import
 *  also skips its own filter (kEnclosingImportFiles in ImporterBase.h).
 */
#pragma once

#include "Common/BorrowedIOSystem.h"

#include <string>
#include <unordered_map>

namespace agf {

class CachingIOSystem : public BorrowedIOSystem {
public:
    explicit CachingIOSystem(Assimp::IOSystem &target) : BorrowedIOSystem(target) {}

    using BorrowedIOSystem::Exists;
    /** The wrapped system's answer, confirmed where the loaded Assimp needs it (FileExists in
     *  FileLoading.h). */
    bool Exists(const char *file) const override;
    /** A file already known to be missing is not asked for again; a read that fails marks it
     *  missing, and so does a stream that does not give its first byte (Assimp's filter can
     *  answer a missing file with a folder its guesses reach). Writes are forwarded untouched. */
    Assimp::IOStream *Open(const char *file, const char *mode) override;
    bool CreateDirectory(const std::string &path) override;
    bool DeleteFile(const std::string &file) override;

private:
    mutable std::unordered_map<std::string, bool> mExists;
};

} // namespace agf
