/** @file SceneHash.h
 *  One 64-bit hash over everything an imported aiScene holds (issue 18): speed work must leave
 *  the output bit-identical, and comparing this hash before and after a change on every input
 *  checks that without keeping the scenes.
 */
#pragma once

#include <cstdint>

struct aiScene;

namespace agf::bench {

/** FNV-1a over every mesh array, face index, bone and weight, material property, node
 *  (name, transform, meshes, metadata), animation key, texture, light, camera and the scene's
 *  metadata and flags, with every count, so that moving data from one array to another
 *  changes it too. */
uint64_t HashScene(const aiScene &scene);

} // namespace agf::bench
