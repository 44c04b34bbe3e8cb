/** @file AnimationSet.h
 *  The format-neutral result of reading an animation file (PSA, PSAX, MOT...), before it is bound
 *  to a skeleton by bone name (AnimationBinding.h), and the interface of the loaders that make
 *  one. The table of loaders lives beside the importer registry (code/AnimationLoaders.cpp); the
 *  mesh importers get it from there, so no format depends on another.
 */
#pragma once

#include "Common/SceneBuilder.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Assimp {
class Importer;
class IOSystem;
} // namespace Assimp

namespace agf {

class Warnings;

/** The keys of one bone, already in the target's conventions (AnimationLoadContext). A key list
 *  left empty takes the target node's rest value: the bone stays unanimated in that respect. */
struct ChannelSource {
    uint32_t bone = 0;                  ///< index into AnimationSet::boneNames
    KeyArray<aiVectorKey> positionKeys; ///< KeyArray: handed to the aiNodeAnim, not copied
    KeyArray<aiQuatKey> rotationKeys;
    KeyArray<aiVectorKey> scalingKeys;
};

/** The two ways Unreal composes an additive clip with its base pose (AdditiveAnimation.h). */
enum class AdditiveSpace {
    Unspecified, ///< the file does not say: AI_CONFIG_IMPORT_ANIMATION_ADDITIVE_SPACE decides
    Local,       ///< each bone's delta composes with its base local transform
    Mesh,        ///< rotations compose in component space, then return to local
};

/** What a file says about a clip whose keys are deltas from a base pose. */
struct AdditiveClip {
    bool additive = false;
    AdditiveSpace space = AdditiveSpace::Unspecified;
    /** The base animation the file names (its object name, e.g. "Idle" for
     *  "/Game/Anims/Idle.Idle"), and the tick of it UE takes as the base pose; used when
     *  AI_CONFIG_IMPORT_ANIMATION_ADDITIVE names that animation. "": the file names none. */
    std::string baseAnimation;
    double baseTick = 0;
};

/** A float curve of an animation (Unreal's curves): it drives the morph targets of the scene
 *  whose name it has, ignoring case. */
struct CurveSource {
    struct Key {
        double time = 0; ///< ticks
        float value = 0;
    };
    std::string name;
    std::vector<Key> keys; ///< in time order
};

struct AnimationSource {
    std::string name;
    double ticksPerSecond = 0;
    double duration = 0; ///< in ticks; every key time must be <= duration
    std::vector<ChannelSource> channels;
    std::vector<CurveSource> curves;
    AdditiveClip additive;
    /** A per-animation value, stored in scene metadata as "<group>[<animation name>]<field>",
     *  e.g. {AGF_META_PSA_ANIMATIONS, AGF_META_PSA_ANIMATION_ADDITIVE, 1}: aiAnimation has no
     *  metadata of its own in 5.2, and nested aiMetadata would abort Assimp's exporters
     *  (SceneCombiner cannot copy it), so keys are flat. */
    struct IntEntry {
        std::string group;
        std::string field;
        int32_t value = 0;
    };
    std::vector<IntEntry> intMetadata;
    /** The same for a text value. */
    struct TextEntry {
        std::string group;
        std::string field;
        std::string value;
    };
    std::vector<TextEntry> textMetadata;
};

/** What one animation file holds. */
struct AnimationSet {
    std::string sourceFile; ///< for messages
    std::vector<std::string> boneNames;
    std::vector<AnimationSource> animations;
    /** Extra scene metadata from this file: (group, name, text), written as the string
     *  "<group>[<file name>][<name>]", e.g. "PSA.Config[hero.psa][AnimSet]". */
    struct TextEntry {
        std::string group;
        std::string name;
        std::string value;
    };
    std::vector<TextEntry> sceneMetadata;
};

/** What a loader is given besides the file's bytes. */
struct AnimationLoadContext {
    /** Reads side files (a PSA's .config). */
    Assimp::IOSystem *io = nullptr;
    /** The importing Importer, from which each loader reads its own format's options
     *  (Options.h); nullptr: every option at its default. */
    const Assimp::Importer *properties = nullptr;
    /** The space of the skeleton the keys go onto: right-handed (every mesh importer's
     *  default), or Direct3D's left-handed space that an FXM keeps with
     *  AI_CONFIG_IMPORT_FXM_KEEP_NATIVE. */
    bool targetRightHanded = true;
    /** Where recoverable problems go; must be set. */
    Warnings *warnings = nullptr;
};

/** One entry of the table of animation formats. */
struct AnimationFileLoader {
    const char *formatName;
    /** True when the bytes have this format's signature. */
    bool (*probe)(const uint8_t *data, size_t size);
    /** Reads the file's `size` bytes. Throws ImportError on fatal damage. */
    AnimationSet (*load)(const uint8_t *data, size_t size, const std::string &path,
                         const AnimationLoadContext &context);
};

using AnimationLoaderTable = std::vector<AnimationFileLoader>;

} // namespace agf
