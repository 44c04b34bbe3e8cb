/** @file MotConverter.h
 *  MotFile to an aiAnimation: standalone (a skeleton-only scene with one node per track) or
 *  bound by name onto the joints of an FXM scene.
 */
#pragma once

#include "Common/Warnings.h"
#include "IdolFxFileData.h"

#include <assimp/anim.h>

#include <memory>
#include <string>
#include <vector>

struct aiAnimation;
struct aiNode;
struct aiScene;

namespace agf::idolfx {

struct MotConvertOptions {
    std::string fileName;             ///< the animation is named after its base name
    bool convertToRightHanded = true; ///< the space of the skeleton the keys drive
    double ticksPerSecond = 0.0;      ///< AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND
};

/** The keys of one track in Assimp's terms: times in ticks (sorted), positions mirrored and
 *  rotations conjugated and mirrored as the space requires. Kinds the track lacks stay empty. */
struct MotTrackKeys {
    std::vector<aiVectorKey> positions;
    std::vector<aiQuatKey> rotations;
    std::vector<aiVectorKey> scalings;
    bool reordered = false; ///< keys were out of time order and had to be sorted
    double lastTime = 0.0;  ///< the latest key time, in ticks
};

MotTrackKeys ConvertMotTrackKeys(const MotTrack &track, bool convertToRightHanded,
                                 double ticksPerSecond);

/** Builds the animation. Channels are bound to nodes under `skeletonRoot` by name (exact, then
 *  case-insensitive; the channel takes the node's spelling), and kinds of key a track lacks
 *  are filled with the node's rest transform. A track without a node keeps its own name. */
std::unique_ptr<aiAnimation> ConvertMotAnimation(const MotFile &file,
                                                 const MotConvertOptions &options,
                                                 const aiNode *skeletonRoot, Warnings &warnings);

/** A standalone MOT: a root named after the file with one bare node per track (posed at the
 *  track's first keys; MOT stores no hierarchy) and the animation. No meshes, so the scene is
 *  flagged AI_SCENE_FLAGS_INCOMPLETE. */
void ConvertMotScene(const MotFile &file, const MotConvertOptions &options, aiScene *scene,
                     Warnings &warnings);

} // namespace agf::idolfx
