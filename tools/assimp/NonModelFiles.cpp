/** @file NonModelFiles.cpp */
#include "NonModelFiles.h"

#include <algorithm>
#include <cctype>

namespace agf::cli {

namespace {

bool EndsWith(const std::string &text, const std::string &suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string FileNameOf(const std::string &relativePath) {
    return relativePath.substr(relativePath.find_last_of('/') + 1);
}

bool StartsWithWord(const std::string &text, size_t at, const std::string &word) {
    if (text.size() < at + word.size()) {
        return false;
    }
    for (size_t i = 0; i < word.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[at + i])) != word[i]) {
            return false;
        }
    }
    // A whole word: "classic" is no class declaration.
    return text.size() == at + word.size() ||
           !std::isalnum(static_cast<unsigned char>(text[at + word.size()]));
}

std::string LowerCase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

/** An .xml file that only its content can show to be a model (not an Ogre .mesh.xml). */
bool IsPlainXml(const std::string &lowerName) {
    return EndsWith(lowerName, ".xml") && !EndsWith(lowerName, ".mesh.xml");
}

bool IsTextByte(unsigned char byte) {
    return byte >= 0x20 || byte == '\t' || byte == '\n' || byte == '\r' || byte == '\f';
}

} // namespace

std::vector<std::string> Unreal3dCompanions(const std::string &relativePath) {
    // Assimp's Unreal importer names the set exactly so (lower case suffixes).
    const std::string suffix = "_d.3d";
    if (!EndsWith(relativePath, suffix) || FileNameOf(relativePath).size() == suffix.size()) {
        return {};
    }
    const std::string name = relativePath.substr(0, relativePath.size() - suffix.size());
    return {name + "_a.3d", name + ".uc"};
}

bool LooksLikeUnrealScript(const std::string &start) {
    const std::string bom = "\xEF\xBB\xBF";
    size_t at = start.compare(0, bom.size(), bom) == 0 ? bom.size() : 0;
    if (!std::all_of(start.begin() + static_cast<std::ptrdiff_t>(at), start.end(),
                     [](char c) { return IsTextByte(static_cast<unsigned char>(c)); })) {
        return false;
    }
    while (at < start.size() && std::isspace(static_cast<unsigned char>(start[at]))) {
        ++at;
    }
    if (at == start.size()) {
        return !start.empty(); // white space only
    }
    return start.compare(at, 2, "//") == 0 || start.compare(at, 2, "/*") == 0 ||
           StartsWithWord(start, at, "class") || StartsWithWord(start, at, "#exec");
}

bool DecidedByContent(const std::string &relativePath) {
    const std::string name = LowerCase(FileNameOf(relativePath));
    return EndsWith(name, ".uc") || IsPlainXml(name);
}

std::string WhyNotAModel(const std::string &relativePath, const std::string *start) {
    const std::string name = FileNameOf(relativePath);
    if (EndsWith(name, "_a.3d")) {
        return "the animation half of an Unreal .3d mesh, converted with its data file " +
               name.substr(0, name.size() - 5) + "_d.3d, which is not here";
    }
    const std::string lower = LowerCase(name);
    if (start == nullptr) {
        return "";
    }
    if (EndsWith(lower, ".uc") && LooksLikeUnrealScript(*start)) {
        return "UnrealScript text, not a mesh (no " + name.substr(0, name.size() - 3) +
               "_d.3d beside it)";
    }
    if (IsPlainXml(lower) && LowerCase(*start).find("irr_scene") == std::string::npos) {
        return "XML that is no model (no Irrlicht irr_scene, not an Ogre .mesh.xml)";
    }
    return "";
}

} // namespace agf::cli
