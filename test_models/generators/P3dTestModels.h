/** @file P3dTestModels.h
 *  The descriptions behind the generated P3D test files, so that tests can compare an import
 *  with exactly what was written. Geometry is made in Assimp's space (right-handed, Y up,
 *  counter-clockwise outward faces) and converted to the engine's conventions when written.
 */
#pragma once

#include "P3dWriters.h"

#include <string>
#include <vector>

namespace agf::testgen::p3d {

/** test_models/p3d/mlod_cube.p3d: LODs 0.000 (cube: 4 quads + 4 triangles, two materials,
 *  selections with full and partial weights, bone selections, #UVSet# 0 and 1, two
 *  #Animation# frames), 1.000 (cube and a proxy triangle), ShadowVolume 10 (no #UVSet#),
 *  Geometry (#Mass#, #Property#, #SharpEdges#), Memory (named points and an axis). */
std::vector<MlodLod> MlodCubeLods();

/** test_models/p3d/sp3x_triangle.p3d: one SP3X LOD and the OFP default-path trailer. */
std::vector<MlodLod> Sp3xTriangleLods();

/** Two SP3X cube LODs (visual 0.000 with one face split, Geometry with Component01 and a mass
 *  of 0.25 per point) that store no normals while their faces name normal 0. */
std::vector<MlodLod> Sp3xNoNormalsLods();

/** test_models/p3d/odol40_skinned.p3d: skeleton of 3 bones, LOD 0.000 (a sphere of 98
 *  vertices: LZSS-compressed arrays, two sections with two embedded materials, skin weights,
 *  two UV sets, a proxy, selections, a frame), LOD 1.000 (a cube), Memory. */
OdolModel OdolV40SkinnedModel();

/** test_models/p3d/odol7_skinned.p3d: the same sphere and Memory LOD in the v7 layout, with
 *  bone selections for the model.cfg skeleton. */
OdolModel OdolV7SkinnedModel();

/** test_models/p3d/model.cfg: CfgSkeletons with class inheritance and skeletonInherit, and
 *  CfgModels entries for mlod_cube and odol7_skinned. */
std::string ModelCfgText();

/** The sphere of the ODOL files, in Assimp space: positions and outward normals per vertex,
 *  and faces (3 or 4 corners) counter-clockwise seen from outside. */
struct SphereMesh {
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;
    std::vector<Uv> uvs; ///< top-origin, as written
    std::vector<std::vector<uint16_t>> faces;
    size_t firstBottomFace = 0; ///< faces before it use section 0
};
SphereMesh MakeSphere();

/** A point of the gently waved surface the grid models are cut from. */
Vec3 GridSurfacePoint(unsigned x, unsigned y, unsigned lod);

/** `lods` skinned grids of `side - 10 * lod` vertices a side (two UV sets on even LODs), each
 *  with two materials in two sections, a selection, a proxy and a property: an ODOL large
 *  enough for the LOD threads and for the allocator's large-block paths. */
OdolModel OdolGridModel(unsigned lods, unsigned side);

} // namespace agf::testgen::p3d
