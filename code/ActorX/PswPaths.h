/** @file PswPaths.h
 *  Turning the asset and texture paths written in a world file into paths that stay inside the
 *  asset root, and listing the files such a path may name.
 *
 *  A world file must never make the importer read outside the root: `..` that would climb
 *  above it, drive letters ("C:") and UNC or network paths ("//server") are refused. A single
 *  leading '/' is kept as the root itself, because Unreal game paths ("/Game/Maps/...") are
 *  written that way and mean "from the top of the export folder".
 */
#pragma once

#include <string>
#include <vector>

namespace agf::psw {

/** The outcome of MakeSafeRelativePath. */
struct SafePath {
    bool refused = false;
    std::string relative; ///< '/'-separated, no "." or ".." parts; "" when the path is empty
    std::string problem;  ///< why it was refused
};

/** Normalises `raw` (either separator) to a path relative to the asset root. An empty path
 *  and Unreal's "None" give an empty relative path. */
SafePath MakeSafeRelativePath(const std::string &raw);

/** The files, relative to the root, that may hold the mesh an actor's asset path names, best
 *  first: the path itself when it already ends in .pskx/.psk; the path with .pskx/.psk added;
 *  the same after dropping an Unreal object suffix (".3" in "SM_Rock.3", ".SM_Rock" in
 *  "SM_Rock.SM_Rock"); then each of those for the file name alone at the root. */
std::vector<std::string> MeshFileCandidates(const std::string &relative);

/** The files that may hold a landscape texture: the path itself when it ends in .png, the path
 *  with ".png" added, then the same for the file name alone. */
std::vector<std::string> TextureFileCandidates(const std::string &relative);

} // namespace agf::psw
