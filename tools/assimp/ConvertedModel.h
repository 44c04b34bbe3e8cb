/** @file ConvertedModel.h
 *  A model as the viewer shows it: the glb, the counts and the textures the page is told about,
 *  made by ModelConverter (ViewerModels.h) and described by ViewerReport.h.
 */
#pragma once

#include "ViewerFiles.h"
#include "ViewerTextures.h"

#include <string>
#include <vector>

namespace agf::cli {

struct ModelCounts {
    unsigned int meshes = 0;     ///< as `assimp info` counts them
    unsigned int bones = 0;      ///< as `assimp info` counts them (summed over meshes)
    unsigned int animations = 0; ///< as `assimp info` counts them
    unsigned int lods = 0;       ///< P3D LOD nodes (with AGF_META_P3D_RESOLUTION)
};

/** A texture a material references, and what the viewer found for it. */
struct TextureReference {
    std::string material;
    std::string slot;    ///< "diffuse", "normals"...
    std::string written; ///< the path as the material has it (and as the glb's image uri)
    TextureLookup lookup;
};

struct ConvertedModel {
    CatalogEntry entry;
    bool ok = false;
    std::string error;     ///< the one-line import or export error
    std::string boundMesh; ///< for an animation file: the mesh it is shown on, relative
    ModelCounts counts;
    std::string glb; ///< the glb2 bytes
    std::vector<TextureReference> textures;
    std::string reportJson; ///< what the page shows besides the glb (ViewerReport.h)

    size_t bytes() const { return glb.size() + reportJson.size(); }
};

} // namespace agf::cli
