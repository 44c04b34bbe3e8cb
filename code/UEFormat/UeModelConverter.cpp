/** @file UeModelConverter.cpp
 *  The scene of a .uemodel: its root, LOD nodes, skeleton and materials (UeModelConversion.h
 *  lists where the rest is).
 */
#include "UeModelConversion.h"

#include "Common/FileLoading.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/MaterialKeys.h>

#include <assimp/scene.h>

namespace agf::ueformat {

void ModelConversion::warn(WarningKind kind, const std::string &structure,
                           const std::string &text) {
    mWarnings.add(kind, FileNameOf(mFileName), structure, Warning::kNoOffset, text);
}

void ModelConversion::run(aiScene *scene) {
    const size_t lodCount =
        mOptions.allLods ? mModel.lods.size() : std::min<size_t>(1, mModel.lods.size());
    makeNames(lodCount);
    makeMaterials(lodCount);

    auto root = std::make_unique<aiNode>(mRootName);
    mRoot = root.get();
    std::vector<aiNode *> boneNodes = buildSkeleton(root.get());
    std::vector<aiNode *> lodNodes;
    for (size_t i = 0; i < lodCount; ++i) {
        lodNodes.push_back(buildLod(i));
    }
    // LOD nodes first, then the skeleton: the order Assimp's FindNode meets them in.
    std::vector<aiNode *> boneRoots(root->mChildren, root->mChildren + root->mNumChildren);
    delete[] root->mChildren;
    root->mChildren = nullptr;
    root->mNumChildren = 0;
    AddChildren(root.get(), lodNodes);
    AddChildren(root.get(), boneRoots);
    buildSockets(root.get(), boneNodes);
    buildVirtualBones(boneNodes);
    for (size_t i = lodCount; i < mModel.lods.size(); ++i) {
        mModel.lods[i] = Lod();
    }

    writeSceneMetadata(scene, lodCount);
    if (mOptions.yUp) {
        ApplyZUpToYUpOnRoot(root.get());
    }
    if (mOptions.scale != 1.0f) {
        ApplyScaleOnRoot(root.get(), mOptions.scale);
    }
    scene->mRootNode = root.release();
    mParts.moveInto(scene);
}

// Bones keep their names (animation tracks bind to them); sockets, virtual bones, LOD nodes and
// the root give way when they clash.
void ModelConversion::makeNames(size_t lodCount) {
    const Skeleton &skeleton = mModel.skeleton;
    std::vector<std::string> names;
    for (size_t i = 0; i < skeleton.bones.size(); ++i) {
        const std::string &name = skeleton.bones[i].name;
        names.push_back(name.empty() ? "Bone_" + std::to_string(i) : name);
    }
    const size_t boneCount = names.size();
    if (MakeNamesUnique(names) != 0) {
        warn(WarningKind::Duplicate, "BONES", "repeated bone names made unique");
    }
    for (size_t i = 0; i < skeleton.sockets.size(); ++i) {
        const std::string &name = skeleton.sockets[i].name;
        names.push_back(name.empty() ? "Socket_" + std::to_string(i) : name);
    }
    for (size_t i = 0; i < skeleton.virtualBones.size(); ++i) {
        const std::string &name = skeleton.virtualBones[i].name;
        names.push_back(name.empty() ? "VirtualBone_" + std::to_string(i) : name);
    }
    for (size_t i = 0; i < lodCount; ++i) {
        const std::string &name = mModel.lods[i].name;
        names.push_back(name.empty() ? "LOD" + std::to_string(i) : name);
    }
    std::string base = BaseNameOf(mFileName);
    names.push_back(base.empty() ? "UEModel" : base);
    MakeNamesUnique(names);
    auto next = names.begin();
    const auto take = [&next](std::vector<std::string> &out, size_t count) {
        out.assign(next, next + static_cast<std::ptrdiff_t>(count));
        next += static_cast<std::ptrdiff_t>(count);
    };
    take(mBoneNames, boneCount);
    take(mSocketNames, skeleton.sockets.size());
    take(mVirtualBoneNames, skeleton.virtualBones.size());
    take(mLodNames, lodCount);
    mRootName = *next;
}

unsigned ModelConversion::materialIndex(const Material &material) {
    const auto it = mMaterialByName.find({material.name, material.path});
    return it == mMaterialByName.end() ? mDefaultMaterial : it->second;
}

void ModelConversion::makeMaterials(size_t lodCount) {
    // An aiMaterial takes some 2 KB for a MATERIALS record of 16 bytes: past 256 distinct ones
    // plus one per KB of the file, the rest share the default material.
    const size_t limit = 256 + mOptions.inputBytes / 1024;
    size_t leftOut = 0;
    for (size_t l = 0; l < lodCount; ++l) {
        for (const Material &material : mModel.lods[l].materials) {
            const auto key = std::make_pair(material.name, material.path);
            if (mMaterialByName.count(key) != 0) {
                continue;
            }
            if (mMaterialByName.size() >= limit) {
                ++leftOut;
                continue;
            }
            const std::string name = material.name.empty()
                                         ? "Material_" + std::to_string(mParts.materialCount())
                                         : material.name;
            std::unique_ptr<aiMaterial> made = MakeMaterial(name);
            if (!material.path.empty()) {
                const aiString path(material.path);
                made->AddProperty(&path, AGF_MATKEY_UEFORMAT_PATH);
            }
            mMaterialByName.emplace(key, mParts.addMaterial(std::move(made)));
        }
    }
    if (leftOut != 0) {
        warn(WarningKind::LimitReached, "MATERIALS",
             std::to_string(leftOut) + " material records beyond the first " +
                 std::to_string(limit) + " distinct ones use the default material");
    }
    // Triangles no material range covers take a default material, added last.
    mDefaultMaterial = static_cast<unsigned>(mParts.materialCount());
}

void ConvertUeModel(Model &&model, const Header &header, const std::string &fileName,
                    const UeModelConvertOptions &options, aiScene *scene, Warnings &warnings) {
    ModelConversion(model, header, fileName, options, warnings).run(scene);
}

} // namespace agf::ueformat
