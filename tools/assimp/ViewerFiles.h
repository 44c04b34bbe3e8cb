/** @file ViewerFiles.h
 *  What `assimp view` may show: the folder it serves, the model files in it, and the checks
 *  that keep every request inside that folder.
 */
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace Assimp {
class Importer;
}

namespace agf::cli {

enum class PathCheck {
    Ok,
    Forbidden, ///< absolute, a ".." segment, or a way out of the folder through a symbolic link
    NotFound,  ///< no such regular file inside the folder
};

struct ResolvedPath {
    PathCheck check = PathCheck::NotFound;
    std::filesystem::path path; ///< canonical, when check is Ok
};

/** True when a '/'-separated request path tries to leave its folder: it is absolute, has a
 *  ".." segment or holds a NUL byte. Backslashes count as separators too, so that a path
 *  written for Windows cannot slip a ".." through. */
bool IsTraversal(const std::string &relative);

/** The folder the viewer serves. For a folder PATH that is PATH itself; for a file PATH it is
 *  the file's folder (where its textures and animation files are), and only that file is listed
 *  (for a PBO archive, the models in it). The entries of PBO archives are paths that go on
 *  inside the archive ("addons/cba_optics.pbo/cba_optic_small_70.p3d", docs/pbo.md). */
class ViewerRoot {
public:
    /** Throws std::runtime_error when `path` is neither a file nor a folder. */
    explicit ViewerRoot(const std::filesystem::path &path);

    const std::filesystem::path &folder() const { return mFolder; }
    bool isSingleFile() const { return !mSingleFile.empty(); }
    const std::filesystem::path &singleFile() const { return mSingleFile; }

    /** Resolves a '/'-separated path relative to the folder (see PathCheck). A path through a
     *  PBO archive resolves when the archive is a file inside the folder, to the canonical
     *  archive and the rest of the path. */
    ResolvedPath Resolve(const std::string &relative) const;

    /** True when a canonical path lies inside the folder. */
    bool Contains(const std::filesystem::path &canonical) const;

    /** The '/'-separated name of a canonical path inside the folder. */
    std::string RelativeName(const std::filesystem::path &canonical) const;

private:
    /** Where the first part of `relative` that names a PBO file ends; npos when none does. */
    size_t ArchivePartEnd(const std::string &relative) const;

    std::filesystem::path mFolder;     ///< canonical
    std::filesystem::path mSingleFile; ///< canonical; empty for a folder
};

/** One model file the viewer lists. */
struct CatalogEntry {
    std::string file;   ///< relative to the root's folder, '/'-separated
    std::string format; ///< the name of the importer for its extension
    uint64_t size = 0;  ///< bytes
};

/** The model files: the root's single file, or every file below its folder whose extension
 *  `importer` reads (ours and Assimp's) and every such entry of the PBO archives there, sorted
 *  by name. Hidden files and folders (".git") are
 *  skipped, links to folders are not followed, and links to files outside are left out.
 *  `exclude` is a folder to leave out (the static gallery's output); empty: none. At most
 *  `limit` files. */
std::vector<CatalogEntry> ScanModels(const ViewerRoot &root, const Assimp::Importer &importer,
                                     const std::filesystem::path &exclude, size_t limit = 100000);

/** The importer name for a file name's extension ("" when none reads it). */
std::string FormatNameFor(const Assimp::Importer &importer, const std::string &fileName);

/** The lower-case extension of a file name without the dot ("" when none). */
std::string LowerExtension(const std::string &fileName);

} // namespace agf::cli
