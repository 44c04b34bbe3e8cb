/** @file PoserGeometry.cpp */
#include "PoserGeometry.h"

#include "Common/BorrowedIOSystem.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace agf::poser {

namespace {

std::vector<std::string> PathComponents(const std::string &path) {
    std::vector<std::string> parts;
    std::string current;
    for (char c : path) {
        if (c == ':' || c == '/' || c == '\\') {
            if (!current.empty()) {
                parts.push_back(current);
            }
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) {
        parts.push_back(current);
    }
    return parts;
}

bool IsAbsoluteOrEscaping(const std::string &path, const std::vector<std::string> &parts) {
    if (!path.empty() && (path.front() == '/' || path.front() == '\\')) {
        return true;
    }
    // A Windows drive ("C:\..." or "C:/..."); Poser's own paths start with ':' instead.
    if (path.size() >= 3 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':' &&
        (path[2] == '\\' || path[2] == '/')) {
        return true;
    }
    return std::any_of(parts.begin(), parts.end(),
                       [](const std::string &part) { return part == ".." || part == "."; });
}

aiNode *FindBone(const std::map<std::string, aiNode *> &bones, const std::string &group) {
    const auto exact = bones.find(group);
    if (exact != bones.end()) {
        return exact->second;
    }
    const std::string lower = Lower(group);
    for (const auto &[name, node] : bones) {
        if (Lower(name) == lower) {
            return node;
        }
    }
    return nullptr;
}

struct MeshUse {
    unsigned mesh = 0;
    std::string group;
    aiMatrix4x4 transform; ///< the OBJ node's transform relative to the OBJ root
};

void CollectMeshUses(const aiNode *node, std::vector<MeshUse> &uses) {
    const aiMatrix4x4 transform = TransformRelativeTo(node, nullptr);
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        uses.push_back({node->mMeshes[i], node->mName.C_Str(), transform});
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        CollectMeshUses(node->mChildren[i], uses);
    }
}

} // namespace

std::vector<std::string> GeometryCandidates(const std::string &figurePath,
                                            const std::string &poserPath) {
    std::vector<std::string> candidates;
    const std::vector<std::string> parts = PathComponents(poserPath);
    if (parts.empty()) {
        return candidates;
    }
    const std::string figureDir = DirectoryOf(figurePath);
    if (!IsAbsoluteOrEscaping(poserPath, parts)) {
        std::string relative;
        for (const std::string &part : parts) {
            relative += (relative.empty() ? "" : "/") + part;
        }
        std::string dir = figureDir;
        for (int level = 0; level <= kMaxGeometryAncestorLevels; ++level) {
            candidates.push_back(dir + relative);
            if (dir.empty()) {
                break;
            }
            const std::string trimmed = dir.substr(0, dir.size() - 1);
            if (trimmed.empty()) {
                break; // dir was the file system root
            }
            const size_t separator = trimmed.find_last_of("/\\");
            dir = separator == std::string::npos ? std::string() : trimmed.substr(0, separator + 1);
        }
    }
    const std::string besideFigure = figureDir + parts.back();
    if (std::find(candidates.begin(), candidates.end(), besideFigure) == candidates.end()) {
        candidates.push_back(besideFigure);
    }
    return candidates;
}

std::unique_ptr<aiScene> LoadPoserGeometry(Assimp::IOSystem *io, const std::string &figurePath,
                                           const std::vector<std::string> &poserPaths,
                                           std::string &loadedPath, Warnings &warnings) {
    loadedPath.clear();
    for (const std::string &poserPath : poserPaths) {
        for (const std::string &candidate : GeometryCandidates(figurePath, poserPath)) {
            if (!io->Exists(candidate.c_str())) {
                continue;
            }
            Assimp::Importer importer;
            importer.SetIOHandler(new BorrowedIOSystem(*io));
            const aiScene *scene = importer.ReadFile(candidate, aiProcess_ValidateDataStructure);
            if (scene == nullptr) {
                warnings.add(WarningKind::UnreadableFile, FileNameOf(figurePath), "geometry", 0,
                             candidate + " did not import (" + importer.GetErrorString() +
                                 "); the figure has no meshes");
                return nullptr;
            }
            loadedPath = candidate;
            return std::unique_ptr<aiScene>(importer.GetOrphanedScene());
        }
    }
    if (!poserPaths.empty()) {
        warnings.add(WarningKind::MissingFile, FileNameOf(figurePath), "geometry", 0,
                     poserPaths.front() +
                         " not found next to the figure or in a Runtime folder above it; the "
                         "figure has no meshes");
    }
    return nullptr;
}

size_t AttachPoserGeometry(aiScene &geometry, const std::map<std::string, aiNode *> &bones,
                           double scale, aiNode *root, SceneParts &parts,
                           const std::string &fileName, Warnings &warnings) {
    if (geometry.mRootNode == nullptr || geometry.mNumMeshes == 0) {
        return 0;
    }
    std::vector<MeshUse> uses;
    CollectMeshUses(geometry.mRootNode, uses);

    const unsigned materialBase = static_cast<unsigned>(parts.materialCount());
    for (unsigned m = 0; m < geometry.mNumMaterials; ++m) {
        parts.addMaterial(std::unique_ptr<aiMaterial>(geometry.mMaterials[m]));
        geometry.mMaterials[m] = nullptr;
    }

    // Every actor is a bone of every bound mesh, so that exporters write the whole figure.
    std::vector<SkinBone> skeleton;
    std::map<const aiNode *, size_t> boneIndex;
    for (const auto &entry : bones) {
        boneIndex[entry.second] = skeleton.size();
        skeleton.push_back(
            {entry.second->mName.C_Str(), AffineInverse(TransformRelativeTo(entry.second, root))});
    }

    std::vector<unsigned> meshIndices;
    size_t bound = 0;
    size_t unbound = 0;
    const float factor = static_cast<float>(scale);
    for (const MeshUse &use : uses) {
        if (use.mesh >= geometry.mNumMeshes || geometry.mMeshes[use.mesh] == nullptr) {
            continue; // a mesh used by two nodes is taken once
        }
        std::unique_ptr<aiMesh> mesh(geometry.mMeshes[use.mesh]);
        geometry.mMeshes[use.mesh] = nullptr;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            mesh->mVertices[v] = (use.transform * mesh->mVertices[v]) * factor;
        }
        mesh->mMaterialIndex += materialBase;
        if (aiNode *bone = FindBone(bones, use.group); bone != nullptr && mesh->mNumBones == 0) {
            BindMeshRigidly(*mesh, skeleton, boneIndex[bone]);
            ++bound;
        } else {
            ++unbound;
        }
        meshIndices.push_back(parts.addMesh(std::move(mesh)));
    }
    if (unbound != 0) {
        warnings.add(WarningKind::Inconsistent, fileName, "geometry", 0,
                     std::to_string(unbound) +
                         " geometry group(s) match no actor; they stay unposed at rest");
    }
    if (!meshIndices.empty()) {
        auto holder = std::make_unique<aiNode>(std::string(root->mName.C_Str()) + "_Geometry");
        SetNodeMeshes(holder.get(), meshIndices);
        AddChildren(root, {holder.release()});
    }
    return bound;
}

} // namespace agf::poser
