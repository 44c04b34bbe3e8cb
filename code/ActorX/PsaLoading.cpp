/** @file PsaLoading.cpp */
#include "PsaLoading.h"

#include "Common/FileLoading.h"
#include "Common/Options.h"
#include "Common/Parallel.h"
#include "PsaConverter.h"

#include <assimp_gameformats/GameFormats.h>

#include <memory>

namespace agf::actorx {

std::string PsaConfigPath(const std::string &animationPath) {
    return StripExtension(animationPath) + ".config";
}

AnimationSet LoadPsaOrPsax(const uint8_t *data, size_t size, const std::string &path,
                           const AnimationLoadContext &context, std::vector<PsaBone> &bones) {
    const std::string fileName = FileNameOf(path);
    Warnings &warnings = *context.warnings;
    // Every caller's Importer reaches here (the stand-alone import and the animations loaded
    // onto PSK, FXM and P3D skeletons), and with it the thread count.
    const unsigned threads = ImportThreads(context.properties);
    if (IsPsax(data, size)) {
        PsaxFile file = ParsePsax(data, size, fileName, warnings, threads);
        const bool oldRoot = BoolOption(context.properties, AI_CONFIG_IMPORT_PSAX_OLD_ROOT);
        AnimationSet set = ConvertPsax(file, oldRoot, fileName, warnings, threads);
        bones = std::move(file.bones);
        return set;
    }
    PsaFile file = ParsePsa(data, size, fileName, warnings);

    std::unique_ptr<PsaConfig> config;
    std::vector<uint8_t> configBytes;
    const std::string configPath = PsaConfigPath(path);
    if (BoolOption(context.properties, AI_CONFIG_IMPORT_PSA_USE_CONFIG) && context.io != nullptr &&
        ReadFileIfExists(context.io, configPath, configBytes)) {
        config = std::make_unique<PsaConfig>(ParsePsaConfig(
            std::string(configBytes.begin(), configBytes.end()), FileNameOf(configPath), warnings));
    }
    AnimationSet set = ConvertPsa(file, config.get(), fileName, warnings, threads);
    bones = std::move(file.bones);
    return set;
}

AnimationSet LoadPsaAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                 const AnimationLoadContext &context) {
    if (!IsPsa(data, size)) {
        ThrowImportError(FileNameOf(path), "file header", 0, "not a PSA file (no ANIMHEAD chunk)");
    }
    std::vector<PsaBone> bones;
    return LoadPsaOrPsax(data, size, path, context, bones);
}

AnimationSet LoadPsaxAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                  const AnimationLoadContext &context) {
    if (!IsPsax(data, size)) {
        ThrowImportError(FileNameOf(path), "file header", 0, "not a PSAX file (no ANIXHEAD chunk)");
    }
    std::vector<PsaBone> bones;
    return LoadPsaOrPsax(data, size, path, context, bones);
}

} // namespace agf::actorx
