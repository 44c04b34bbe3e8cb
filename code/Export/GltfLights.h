/** @file GltfLights.h
 *  aiLight to KHR_lights_punctual, which Assimp 5.2.5's glTF 2 exporter does not write.
 */
#pragma once

#include "Export/GltfDocument.h"

namespace agf::gltf {

struct LightReport {
    unsigned written = 0;
    unsigned approximated = 0; ///< area lights written as hemispherical spots
    unsigned skipped = 0;      ///< ambient or unknown lights, or lights whose node is missing
};

/** Adds every light of `scene` to the document (`nodes` = NodesInExportOrder(scene)):
 *  - the light hangs on the node named like it; when the aiLight is offset or turned in that
 *    node (mPosition, mDirection), on a new child node that places it, because a glTF light
 *    sits at its node's origin and shines down its -Z;
 *  - colour: mColorDiffuse divided by its largest component, which becomes the intensity
 *    (the source's units are kept: glTF asks candela for point and spot lights, lux for
 *    directional ones);
 *  - range: the distance where the quadratic attenuation halves the light, 1 / sqrt(quadratic),
 *    times the node's world scale (a glTF light's properties ignore node scale);
 *  - spot cones: aiLight's whole angles halved (glTF measures from the axis), clamped to glTF's
 *    0 <= inner < outer <= pi/2. */
LightReport AddPunctualLights(GltfDocument &document, const aiScene &scene,
                              const std::vector<const aiNode *> &nodes);

} // namespace agf::gltf
