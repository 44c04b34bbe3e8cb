/** @file ExportTestScene.h
 *  The skinned, animated, morphing scene that the export tests write and read back
 *  (utFbxExport.cpp, utAssimpRepairs.cpp).
 */
#pragma once

#include <assimp/scene.h>

#include <array>

namespace agf::test {

inline constexpr double kTicksPerSecond = 30.0;
inline constexpr double kDurationTicks = 75.0; // 2.5 s
inline const std::array<double, 4> kBone1PositionTicks = {0.0, 20.0, 45.0, 75.0};
inline const std::array<double, 3> kBone1RotationTicks = {0.0, 37.5, 75.0};

/** A column of 3 x 2 x 2 vertices from y = 0 to y = 2 (unique positions), two bones along Y
 *  with blended weights in the middle, two morph targets, and one animation at 30 ticks/s,
 *  2.5 s long, with keys at non-integer seconds. */
void BuildSkinnedMorphingScene(aiScene *scene);

} // namespace agf::test
