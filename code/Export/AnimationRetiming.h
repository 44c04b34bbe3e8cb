/** @file AnimationRetiming.h
 *  Re-times a scene's animations to seconds, for Assimp 5.2.5's FBX and Collada writers.
 *
 *  Both writers store every key time as if aiAnimation::mTime were in seconds and ignore
 *  mTicksPerSecond; the FBX writer also stores the animation length as whole seconds,
 *  truncated. Exporting from a copy whose animations run at 1 tick per second gives correct
 *  key times; rounding the duration up to a whole second keeps the last keys inside the
 *  written length (FbxTakeLength.h then writes the exact length into FBX files).
 */
#pragma once

#include <vector>

struct aiScene;

namespace agf {

/** Divides every key time (node, mesh and morph channels) and the duration of every animation
 *  of `scene` by its ticks per second and sets mTicksPerSecond to 1. A ticks-per-second of 0
 *  (unspecified) is taken as 1, which is what the FBX writer assumes for it. mDuration is then
 *  rounded up to a whole number of seconds. Returns the exact durations in seconds, one per
 *  animation, before the rounding. */
std::vector<double> RetimeAnimationsToSeconds(aiScene &scene);

} // namespace agf
