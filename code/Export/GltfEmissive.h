/** @file GltfEmissive.h
 *  Emissive colours brighter than 1 in glTF. Game materials are HDR (an Arma rvmat's emissive
 *  of 100 to 1000 on lights and tracers), but glTF's emissiveFactor must lie in [0, 1]; the
 *  brightness above 1 goes into KHR_materials_emissive_strength.
 */
#pragma once

#include "Export/GltfDocument.h"

namespace agf::gltf {

struct EmissiveReport {
    unsigned rewritten = 0; ///< materials whose emissive the pass wrote anew
    bool matched = true;    ///< false: the document's materials are not the scene's
};

/** Makes every material's emissive say what the scene's does, within glTF's ranges. The
 *  scene's emissive is AI_MATKEY_COLOR_EMISSIVE times AI_MATKEY_EMISSIVE_INTENSITY (1 when
 *  unset); what the document says is emissiveFactor times the emissiveStrength of
 *  KHR_materials_emissive_strength (1 when absent). Where the factor is out of [0, 1] or the
 *  two differ (Assimp 5.2's writer drops the intensity), the material gets
 *  - emissiveFactor = the emissive divided by its largest component, and
 *    emissiveStrength = that component, when the component exceeds 1;
 *  - emissiveFactor = the emissive (negative components as 0) and no strength otherwise;
 *  - the scene's values in its extras, AGF_META_GLTF_SOURCE_EMISSIVE_COLOR and, when set,
 *    AGF_META_GLTF_SOURCE_EMISSIVE_INTENSITY.
 *  The extension is listed in extensionsUsed while a material uses it (it is never required:
 *  a viewer without it shows the colour at strength 1). Materials that already agree, as
 *  Assimp 5.4 and later write a colour within [0, 1] with its intensity, are left alone. */
EmissiveReport WriteEmissiveInRange(GltfDocument &document, const aiScene &scene);

} // namespace agf::gltf
