/** @file PskImporter.cpp
 *  The Assimp importer for ActorX PSK / PSKX meshes.
 */
#include "ActorXChunks.h"
#include "ActorXImporters.h"
#include "ChunkFileImporter.h"
#include "Common/AnimationBinding.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/Options.h"
#include "Common/Parallel.h"
#include "Common/StringHelpers.h"
#include "PskConverter.h"
#include "PskParser.h"
#include "PskSidecars.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace agf {

namespace {

const aiImporterDesc kDescription = {
    "Unreal ActorX mesh importer (assimp-gameformats)",
    "",
    "",
    "PSK/PSKX from Epic's ActorX, UEViewer, CUE4Parse/FModel and the Blender exporter",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "psk pskx",
};

/** Sockets of the props.txt that the SKELSOCK chunk does not have already (by name). */
void AddSidecarSockets(std::vector<psk::Socket> sockets, psk::PskFile &data) {
    for (psk::Socket &socket : sockets) {
        const bool known =
            std::any_of(data.sockets.begin(), data.sockets.end(), [&](const psk::Socket &existing) {
                return Lower(existing.name) == Lower(socket.name);
            });
        if (!known) {
            data.sockets.push_back(std::move(socket));
        }
    }
}

} // namespace

/** Recognises files by the ACTRHEAD signature, parses them (PskParser), builds the scene
 *  (PskConverter), adds the UEViewer sidecar textures (PskSidecars) and loads animation files
 *  onto the skeleton with the loader table it was given. */
class PskImporter : public actorx::ChunkFileImporter {
public:
    explicit PskImporter(const AnimationLoaderTable &animationLoaders)
        : ChunkFileImporter(kDescription, {actorx::kMeshMagic}, "an ActorX PSK file"),
          mAnimationLoaders(animationLoaders) {}

    void setupOptions(const Assimp::Importer *importer) override;

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override;

    // UE Viewer's export tree, <root>/<Package>/<Class>/: Texture2D/ and Material3/ are
    // siblings of the mesh's folder, and another package's textures are two levels up.
    unsigned textureParentLevels() const override { return 2; }

private:
    const AnimationLoaderTable &mAnimationLoaders;
    psk::PskConvertOptions mOptions;
    bool mSkipSidecars = false;
    AnimationLoadRequest mAnimationRequest;
};

void PskImporter::setupOptions(const Assimp::Importer *importer) {
    mOptions = psk::PskConvertOptions();
    mOptions.scale = FloatOption(importer, AI_CONFIG_IMPORT_PSK_SCALE);
    mOptions.yUp = BoolOption(importer, AI_CONFIG_IMPORT_PSK_YUP);
    mOptions.colorsBgra = BoolOption(importer, AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA);
    mOptions.skipMorphs = BoolOption(importer, AI_CONFIG_IMPORT_PSK_SKIP_MORPHS);
    mOptions.skipSockets = BoolOption(importer, AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS);
    mOptions.threads = ImportThreads(importer);
    mSkipSidecars = BoolOption(importer, AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS);
    mAnimationRequest =
        MakeAnimationLoadRequest(importer, {"psa", "psax"}, AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD);
}

void PskImporter::importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                             Warnings &warnings) {
    FileBytes bytes = readModelFile(io, file);
    const std::string name = FileNameOf(file);
    requireMagic(bytes.data(), bytes.size(), name);
    RequirePositiveFinite(name, AI_CONFIG_IMPORT_PSK_SCALE, mOptions.scale);
    psk::PskFile data = psk::ParsePsk(std::move(bytes), name, warnings, mOptions.threads);
    const bool inMemory = IsMemoryFile(file);
    if (!mSkipSidecars && !inMemory && !mOptions.skipSockets) {
        AddSidecarSockets(psk::ReadSidecarSockets(io, file, warnings), data);
    }
    psk::ConvertPsk(std::move(data), file, mOptions, scene, warnings);

    if (!mSkipSidecars && !inMemory) {
        psk::AddSidecarTextures(io, file, scene, warnings, textureSearchFor(file).roots);
    }
    LoadAnimationsOfImport(mAnimationRequest, file, io, warnings, mAnimationLoaders, scene);
}

Assimp::BaseImporter *CreatePskImporter(const AnimationLoaderTable &animationLoaders) {
    return new PskImporter(animationLoaders);
}

} // namespace agf
