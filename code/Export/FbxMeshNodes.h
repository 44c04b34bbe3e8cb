/** @file FbxMeshNodes.h
 *  One FBX Model per mesh, for Assimp's FBX writer from 6.0 on.
 *
 *  Assimp 5.2 writes a node with several meshes as a Null Model with one child Model per mesh,
 *  named after the mesh. From 6.0 its writer merges them into one Model and one Geometry
 *  instead, writes the blend shapes of every mesh but the first with that mesh's own vertex
 *  indices (not offset into the merged geometry), and keeps one blend-shape deformer per mesh
 *  on the merged geometry, so readers give each mesh every mesh's shapes: skinned_box.psk's 4
 *  morph targets come back as 8. So on a copy of the scene, before that writer runs, each mesh
 *  of such a node moves to a child node of its own, laid out as 5.2 writes it: the same file on
 *  every version, which Assimp's reader and Blender read back with every mesh, bone and morph
 *  target.
 */
#pragma once

struct aiScene;

namespace agf {

/** Moves each mesh of every node with more than one mesh to a new child node (identity
 *  transform) named after the mesh (made unique among the scene's node names), and gives each
 *  such child its share of the morph-weight channels that named the node. Returns the number
 *  of nodes added. */
unsigned GiveEachMeshItsOwnNode(aiScene &scene);

} // namespace agf
