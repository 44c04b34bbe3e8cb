/** @file AnimSetMeshes.cpp */
#include "AnimSetMeshes.h"

#include "AnimationSiblings.h"
#include "ExportFormats.h"

#include <algorithm>
#include <fstream>
#include <set>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

std::string LowerExtensionOf(const std::string &relative) {
    const std::string extension = fs::path(relative).extension().string();
    return LowerAscii(extension.empty() ? extension : extension.substr(1));
}

std::vector<std::string> FoldersOf(const std::string &relative) {
    std::vector<std::string> folders;
    for (const fs::path &part : fs::path(relative).parent_path()) {
        folders.push_back(LowerAscii(part.generic_string()));
    }
    return folders;
}

/** Whether the mesh lies where UE Viewer puts the named package: `<Package>/<class>/<Mesh>.x`,
 *  or for a package path (`Game/Cars/Body_SK`) at that path. */
bool InNamedPackage(const std::string &mesh, const std::string &package) {
    if (package.empty()) {
        return false;
    }
    const std::string wanted = LowerAscii(package);
    const std::vector<std::string> folders = FoldersOf(mesh);
    const std::string packageName = wanted.substr(wanted.find_last_of('/') + 1);
    if (folders.size() >= 2 && folders[folders.size() - 2] == packageName) {
        return true;
    }
    const std::string stemPath =
        LowerAscii((fs::path(mesh).parent_path() / fs::path(mesh).stem()).generic_string());
    return stemPath == wanted ||
           (stemPath.size() > wanted.size() &&
            stemPath.compare(stemPath.size() - wanted.size(), wanted.size(), wanted) == 0 &&
            stemPath[stemPath.size() - wanted.size() - 1] == '/');
}

size_t SharedLeadingFolders(const std::vector<std::string> &a, const std::vector<std::string> &b) {
    size_t shared = 0;
    while (shared < a.size() && shared < b.size() && a[shared] == b[shared]) {
        ++shared;
    }
    return shared;
}

} // namespace

psk::PreviewMeshReference ReadNamedMesh(const fs::path &animationFile) {
    fs::path propsFile = animationFile;
    propsFile.replace_extension(".props.txt");
    std::ifstream in(propsFile, std::ios::binary);
    if (!in) {
        return {};
    }
    std::string text(kMaxAnimSetPropsBytes, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<size_t>(in.gcount()));
    if (text.size() == kMaxAnimSetPropsBytes) {
        // The file goes on: its last line may be cut, so only whole lines are read.
        const size_t lineEnd = text.find_last_of("\r\n");
        text.resize(lineEnd == std::string::npos ? 0 : lineEnd);
    }
    return psk::ParsePropsPreviewMesh(text);
}

NamedMeshIndex::NamedMeshIndex(const std::vector<std::string> &files) {
    for (const std::string &file : files) {
        mFilesByStem[LowerAscii(fs::path(file).stem().string())].push_back(file);
    }
    for (auto &[stem, named] : mFilesByStem) {
        std::sort(named.begin(), named.end());
    }
}

std::string NamedMeshIndex::MeshFor(const std::string &animation,
                                    const psk::PreviewMeshReference &reference) const {
    const auto named = mFilesByStem.find(LowerAscii(reference.objectName));
    if (reference.objectName.empty() || named == mFilesByStem.end()) {
        return "";
    }
    const std::vector<std::string> meshExtensions = MeshExtensionsFor(LowerExtensionOf(animation));
    const std::vector<std::string> animationFolders = FoldersOf(animation);
    std::string best;
    std::pair<bool, size_t> bestRank{false, 0};
    for (const std::string &candidate : named->second) {
        if (std::find(meshExtensions.begin(), meshExtensions.end(), LowerExtensionOf(candidate)) ==
            meshExtensions.end()) {
            continue;
        }
        const std::pair<bool, size_t> rank{
            InNamedPackage(candidate, reference.package),
            SharedLeadingFolders(FoldersOf(candidate), animationFolders)};
        if (best.empty() || rank > bestRank) {
            best = candidate;
            bestRank = rank;
        }
    }
    return best;
}

std::map<std::string, std::vector<std::string>>
AnimationsNamingMeshes(const fs::path &root, const std::vector<std::string> &files) {
    const std::set<std::string> present(files.begin(), files.end());
    // What a mesh's import loads by itself stays its own (the same rule as BatchPlan's).
    std::set<std::string> siblings;
    for (const std::string &file : present) {
        for (const std::vector<std::string> &group : AutoLoadCandidates(file)) {
            const auto found = std::find_if(group.begin(), group.end(), [&](const std::string &c) {
                return present.count(c) != 0;
            });
            if (found != group.end()) {
                siblings.insert(*found);
            }
        }
    }
    const NamedMeshIndex index(files);
    std::map<std::string, std::vector<std::string>> animationsOf;
    for (const std::string &file : present) {
        if (siblings.count(file) != 0 || MeshExtensionsFor(LowerExtensionOf(file)).empty()) {
            continue;
        }
        const psk::PreviewMeshReference reference = ReadNamedMesh(root / fs::path(file));
        const std::string mesh = index.MeshFor(file, reference);
        if (!mesh.empty()) {
            animationsOf[mesh].push_back(file);
        }
    }
    return animationsOf;
}

std::vector<std::string> AnimationFilesSparedBy(const std::string &error,
                                                const std::vector<std::string> &files) {
    std::vector<std::string> spared;
    for (const std::string &file : files) {
        if (error.find(fs::path(file).filename().string()) == std::string::npos) {
            spared.push_back(file);
        }
    }
    return spared;
}

} // namespace agf::cli
