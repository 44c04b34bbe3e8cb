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

#include "HugePages.h"
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

/** Fills a TrianglesByMaterial in one pass once each group's triangles are counted: `start`
 *  and `corners` are sized at once, and a triangle added to a group goes after the ones added
 *  to it before, so each group lists its triangles in the order they were added. For a
 *  converter that meets each face's material before its corners are final (PSK's vertex
 *  split, P3D's MLOD weld) and so need not keep a triangle list to sort afterwards. */
class TriangleGroupFiller {
public:
    /** Group m is to get trianglesPerGroup[m] triangles; `out` must outlive the filler. */
    TriangleGroupFiller(const std::vector<size_t> &trianglesPerGroup, TrianglesByMaterial &out)
        : mOut(out) {
        mOut.start.assign(trianglesPerGroup.size() + 1, 0);
        for (size_t m = 0; m < trianglesPerGroup.size(); ++m) {
            mOut.start[m + 1] = mOut.start[m] + trianglesPerGroup[m];
        }
        mNext.assign(mOut.start.begin(), mOut.start.end() - 1);
        ResizeLarge(mOut.corners, mOut.start.back() * 3);
    }

    void add(size_t group, uint32_t a, uint32_t b, uint32_t c) {
        uint32_t *corners = &mOut.corners[mNext[group]++ * 3];
        corners[0] = a;
        corners[1] = b;
        corners[2] = c;
    }

private:
    TrianglesByMaterial &mOut;
    std::vector<size_t> mNext; ///< each group's next triangle
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

/** AddSkinBones and AddMorphTargets with the influences (a row per source vertex) and targets of
 *  `source`: what the MeshSource form writes after a mesh's vertex arrays, for a converter
 *  that writes those arrays another way. */
void AddSourceSkinAndMorphs(const MeshSource &source, const MeshVertices &vertices,
                            const std::vector<SkinBone> &bones, aiMesh &mesh);

} // namespace agf
