/** @file PswAssetSource.cpp */
#include "PswAssetSource.h"

#include "ActorXChunks.h"

#include "Common/BorrowedIOSystem.h"
#include "Common/FileLoading.h"
#include "Common/ImporterBase.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

namespace agf::psw {

IoAssetSource::IoAssetSource(Assimp::IOSystem &io) : mIo(io) {}

IoAssetSource::~IoAssetSource() = default;

bool IoAssetSource::exists(const std::string &path) const {
    return mIo.Exists(path.c_str());
}

bool IoAssetSource::read(const std::string &path, std::vector<uint8_t> &bytes) const {
    try {
        return ReadFileIfExists(&mIo, path, bytes);
    } catch (const std::exception &) {
        return false; // an unreadable file is as good as a missing one here
    }
}

std::unique_ptr<aiScene> IoAssetSource::importMesh(const std::string &path,
                                                   const AssetImportOptions &options,
                                                   std::string &error) const {
    // Only ActorX meshes are handed to the nested import: anything else (a world renamed to
    // .pskx, which would import itself again, or an unrelated file) is refused first.
    uint8_t header[actorx::kChunkHeaderSize] = {};
    if (ReadFileStart(&mIo, path, header, sizeof header) != sizeof header ||
        !actorx::HasMagic(header, sizeof header, actorx::kMeshMagic)) {
        error = "not an ActorX mesh (no ACTRHEAD)";
        return nullptr;
    }
    if (!mImporter) {
        mImporter = std::make_unique<Assimp::Importer>();
        RegisterImporters(*mImporter);
        mImporter->SetIOHandler(new BorrowedIOSystem(mIo));
    }
    Assimp::Importer &importer = *mImporter;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, false);
    importer.SetPropertyFloat(AI_CONFIG_IMPORT_PSK_SCALE, 1.0f);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA, options.vertexColorBgra);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_MORPHS, options.skipMorphs);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS, options.skipSockets);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS, options.skipSidecars);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES, options.mapFiles);
    // The asset's scene is merged into the world's, whose embedded textures are numbered by
    // the world's own texture pass: the asset keeps its references.
    importer.SetPropertyBool(AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES, true);
    importer.SetPropertyPointer(kEnclosingImportFiles, &mIo);
    if (importer.ReadFile(path, aiProcess_ValidateDataStructure) == nullptr) {
        error = importer.GetErrorString();
        return nullptr;
    }
    return std::unique_ptr<aiScene>(importer.GetOrphanedScene());
}

} // namespace agf::psw
