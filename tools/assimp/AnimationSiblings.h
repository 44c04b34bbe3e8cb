/** @file AnimationSiblings.h
 *  Which animation files a mesh import loads by itself: the mesh importers' sibling auto-load
 *  (code/Common/AnimationBinding.h) tries, for each animation extension of the mesh's format,
 *  "<mesh path without extension>.<ext>" and then ".<EXT>", and loads the first that exists.
 *  `assimp export hero.psk` therefore binds hero.psa; `view` and `batch` pair files the same
 *  way from this one table.
 */
#pragma once

#include <string>
#include <vector>

namespace agf::cli {

/** The animation extensions the importer of `meshExtension` (lower case, no dot) auto-loads:
 *  psk and pskx: psa, psax; fxm: mot; uemodel: ueanim; anything else: none. */
std::vector<std::string> AutoLoadedAnimationExtensions(const std::string &meshExtension);

/** The mesh extensions whose importers auto-load `animationExtension` (lower case, no dot). */
std::vector<std::string> MeshExtensionsFor(const std::string &animationExtension);

/** For each auto-loaded extension of the mesh file `meshFileName` (a name or a path), the
 *  candidate file names in the order the importer tries them; the importer loads the first
 *  candidate of each group that exists. */
std::vector<std::vector<std::string>> AutoLoadCandidates(const std::string &meshFileName);

} // namespace agf::cli
