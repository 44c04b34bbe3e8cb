/** @file NonModelFiles.h
 *  Files of a game dump that an importer claims by their extension but that are no model to
 *  convert on their own, decided by name and content, for `assimp batch` (docs/batch.md):
 *  - Unreal 1 vertex meshes (Assimp's Unreal importer) are a data file `<name>_d.3d`, its
 *    animation half `<name>_a.3d` and optionally the UnrealScript `<name>.uc`; importing any of
 *    them reads all three, so only the data file is converted, the others go with it;
 *  - a `.uc` file without such a data file is UnrealScript text (UE Viewer writes one beside
 *    each skeletal mesh it exports), not a mesh;
 *  - an `.xml` file (Assimp's Irrlicht importer claims the extension) is a model only when it
 *    is an Irrlicht scene (`irr_scene` in its first bytes) or an Ogre `.mesh.xml`; Arma's
 *    `stringtable.xml` and other data files are not.
 */
#pragma once

#include <string>
#include <vector>

namespace agf::cli {

/** For an Unreal 1 data file "<name>_d.3d" (a relative path), the files its import reads beside
 *  it, "<name>_a.3d" and "<name>.uc", in that order; nothing for any other file. */
std::vector<std::string> Unreal3dCompanions(const std::string &relativePath);

/** Whether the first bytes of a file are UnrealScript text: after an optional UTF-8 byte order
 *  mark and white space, a line or block comment, a `class` declaration or an `#exec`
 *  directive, and no control bytes but white space. Unreal 1 .3d data is binary. */
bool LooksLikeUnrealScript(const std::string &start);

/** How many first bytes of a file WhyNotAModel looks at. */
constexpr size_t kSniffBytes = 512;

/** Whether WhyNotAModel needs the first bytes of the file to decide (.uc, .xml). */
bool DecidedByContent(const std::string &relativePath);

/** Why the file `relativePath`, which no model's import reads beside it, is not converted: ""
 *  when it is to be converted. `start` holds its first bytes (up to kSniffBytes) when they
 *  could be read: unread, a file is converted, and fails if it is no model. */
std::string WhyNotAModel(const std::string &relativePath, const std::string *start);

} // namespace agf::cli
