/** @file AnimationBinding.h
 *  Loading animation files onto a skeleton that another importer built.
 *
 *  A mesh importer (PSK, FXM...) calls LoadAnimationsOntoScene at the end of InternReadFile,
 *  in the spirit of Assimp's MD5 anim auto-load: the animation files named in
 *  AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, plus the siblings with the same base name when
 *  auto-load is on. Each file is recognised by the signature probes of the loader table the
 *  importer was given (AnimationSet.h), read by that loader and bound to the scene's existing
 *  nodes by bone name (case-insensitive). Missing bones give a warning naming them.
 */
#pragma once

#include "Common/AdditiveAnimation.h"
#include "Common/AnimationSet.h"
#include "Common/SceneBuilder.h"

#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class Importer;
} // namespace Assimp

namespace agf {

struct AnimationLoadRequest {
    /** Path of the mesh file being imported (sibling look-up and relative paths). */
    std::string meshPath;
    /** Files named explicitly (AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES). A missing one is an
     *  error. */
    std::vector<std::string> explicitFiles;
    /** Sibling extensions to try when auto-loading, e.g. {"psa", "psax"}; empty: none. */
    std::vector<std::string> autoLoadExtensions;
    /** What the loaders see: the IOSystem, the Importer's options, the target's space and the
     *  warnings sink (which must be set). */
    AnimationLoadContext context;
};

/** Builds a request from an Importer's properties: AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, and
 *  `autoLoadExtensions` unless the Importer's bool option `noAutoLoadKey` (e.g.
 *  AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD) is set. Meant for a mesh importer's SetupProperties;
 *  InternReadFile completes meshPath and the context's io and warnings. */
AnimationLoadRequest MakeAnimationLoadRequest(const Assimp::Importer *importer,
                                              std::vector<std::string> autoLoadExtensions,
                                              const char *noAutoLoadKey);

/** Binds the animations of every set to `scene`'s nodes by bone name (case-insensitive,
 *  surrounding spaces ignored; a channel is renamed to the node's own name), appends them to
 *  the scene and makes every animation name unique. Tracks of bones that have no node are
 *  dropped, skinned bones without a track keep their rest pose; each gives one warning per
 *  file listing the names. Curves play the morph targets of their name (MorphCurves.h). An
 *  animation left without channels is dropped with a warning. Clips marked additive are
 *  restored onto the base `additive` names (AdditiveAnimation.h); the base may be any
 *  animation of the scene or of the sets. Returns the number of animations added. */
size_t AddAnimationSetsToScene(aiScene *scene, std::vector<AnimationSet> &sets, Warnings &warnings,
                               const AdditiveOptions &additive = AdditiveOptions());

/** The scene of an animation file imported on its own (PSA, UEANIM...): one node per bone of
 *  `set` under a root named `rootName`, no meshes, and the set's animations bound to those
 *  nodes. `bones` gives each bone's parent and rest pose, in the order of `set.boneNames`;
 *  their names are the set's, repeated ones made unique with a Duplicate warning in `context`.
 *  Returns the number of animations added (AddAnimationSetsToScene). */
size_t BuildAnimationFileScene(aiScene *scene, AnimationSet set, std::vector<NodeSource> bones,
                               const std::string &rootName, const SourceContext &context,
                               Warnings &warnings,
                               const AdditiveOptions &additive = AdditiveOptions());

/** Adds the animations of every requested file to `scene` (whose node tree holds the
 *  skeleton), each read by the first loader of `loaders` whose probe accepts it, restoring
 *  additive clips as AI_CONFIG_IMPORT_ANIMATION_ADDITIVE asks. Animation names are made unique
 *  across files. Returns how many animations were added. A broken
 *  auto-loaded sibling gives a warning; a broken explicit file throws. */
size_t LoadAnimationsOntoScene(const AnimationLoadRequest &request,
                               const AnimationLoaderTable &loaders, aiScene *scene);

/** LoadAnimationsOntoScene for the model `file` an importer is reading: completes `request`
 *  (from MakeAnimationLoadRequest) with the model's path and the import's IOSystem and
 *  warnings, and looks for no siblings of a memory file, whose fake name has none. */
size_t LoadAnimationsOfImport(AnimationLoadRequest request, const std::string &file,
                              Assimp::IOSystem *io, Warnings &warnings,
                              const AnimationLoaderTable &loaders, aiScene *scene);

/** Splits the AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES value (';' or newline separated). */
std::vector<std::string> SplitFileList(const std::string &list);

} // namespace agf
