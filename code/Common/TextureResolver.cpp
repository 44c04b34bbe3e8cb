/** @file TextureResolver.cpp */
#include "TextureResolver.h"

#include "Common/FileLoading.h"
#include "Common/SafePaths.h"
#include "Common/StringHelpers.h"

#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace agf {

namespace {

namespace fs = std::filesystem;

/** Folders are listed to match a part ignoring case; a folder bigger than this is not. */
constexpr size_t kMaxEntriesListed = 100000;

std::string Join(const std::string &folder, const std::string &relative) {
    if (folder.empty()) {
        return relative;
    }
    const char last = folder.back();
    return folder + (last == '/' || last == '\\' ? "" : "/") + relative;
}

std::vector<std::string> Parts(const std::string &relative) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= relative.size()) {
        size_t end = relative.find('/', start);
        if (end == std::string::npos) {
            end = relative.size();
        }
        if (end > start) {
            parts.push_back(relative.substr(start, end - start));
        }
        start = end + 1;
    }
    return parts;
}

/** The entry of `folder` named `name` ignoring case, or "" when there is none. */
std::string EntryIgnoringCase(const fs::path &folder, const std::string &name) {
    std::error_code error;
    fs::directory_iterator it(folder, error);
    const std::string wanted = Lower(name);
    size_t listed = 0;
    for (; !error && it != fs::directory_iterator(); it.increment(error)) {
        if (++listed > kMaxEntriesListed) {
            break;
        }
        const std::string entry = it->path().filename().string();
        if (Lower(entry) == wanted) {
            return entry;
        }
    }
    return std::string();
}

/** False when `found` is, on disk, outside `folder`: a symbolic link under a root must not
 *  lead out of it. Paths the file system does not know (a custom IOSystem) pass. */
bool StaysInside(const std::string &folder, const std::string &found) {
    std::error_code error;
    const fs::path base =
        fs::weakly_canonical(folder.empty() ? fs::path(".") : fs::path(folder), error);
    if (error || !fs::exists(found, error)) {
        return true;
    }
    const fs::path target = fs::weakly_canonical(found, error);
    if (error) {
        return true;
    }
    const fs::path relative = target.lexically_relative(base);
    return !relative.empty() && *relative.begin() != "..";
}

/** `relative` ('/'-separated, no '..') under `folder`: exactly, else part by part ignoring
 *  case. Returns "" when no such file exists. */
std::string FindUnderAnyCase(Assimp::IOSystem *io, const std::string &folder,
                             const std::string &relative) {
    const std::string exact = Join(folder, relative);
    if (IsReadableFile(*io, exact)) {
        return exact;
    }
    std::error_code error;
    fs::path current = folder.empty() ? fs::path(".") : fs::path(folder);
    if (!fs::is_directory(current, error)) {
        return std::string();
    }
    std::string found = folder;
    for (const std::string &part : Parts(relative)) {
        std::string name = part;
        if (!fs::exists(current / name, error)) {
            name = EntryIgnoringCase(current, part);
            if (name.empty()) {
                return std::string();
            }
        }
        current /= name;
        found = Join(found, name);
    }
    return IsReadableFile(*io, found) ? found : std::string();
}

/** FindUnderAnyCase, refusing a file that lies outside the folder on disk. */
std::string FindUnder(Assimp::IOSystem *io, const std::string &folder,
                      const std::string &relative) {
    const std::string found = FindUnderAnyCase(io, folder, relative);
    return found.empty() || StaysInside(folder, found) ? found : std::string();
}

/** The reference relative to the model's folder, when it climbs at most `levels` above it:
 *  the folder to search from and the path below it. */
bool ModelRelative(const std::string &reference, const TextureSearch &search, std::string &folder,
                   std::string &relative) {
    std::string path = reference;
    std::replace(path.begin(), path.end(), '\\', '/');
    if (path.empty() || path.front() == '/' ||
        (path.size() >= 2 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':')) {
        return false;
    }
    const fs::path normal = fs::path(path).lexically_normal();
    unsigned climbs = 0;
    fs::path below;
    for (const fs::path &part : normal) {
        if (part == ".." && below.empty()) {
            ++climbs;
        } else if (part != "." && !part.empty()) {
            below /= part;
        }
    }
    if (climbs > search.modelParentLevels || below.empty()) {
        return false;
    }
    folder = search.modelFolder;
    for (unsigned i = 0; i < climbs; ++i) {
        folder = Join(folder, "..");
    }
    if (climbs > 0) {
        // "a/b/.." must not need "b" to exist.
        folder = fs::path(folder).lexically_normal().generic_string();
    }
    relative = below.generic_string();
    return true;
}

std::string FileNameOfReference(const std::string &reference) {
    const size_t slash = reference.find_last_of("/\\");
    return slash == std::string::npos ? reference : reference.substr(slash + 1);
}

} // namespace

TextureLookup FindTextureFile(Assimp::IOSystem *io, const std::string &reference,
                              const TextureSearch &search) {
    TextureLookup lookup;
    std::string folder;
    std::string relative;
    const bool besideModel = ModelRelative(reference, search, folder, relative);
    if (besideModel) {
        lookup.path = FindUnder(io, folder, relative);
    }
    const SafePath safe = MakeSafeRelativePath(reference);
    if (lookup.path.empty() && !safe.refused && !safe.relative.empty() &&
        !search.modelArchive.empty()) {
        lookup.path = FindUnder(io, search.modelArchive, safe.relative);
    }
    if (lookup.path.empty() && !safe.refused && !safe.relative.empty()) {
        for (const std::string &root : search.roots) {
            lookup.path = FindUnder(io, root, safe.relative);
            if (!lookup.path.empty()) {
                break;
            }
        }
    }
    const std::string fileName = FileNameOfReference(reference);
    if (lookup.path.empty() && !fileName.empty() && fileName != "." && fileName != "..") {
        lookup.path = FindUnder(io, search.modelFolder, fileName);
    }
    lookup.found = !lookup.path.empty();
    if (!lookup.found) {
        lookup.refused = !besideModel && safe.refused;
        lookup.problem = lookup.refused
                             ? "refused: " + safe.problem
                             : "not found beside the model or under " +
                                   std::to_string(search.roots.size()) + " texture root(s)";
    }
    return lookup;
}

std::vector<std::string> SplitTextureRoots(const std::string &list) {
    std::vector<std::string> roots;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find_first_of(";\r\n", start);
        if (end == std::string::npos) {
            end = list.size();
        }
        const std::string root = Trim(list.substr(start, end - start));
        if (!root.empty()) {
            roots.push_back(root);
        }
        start = end + 1;
    }
    return roots;
}

} // namespace agf
