/** @file PswPaths.cpp */
#include "PswPaths.h"

#include "Common/StringHelpers.h"

#include <algorithm>
#include <cctype>

namespace agf::psw {

namespace {

void AddUnique(std::vector<std::string> &list, const std::string &entry) {
    if (!entry.empty() && std::find(list.begin(), list.end(), entry) == list.end()) {
        list.push_back(entry);
    }
}

std::string FileNamePart(const std::string &relative) {
    const size_t slash = relative.find_last_of('/');
    return slash == std::string::npos ? relative : relative.substr(slash + 1);
}

// "Meshes/SM_Rock.3" -> "Meshes/SM_Rock": Unreal object paths end in ".<object or index>".
std::string WithoutObjectSuffix(const std::string &relative) {
    const size_t slash = relative.find_last_of('/');
    const size_t nameStart = slash == std::string::npos ? 0 : slash + 1;
    const size_t dot = relative.find('.', nameStart);
    return dot == std::string::npos || dot == nameStart ? relative : relative.substr(0, dot);
}

} // namespace

std::vector<std::string> MeshFileCandidates(const std::string &relative) {
    std::vector<std::string> candidates;
    if (relative.empty()) {
        return candidates;
    }
    for (const std::string &base : {relative, FileNamePart(relative)}) {
        if (EndsWithIgnoreCase(base, ".pskx") || EndsWithIgnoreCase(base, ".psk")) {
            AddUnique(candidates, base);
            continue;
        }
        const std::string stripped = WithoutObjectSuffix(base);
        for (const std::string &stem : {base, stripped}) {
            AddUnique(candidates, stem + ".pskx");
            AddUnique(candidates, stem + ".psk");
        }
    }
    return candidates;
}

std::vector<std::string> TextureFileCandidates(const std::string &relative) {
    std::vector<std::string> candidates;
    if (relative.empty()) {
        return candidates;
    }
    for (const std::string &base : {relative, FileNamePart(relative)}) {
        if (EndsWithIgnoreCase(base, ".png")) {
            AddUnique(candidates, base);
        } else {
            AddUnique(candidates, base + ".png");
        }
    }
    return candidates;
}

} // namespace agf::psw
