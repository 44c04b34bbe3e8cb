/** @file PoseTransfer.h
 *  The steps behind the public SavePose / ApplyPose / ApplyPoseFile (GameFormats.h), with the
 *  name used in messages and the IOSystem for the name map given explicitly.
 */
#pragma once

#include "Common/Warnings.h"

#include <assimp_gameformats/PoseTransfer.h>

#include <string>

namespace Assimp {
class IOSystem;
}

namespace agf::poses {

/** SavePose; errors and warnings name `sourceLabel` (the pose file, or "pose source"). */
Pose SavePoseFrom(const aiScene &source, const PoseTransferOptions &options,
                  const std::string &sourceLabel, Warnings &warnings);

/** ApplyPose; the name map file is read through `io`. The report's `warnings` stay empty: the
 *  caller flushes `warnings` and fills them (FinishReport). */
PoseTransferReport ApplyPoseTo(aiScene &target, const Pose &pose,
                               const PoseTransferOptions &options, Assimp::IOSystem &io,
                               Warnings &warnings);

/** Logs `warnings` once and copies them into `report`. */
void FinishReport(const Warnings &warnings, PoseTransferReport &report);

/** The scene's "UnitScaleFactor" metadata (centimetres per unit) whatever its numeric type;
 *  0 when absent or not positive. */
double UnitScaleFactorOf(const aiScene &scene);

} // namespace agf::poses
