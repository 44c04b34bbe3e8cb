/** @file ArchiveFileSystem.h
 *  What an import needs of an IOSystem that serves the entries of archives (Bohemia's PBOs,
 *  code/Pbo) as files, declared here so that code/Common need not know any archive format:
 *  the top of the library (code/Registry.cpp) hands every importer the function that makes one.
 *
 *  ImporterBase uses it twice. When the texture roots of an import name archives, or folders
 *  that hold them, the import reads through such a file system (ArchiveFileSystemFactory). And
 *  when the application's own IOSystem is one (agf::NewPboIOSystem), the warnings about damaged
 *  archives that the import read from join the import's warnings.
 */
#pragma once

#include "Common/Warnings.h"

#include <assimp/IOSystem.hpp>

#include <memory>
#include <string>
#include <vector>

namespace agf {

class ArchiveFileSystem : public Assimp::IOSystem {
public:
    /** Moves the warnings about the archives read since the last call into `sink`: the damage
     *  found in each archive's header (once per call for every archive an entry was asked of)
     *  and every entry that could not be read. */
    virtual void takeWarnings(Warnings &sink) = 0;

    /** The archive that `path` goes through ("mods/a.pbo" for "mods/a.pbo/x/a/b.p3d"), as a
     *  path this file system reads the archive's entries under, or "" when the path leads
     *  into no readable archive. A model read from an archive finds its textures in it. */
    virtual std::string archiveHolding(const std::string &path) const = 0;
};

/** Makes the file system an import reads through when `roots` (its texture roots) name
 *  archives or folders that hold archives; nullptr when none does. `target` serves every
 *  other path and the archives' own bytes; it outlives the result. */
using ArchiveFileSystemFactory = std::unique_ptr<ArchiveFileSystem> (*)(
    Assimp::IOSystem &target, const std::vector<std::string> &roots);

} // namespace agf
