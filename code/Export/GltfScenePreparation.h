/** @file GltfScenePreparation.h
 *  What our glTF writer changes on its copy of the scene before Assimp's glTF 2 exporter runs:
 *  the units become metres, and what glTF requires but Assimp scenes need not have is made so.
 */
#pragma once

struct aiScene;

namespace agf::gltf {

/** glTF's unit is the metre. Scales the root node by UnitScaleFactor / 100 (the centimetres per
 *  file unit our importers and Assimp's FBX importer record), also through the root's own
 *  animation keys when it has any, and records the change in the scene metadata:
 *  UnitScaleFactor becomes 100, GameFormats.Units "metre" (the file's unit name moves to
 *  GameFormats.SourceUnits) and GameFormats.ExportMetreScale holds the factor. Scenes
 *  without a usable UnitScaleFactor are left alone. Returns the factor applied (1 when none). */
double ScaleRootToMetres(aiScene &scene);

/** glTF requires all primitives of one mesh to have the same morph targets, and Assimp's writer
 *  merges the meshes of a node into one glTF mesh. Gives every mesh of such a group the union
 *  of the group's targets (matched by name, in first-seen order), adding unmoved targets where
 *  a mesh lacked one. Returns the number of targets added. */
unsigned ShareMorphTargetsWithinNodes(aiScene &scene);

/** glTF requires inverse bind matrices whose last row is exactly 0 0 0 1: sets it on every bone
 *  whose offset matrix is affine within rounding. Returns the number of matrices changed. */
unsigned SnapBindMatricesToAffine(aiScene &scene);

/** glTF requires unit normals. Replaces every zero-length or non-finite normal by the normalised
 *  sum of the normals of the faces that use its vertex, or by +Z when those cancel out (a
 *  degenerate face). Returns the number of normals replaced. */
unsigned RepairDegenerateNormals(aiScene &scene);

/** glTF requires every vertex of a skinned primitive to have weights summing to 1; an Assimp
 *  mesh may leave vertices without any (P3D LODs: points in no bone selection stay put). Binds
 *  those vertices, weight 1, to the node that holds the mesh, added as a joint with the identity
 *  bind matrix, so they stay where the source scene has them. Returns the vertices bound. */
unsigned AnchorUnweightedVertices(aiScene &scene);

} // namespace agf::gltf
