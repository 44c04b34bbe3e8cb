/** @file MorphCurves.h
 *  Animation curves that drive morph targets: a curve (CurveSource) plays the morph targets of
 *  the scene that have its name, ignoring case, as an aiMeshMorphAnim on the node that carries
 *  their meshes, the way Unreal's curves drive the morph targets of the same name.
 */
#pragma once

#include "Common/AnimationSet.h"

#include <memory>
#include <string>
#include <vector>

struct aiAnimation;
struct aiMeshMorphAnim;
struct aiScene;

namespace agf {

/** One morph channel per node of `scene` whose meshes have a target some curve names: a key at
 *  every key time of those curves, each listing every named target of the node's meshes with
 *  the curve's value there (linear between keys, the first or last value outside them). The
 *  names of curves that name no target are appended to `unmatched`. */
std::vector<std::unique_ptr<aiMeshMorphAnim>>
MorphChannelsForCurves(const aiScene &scene, const std::vector<CurveSource> &curves,
                       std::vector<std::string> &unmatched);

/** Gives `animation` the channels. When it has no node channel, it also gets a constant one on
 *  the first morph channel's node spanning its duration: an animation without one is refused by
 *  Assimp's own glTF reader, and Assimp's glTF and FBX writers drop morph channels. */
void AttachMorphChannels(aiAnimation &animation, const aiScene &scene,
                         std::vector<std::unique_ptr<aiMeshMorphAnim>> channels);

} // namespace agf
