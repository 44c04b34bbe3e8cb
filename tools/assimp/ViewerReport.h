/** @file ViewerReport.h
 *  The JSON the viewer's page reads besides the glb: the catalogue of files and, per model, its
 *  counts, node tree with metadata, LODs, animations, morph targets and textures. The glb
 *  written by Assimp 5.2.5 has no node or scene extras, so the metadata comes from here; the
 *  page also reads glb extras when a newer writer adds them.
 */
#pragma once

#include "ConvertedModel.h"

#include <filesystem>
#include <string>
#include <vector>

struct aiScene;

namespace agf::cli {

/** The counts `assimp info` prints, plus the P3D LOD nodes. */
ModelCounts CountModel(const aiScene &scene);

/** Every texture the scene's materials reference, looked up under the root. */
std::vector<TextureReference> CollectTextures(const aiScene &scene, const ViewerRoot &root,
                                              const std::filesystem::path &modelFolder);

/** The page's description of a converted model (also of a failed one: file and error). */
std::string WriteModelReport(const aiScene *scene, const ConvertedModel &model);

/** One row of the file browser. */
struct CatalogRow {
    enum class State { Pending, Ready, Failed };
    CatalogEntry entry;
    State state = State::Pending;
    ModelCounts counts;
    std::string error;
    std::string boundMesh;
    std::string script; ///< static gallery: the model's script file, relative to index.html
};

struct CatalogHeader {
    std::string title; ///< what was viewed, as given on the command line
    bool staticGallery = false;
    bool singleFile = false;
};

std::string WriteCatalog(const CatalogHeader &header, const std::vector<CatalogRow> &rows);

} // namespace agf::cli
