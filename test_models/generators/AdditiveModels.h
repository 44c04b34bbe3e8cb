/** @file AdditiveModels.h
 *  The known model of UeFormatContent.h as an ActorX PSK, and PSAX sequences over it, plain and
 *  additive, made as Unreal makes additive clips (UeFormatContent.h): the oracles of the
 *  additive restoration for ActorX, beside the .ueanim ones.
 */
#pragma once

#include <cstdint>
#include <vector>

namespace agf::testgen::additive {

/** The knight's skeleton and LOD0 box as a PSK (UEViewer's layout: bone 0's rotation as is, the
 *  others conjugated; triangles clockwise; V from the top). */
std::vector<uint8_t> MakeKnightPsk();

/** Sequences: "Idle" (the known animation, absolute), "AddLocal" (additive 1: local deltas from
 *  the bind pose), "AddOnIdle" (additive 1: local deltas from Idle's first frame), "AddMesh"
 *  (additive 1: mesh-space deltas from the bind pose), "Target" (the pose the additive ones
 *  restore to, absolute: what a client must show for both). Additive sequences leave Arm
 *  without a track. All 30 fps, 5 frames. */
std::vector<uint8_t> MakeKnightAdditivePsax();

} // namespace agf::testgen::additive
