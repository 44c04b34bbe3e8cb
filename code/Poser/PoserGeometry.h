/** @file PoserGeometry.h
 *  The figure's geometry: finding the OBJ a CR2 names (`figureResFile`, `objFileGeom`),
 *  importing it with Assimp's own OBJ importer through the caller's IOSystem, and binding each
 *  group rigidly to the bone of the actor with the same name.
 */
#pragma once

#include "Common/Warnings.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

struct aiNode;
struct aiScene;

namespace Assimp {
class IOSystem;
}

namespace agf {
class SceneParts;
}

namespace agf::poser {

/** How many folders above the CR2's own a Poser ':'-path is tried from (a CR2 sits in
 *  Runtime/Libraries/Character/<folder>/, the OBJ in Runtime/Geometries/<folder>/). */
constexpr int kMaxGeometryAncestorLevels = 6;

/** The candidate files for a Poser geometry path, in the order tried: the path under the
 *  CR2's folder and under each of its ancestors (at most kMaxGeometryAncestorLevels up, never
 *  above the start of `figurePath`), then the file name alone next to the CR2. Paths with
 *  "..", drive letters or a leading separator give only the file-name candidate: nothing from a
 *  file may reach outside the folders the figure is in. */
std::vector<std::string> GeometryCandidates(const std::string &figurePath,
                                            const std::string &poserPath);

/** Imports the first candidate of any of `poserPaths` that exists, with a fresh
 *  Assimp::Importer (OBJ and the other stock formats) reading through `io`. Returns nullptr
 *  (with a warning) when none exists or the file does not import; `loadedPath` gets the file. */
std::unique_ptr<aiScene> LoadPoserGeometry(Assimp::IOSystem *io, const std::string &figurePath,
                                           const std::vector<std::string> &poserPaths,
                                           std::string &loadedPath, Warnings &warnings);

/** Moves the meshes and materials of `geometry` into `parts`, scaled by `scale` (Poser units to
 *  metres), in figure space at rest, under a new child of `root`. Every mesh of an OBJ group
 *  named after an actor gets that actor's bone with weight 1 on every vertex (offset matrix =
 *  inverse of the bone's rest transform relative to `root`); meshes of other groups stay
 *  unskinned, with a warning. Returns how many meshes were bound. */
size_t AttachPoserGeometry(aiScene &geometry, const std::map<std::string, aiNode *> &bones,
                           double scale, aiNode *root, SceneParts &parts,
                           const std::string &fileName, Warnings &warnings);

} // namespace agf::poser
