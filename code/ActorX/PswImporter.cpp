/** @file PswImporter.cpp */
#include "PswImporter.h"

#include "ActorXChunks.h"
#include "ActorXImporters.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "PswParser.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <cmath>
#include <memory>

namespace agf {

namespace {

const aiImporterDesc kDescription = {
    "Unreal ActorX world importer (assimp-gameformats)",
    "",
    "",
    "PSW levels from Ada's CUE4Parse fork (v1, v2, v2b, v3): actors, their PSK meshes, "
    "material overrides, lights and landscape tiles",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "psw",
};

} // namespace

bool PswImporter::CanRead(const std::string &file, Assimp::IOSystem *io, bool) const {
    uint8_t header[actorx::kChunkHeaderSize];
    const size_t read = ReadFileStart(io, file, header, sizeof header);
    return actorx::HasMagic(header, read, actorx::kWorldMagic);
}

const aiImporterDesc *PswImporter::GetInfo() const {
    return &kDescription;
}

void PswImporter::SetupProperties(const Assimp::Importer *importer) {
    mOptions = psw::PswConvertOptions();
    mOptions.yUp = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSW_YUP, true);
    mOptions.scale = importer->GetPropertyFloat(AI_CONFIG_IMPORT_PSW_SCALE, 1.0f);
    mOptions.assetRoot = importer->GetPropertyString(AI_CONFIG_IMPORT_PSW_ASSET_ROOT, "");
    mOptions.loadAssets = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSW_LOAD_ASSETS, true);
    mOptions.buildLandscape = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSW_LANDSCAPE, true);
    mOptions.heightScale = importer->GetPropertyFloat(AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE, 256.0f);
    mOptions.assetOptions.vertexColorBgra =
        importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA, false);
    mOptions.assetOptions.skipMorphs =
        importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_MORPHS, false);
    mOptions.assetOptions.skipSockets =
        importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS, false);
    mOptions.assetOptions.skipSidecars =
        importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS, false);
}

void PswImporter::InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    const std::vector<uint8_t> bytes = ReadWholeFile(io, file);
    const std::string name = FileNameOf(file);
    // A single extension match skips CanRead, so the signature is checked here too.
    if (!actorx::HasMagic(bytes.data(), bytes.size(), actorx::kWorldMagic)) {
        ThrowImportError(name, "file header", 0,
                         "not an ActorX world: it does not start with a WRLDHEAD chunk");
    }
    psw::PswConvertOptions options = mOptions;
    if (!(options.scale > 0.0f) || !std::isfinite(options.scale)) {
        ASSIMP_LOG_WARN("PSW: ", AI_CONFIG_IMPORT_PSW_SCALE, " must be a positive number, not ",
                        options.scale, "; 1 is used");
        options.scale = 1.0f;
    }
    if (!std::isfinite(options.heightScale)) {
        ASSIMP_LOG_WARN("PSW: ", AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE, " is not finite; 256 is used");
        options.heightScale = 256.0f;
    }
    if (options.assetRoot.empty()) {
        if (IsMemoryFile(file)) {
            // A world read from memory has no folder: its assets and heightmaps cannot be found.
            options.readExternalFiles = false;
        }
        options.assetRoot = DirectoryOf(file);
    }
    const psw::PswWorld world = psw::ParsePswWorld(bytes.data(), bytes.size(), name);
    for (const std::string &warning : world.warnings) {
        ASSIMP_LOG_WARN(name, ": ", warning);
    }
    psw::ConvertPswWorld(world, io, name, options, scene);
}

Assimp::BaseImporter *CreatePswImporter() {
    return new PswImporter();
}

} // namespace agf
