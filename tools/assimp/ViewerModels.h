/** @file ViewerModels.h
 *  Converting the viewer's models: each file is imported and exported to glb exactly as
 *  `assimp export <file> out.glb` does (a Session with the command line's options, then the
 *  registered "glb2" exporter), and described for the page (counts, nodes, metadata, LODs,
 *  animations, morph targets, textures).
 *
 *  Animation files (PSA, PSAX, MOT, UEANIM) are shown on their mesh, bound as `--anim` binds
 *  them: the mesh in the same folder with the same base name, else the mesh their .props.txt
 *  names (AnimSetMeshes.h), else the one in the same folder whose bones the animation's tracks
 *  name most often. Without such a mesh the animation's own skeleton is shown. A mesh is shown
 *  with the animation files that name it as well as its siblings.
 */
#pragma once

#include "CommandLine.h"
#include "ConvertedModel.h"
#include "ViewerFiles.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

struct aiScene;

namespace agf::cli {

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
    /** The animation files of the catalog that name each mesh (AnimationsNamingMeshes), read
     *  once. */
    const std::map<std::string, std::vector<std::string>> &NamedAnimations();
    void ConvertImported(const aiScene &scene, ConvertedModel &model, const std::string &modelPath);

    const ViewerRoot &mRoot;
    ImportOptions mOptions;
    std::vector<CatalogEntry> mCatalog;
    /** Lower-case bone names per mesh file, for binding animation files. */
    std::map<std::string, std::set<std::string>> mBoneNames;
    std::unique_ptr<std::map<std::string, std::vector<std::string>>> mNamedAnimations;
};

} // namespace agf::cli
