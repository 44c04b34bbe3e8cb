/** @file P3dHostileModels.h
 *  P3D files made to cost a reader without limits far more memory than their size: each is
 *  valid but for the one structure it abuses, so that an import must keep what is sound and
 *  leave out the excess with a warning. Written at run time by the tests (not committed).
 */
#pragma once

#include <cstdint>
#include <vector>

namespace agf::testgen::p3d {

/** An ODOL v50 whose LOD directory has `entries` LODs (13 bytes each: a resolution, a start, an
 *  end and the permanent flag) that all lie on the one body of a `side` x `side` vertex grid
 *  (OdolGridModel's LOD 0). Only the first entry is loadable; the others are permanent. */
std::vector<uint8_t> OdolDirectorySharingOneBody(uint32_t entries, unsigned side);

/** An ODOL of `version` (40 to 75) with one `side` x `side` vertex grid LOD whose vertex block
 *  claims `emptySets` more UV sets after its two written ones, each storing no values (5 bytes
 *  before v45, 21 bytes with the set's range from v45). */
std::vector<uint8_t> OdolWithEmptyUvSets(uint32_t version, uint32_t emptySets, unsigned side);

/** An MLOD whose one LOD has 3 points and `faces` triangles on them, every corner with a normal
 *  of its own (so that the weld makes 3 vertices a face), and `frames` #Animation# frames:
 *  each frame costs 40 bytes of file and moves every one of the 3 * `faces` vertices. Frame f
 *  moves point p to (p, f, 0). */
std::vector<uint8_t> MlodFramesOfSplitCorners(uint32_t faces, uint32_t frames);

/** An MLOD whose one LOD has `points` points, one triangle on the first three and `sets`
 *  #UVSet# taggs after set 0 (ids 1 to `sets`, 41 bytes each): set s puts corner k at
 *  (s + k, s). */
std::vector<uint8_t> MlodUvSetsOfOneTriangle(uint32_t points, uint32_t sets);

/** An MLOD whose one LOD has 3 points, one triangle and `selections` named selections of one
 *  point (p % 3 for selection p) and the face (a dozen bytes each), all named "a" when
 *  `sameName`, else "s0", "s1"... */
std::vector<uint8_t> MlodSelectionsOfOnePoint(uint32_t selections, bool sameName);

/** An ODOL of `version` (40 to 75) with one 3 x 3 vertex grid LOD and `properties` named
 *  properties "p0" = "v", "p1" = "v"... (about 8 bytes each). */
std::vector<uint8_t> OdolWithNamedProperties(uint32_t version, uint32_t properties);

} // namespace agf::testgen::p3d
