/** @file FuzzPboCase.h
 *  One input of the PBO fuzz target (fuzz/FuzzPbo.cpp), shared with the hostile sweep
 *  (test/utHostileSweep.cpp) and the test that replays the committed corpus
 *  (test/utFuzzRegressions.cpp).
 *
 *  Input: a PBO archive, served as "fuzz.pbo" by an in-memory file system. Beyond the
 *  sanitizers, the reader's promises are checked: only agf::ImportError leaves it; every entry
 *  it lists lies inside the file, after the table, with a path inside the archive and unique
 *  ignoring case; every listed entry reads as exactly its size or fails with ImportError; and
 *  the first model entry imports through agf::NewPboIOSystem into a scene Assimp's validation
 *  accepts, or fails with one of our messages.
 */
#pragma once

#include "Common/ImportError.h"
#include "Common/StringHelpers.h"
#include "FuzzImportCase.h"
#include "Pbo/PboArchive.h"

#include <assimp_gameformats/PboArchives.h>

#include <set>

namespace agf::fuzz {

/** What one PBO case found. */
struct PboCaseResult {
    const char *broken = nullptr; ///< the promise broken, or nullptr
    bool opened = false;          ///< the archive's table could be read
    size_t entries = 0;
};

namespace detail {

/** Whether `path` is '/'-separated, relative, and has no empty, "." or ".." part ("..x.p3d" is
 *  a name like any other). */
inline bool IsPathInsideArchive(const std::string &path) {
    if (path.empty() || path.find('\\') != std::string::npos) {
        return false;
    }
    size_t start = 0;
    while (true) {
        const size_t end = path.find('/', start);
        const std::string part = path.substr(start, end == std::string::npos ? end : end - start);
        if (part.empty() || part == "." || part == "..") {
            return false;
        }
        if (end == std::string::npos) {
            return true;
        }
        start = end + 1;
    }
}

inline const char *CheckPboEntry(const pbo::PboArchive &archive, const pbo::PboEntry &entry,
                                 size_t fileSize, std::set<std::string> &paths) {
    if (entry.dataOffset < archive.layout().dataStart || entry.dataOffset > fileSize ||
        entry.dataSize > fileSize - entry.dataOffset) {
        return "every entry lies inside the file, after the table";
    }
    if (!IsPathInsideArchive(entry.path)) {
        return "every entry's path is a '/'-separated path inside the archive";
    }
    if (!paths.insert(Lower(entry.path)).second) {
        return "entry paths are unique ignoring case";
    }
    if (archive.find(entry.path) != &entry) {
        return "every entry is found by its own path";
    }
    try {
        if (archive.readEntry(entry).size() != entry.size()) {
            return "an entry reads as exactly its size";
        }
    } catch (const ImportError &) {
    }
    return nullptr;
}

/** Imports the first entry an importer of ours claims by extension, through the PBO file
 *  system, textures kept as references (the texture pass has its own tests and targets). */
inline const char *ImportFirstModel(const pbo::PboArchive &archive,
                                    const std::vector<uint8_t> &bytes) {
    for (const pbo::PboEntry &entry : archive.entries()) {
        const std::string extension = Lower(entry.path.substr(entry.path.find_last_of('.') + 1));
        bool ours = false;
        for (const FormatInfo &format : ListFormats()) {
            ours = ours ||
                   (" " + format.extensions + " ").find(" " + extension + " ") != std::string::npos;
        }
        if (!ours) {
            continue;
        }
        Assimp::Importer importer;
        RegisterImporters(importer);
        importer.SetPropertyBool("IMPORT_TEXTURES_KEEP_REFERENCES", true);
        importer.SetIOHandler(NewPboIOSystem(new MemoryFileSystem({{"fuzz.pbo", bytes}})));
        const aiScene *scene =
            importer.ReadFile("fuzz.pbo/" + entry.path, aiProcess_ValidateDataStructure);
        const std::string error = importer.GetErrorString();
        if (scene == nullptr && !IsCleanRefusal(error) &&
            error.compare(0, 21, "Unable to open file \"") != 0) {
            return "an entry imports or fails with one of our messages";
        }
        return nullptr;
    }
    return nullptr;
}

} // namespace detail

/** Runs one input. */
inline PboCaseResult RunPboCase(const uint8_t *data, size_t size) {
    PboCaseResult result;
    const std::vector<uint8_t> bytes(data, data + size);
    MemoryFileSystem files({{"fuzz.pbo", bytes}});
    std::unique_ptr<pbo::PboArchive> archive;
    try {
        archive = std::make_unique<pbo::PboArchive>(files, "fuzz.pbo");
    } catch (const ImportError &) {
        return result;
    }
    result.opened = true;
    result.entries = archive->entries().size();
    std::set<std::string> paths;
    for (const pbo::PboEntry &entry : archive->entries()) {
        result.broken = detail::CheckPboEntry(*archive, entry, size, paths);
        if (result.broken != nullptr) {
            return result;
        }
    }
    result.broken = detail::ImportFirstModel(*archive, bytes);
    return result;
}

} // namespace agf::fuzz
