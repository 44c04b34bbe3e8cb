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

SafePath MakeSafeRelativePath(const std::string &raw) {
    SafePath result;
    std::string path = raw;
    std::replace(path.begin(), path.end(), '\\', '/');
    while (!path.empty() && std::isspace(static_cast<unsigned char>(path.back()))) {
        path.pop_back();
    }
    if (path.empty() || path == "None") {
        return result;
    }
    if (path.size() >= 2 && path[0] == '/' && path[1] == '/') {
        result.refused = true;
        result.problem = "network (UNC) path";
        return result;
    }
    if (path.size() >= 2 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':') {
        result.refused = true;
        result.problem = "drive-letter path";
        return result;
    }
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string::npos) {
            end = path.size();
        }
        const std::string part = path.substr(start, end - start);
        if (part == "..") {
            if (parts.empty()) {
                result.refused = true;
                result.problem = "'..' leaves the asset root";
                return result;
            }
            parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        start = end + 1;
    }
    for (size_t i = 0; i < parts.size(); ++i) {
        result.relative += (i == 0 ? "" : "/") + parts[i];
    }
    return result;
}

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
