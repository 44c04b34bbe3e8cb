/** @file UeModelConversion.h
 *  The .uemodel converter, one class implemented by concern: UeModelConverter.cpp (the scene,
 *  names, materials), UeModelGeometry.cpp (LOD meshes: triangles, vertex arrays, skin, morph
 *  targets), UeModelSkeleton.cpp (bones, sockets, virtual bones), UeModelMetadata.cpp (convex
 *  hulls and scene metadata).
 */
#pragma once

#include "Common/MorphCopyBudget.h"
#include "Common/SceneBuilder.h"
#include "Common/Warnings.h"
#include "UeFormatFileData.h"
#include "UeFormatSpace.h"
#include "UeModelConverter.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace agf::ueformat {

class ModelConversion {
public:
    ModelConversion(Model &model, const Header &header, const std::string &fileName,
                    const UeModelConvertOptions &options, Warnings &warnings)
        : mModel(model), mHeader(header), mFileName(fileName), mOptions(options),
          mWarnings(warnings), mSpace(header.version), mMorphBudget(options.inputBytes) {}

    void run(aiScene *scene);

private:
    // UeModelConverter.cpp
    void makeNames(size_t lodCount);
    void makeMaterials(size_t lodCount);
    unsigned materialIndex(const Material &material);

    // UeModelGeometry.cpp
    aiNode *buildLod(size_t index);
    std::vector<Triangle> lodTriangles(const Lod &lod, const std::string &what);
    MeshSource lodVertices(const Lod &lod, const std::string &what);
    void addInfluences(const Lod &lod, const std::string &what, MeshSource &source);
    void addMorphs(const Lod &lod, const std::string &what, MeshSource &source);

    // UeModelSkeleton.cpp
    std::vector<aiNode *> buildSkeleton(aiNode *root);
    void buildSockets(aiNode *root, const std::vector<aiNode *> &boneNodes);
    void buildVirtualBones(const std::vector<aiNode *> &boneNodes);

    // UeModelMetadata.cpp
    void addCollisionMetadata(MetadataBuilder &metadata);
    void writeSceneMetadata(aiScene *scene, size_t importedLods);

    void warn(WarningKind kind, const std::string &structure, const std::string &text);

    Model &mModel;
    const Header &mHeader;
    std::string mFileName;
    UeModelConvertOptions mOptions;
    Warnings &mWarnings;
    UeSpace mSpace;
    SceneParts mParts;

    std::string mRootName;
    std::vector<std::string> mLodNames;
    std::vector<std::string> mBoneNames;
    std::vector<std::string> mSocketNames;
    std::vector<std::string> mVirtualBoneNames;
    /** Scene materials by (name, path): LODs share them. */
    std::map<std::pair<std::string, std::string>, unsigned> mMaterialByName;
    unsigned mDefaultMaterial = 0;
    bool mNeedsDefaultMaterial = false;
    std::vector<SkinBone> mSkinBones;
    /** What morph targets may still cost in vertex copies (UeModelConvertOptions::inputBytes). */
    MorphCopyBudget mMorphBudget;
    aiNode *mRoot = nullptr;
};

} // namespace agf::ueformat
