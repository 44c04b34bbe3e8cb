/** @file PboFileSystem.cpp */
#include "PboFileSystem.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/StringHelpers.h"
#include "PboEntryStreams.h"

#include <assimp/IOStream.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace agf::pbo {

namespace {

bool IsSeparator(char c) {
    return c == '/' || c == '\\';
}

bool IsReadMode(const char *mode) {
    return mode == nullptr ||
           (std::strchr(mode, 'w') == nullptr && std::strchr(mode, 'a') == nullptr &&
            std::strchr(mode, '+') == nullptr);
}

std::string WithoutTrailingSeparators(std::string folder) {
    while (folder.size() > 1 && IsSeparator(folder.back())) {
        folder.pop_back();
    }
    return folder;
}

} // namespace

PboFileSystem::PboFileSystem(Assimp::IOSystem &target) : mTarget(target) {}

PboFileSystem::PboFileSystem(std::unique_ptr<Assimp::IOSystem> target)
    : mOwned(std::move(target)), mTarget(*mOwned) {}

PboFileSystem::~PboFileSystem() = default;

void PboFileSystem::mountFolder(const std::string &folder,
                                const std::vector<std::string> &archives) {
    Mount mount;
    mount.folder = WithoutTrailingSeparators(folder);
    mount.archives = archives;
    mMounts.push_back(std::move(mount));
}

std::shared_ptr<const PboArchive> PboFileSystem::archive(const std::string &path) const {
    const auto known = mArchives.find(path);
    if (known != mArchives.end()) {
        return known->second;
    }
    std::shared_ptr<PboArchive> opened;
    if (FileExists(mTarget, path.c_str())) {
        try {
            opened = std::make_shared<PboArchive>(mTarget, path);
        } catch (const ImportError &error) {
            Warnings &failure = mFailures[path];
            failure.add(WarningKind::UnreadableFile, error.place(),
                        error.problem() + "; none of its entries can be read");
        }
    }
    mArchives.emplace(path, opened);
    return opened;
}

PboFileSystem::Lookup PboFileSystem::lookupThroughArchive(const std::string &path) const {
    Lookup result;
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        if (!IsSeparator(path[i]) || i < 4 || !HasPboExtension(path.substr(0, i))) {
            continue;
        }
        const std::string archivePath = path.substr(0, i);
        const std::shared_ptr<const PboArchive> found = archive(archivePath);
        if (mFailures.count(archivePath) != 0) {
            mTouched.insert(archivePath);
        }
        if (found) {
            mTouched.insert(archivePath);
            result.inArchive = true;
            result.archive = found.get();
            result.entry = found->find(path.substr(i + 1));
            return result;
        }
    }
    return result;
}

std::string PboFileSystem::archiveHolding(const std::string &path) const {
    const Lookup found = lookupThroughArchive(path);
    return found.inArchive ? found.archive->path() : std::string();
}

void PboFileSystem::loadMount(Mount &mount) const {
    mount.loaded = true;
    for (const std::string &path : mount.archives) {
        const std::shared_ptr<const PboArchive> opened = archive(path);
        if (!opened) {
            mTouched.insert(path);
            continue;
        }
        const std::string prefix = Lower(opened->prefix());
        for (const PboEntry &entry : opened->entries()) {
            const std::string key =
                prefix.empty() ? Lower(entry.path) : prefix + '/' + Lower(entry.path);
            mount.index.emplace(key, std::make_pair(opened.get(), &entry));
        }
    }
}

PboFileSystem::Lookup PboFileSystem::lookupInMount(Mount &mount, const std::string &inside) const {
    Lookup result;
    if (!mount.loaded) {
        loadMount(mount);
    }
    const auto found = mount.index.find(PboLookupKey(inside));
    if (found != mount.index.end()) {
        result.inArchive = true;
        result.archive = found->second.first;
        result.entry = found->second.second;
        mTouched.insert(result.archive->path());
    }
    return result;
}

PboFileSystem::Lookup PboFileSystem::lookup(const std::string &path) const {
    Lookup result = lookupThroughArchive(path);
    if (result.inArchive) {
        return result;
    }
    for (Mount &mount : mMounts) {
        const std::string &folder = mount.folder;
        // "/" keeps its separator; every other folder is followed by one in the path.
        const size_t inside = IsSeparator(folder.back()) ? folder.size() : folder.size() + 1;
        // A loose file comes first: an entry unpacked to be changed is the one wanted.
        if (path.size() > inside && path.compare(0, folder.size(), folder) == 0 &&
            IsSeparator(path[inside - 1]) && !FileExists(mTarget, path.c_str())) {
            result = lookupInMount(mount, path.substr(inside));
            if (result.inArchive) {
                return result;
            }
        }
    }
    return result;
}

bool PboFileSystem::Exists(const char *file) const {
    if (file == nullptr) {
        return false;
    }
    const Lookup found = lookup(file);
    return found.inArchive ? found.entry != nullptr : FileExists(mTarget, file);
}

char PboFileSystem::getOsSeparator() const {
    return mTarget.getOsSeparator();
}

Assimp::IOStream *PboFileSystem::Open(const char *file, const char *mode) {
    if (file == nullptr) {
        return nullptr;
    }
    if (!IsReadMode(mode)) {
        return mTarget.Open(file, mode);
    }
    const Lookup found = lookup(file);
    if (!found.inArchive) {
        return mTarget.Open(file, mode);
    }
    if (found.entry == nullptr) {
        return nullptr;
    }
    try {
        return found.archive->openEntry(*found.entry).release();
    } catch (const ImportError &error) {
        mEntryWarnings.add(WarningKind::UnreadableFile, error.place(),
                           error.problem() + "; the entry cannot be read");
        return nullptr;
    }
}

void PboFileSystem::Close(Assimp::IOStream *stream) {
    if (dynamic_cast<PboSliceStream *>(stream) != nullptr ||
        dynamic_cast<PboBufferStream *>(stream) != nullptr) {
        delete stream;
        return;
    }
    mTarget.Close(stream);
}

bool PboFileSystem::ComparePaths(const char *one, const char *second) const {
    return mTarget.ComparePaths(one, second);
}

bool PboFileSystem::CreateDirectory(const std::string &path) {
    return mTarget.CreateDirectory(path);
}

bool PboFileSystem::DeleteFile(const std::string &file) {
    return mTarget.DeleteFile(file);
}

void PboFileSystem::takeWarnings(Warnings &sink) {
    for (const std::string &path : mTouched) {
        const auto opened = mArchives.find(path);
        if (opened != mArchives.end() && opened->second) {
            sink.merge(opened->second->warnings());
        }
        const auto failure = mFailures.find(path);
        if (failure != mFailures.end()) {
            sink.merge(failure->second);
        }
    }
    mTouched.clear();
    sink.merge(mEntryWarnings);
    mEntryWarnings = Warnings();
}

std::vector<std::string> PboFilesIn(const std::string &folder) {
    namespace fs = std::filesystem;
    std::vector<std::string> archives;
    std::error_code error;
    if (folder.empty() || !fs::is_directory(folder, error)) {
        return archives;
    }
    std::string base = WithoutTrailingSeparators(folder);
    if (!IsSeparator(base.back())) {
        base += '/';
    }
    for (fs::directory_iterator it(folder, error); !error && it != fs::directory_iterator();
         it.increment(error)) {
        const std::string name = it->path().filename().string();
        std::error_code entryError;
        if (HasPboExtension(name) && it->is_regular_file(entryError)) {
            archives.push_back(base + name);
        }
    }
    std::sort(archives.begin(), archives.end());
    return archives;
}

std::unique_ptr<ArchiveFileSystem>
MakePboFileSystemForRoots(Assimp::IOSystem &target, const std::vector<std::string> &roots) {
    std::unique_ptr<PboFileSystem> files;
    for (const std::string &root : roots) {
        const std::vector<std::string> archives =
            HasPboExtension(root) ? std::vector<std::string>() : PboFilesIn(root);
        if (!HasPboExtension(root) && archives.empty()) {
            continue;
        }
        if (!files) {
            files = std::make_unique<PboFileSystem>(target);
        }
        if (!archives.empty()) {
            files->mountFolder(root, archives);
        }
    }
    return files;
}

} // namespace agf::pbo
