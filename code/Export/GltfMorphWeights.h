/** @file GltfMorphWeights.h
 *  aiMeshMorphAnim to glTF animation channels with path "weights", which Assimp 5.2.5's glTF 2
 *  exporter does not write (upstream issue #5352).
 */
#pragma once

#include "Export/GltfDocument.h"

namespace agf::gltf {

/** For every morph channel of every animation (the document's animations are the scene's, in
 *  order), adds a sampler (input: key times in seconds; output: one weight per morph target of
 *  the target node's mesh per key, 0 for targets a key does not list) and a "weights" channel
 *  on the node named by aiMeshMorphAnim::mName, which must carry a mesh with targets. Returns
 *  the number of channels written; channels without such a node are skipped. */
unsigned AddMorphWeightChannels(GltfDocument &document, const aiScene &scene,
                                const std::vector<const aiNode *> &nodes);

} // namespace agf::gltf
