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

#include "Common/SceneBuilder.h"

#include <assimp/anim.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

struct aiScene;

namespace Assimp {
class IOSystem;
class Importer;
} // namespace Assimp

namespace agf {

/** Options of the animation formats, read from the Importer's properties. */
struct AnimationLoadOptions {
    bool useConfigSidecar = true; ///< AI_CONFIG_IMPORT_PSA_USE_CONFIG
    bool psaxOldRoot = false;     ///< AI_CONFIG_IMPORT_PSAX_OLD_ROOT
};

struct AnimationLoadRequest {
    /** Path of the mesh file being imported (sibling look-up and relative paths). */
    std::string meshPath;
    /** Files named explicitly (AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES). A missing one is an
     *  error. */
    std::vector<std::string> explicitFiles;
    /** Sibling extensions to try when auto-loading, e.g. {"psa", "psax"}; empty: none. */
    std::vector<std::string> autoLoadExtensions;
    /** Format options for the files loaded. */
    AnimationLoadOptions options;
};

/** Builds a request from an Importer's properties: AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES,
 *  the PSA/PSAX options, and `autoLoadExtensions` unless the Importer's bool property
 *  `noAutoLoadKey` (e.g. AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD) is set. Meant for a mesh
 *  importer's SetupProperties/InternReadFile. */
AnimationLoadRequest MakeAnimationLoadRequest(const Assimp::Importer *importer,
                                              const std::string &meshPath,
                                              std::vector<std::string> autoLoadExtensions,
                                              const char *noAutoLoadKey);

// ------------------------------------------------------------------------------------------------
// The format-neutral result of an animation loader, bound to the scene by bone name.

/** The keys of one bone, already in Assimp's conventions (right-handed, the mesh's axes and
 *  units). A key list left empty takes the target node's rest value: the bone stays
 *  unanimated in that respect. */
struct ChannelSource {
    uint32_t bone = 0;                  ///< index into AnimationSet::boneNames
    KeyArray<aiVectorKey> positionKeys; ///< KeyArray: handed to the aiNodeAnim, not copied
    KeyArray<aiQuatKey> rotationKeys;
    KeyArray<aiVectorKey> scalingKeys;
};

struct AnimationSource {
    std::string name;
    double ticksPerSecond = 0;
    double duration = 0; ///< in ticks; every key time must be <= duration
    std::vector<ChannelSource> channels;
    /** Per-animation values stored in scene metadata under "<group>:<animation name>", e.g.
     *  {AGF_META_PSAX_ADDITIVE, 1}. aiAnimation has no metadata of its own in 5.2, and nested
     *  aiMetadata would abort Assimp's exporters (SceneCombiner cannot copy it), so keys are
     *  flat. */
    std::vector<std::pair<std::string, int32_t>> intMetadata;
};

/** What one animation file holds. */
struct AnimationSet {
    std::string sourceFile; ///< for messages
    std::vector<std::string> boneNames;
    std::vector<AnimationSource> animations;
    /** Extra scene metadata from this file: (group, name, text), written as the string
     *  "<group>:<file name>:<name>", e.g. "PSA_Config:hero.psa:AnimSet". */
    struct TextEntry {
        std::string group;
        std::string name;
        std::string value;
    };
    std::vector<TextEntry> sceneMetadata;
};

/** Binds the animations of every set to `scene`'s nodes by bone name (case-insensitive,
 *  surrounding spaces ignored; a channel is renamed to the node's own name), appends them to
 *  the scene and makes every animation name unique. Tracks of bones that have no node are
 *  dropped, skinned bones without a track keep their rest pose; each gives one warning per
 *  file listing the names. An animation left without channels is dropped with a warning.
 *  Returns the number of animations added. */
size_t AddAnimationSetsToScene(aiScene *scene, std::vector<AnimationSet> &sets);

/** One entry of the table of animation formats LoadAnimationsOntoScene knows. */
struct AnimationFileLoader {
    const char *formatName;
    /** True when the bytes have this format's signature. */
    bool (*probe)(const uint8_t *data, size_t size);
    /** Reads the file (and its sidecars through `io`). Throws ImportError on fatal damage. */
    AnimationSet (*load)(const std::vector<uint8_t> &data, const std::string &path,
                         Assimp::IOSystem *io, const AnimationLoadOptions &options);
};

/** The loaders, in probing order. */
const std::vector<AnimationFileLoader> &AnimationFileLoaders();

/** Adds the animations of every requested file to `scene` (whose node tree holds the
 *  skeleton). Animation names are made unique across files. Returns how many animations were
 *  added. A broken auto-loaded sibling gives a warning; a broken explicit file throws. */
size_t LoadAnimationsOntoScene(Assimp::IOSystem *io, const AnimationLoadRequest &request,
                               aiScene *scene);

/** Splits the AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES value (';' or newline separated). */
std::vector<std::string> SplitFileList(const std::string &list);

} // namespace agf
