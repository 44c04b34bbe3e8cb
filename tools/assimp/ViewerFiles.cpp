/** @file ViewerFiles.cpp */
#include "ViewerFiles.h"

#include <assimp_gameformats/GameFormats.h>
#include <assimp_gameformats/PboArchives.h>

#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace agf::cli {

namespace fs = std::filesystem;

bool IsTraversal(const std::string &relative) {
    if (relative.find('\0') != std::string::npos) {
        return true;
    }
    if (!relative.empty() && (relative[0] == '/' || relative[0] == '\\')) {
        return true;
    }
    // "C:..." is absolute on Windows; nothing we list looks like that.
    if (relative.size() >= 2 && relative[1] == ':') {
        return true;
    }
    size_t start = 0;
    while (start <= relative.size()) {
        size_t end = relative.find_first_of("/\\", start);
        if (end == std::string::npos) {
            end = relative.size();
        }
        if (relative.compare(start, end - start, "..") == 0) {
            return true;
        }
        start = end + 1;
    }
    return false;
}

ViewerRoot::ViewerRoot(const fs::path &path) {
    std::error_code error;
    const fs::path canonical = fs::canonical(path, error);
    if (error) {
        throw std::runtime_error(path.string() + ": " + error.message());
    }
    if (fs::is_directory(canonical, error)) {
        mFolder = canonical;
    } else if (fs::is_regular_file(canonical, error)) {
        mFolder = canonical.parent_path();
        mSingleFile = canonical;
    } else {
        throw std::runtime_error(path.string() + " is neither a file nor a folder");
    }
}

bool ViewerRoot::Contains(const fs::path &canonical) const {
    auto folderPart = mFolder.begin();
    auto pathPart = canonical.begin();
    for (; folderPart != mFolder.end(); ++folderPart, ++pathPart) {
        if (pathPart == canonical.end() || *pathPart != *folderPart) {
            return false;
        }
    }
    return true;
}

std::string ViewerRoot::RelativeName(const fs::path &canonical) const {
    return canonical.lexically_relative(mFolder).generic_string();
}

size_t ViewerRoot::ArchivePartEnd(const std::string &relative) const {
    for (size_t end = relative.find_first_of("/\\"); end != std::string::npos;
         end = relative.find_first_of("/\\", end + 1)) {
        std::error_code error;
        if (LowerExtension(relative.substr(0, end)) == "pbo" &&
            fs::is_regular_file(mFolder / fs::path(relative.substr(0, end)), error)) {
            return end;
        }
    }
    return std::string::npos;
}

ResolvedPath ViewerRoot::Resolve(const std::string &relative) const {
    ResolvedPath result;
    if (IsTraversal(relative)) {
        result.check = PathCheck::Forbidden;
        return result;
    }
    if (relative.empty()) {
        return result;
    }
    // An entry of a PBO archive: the archive must be a file inside the folder; the entry is
    // the import's to find.
    const size_t archiveEnd = ArchivePartEnd(relative);
    if (archiveEnd != std::string::npos) {
        result = Resolve(relative.substr(0, archiveEnd));
        if (result.check == PathCheck::Ok) {
            result.path /= fs::path(relative.substr(archiveEnd + 1));
        }
        return result;
    }
    std::error_code error;
    const fs::path canonical = fs::canonical(mFolder / fs::path(relative), error);
    if (error) {
        return result;
    }
    // A symbolic link inside the folder may point anywhere; only its target counts.
    if (!Contains(canonical)) {
        result.check = PathCheck::Forbidden;
        return result;
    }
    if (!fs::is_regular_file(canonical, error)) {
        return result;
    }
    result.check = PathCheck::Ok;
    result.path = canonical;
    return result;
}

std::string LowerExtension(const std::string &fileName) {
    const size_t slash = fileName.find_last_of("/\\");
    const size_t dot = fileName.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
        return "";
    }
    std::string extension = fileName.substr(dot + 1);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

std::string FormatNameFor(const Assimp::Importer &importer, const std::string &fileName) {
    const std::string extension = LowerExtension(fileName);
    if (extension.empty()) {
        return "";
    }
    // Ours first: some of our extensions are Assimp's too (.mot is also LightWave motion), and
    // our importers recognise their files by signature before Assimp's get a look.
    for (const FormatInfo &format : ListFormats()) {
        std::istringstream extensions(format.extensions);
        for (std::string candidate; extensions >> candidate;) {
            if (candidate == extension) {
                return format.name;
            }
        }
    }
    const size_t index = importer.GetImporterIndex(extension.c_str());
    const aiImporterDesc *desc =
        index == static_cast<size_t>(-1) ? nullptr : importer.GetImporterInfo(index);
    if (desc == nullptr || desc->mName == nullptr) {
        return "";
    }
    std::string name = desc->mName;
    for (const char *suffix : {" Importer", " importer", " Reader", " reader"}) {
        const std::string text = suffix;
        if (name.size() > text.size() &&
            name.compare(name.size() - text.size(), text.size(), text) == 0) {
            name.erase(name.size() - text.size());
        }
    }
    return name;
}

namespace {

bool IsHidden(const fs::path &path) {
    const std::string name = path.filename().string();
    return !name.empty() && name[0] == '.';
}

void AddEntry(const ViewerRoot &root, const Assimp::Importer &importer, const fs::path &path,
              std::vector<CatalogEntry> &entries) {
    std::error_code error;
    const fs::path canonical = fs::canonical(path, error);
    if (error || !root.Contains(canonical) || !fs::is_regular_file(canonical, error)) {
        return;
    }
    const std::string format = FormatNameFor(importer, path.filename().string());
    if (format.empty()) {
        return;
    }
    CatalogEntry entry;
    // The name as found (a link keeps its own name), relative to the folder.
    entry.file = path.lexically_relative(root.folder()).generic_string();
    entry.format = format;
    entry.size = fs::file_size(canonical, error);
    entries.push_back(std::move(entry));
}

/** The entries of a PBO archive that an importer reads, as files below the archive. */
void AddArchiveEntries(const ViewerRoot &root, const Assimp::Importer &importer,
                       const fs::path &path, std::vector<CatalogEntry> &entries) {
    std::error_code error;
    const fs::path canonical = fs::canonical(path, error);
    if (error || !root.Contains(canonical)) {
        return;
    }
    const std::string archive = path.lexically_relative(root.folder()).generic_string();
    try {
        for (const PboEntryInfo &inside : ListPboArchive(canonical.string()).entries) {
            const std::string format = FormatNameFor(importer, inside.path);
            if (!format.empty()) {
                entries.push_back({archive + "/" + inside.path, format, inside.size});
            }
        }
    } catch (const std::exception &) {
        // Not a readable archive: nothing in it to show.
    }
}

bool IsArchive(const fs::path &path) {
    return LowerExtension(path.filename().string()) == "pbo";
}

} // namespace

std::vector<CatalogEntry> ScanModels(const ViewerRoot &root, const Assimp::Importer &importer,
                                     const fs::path &exclude, size_t limit) {
    std::vector<CatalogEntry> entries;
    if (root.isSingleFile()) {
        if (IsArchive(root.singleFile())) {
            AddArchiveEntries(root, importer, root.singleFile(), entries);
        } else {
            AddEntry(root, importer, root.singleFile(), entries);
        }
        return entries;
    }
    std::error_code error;
    fs::recursive_directory_iterator it(root.folder(),
                                        fs::directory_options::skip_permission_denied, error);
    for (; !error && it != fs::recursive_directory_iterator() && entries.size() < limit;
         it.increment(error)) {
        const fs::path &path = it->path();
        const bool isFolder = it->is_directory(error) && !it->is_symlink(error);
        if (IsHidden(path) || (isFolder && !exclude.empty() && path == exclude)) {
            if (isFolder) {
                it.disable_recursion_pending();
            }
            continue;
        }
        if (!isFolder && IsArchive(path)) {
            AddArchiveEntries(root, importer, path, entries);
        } else if (!isFolder) {
            AddEntry(root, importer, path, entries);
        }
    }
    std::sort(entries.begin(), entries.end(),
              [](const CatalogEntry &a, const CatalogEntry &b) { return a.file < b.file; });
    return entries;
}

} // namespace agf::cli
