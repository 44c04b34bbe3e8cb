/** @file SafePaths.h
 *  Paths written inside a file (PSW asset paths, texture references of every format) turned
 *  into paths that stay inside a root folder.
 *
 *  A file must never make the importer read outside its roots: `..` that would climb above the
 *  root, drive letters ("C:", "P:") and UNC or network paths ("//server") are refused. A
 *  single leading separator is kept as the root itself, because Unreal game paths
 *  ("/Game/Maps/...") and Arma paths ("\\ca\\data\\..." with backslashes) are written that way and
 * mean "from the top of the export folder / data root"; it never reaches the top of the file
 * system.
 */
#pragma once

#include <string>

namespace agf {

/** The outcome of MakeSafeRelativePath. */
struct SafePath {
    bool refused = false;
    std::string relative; ///< '/'-separated, no "." or ".." parts; "" when the path is empty
    std::string problem;  ///< why it was refused
};

/** Normalises `raw` (either separator) to a path relative to a root. An empty path and
 *  Unreal's "None" give an empty relative path. */
SafePath MakeSafeRelativePath(const std::string &raw);

} // namespace agf
