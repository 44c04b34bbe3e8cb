/** @file UeFormatModels.h
 *  UEFormat files of the known content (UeFormatContent.h) in every version and compression:
 *  the model, its animation (plain and additive), its poses.
 */
#pragma once

#include "UeFormatContent.h"
#include "UeFormatWriter.h"

#include <cstdint>
#include <vector>

namespace agf::testgen::ueformat {

/** The known model, stored as `options.version` stores it (what a version cannot hold is left
 *  out: version 0-3 one LOD, before 5 no virtual bones, before 6 no material paths, before 2
 *  one unnamed colour set, before 10 unnamed UV sets). */
std::vector<uint8_t> WriteKnightModel(const FileOptions &options);

enum class AnimKind {
    Absolute,       ///< KnightPoseAt and KnightCurves
    AdditiveLocal,  ///< AdditiveDeltaAt from the bind pose, AdditiveAnimType 1, RefPoseType 1
    AdditiveMesh,   ///< the same in mesh space, AdditiveAnimType 2
    AdditiveOnWave, ///< local deltas from frame 2 of "KnightWave" (RefPoseType 3, RefFrameIndex 2)
};

/** The known animation (object name "KnightWave"; additive kinds "KnightAdditive"). In the additive
 *  kinds the bone Arm has no track. */
std::vector<uint8_t> WriteKnightAnim(const FileOptions &options, AnimKind kind);

/** The known poses (object name "KnightFace"), version 9 or 10. */
std::vector<uint8_t> WriteKnightPoses(const FileOptions &options);

} // namespace agf::testgen::ueformat
