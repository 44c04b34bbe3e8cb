/** @file PswImporter.cpp
 *  The Assimp importer for ActorX worlds (`.psw`, Ada's CUE4Parse fork).
 */
#include "ActorXChunks.h"
#include "ActorXImporters.h"
#include "ChunkFileImporter.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/Options.h"
#include "PswConverter.h"
#include "PswParser.h"

#include <assimp_gameformats/GameFormats.h>

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

/** Recognises files by the WRLDHEAD signature, parses them (PswParser) and builds the level
 *  (PswConverter), importing the referenced meshes through the registered PSK importer. */
class PswImporter : public actorx::ChunkFileImporter {
public:
    PswImporter()
        : actorx::ChunkFileImporter(kDescription, {actorx::kWorldMagic}, "an ActorX world (PSW)") {}
    void setupOptions(const Assimp::Importer *importer) override;

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override;

private:
    psw::PswConvertOptions mOptions;
};

void PswImporter::setupOptions(const Assimp::Importer *importer) {
    mOptions = psw::PswConvertOptions();
    mOptions.yUp = BoolOption(importer, AI_CONFIG_IMPORT_PSW_YUP);
    mOptions.scale = FloatOption(importer, AI_CONFIG_IMPORT_PSW_SCALE);
    mOptions.assetRoot = StringOption(importer, AI_CONFIG_IMPORT_PSW_ASSET_ROOT);
    mOptions.loadAssets = BoolOption(importer, AI_CONFIG_IMPORT_PSW_LOAD_ASSETS);
    mOptions.buildLandscape = BoolOption(importer, AI_CONFIG_IMPORT_PSW_LANDSCAPE);
    mOptions.heightScale = FloatOption(importer, AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE);
    mOptions.assetOptions.vertexColorBgra =
        BoolOption(importer, AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA);
    mOptions.assetOptions.skipMorphs = BoolOption(importer, AI_CONFIG_IMPORT_PSK_SKIP_MORPHS);
    mOptions.assetOptions.skipSockets = BoolOption(importer, AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS);
    mOptions.assetOptions.skipSidecars = BoolOption(importer, AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS);
    mOptions.assetOptions.mapFiles = BoolOption(importer, AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES);
}

void PswImporter::importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                             Warnings &warnings) {
    const std::string name = FileNameOf(file);
    psw::PswConvertOptions options = mOptions;
    RequirePositiveFinite(name, AI_CONFIG_IMPORT_PSW_SCALE, options.scale);
    RequirePositiveFinite(name, AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE, options.heightScale);
    if (options.assetRoot.empty()) {
        if (IsMemoryFile(file)) {
            // A world read from memory has no folder: its assets and heightmaps cannot be found.
            options.readExternalFiles = false;
        }
        options.assetRoot = DirectoryOf(file);
    }
    // The file's bytes go once parsed (the world holds copies of what it needs): they would
    // sit beside the whole scene at the import's peak.
    const psw::PswWorld world = [&] {
        const FileBytes bytes = readModelFile(io, file);
        requireMagic(bytes.data(), bytes.size(), name);
        return psw::ParsePswWorld(bytes.data(), bytes.size(), name, warnings);
    }();
    const psw::IoAssetSource assets(*io);
    psw::ConvertPswWorld(world, assets, name, options, scene, warnings);
}

Assimp::BaseImporter *CreatePswImporter() {
    return new PswImporter();
}

} // namespace agf
