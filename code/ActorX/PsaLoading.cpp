/** @file PsaLoading.cpp */
#include "PsaLoading.h"

#include "Common/FileLoading.h"
#include "PsaConverter.h"
#include "PsaParser.h"

#include <assimp/DefaultLogger.hpp>

#include <memory>

namespace agf::actorx {

namespace {

void LogWarnings(const std::string &fileName, const std::vector<std::string> &warnings) {
    for (const std::string &warning : warnings) {
        ASSIMP_LOG_WARN(fileName, ": ", warning);
    }
}

} // namespace

std::string PsaConfigPath(const std::string &animationPath) {
    return StripExtension(animationPath) + ".config";
}

AnimationSet LoadPsaOrPsax(const std::vector<uint8_t> &data, const std::string &path,
                           Assimp::IOSystem *io, const AnimationLoadOptions &options,
                           std::vector<PsaBone> &bones) {
    const std::string fileName = FileNameOf(path);
    if (IsPsax(data.data(), data.size())) {
        PsaxFile file = ParsePsax(data.data(), data.size(), fileName);
        LogWarnings(fileName, file.warnings);
        AnimationSet set = ConvertPsax(file, options.psaxOldRoot, fileName);
        bones = std::move(file.bones);
        return set;
    }
    PsaFile file = ParsePsa(data.data(), data.size(), fileName);
    LogWarnings(fileName, file.warnings);

    std::unique_ptr<PsaConfig> config;
    std::vector<uint8_t> configBytes;
    const std::string configPath = PsaConfigPath(path);
    if (options.useConfigSidecar && io != nullptr &&
        ReadFileIfExists(io, configPath, configBytes)) {
        config = std::make_unique<PsaConfig>(
            ParsePsaConfig(std::string(configBytes.begin(), configBytes.end())));
        LogWarnings(FileNameOf(configPath), config->warnings);
        ASSIMP_LOG_INFO(fileName, ": applying ", FileNameOf(configPath), " (",
                        config->removals.size(), " [RemoveTracks] entries)");
    }
    AnimationSet set = ConvertPsa(file, config.get(), fileName);
    bones = std::move(file.bones);
    return set;
}

AnimationSet LoadPsaAnimationSet(const std::vector<uint8_t> &data, const std::string &path,
                                 Assimp::IOSystem *io, const AnimationLoadOptions &options) {
    if (!IsPsa(data.data(), data.size())) {
        ThrowImportError(FileNameOf(path), "file header", 0, "not a PSA file (no ANIMHEAD chunk)");
    }
    std::vector<PsaBone> bones;
    return LoadPsaOrPsax(data, path, io, options, bones);
}

AnimationSet LoadPsaxAnimationSet(const std::vector<uint8_t> &data, const std::string &path,
                                  Assimp::IOSystem *io, const AnimationLoadOptions &options) {
    if (!IsPsax(data.data(), data.size())) {
        ThrowImportError(FileNameOf(path), "file header", 0, "not a PSAX file (no ANIXHEAD chunk)");
    }
    std::vector<PsaBone> bones;
    return LoadPsaOrPsax(data, path, io, options, bones);
}

} // namespace agf::actorx
