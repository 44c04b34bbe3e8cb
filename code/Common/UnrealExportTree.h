/** @file UnrealExportTree.h
 *  Finding objects in UE Viewer's export tree. UE Viewer writes each object of a package to
 *  `<export root>/<Package>/<ClassFolder>/<Name>.<ext>`: one folder per package, one subfolder
 *  per class (`StaticMesh3`, `SkeletalMesh3`, `Material3`, `MaterialInstanceConstant`,
 *  `Texture2D`, ...). A package's group (`Pkg.Group.Name`) is not a folder. An object is often
 *  in another package than the model that uses it, and a dump is partial.
 *
 *  The export root is the folder above the model's package folder, when the model lies in a
 *  class folder (`<root>/<Package>/StaticMesh3/x.pskx`); the user's texture roots are tried as
 *  export roots too. An object is looked for, in this order:
 *  1. in the package its reference names, under each root;
 *  2. in the model's own package;
 *  3. in every package folder under each root (listed once per import, in name order, through
 *     std::filesystem: a file system that Assimp's IOSystem serves from elsewhere has none).
 *  File names are compared ignoring case.
 */
#pragma once

#include <map>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf {

/** Where an object was found. */
struct ExportTreeFile {
    std::string path;      ///< the file, as a path for the IOSystem
    std::string reference; ///< the path a material names it by: relative to the model's folder,
                           ///< or to the texture root it was found under
};

class UnrealExportTree {
public:
    /** `modelPath`: the model file; `textureRoots`: the user's texture roots, in order. */
    UnrealExportTree(Assimp::IOSystem *io, const std::string &modelPath,
                     std::vector<std::string> textureRoots);

    /** True when the model lies in a class folder of a package folder. */
    bool detectedRoot() const { return mDetectedRoot; }

    /** Finds `<name><extension>`, the extensions in order, in `classFolders` (order above);
     *  `package` may be "" when the reference names none. */
    bool find(const std::string &package, const std::vector<std::string> &classFolders,
              const std::string &name, const std::vector<std::string> &extensions,
              ExportTreeFile &found) const;

private:
    struct Root {
        std::string folder; ///< ends in '/', or "" for the working folder
        bool besideModel;   ///< references are written relative to the model's folder
    };

    struct IndexedFile {
        std::string path;
        size_t root = 0; ///< the index in mRoots of the root it lies under
    };
    using ClassIndex = std::map<std::string, IndexedFile>;

    bool probe(const Root &root, const std::string &folder, const std::string &name,
               const std::vector<std::string> &extensions, ExportTreeFile &found) const;
    const ClassIndex &classIndex(const std::string &classFolder) const;
    void indexEveryPackage() const;
    ExportTreeFile fileUnder(const Root &root, const std::string &path) const;

    Assimp::IOSystem *mIo;
    std::string mModelDir;
    std::string mModelPackage; ///< the model's package folder, or "" when not detected
    bool mDetectedRoot = false;
    std::vector<Root> mRoots;
    /** Per class folder (lower case): file name (lower case) to the first file of that name
     *  in any package, built on first use. */
    mutable std::map<std::string, ClassIndex> mIndex;
    mutable bool mIndexed = false;
};

} // namespace agf
