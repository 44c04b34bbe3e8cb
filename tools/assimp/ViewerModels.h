/** @file ViewerModels.h
 *  Converting the viewer's models: each file is imported and exported to glb exactly as
 *  `assimp export <file> out.glb` does (a Session with the command line's options, then the
 *  registered "glb2" exporter), and described for the page (counts, nodes, metadata, LODs,
 *  animations, morph targets, textures).
 *
 *  Animation files (PSA, PSAX, MOT, UEANIM) are shown on their mesh, bound as `--anim` binds
 *  them: the mesh in the same folder with the same base name, else the one whose bones the
 *  animation's tracks name most often. Without such a mesh the animation's own skeleton is shown.
 */
#pragma once

#include "CommandLine.h"
#include "ViewerFiles.h"
#include "ViewerTextures.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

struct aiScene;

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

class ModelConverter {
public:
    /** `options` are the command line's import options; `catalog` the files that may be shown
     *  (and searched for an animation file's mesh). Not thread-safe: one conversion at a time. */
    ModelConverter(const ViewerRoot &root, const ImportOptions &options,
                   const std::vector<CatalogEntry> &catalog);

    /** Imports, exports (unless `withGlb` is false: the counts only) and describes one file.
     *  Never throws: a failure is reported in the result. */
    std::shared_ptr<ConvertedModel> Convert(const CatalogEntry &entry, bool withGlb);

private:
    /** The mesh an animation file is shown on ("" none). */
    std::string MeshForAnimation(const CatalogEntry &entry);
    const std::set<std::string> &BoneNamesOf(const std::string &meshFile);
    void ConvertImported(const aiScene &scene, ConvertedModel &model, const std::string &modelPath);

    const ViewerRoot &mRoot;
    ImportOptions mOptions;
    std::vector<CatalogEntry> mCatalog;
    /** Lower-case bone names per mesh file, for binding animation files. */
    std::map<std::string, std::set<std::string>> mBoneNames;
};

} // namespace agf::cli
