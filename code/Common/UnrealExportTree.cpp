/** @file UnrealExportTree.cpp */
#include "UnrealExportTree.h"

#include "Common/FileLoading.h"
#include "Common/StringHelpers.h"

#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace agf {

namespace fs = std::filesystem;

namespace {

/** Bounds on what the listing of an export root keeps, so that a root given by mistake (a
 *  whole disk) costs a bounded amount of time and memory. */
constexpr size_t kMaxPackageFolders = 100000;
constexpr size_t kMaxIndexedFiles = 1u << 20;

/** UE Viewer's folders for the classes of models and animations, without the engine digit
 *  it appends for some (StaticMesh3, SkeletalMesh4). */
bool IsModelClassFolder(std::string name) {
    while (!name.empty() && std::isdigit(static_cast<unsigned char>(name.back()))) {
        name.pop_back();
    }
    name = Lower(name);
    return name == "staticmesh" || name == "skeletalmesh" || name == "animset" ||
           name == "animsequence" || name == "meshanimation" || name == "vertmesh" ||
           name == "skeleton";
}

/** A folder path in the form the rest uses: normalised, "" for the working folder, else
 *  ending in '/'. */
std::string FolderForm(const std::string &folder) {
    std::string normal =
        fs::path(folder.empty() ? "." : folder).lexically_normal().generic_string();
    if (normal == "." || normal == "./") {
        return std::string();
    }
    if (normal.back() != '/') {
        normal += '/';
    }
    return normal;
}

std::string Normal(const std::string &path) {
    return fs::path(path).lexically_normal().generic_string();
}

std::string RelativeTo(const std::string &path, const std::string &folder) {
    return fs::path(path)
        .lexically_relative(fs::path(folder.empty() ? "." : folder).lexically_normal())
        .generic_string();
}

/** The subfolders of a folder, sorted by name; none when it cannot be listed. */
std::vector<fs::path> Subfolders(const std::string &folder, size_t limit) {
    std::vector<fs::path> found;
    std::error_code error;
    fs::directory_iterator it(folder.empty() ? fs::path(".") : fs::path(folder), error);
    for (; !error && it != fs::directory_iterator() && found.size() < limit; it.increment(error)) {
        std::error_code typeError;
        if (it->is_directory(typeError)) {
            found.push_back(it->path());
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

} // namespace

UnrealExportTree::UnrealExportTree(Assimp::IOSystem *io, const std::string &modelPath,
                                   std::vector<std::string> textureRoots)
    : mIo(io), mModelDir(DirectoryOf(modelPath)) {
    std::string classFolder = mModelDir;
    while (!classFolder.empty() && (classFolder.back() == '/' || classFolder.back() == '\\')) {
        classFolder.pop_back();
    }
    if (!classFolder.empty() && IsModelClassFolder(FileNameOf(classFolder))) {
        mDetectedRoot = true;
        mModelPackage = FolderForm(mModelDir + "../");
        mRoots.push_back(Root{FolderForm(mModelDir + "../../"), true});
    }
    for (const std::string &root : textureRoots) {
        mRoots.push_back(Root{FolderForm(root), false});
    }
}

ExportTreeFile UnrealExportTree::fileUnder(const Root &root, const std::string &path) const {
    return ExportTreeFile{path, RelativeTo(path, root.besideModel ? mModelDir : root.folder)};
}

bool UnrealExportTree::probe(const Root &root, const std::string &folder, const std::string &name,
                             const std::vector<std::string> &extensions,
                             ExportTreeFile &found) const {
    for (const std::string &extension : extensions) {
        const std::string path = Normal(folder + name + extension);
        if (mIo->Exists(path.c_str())) {
            found = fileUnder(root, path);
            return true;
        }
    }
    return false;
}

const UnrealExportTree::ClassIndex &
UnrealExportTree::classIndex(const std::string &classFolder) const {
    if (!mIndexed) {
        mIndexed = true;
        indexEveryPackage();
    }
    static const ClassIndex kNone;
    const auto found = mIndex.find(Lower(classFolder));
    return found != mIndex.end() ? found->second : kNone;
}

/** Lists every class folder of every package under each root once, the first file of a name
 *  in each class winning (packages in name order). */
void UnrealExportTree::indexEveryPackage() const {
    size_t indexed = 0;
    try {
        for (size_t r = 0; r < mRoots.size(); ++r) {
            for (const fs::path &package : Subfolders(mRoots[r].folder, kMaxPackageFolders)) {
                const std::string packageName = package.filename().generic_string();
                for (const fs::path &folder : Subfolders(package.generic_string(), 256)) {
                    const std::string className = folder.filename().generic_string();
                    ClassIndex &index = mIndex[Lower(className)];
                    std::error_code error;
                    fs::directory_iterator it(folder, error);
                    for (; !error && it != fs::directory_iterator() && indexed < kMaxIndexedFiles;
                         it.increment(error), ++indexed) {
                        const std::string fileName = it->path().filename().generic_string();
                        index.emplace(Lower(fileName),
                                      IndexedFile{Normal(mRoots[r].folder + packageName + "/" +
                                                         className + "/" + fileName),
                                                  r});
                    }
                }
            }
        }
    } catch (const std::exception &) {
        // A name the platform cannot convert (Windows): what was listed before it is kept.
    }
}

bool UnrealExportTree::find(const std::string &package,
                            const std::vector<std::string> &classFolders, const std::string &name,
                            const std::vector<std::string> &extensions,
                            ExportTreeFile &found) const {
    if (name.empty() || mRoots.empty()) {
        return false;
    }
    if (!package.empty()) {
        for (const Root &root : mRoots) {
            for (const std::string &classFolder : classFolders) {
                if (probe(root, root.folder + package + "/" + classFolder + "/", name, extensions,
                          found)) {
                    return true;
                }
            }
        }
    }
    if (mDetectedRoot) {
        for (const std::string &classFolder : classFolders) {
            if (probe(mRoots.front(), mModelPackage + classFolder + "/", name, extensions, found)) {
                return true;
            }
        }
    }
    for (const std::string &classFolder : classFolders) {
        const ClassIndex &index = classIndex(classFolder);
        for (const std::string &extension : extensions) {
            const auto it = index.find(Lower(name + extension));
            if (it != index.end() && mIo->Exists(it->second.path.c_str())) {
                found = fileUnder(mRoots[it->second.root], it->second.path);
                return true;
            }
        }
    }
    return false;
}

} // namespace agf
