/** @file PswAssets.h
 *  Loading the meshes a world's actors reference, each distinct file once.
 *
 *  Assets come from a PswAssetSource (the importer's: a nested Assimp::Importer through the
 *  world import's IOSystem, validated). The asset's meshes and materials then move into the
 *  world scene; its node tree stays here for placing skeletons.
 */
#pragma once

#include "Common/SceneBuilder.h"
#include "Common/Warnings.h"
#include "PswAssetSource.h"

#include <assimp/scene.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace agf::psw {

/** One imported asset file. */
struct LoadedAsset {
    std::string file;                       ///< the path the asset was read from (root + candidate)
    std::unique_ptr<aiScene> scene;         ///< node tree only: meshes and materials were moved out
    std::vector<unsigned> meshes;           ///< world mesh index of each asset mesh
    std::vector<unsigned> materials;        ///< world material index of each asset material
    std::vector<std::string> materialNames; ///< each asset material's name
    bool skinned = false;                   ///< some mesh has bones
    unsigned placements = 0;                ///< how many actors have used it so far
};

/** Loads assets on demand and caches them (misses too), by resolved file. */
class PswAssetLibrary {
public:
    /** @param root folder the relative paths start from ("" = current folder), with or without
     *  a trailing separator. The source must outlive the library. */
    PswAssetLibrary(const PswAssetSource &source, std::string root, AssetImportOptions options,
                    SceneParts &parts, Warnings &warnings);
    ~PswAssetLibrary();

    /** The asset for a safe relative asset path (see PswPaths.h), or nullptr when no candidate
     *  file exists or the file does not import; both cases give a warning naming the path, once
     *  per distinct path. */
    LoadedAsset *load(const std::string &relativePath, const std::string &worldFile);

    /** Reads a file under the root, trying each candidate; false when none exists. */
    bool readUnderRoot(const std::vector<std::string> &candidates, std::vector<uint8_t> &bytes,
                       std::string &foundPath) const;

    size_t loadedCount() const { return mByFile.size(); }
    size_t failedCount() const { return mFailedPaths; }

private:
    std::unique_ptr<LoadedAsset> importFile(const std::string &path, const std::string &worldFile);

    const PswAssetSource &mSource;
    std::string mRoot;
    AssetImportOptions mOptions;
    SceneParts &mParts;
    Warnings &mWarnings;
    std::map<std::string, LoadedAsset *> mByPath; ///< relative asset path -> asset or nullptr
    std::map<std::string, std::unique_ptr<LoadedAsset>> mByFile;
    size_t mFailedPaths = 0;
};

} // namespace agf::psw
