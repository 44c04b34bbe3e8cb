/** @file PskImporter.cpp */
#include "PskImporter.h"

#include "ActorXChunks.h"
#include "ActorXImporters.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "PskParser.h"
#include "PskSidecars.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

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

} // namespace

bool PskImporter::CanRead(const std::string &file, Assimp::IOSystem *io, bool) const {
    uint8_t header[actorx::kChunkHeaderSize];
    const size_t read = ReadFileStart(io, file, header, sizeof header);
    return actorx::HasMagic(header, read, actorx::kMeshMagic);
}

const aiImporterDesc *PskImporter::GetInfo() const {
    return &kDescription;
}

void PskImporter::SetupProperties(const Assimp::Importer *importer) {
    mOptions = psk::PskConvertOptions();
    mOptions.scale = importer->GetPropertyFloat(AI_CONFIG_IMPORT_PSK_SCALE, 1.0f);
    mOptions.yUp = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, true);
    mOptions.colorsBgra = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA, false);
    mOptions.skipMorphs = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_MORPHS, false);
    mOptions.skipSockets = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS, false);
    mSkipSidecars = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS, false);
    mAnimationRequest = MakeAnimationLoadRequest(importer, std::string(), {"psa", "psax"},
                                                 AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD);
}

void PskImporter::InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    std::vector<uint8_t> bytes = ReadWholeFile(io, file);
    const std::string name = FileNameOf(file);
    // A single extension match skips CanRead, so the signature is checked here too.
    if (!actorx::HasMagic(bytes.data(), bytes.size(), actorx::kMeshMagic)) {
        ThrowImportError(name, "file header", 0,
                         "not an ActorX PSK file: it does not start with an ACTRHEAD chunk");
    }
    if (!(mOptions.scale > 0.0f) || !std::isfinite(mOptions.scale)) {
        ASSIMP_LOG_WARN("PSK: ", AI_CONFIG_IMPORT_PSK_SCALE, " must be a positive number, not ",
                        mOptions.scale, "; 1 is used");
        mOptions.scale = 1.0f;
    }
    psk::PskFile data = psk::ParsePsk(bytes.data(), bytes.size(), name);
    // PskFile holds copies, not views: the file's bytes can go before the scene is built, which
    // keeps the peak memory of a large import lower by the size of the file.
    std::vector<uint8_t>().swap(bytes);
    std::vector<std::string> warnings = std::move(data.warnings);
    psk::ConvertPsk(std::move(data), file, mOptions, scene, warnings);

    const bool inMemory = IsMemoryFile(file);
    if (!mSkipSidecars && !inMemory) {
        psk::AddSidecarTextures(io, file, scene, warnings);
    }
    for (const std::string &warning : warnings) {
        ASSIMP_LOG_WARN(name, ": ", warning);
    }

    AnimationLoadRequest request = mAnimationRequest;
    request.meshPath = file;
    if (inMemory) {
        request.autoLoadExtensions.clear();
    }
    LoadAnimationsOntoScene(io, request, scene);
}

Assimp::BaseImporter *CreatePskImporter() {
    return new PskImporter();
}

} // namespace agf
