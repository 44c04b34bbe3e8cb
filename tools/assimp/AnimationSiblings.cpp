/** @file AnimationSiblings.cpp */
#include "AnimationSiblings.h"

#include "ExportFormats.h"

#include <algorithm>
#include <cctype>

namespace agf::cli {

namespace {

struct SiblingRule {
    const char *meshExtension;
    std::vector<std::string> animationExtensions;
};

// The extensions each mesh importer passes to MakeAnimationLoadRequest (PskImporter.cpp,
// FxmImporter.cpp, UeModelImporter.cpp).
const std::vector<SiblingRule> &Rules() {
    static const std::vector<SiblingRule> rules = {
        {"psk", {"psa", "psax"}},
        {"pskx", {"psa", "psax"}},
        {"fxm", {"mot"}},
        {"uemodel", {"ueanim"}},
    };
    return rules;
}

std::string UpperAscii(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

} // namespace

std::vector<std::string> AutoLoadedAnimationExtensions(const std::string &meshExtension) {
    for (const SiblingRule &rule : Rules()) {
        if (meshExtension == rule.meshExtension) {
            return rule.animationExtensions;
        }
    }
    return {};
}

std::vector<std::string> MeshExtensionsFor(const std::string &animationExtension) {
    std::vector<std::string> meshes;
    for (const SiblingRule &rule : Rules()) {
        const auto &extensions = rule.animationExtensions;
        if (std::find(extensions.begin(), extensions.end(), animationExtension) !=
            extensions.end()) {
            meshes.push_back(rule.meshExtension);
        }
    }
    return meshes;
}

std::vector<std::vector<std::string>> AutoLoadCandidates(const std::string &meshFileName) {
    const size_t slash = meshFileName.find_last_of("/\\");
    const size_t dot = meshFileName.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
        return {};
    }
    const std::string stem = meshFileName.substr(0, dot);
    std::vector<std::vector<std::string>> groups;
    for (const std::string &extension :
         AutoLoadedAnimationExtensions(LowerAscii(meshFileName.substr(dot + 1)))) {
        groups.push_back({stem + "." + extension, stem + "." + UpperAscii(extension)});
    }
    return groups;
}

} // namespace agf::cli
