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

} // namespace agf::testgen::p3d
