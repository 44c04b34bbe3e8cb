/** @file FbxUvSets.h
 *  Keeps the UV sets after the first right through Assimp 6.0's FBX writer.
 *
 *  The writer stores each UV set as a table of distinct values and an index per face corner,
 *  and finds a value it has stored already through one map for all the sets of a mesh: a value
 *  of the second set that the first set also holds gets the first set's index, which points
 *  into the second set's table at another value (or past its end). 5.2 and 5.4 keep one map
 *  per set. The map's key is the whole aiVector3D, while a two-component set writes only x and
 *  y: so on the prepared copy, the third component of every UV of set k (k >= 1, two
 *  components) is set to k, which keeps the sets' keys apart and writes the same values.
 */
#pragma once

struct aiScene;

namespace agf {

/** Returns the number of UV sets changed. */
unsigned int SeparateUvSetKeys(aiScene &scene);

} // namespace agf
