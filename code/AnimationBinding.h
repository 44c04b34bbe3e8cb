/** @file AnimationBinding.h
 *  Loading animation files onto a skeleton that another importer built.
 *
 *  A mesh importer (PSK, FXM...) calls LoadAnimationsOntoScene at the end of InternReadFile,
 *  in the spirit of Assimp's MD5 anim auto-load: the animation files named in
 *  AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, plus the siblings with the same base name when
 *  auto-load is on. Each file is recognised by its signature (PSA, PSAX, MOT...), parsed with
 *  that format's parser and converted onto the scene's existing nodes, bound by bone name
 *  (case-insensitive). Missing bones give a warning naming them.
 */
#pragma once

#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class IOSystem;
}

namespace agf {

struct AnimationLoadRequest {
    /** Path of the mesh file being imported (sibling look-up and relative paths). */
    std::string meshPath;
    /** Files named explicitly (AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES). A missing one is an
     *  error. */
    std::vector<std::string> explicitFiles;
    /** Sibling extensions to try when auto-loading, e.g. {"psa", "psax"}; empty: none. */
    std::vector<std::string> autoLoadExtensions;
};

/** Adds the animations of every requested file to `scene` (whose node tree holds the
 *  skeleton). Animation names are made unique across files. Returns how many animations were
 *  added. A broken auto-loaded sibling gives a warning; a broken explicit file throws. */
size_t LoadAnimationsOntoScene(Assimp::IOSystem *io, const AnimationLoadRequest &request,
                               aiScene *scene);

/** Splits the AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES value (';' or newline separated). */
std::vector<std::string> SplitFileList(const std::string &list);

} // namespace agf
