/** @file TextureResolver.h
 *  Finding the file a material's texture reference names, for every format (issue 16).
 *
 *  A reference is looked for, in this order:
 *  1. relative to the model's folder. It may climb above that folder by at most
 *     `modelParentLevels` ('..' parts): the format's own layout (UEViewer exports keep textures
 *     in `../Texture2D/`, a sibling of the mesh's class folder); beyond that it is refused;
 *  2. under the archive the model was read from (`modelArchive`), when it was: a reference
 *     to the archive's own entries names them by their data-root path, which the archive
 *     serves under its own path (code/Pbo);
 *  3. under each texture root the user gave (AI_CONFIG_IMPORT_TEXTURE_ROOTS, `--texture-root`),
 *     in order: the reference made safe by MakeSafeRelativePath (`\` or `/` separators; `..`
 *     that leaves the root, drive letters and UNC paths refused; a leading separator means the
 *     root), so a P3D's `x\cba\addons\optics\data\scope_ca.paa` is read from
 *     `<root>/x/cba/addons/optics/data/scope_ca.paa`;
 *  4. its file name alone, beside the model.
 *  Each step matches the path exactly first, then ignoring case part by part (Arma's paths are
 *  case-insensitive, the files on a Linux disk are not). A file found through a symbolic link
 *  that leads out of the folder it was looked for in is not taken.
 */
#pragma once

#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf {

struct TextureSearch {
    std::string modelFolder;        ///< "" for the working folder; else ends in '/'
    unsigned modelParentLevels = 0; ///< how far a reference may climb above modelFolder
    std::vector<std::string> roots; ///< the user's texture roots, in order
    std::string modelArchive;       ///< the archive holding the model, or ""
};

struct TextureLookup {
    bool found = false;
    std::string path;     ///< the file, as a path for the IOSystem, when found
    std::string problem;  ///< when not found: why (refused, or where it was looked for)
    bool refused = false; ///< the reference leaves every folder it may be looked for in
};

/** Looks for the file `reference` names (rules above). */
TextureLookup FindTextureFile(Assimp::IOSystem *io, const std::string &reference,
                              const TextureSearch &search);

/** The roots of a list: separated by ';' or line breaks, blanks around them and empty
 *  entries dropped. */
std::vector<std::string> SplitTextureRoots(const std::string &list);

} // namespace agf
