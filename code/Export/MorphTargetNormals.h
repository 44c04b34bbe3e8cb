/** @file MorphTargetNormals.h
 *  Makes morph targets survive Assimp 5.2.5's FBX writer and reader.
 *
 *  The writer stores a shape's normals only when the aiAnimMesh has normals, and reads the base
 *  mesh's normals for them without checking that the base mesh has any (a crash). The reader
 *  requires a Normals array in every shape and drops all morph targets of a file without one.
 *  So before writing: a target without normals gets its base mesh's normals (the shape then
 *  stores zero normal deltas, which is what "no normal change" means), and a target of a mesh
 *  without normals loses its normals.
 */
#pragma once

struct aiScene;

namespace agf {

/** Returns the number of morph targets changed. */
unsigned int PrepareMorphTargetNormals(aiScene &scene);

} // namespace agf
