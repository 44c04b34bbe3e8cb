/** @file PoseTransfer.h
 *  The steps behind the public SavePose / ApplyPose / ApplyPoseFile (GameFormats.h), with the
 *  name used in messages and the IOSystem for the name map given explicitly.
 */
#pragma once

#include <assimp_gameformats/GameFormats.h>

#include <string>

namespace Assimp {
class IOSystem;
}

namespace agf::poses {

/** SavePose; errors name `sourceLabel` (the pose file, or "pose source"). */
Pose SavePoseFrom(const aiScene &source, const PoseTransferOptions &options,
                  const std::string &sourceLabel);

/** ApplyPose; the name map file is read through `io`. */
PoseTransferReport ApplyPoseTo(aiScene &target, const Pose &pose,
                               const PoseTransferOptions &options, Assimp::IOSystem &io);

/** The scene's "UnitScaleFactor" metadata (centimetres per unit) whatever its numeric type;
 *  0 when absent or not positive. */
double UnitScaleFactorOf(const aiScene &scene);

} // namespace agf::poses
