/** @file FbxMorphAnimation.h
 *  aiMeshMorphAnim in binary FBX, which Assimp's writer drops (5.2 to 6.0 alike): for each
 *  morph channel an AnimationCurveNode on the "DeformPercent" of the blend-shape channel named
 *  like the morph target, in the animation's layer, with one AnimationCurve of the weights in
 *  percent. Blender imports these as shape-key animation.
 */
#pragma once

#include "Export/FbxBinaryTree.h"

#include <string>

struct aiScene;

namespace agf::fbx {

struct MorphAnimationReport {
    size_t curves = 0;  ///< DeformPercent curves written
    size_t skipped = 0; ///< morph channels whose animation, mesh or blend shape was not found
};

/** Adds the curves to `file`, a tree Assimp's writer produced from `scene`; key times are
 *  ticks of each animation's mTicksPerSecond (1 where our FBX export re-timed the scene). */
MorphAnimationReport AddMorphWeightCurves(FbxBinaryFile &file, const aiScene &scene,
                                          const std::string &fileName);

} // namespace agf::fbx
