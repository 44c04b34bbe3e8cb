/** @file PskSmoothingGroups.h
 *  Smoothing groups for the faces of a PSK we write, derived from the normals, so that readers
 *  that ignore VTXNORMS (Unreal's importers, Blender's add-ons, ours without VTXNORMS) shade the
 *  mesh as the normals say.
 *
 *  The algorithm (docs/actorx-writers.md):
 *  1. Two faces that share an edge (by position) are smooth across it when, at some end of the
 *     edge, both have the same normal there; otherwise the edge is hard.
 *  2. Faces joined by smooth edges form smooth regions.
 *  3. A region whose corner normals all equal their face's own normal is flat: mask 0, which
 *     every reader shades with the face normal alone.
 *  4. The other regions get one of the 32 bits each, by greedy colouring (most constrained
 *     first) of the graph in which two regions are joined when they touch at any position:
 *     readers average the faces around a position that share a bit, so touching regions must
 *     not share one. When 32 bits are not enough, a region takes the bit its touching regions
 *     use least, and the caller is told how many regions that happened to.
 */
#pragma once

#include <assimp/vector3.h>

#include <cstdint>
#include <vector>

namespace agf::psk {

/** A triangle as the smoothing groups see it: the position of each corner (equal positions
 *  have equal ids) and the normal there (unit length). */
struct SmoothingFace {
    uint32_t positions[3] = {0, 0, 0};
    aiVector3D normals[3];
    aiVector3D faceNormal; ///< unit length, or zero for a degenerate face
};

struct SmoothingResult {
    std::vector<uint32_t> masks; ///< one per face
    size_t regions = 0;          ///< smooth regions that needed a bit
    size_t conflicts = 0;        ///< regions that share a bit with a region they touch
};

/** Smoothing-group masks for `faces`. */
SmoothingResult ComputeSmoothingGroups(const std::vector<SmoothingFace> &faces);

} // namespace agf::psk
