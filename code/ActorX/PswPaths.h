/** @file PswPaths.h
 *  Turning the asset and texture paths written in a world file into paths that stay inside the
 *  asset root, and listing the files such a path may name.
 *
 *  A world file must never make the importer read outside the root: MakeSafeRelativePath
 *  (code/Common/SafePaths.h) refuses what would leave it.
 */
#pragma once

#include "Common/SafePaths.h"

#include <string>
#include <vector>

namespace agf::psw {

// The rule for paths written in a world file is the one every file reference follows
// (code/Common/SafePaths.h).
using agf::MakeSafeRelativePath;
using agf::SafePath;

/** The files, relative to the root, that may hold the mesh an actor's asset path names, best
 *  first: the path itself when it already ends in .pskx/.psk; the path with .pskx/.psk added;
 *  the same after dropping an Unreal object suffix (".3" in "SM_Rock.3", ".SM_Rock" in
 *  "SM_Rock.SM_Rock"); then each of those for the file name alone at the root. */
std::vector<std::string> MeshFileCandidates(const std::string &relative);

/** The files that may hold a landscape texture: the path itself when it ends in .png, the path
 *  with ".png" added, then the same for the file name alone. */
std::vector<std::string> TextureFileCandidates(const std::string &relative);

} // namespace agf::psw
