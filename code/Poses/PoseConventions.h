/** @file PoseConventions.h
 *  The four PoseLib16 conventions as formulas: what is saved for a posed bone, and the local
 *  rotation it becomes on a target bone (column-vector form of the spec's tables 1.3 and 6.2).
 */
#pragma once

#include "Poses/PoseMath.h"

#include <assimp_gameformats/GameFormats.h>

namespace agf::poses {

/** The rotations of one source bone that every convention draws on. */
struct SourceBoneRotations {
    Quatd restLocal;  ///< l = rot(Lrest)
    Quatd posedLocal; ///< lp = rot(Lposed) = rot(Ppose^-1 * Bpose): Assimp has no constraints
    Quatd restWorld;  ///< R = rot(Brest), world = the scene root's space
};

/** q_s of a posed bone in `convention`. */
Quatd SaveRotation(PoseConvention convention, const SourceBoneRotations &bone);

/** The rotation part of the absolute local key of a target bone with rest local rotation `l`
 *  and rest world rotation `R`, for a q_s saved in `convention`. */
Quatd LoadRotation(PoseConvention convention, const Quatd &savedRotation, const Quatd &l,
                   const Quatd &R);

} // namespace agf::poses
