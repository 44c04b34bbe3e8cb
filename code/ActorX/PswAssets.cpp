/** @file PswAssets.cpp */
#include "PswAssets.h"

#include "ActorXChunks.h"
#include "PswPaths.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

namespace agf::psw {

namespace {

/** Forwards to an IOSystem it does not own: Importer::SetIOHandler takes ownership of its
 *  handler and deletes it, but the world import's IOSystem belongs to the outer Importer. */
class BorrowedIOSystem : public Assimp::IOSystem {
public:
    explicit BorrowedIOSystem(Assimp::IOSystem *target) : mTarget(target) {}
    bool Exists(const char *file) const override { return mTarget->Exists(file); }
    char getOsSeparator() const override { return mTarget->getOsSeparator(); }
    Assimp::IOStream *Open(const char *file, const char *mode) override {
        return mTarget->Open(file, mode);
    }
    void Close(Assimp::IOStream *file) override { mTarget->Close(file); }
    bool ComparePaths(const char *one, const char *second) const override {
        return mTarget->ComparePaths(one, second);
    }

private:
    Assimp::IOSystem *mTarget;
};

// Only ActorX meshes are handed to the nested import: anything else (a world renamed to .pskx,
// which would import itself again, or an unrelated file) is refused before Assimp sees it.
bool StartsWithMeshMagic(Assimp::IOSystem *io, const std::string &path) {
    std::unique_ptr<Assimp::IOStream> stream(io->Open(path.c_str(), "rb"));
    if (!stream) {
        return false;
    }
    uint8_t header[actorx::kChunkHeaderSize] = {};
    const size_t got = stream->Read(header, 1, sizeof header);
    return got == sizeof header && actorx::HasMagic(header, got, actorx::kMeshMagic);
}

bool HasBones(const aiScene &scene) {
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        if (scene.mMeshes[i] != nullptr && scene.mMeshes[i]->mNumBones != 0) {
            return true;
        }
    }
    return false;
}

} // namespace

PswAssetLibrary::PswAssetLibrary(Assimp::IOSystem *io, std::string root, AssetImportOptions options,
                                 SceneParts &parts)
    : mIo(io), mRoot(std::move(root)), mOptions(options), mParts(parts) {
    if (!mRoot.empty() && mRoot.back() != '/' && mRoot.back() != '\\') {
        mRoot += '/';
    }
}

PswAssetLibrary::~PswAssetLibrary() = default;

bool PswAssetLibrary::readUnderRoot(const std::vector<std::string> &candidates,
                                    std::vector<uint8_t> &bytes, std::string &foundPath) const {
    for (const std::string &candidate : candidates) {
        const std::string path = mRoot + candidate;
        if (!mIo->Exists(path.c_str())) {
            continue;
        }
        std::unique_ptr<Assimp::IOStream> stream(mIo->Open(path.c_str(), "rb"));
        if (!stream) {
            continue;
        }
        bytes.resize(stream->FileSize());
        if (!bytes.empty() && stream->Read(bytes.data(), 1, bytes.size()) != bytes.size()) {
            continue;
        }
        foundPath = path;
        return true;
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
        if (mIo->Exists(path.c_str())) {
            found = path;
            break;
        }
    }
    if (found.empty()) {
        ASSIMP_LOG_WARN(worldFile, ": asset \"", relativePath, "\" not found under \"", mRoot,
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
    if (!StartsWithMeshMagic(mIo, path)) {
        ASSIMP_LOG_WARN(worldFile, ": asset file \"", path,
                        "\" is not an ActorX mesh (no ACTRHEAD); its actors stay empty");
        return nullptr;
    }
    Assimp::Importer importer;
    RegisterImporters(importer);
    importer.SetIOHandler(new BorrowedIOSystem(mIo));
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, false);
    importer.SetPropertyFloat(AI_CONFIG_IMPORT_PSK_SCALE, 1.0f);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA, mOptions.vertexColorBgra);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_MORPHS, mOptions.skipMorphs);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS, mOptions.skipSockets);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS, mOptions.skipSidecars);
    const aiScene *imported = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    if (imported == nullptr) {
        ASSIMP_LOG_WARN(worldFile, ": asset \"", path, "\" could not be imported (",
                        importer.GetErrorString(), "); its actors stay empty");
        return nullptr;
    }
    auto asset = std::make_unique<LoadedAsset>();
    asset->file = path;
    asset->scene.reset(importer.GetOrphanedScene());
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
