/** @file GltfExtras.h
 *  Our metadata in glTF: aiNode metadata becomes the node's `extras`, scene metadata the scene's
 *  `extras`, under the same keys (MetadataKeys.h). Blender turns extras into custom properties;
 *  Assimp's glTF importer reads them back into aiMetadata.
 */
#pragma once

#include "Export/GltfDocument.h"

struct aiMetadata;

namespace agf::gltf {

/** The entries as a JSON object with their types kept: bools, integers and floating-point
 *  numbers stay so, strings stay strings, vectors become [x, y, z], nested metadata (from
 *  foreign importers) becomes an object. */
Json MetadataToJson(const aiMetadata &metadata);

/** Writes node and scene extras. `nodes` is NodesInExportOrder(scene). Returns false (and
 *  writes no node extras) when the document's nodes do not line up with the scene's. */
bool AddMetadataExtras(GltfDocument &document, const aiScene &scene,
                       const std::vector<const aiNode *> &nodes);

} // namespace agf::gltf
