/** @file ActorXExporters.cpp */
#include "ActorXExporters.h"

#include "Common/ExportOutput.h"
#include "Common/FileLoading.h"
#include "Common/Options.h"
#include "Common/StringHelpers.h"
#include "PsaFromScene.h"
#include "PsaWriter.h"
#include "PskFromScene.h"
#include "PskWriter.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <cmath>

namespace agf {

namespace {

void ExportMesh(const char *formatId, const char *path, Assimp::IOSystem *io, const aiScene *scene,
                const Assimp::ExportProperties *properties) {
    Guarded(formatId, path, [&](ExportWarnings &warnings) {
        const psk::PskFile file =
            psk::PskFromScene(*scene, ReadActorXExportOptions(properties), warnings);
        if (file.faces32 && EndsWithIgnoreCase(path, ".psk")) {
            warnings.add(WarningKind::Unsupported, "FACE3200",
                         "more than 65,536 wedges: UEViewer and CUE4Parse name such files .pskx");
        }
        if (scene->mNumAnimations != 0) {
            warnings.add(WarningKind::Unsupported, "",
                         "the scene's " + std::to_string(scene->mNumAnimations) +
                             " animations are not part of a PSK: export them as .psa");
        }
        const std::vector<uint8_t> bytes = psk::SerialisePsk(file);
        WriteFile(io, path, bytes.data(), bytes.size());
    });
}

} // namespace

actorx::ActorXExportOptions ReadActorXExportOptions(const Assimp::ExportProperties *properties) {
    actorx::ActorXExportOptions options;
    options.scaleGiven = HasOption(properties, AI_CONFIG_EXPORT_ACTORX_SCALE);
    options.scale = FloatOption(properties, AI_CONFIG_EXPORT_ACTORX_SCALE);
    options.yUpGiven = HasOption(properties, AI_CONFIG_EXPORT_ACTORX_YUP);
    options.yUp = BoolOption(properties, AI_CONFIG_EXPORT_ACTORX_YUP);
    options.frameRate = FloatOption(properties, AI_CONFIG_EXPORT_PSA_FPS);
    if (options.scaleGiven && !(std::isfinite(options.scale) && options.scale > 0)) {
        throw ExportError(std::string(AI_CONFIG_EXPORT_ACTORX_SCALE) +
                          " must be a positive finite number, not " +
                          std::to_string(options.scale));
    }
    if (!(std::isfinite(options.frameRate) && options.frameRate >= 0)) {
        throw ExportError(std::string(AI_CONFIG_EXPORT_PSA_FPS) +
                          " must be 0 (from the keys) or a positive number, not " +
                          std::to_string(options.frameRate));
    }
    return options;
}

void ExportPsk(const char *path, Assimp::IOSystem *io, const aiScene *scene,
               const Assimp::ExportProperties *properties) {
    ExportMesh("psk", path, io, scene, properties);
}

void ExportPskx(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                const Assimp::ExportProperties *properties) {
    ExportMesh("pskx", path, io, scene, properties);
}

void ExportPsa(const char *path, Assimp::IOSystem *io, const aiScene *scene,
               const Assimp::ExportProperties *properties) {
    Guarded("psa", path, [&](ExportWarnings &warnings) {
        const actorx::DensePsa psa =
            actorx::DensePsaFromScene(*scene, ReadActorXExportOptions(properties), warnings);
        const std::vector<uint8_t> bytes = actorx::SerialisePsa(psa);
        WriteFile(io, path, bytes.data(), bytes.size());
        // Always written, as UEViewer does: a stale .config from an earlier export would
        // otherwise remove tracks of this one.
        const std::string config = actorx::PsaConfigText(psa);
        WriteFile(io, StripExtension(path) + ".config", config.data(), config.size());
    });
}

void ExportPsax(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                const Assimp::ExportProperties *properties) {
    Guarded("psax", path, [&](ExportWarnings &warnings) {
        const actorx::PsaxFile psax =
            actorx::SparsePsaFromScene(*scene, ReadActorXExportOptions(properties), warnings);
        const std::vector<uint8_t> bytes = actorx::SerialisePsax(psax);
        WriteFile(io, path, bytes.data(), bytes.size());
    });
}

} // namespace agf
