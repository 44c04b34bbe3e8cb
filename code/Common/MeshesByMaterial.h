/** @file MeshesByMaterial.h
 *  BuildMeshesByMaterial for converters that write the vertex arrays themselves, and the
 *  skin and morph steps it shares with the MeshSource form (SceneBuilder.h). Implemented in
 *  SceneBuilder.cpp, next to that form, which is built on these.
 *
 *  Why a second form: a MeshSource is a full per-vertex copy of the model (positions, normals,
 *  UV sets, influences) made only to be copied again into the aiMesh arrays. At a million
 *  vertices that copy is tens of megabytes at the import's peak and a pass over them; a
 *  converter whose file data is already indexable per vertex (PSK: wedges) can skip it.
 */
#pragma once

#include "SceneBuilder.h"

#include <functional>

namespace agf {

/** The vertices of one mesh that BuildMeshesByMaterial is making: `used[i]` is the source
 *  vertex of mesh vertex i (first-use order over the material's triangles) and
 *  `remap[source vertex]` its mesh vertex, or 0xFFFFFFFF when the mesh does not use it. */
struct MeshVertices {
    std::vector<uint32_t> used;
    std::vector<uint32_t> remap;
};

/** Fills a mesh's per-vertex arrays (mNumVertices, mVertices, ...), bones and morph targets
 *  for `vertices`; the faces are already written. */
using MeshVertexWriter = std::function<void(const MeshVertices &vertices, aiMesh &mesh)>;

/** Makes one aiMesh per material that has faces and writes its faces; `writeVertices` writes
 *  the rest. Splits, orders and names the meshes exactly as the MeshSource form does (which is
 *  built on this one); `vertexCount` bounds the triangles' vertex indices. */
std::vector<std::unique_ptr<aiMesh>> BuildMeshesByMaterial(const std::vector<Triangle> &triangles,
                                                           size_t vertexCount,
                                                           unsigned materialCount,
                                                           const std::string &meshName,
                                                           const MeshVertexWriter &writeVertices);

/** Triangles already grouped by material, three vertex indices each (counter-clockwise front
 *  face): material m's triangles are corners[3 * t .. 3 * t + 2] for t in [start[m],
 *  start[m + 1]), in the order their mesh lists them. `start` has one entry per material and
 *  one more. A converter that knows each face's material before it knows its vertices can fill
 *  this directly, and so skip the Triangle list (16 bytes a triangle) and the lists of each
 *  material's triangles (4 more) that the other form makes. */
struct TrianglesByMaterial {
    std::vector<uint32_t> corners;
    std::vector<size_t> start;

    bool empty() const { return corners.empty(); }
};

/** The same meshes as the form above, from triangles grouped by material. With `threads` > 1
 *  several meshes are made at once (the same meshes, bit for bit): `writeVertices` is then
 *  called from several threads and must write only the mesh it is given. */
std::vector<std::unique_ptr<aiMesh>> BuildMeshesByMaterial(const TrianglesByMaterial &triangles,
                                                           size_t vertexCount,
                                                           const std::string &meshName,
                                                           unsigned threads,
                                                           const MeshVertexWriter &writeVertices);

/** Copies the per-vertex arrays of `source` (positions, normals, UV sets, colours) for the
 *  vertices `used` into `mesh`: what the MeshSource form of BuildMeshesByMaterial writes before
 *  the skin and the morph targets. */
void CopyVertexData(const MeshSource &source, const std::vector<uint32_t> &used, aiMesh &mesh);

/** Gives `mesh` every bone of `bones` (see BuildMeshesByMaterial) with the weights of its
 *  vertices, unless none of them is skinned. Influences are in compressed-row form
 *  (influences[influenceStart[r] .. influenceStart[r + 1]) are row r's) and mesh vertex i takes
 *  the row `rowOfVertex[i]`, so that vertices may share rows (a PSK's influences are per
 *  point, its vertices per wedge). */
void AddSkinBones(const std::vector<uint32_t> &influenceStart,
                  const std::vector<BoneInfluence> &influences,
                  const std::vector<uint32_t> &rowOfVertex, const std::vector<SkinBone> &bones,
                  aiMesh &mesh);

/** Gives `mesh` (whose mVertices and mNormals are written) every target of `morphs` (see
 *  BuildMeshesByMaterial); `remap` maps the targets' source vertices to mesh vertices. */
void AddMorphTargets(const std::vector<MorphSource> &morphs, const std::vector<uint32_t> &remap,
                     aiMesh &mesh);

} // namespace agf
