/** @file ActorXExportSkeleton.h
 *  What the PSK and PSA writers read from a scene alike: the space the file is written in and
 *  the skeleton. Both writers use the same rules, so that a PSA written from a scene binds to
 *  the PSK written from it, bone for bone.
 *
 *  Space: ActorX files are right-handed, Z up, in Unreal units (specs/actorx.md 2.3), the
 *  space our importers leave below the root node. sceneToFile = k * U turns scene coordinates
 *  into file coordinates: U turns the scene's up axis to +Z and k converts lengths.
 *
 *  Skeleton: the bones are the nodes that an aiBone of a mesh names and the nodes that an
 *  animation moves (except sockets), plus their lowest common ancestor as the root bone (bone
 *  0). Nodes between two bones that are neither are folded into the lower bone's transform.
 *  A scene without such nodes gets one root bone at the origin (a static mesh).
 */
#pragma once

#include "Common/AnimationSampling.h"
#include "Common/ExportOutput.h"

#include <assimp/scene.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace agf::actorx {

/** The writers' options (ImportOptions.h, "Export options"). */
struct ActorXExportOptions {
    /** AI_CONFIG_EXPORT_ACTORX_SCALE when set: scene units per Unreal unit. */
    bool scaleGiven = false;
    float scale = 1.0f;
    /** AI_CONFIG_EXPORT_ACTORX_YUP when set: the scene is Y-up (true) or Z-up (false). */
    bool yUpGiven = false;
    bool yUp = true;
    /** AI_CONFIG_EXPORT_PSA_FPS: frames per second of PSA sequences; 0 = from the keys. */
    float frameRate = 0.0f;
};

/** How scene coordinates become file coordinates. */
struct ExportSpace {
    aiMatrix4x4 sceneToFile;        ///< k * U, no translation
    double unitsPerSceneUnit = 1.0; ///< k
    std::string upAxis = "+Y";      ///< the scene's up axis, for messages
};

/** The space for `scene`: the options when given, else the scene's metadata (UnitScaleFactor,
 *  GameFormats.RootScale, UpAxis, GameFormats.RootRotatedToYUp; a glTF import is in metres and
 *  Y-up), else Unreal units and Y up. */
ExportSpace ChooseExportSpace(const aiScene &scene, const ActorXExportOptions &options);

/** One bone as written. Transforms are in file space. */
struct ExportBone {
    const aiNode *node = nullptr; ///< null for the synthetic root of a static mesh
    std::string name;             ///< as written: at most 63 bytes, unique
    int32_t parent = -1;          ///< index of the parent bone; -1 for bone 0
    /** Constant transform between the parent bone's frame and this node's parent, in the
     *  parent bone's frame: folded-in nodes, and for bone 0 sceneToFile times the global
     *  transform of its node's parent. A key of the bone is prefix * node local. */
    aiMatrix4x4 prefix;
    bool prefixIsIdentity = true;
    TransformParts bindLocal; ///< the reference pose (REFSKELT): rigid, in file units
    TransformParts restLocal; ///< the node's own transform (scene units), for unanimated parts
};

struct ExportSkeleton {
    std::vector<ExportBone> bones; ///< parents before children; bone 0 is the root
    /** File units per unit of the bones' local translations: the uniform scale of bone 0's
     *  prefix (units conversion and scales above the skeleton). */
    double lengthScale = 1.0;
    bool synthetic = false; ///< no bone in the scene: one root bone for a static mesh
    std::unordered_map<const aiNode *, uint32_t> boneOfNode;

    /** The bone of `node` or of its nearest ancestor that is a bone, or -1. */
    int64_t nearestBone(const aiNode *node) const;
    /** `parts` (a local transform of bone `index`'s node, scene units) as a key of that bone in
     *  file space: prefix applied, translations in file units. */
    TransformParts toFile(uint32_t index, const TransformParts &parts) const;
};

/** The node of every mesh (the first node, depth first, that lists it), or null. */
std::vector<const aiNode *> MeshNodes(const aiScene &scene);

/** Global transform of a node (product of the transforms from the root down to it). */
aiMatrix4x4 GlobalTransform(const aiNode *node);

/** True for a node our importer marked as a socket (metadata PSK.Socket = true). */
bool IsSocketNode(const aiNode &node);

/** Extracts the skeleton. Throws ExportError when an aiBone names no node. */
ExportSkeleton ExtractSkeleton(const aiScene &scene, const ExportSpace &space,
                               ExportWarnings &warnings);

/** Names for fixed-size fields: at most `maxBytes` bytes (UTF-8 kept whole), empty names
 *  replaced by `fallbackPrefix` + index, repeats made unique with "_2", "_3"... Counts the
 *  names shortened and renamed in `shortened` and `renamed`. */
std::vector<std::string> FieldNames(const std::vector<std::string> &names, size_t maxBytes,
                                    const std::string &fallbackPrefix, size_t &shortened,
                                    size_t &renamed);

/** True when two transforms agree within `tolerance` (rotation part) and
 *  tolerance * (1 + |translation|) (translation). */
bool NearlyEqual(const aiMatrix4x4 &a, const aiMatrix4x4 &b, float tolerance = 1e-5f);

} // namespace agf::actorx
