/** @file PswAssets.cpp */
#include "PswAssets.h"

#include "PswPaths.h"

#include "Common/Warnings.h"

#include <assimp_gameformats/GameFormats.h>

namespace agf::psw {

namespace {

bool HasBones(const aiScene &scene) {
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        if (scene.mMeshes[i] != nullptr && scene.mMeshes[i]->mNumBones != 0) {
            return true;
        }
    }
    return false;
}

} // namespace

PswAssetLibrary::PswAssetLibrary(const PswAssetSource &source, std::string root,
                                 AssetImportOptions options, SceneParts &parts, Warnings &warnings)
    : mSource(source), mRoot(std::move(root)), mOptions(options), mParts(parts),
      mWarnings(warnings) {
    if (!mRoot.empty() && mRoot.back() != '/' && mRoot.back() != '\\') {
        mRoot += '/';
    }
}

PswAssetLibrary::~PswAssetLibrary() = default;

bool PswAssetLibrary::readUnderRoot(const std::vector<std::string> &candidates,
                                    std::vector<uint8_t> &bytes, std::string &foundPath) const {
    for (const std::string &candidate : candidates) {
        const std::string path = mRoot + candidate;
        if (mSource.exists(path) && mSource.read(path, bytes)) {
            foundPath = path;
            return true;
        }
    }
    return false;
}

LoadedAsset *PswAssetLibrary::load(const std::string &relativePath, const std::string &worldFile) {
    const auto known = mByPath.find(relativePath);
    if (known != mByPath.end()) {
        return known->second;
    }
    LoadedAsset *result = nullptr;
    std::string found;
    for (const std::string &candidate : MeshFileCandidates(relativePath)) {
        const std::string path = mRoot + candidate;
        if (mSource.exists(path)) {
            found = path;
            break;
        }
    }
    if (found.empty()) {
        mWarnings.add(WarningKind::MissingFile, worldFile, "WORLDACTORS", 0,
                      "asset \"" + relativePath + "\" not found under \"" + mRoot +
                          "\" (as .pskx or .psk); its actors stay empty");
        ++mFailedPaths;
    } else {
        auto existing = mByFile.find(found);
        if (existing != mByFile.end()) {
            result = existing->second.get();
        } else {
            std::unique_ptr<LoadedAsset> asset = importFile(found, worldFile);
            if (asset) {
                result = asset.get();
                mByFile.emplace(found, std::move(asset));
            } else {
                ++mFailedPaths;
            }
        }
    }
    mByPath.emplace(relativePath, result);
    return result;
}

std::unique_ptr<LoadedAsset> PswAssetLibrary::importFile(const std::string &path,
                                                         const std::string &worldFile) {
    std::string error;
    std::unique_ptr<aiScene> imported = mSource.importMesh(path, mOptions, error);
    if (!imported) {
        mWarnings.add(WarningKind::UnreadableFile, worldFile, "WORLDACTORS", 0,
                      "asset \"" + path + "\" could not be imported (" + error +
                          "); its actors stay empty");
        return nullptr;
    }
    auto asset = std::make_unique<LoadedAsset>();
    asset->file = path;
    asset->scene = std::move(imported);
    aiScene &scene = *asset->scene;
    asset->skinned = HasBones(scene);

    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        aiString name;
        scene.mMaterials[i]->Get(AI_MATKEY_NAME, name);
        asset->materialNames.emplace_back(name.C_Str());
        asset->materials.push_back(
            mParts.addMaterial(std::unique_ptr<aiMaterial>(scene.mMaterials[i])));
        scene.mMaterials[i] = nullptr;
    }
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        std::unique_ptr<aiMesh> mesh(scene.mMeshes[i]);
        scene.mMeshes[i] = nullptr;
        mesh->mMaterialIndex = mesh->mMaterialIndex < asset->materials.size()
                                   ? asset->materials[mesh->mMaterialIndex]
                                   : 0;
        asset->meshes.push_back(mParts.addMesh(std::move(mesh)));
    }
    // Animations, lights and cameras of an asset have no place in a level.
    return asset;
}

} // namespace agf::psw
