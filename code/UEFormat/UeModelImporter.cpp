/** @file UeModelImporter.cpp
 *  The Assimp importer for UEFormat models (.uemodel).
 */
#include "Common/AnimationBinding.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/Options.h"
#include "Common/StringHelpers.h"
#include "Common/UnrealMaterialFiles.h"
#include "UeFormatContainer.h"
#include "UeFormatImporterBase.h"
#include "UeFormatImporters.h"
#include "UeModelConverter.h"
#include "UeModelParser.h"

#include <assimp_gameformats/ImportOptions.h>
#include <assimp_gameformats/MaterialKeys.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

namespace agf {

namespace ueformat {

namespace {

const aiImporterDesc kDescription = {
    "UEFormat model importer (assimp-gameformats)",
    "",
    "",
    "UEMODEL from FModel and CUE4Parse, versions 0 to 10, stored, GZIP or ZSTD",
    aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
    0,
    0,
    0,
    0,
    "uemodel",
};

/** The textures UE Viewer's export tree gives each material, found from its name and path. */
void AddMaterialTextures(Assimp::IOSystem *io, const std::string &file, aiScene *scene,
                         Warnings &warnings, const std::vector<std::string> &textureRoots) {
    const UnrealMaterialFiles files(io, file, warnings, textureRoots);
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiMaterial *material = scene->mMaterials[m];
        aiString name;
        aiString path;
        if (material->Get(AI_MATKEY_NAME, name) != AI_SUCCESS) {
            continue;
        }
        MaterialReference reference;
        const bool withPath = material->Get(AGF_MATKEY_UEFORMAT_PATH, path) == AI_SUCCESS;
        reference.path = withPath ? path.C_Str() : "";
        files.addTextures(*material, name.C_Str(), withPath ? &reference : nullptr);
    }
}

} // namespace

/** Recognises files by the UEFORMAT magic and the UEMODEL identifier, decompresses and parses
 *  them (UeModelParser), builds the scene (UeModelConverter), adds the textures of UE Viewer's
 *  export tree and loads animation files onto the skeleton. */
class UeModelImporter : public UeFormatImporterBase {
public:
    explicit UeModelImporter(const AnimationLoaderTable &animationLoaders)
        : UeFormatImporterBase(kDescription, {kModelIdentifier}),
          mAnimationLoaders(animationLoaders) {}

    void setupOptions(const Assimp::Importer *importer) override {
        mOptions = UeModelConvertOptions();
        mOptions.scale = FloatOption(importer, AI_CONFIG_IMPORT_UEFORMAT_SCALE);
        mOptions.yUp = BoolOption(importer, AI_CONFIG_IMPORT_UEFORMAT_YUP);
        mLods = Lower(Trim(StringOption(importer, AI_CONFIG_IMPORT_UEFORMAT_LODS)));
        mAnimationRequest = MakeAnimationLoadRequest(importer, {"ueanim"},
                                                     AI_CONFIG_IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override;

    // UE Viewer's export tree, <root>/<Package>/<Class>/: Texture2D/ and Material/ are
    // siblings of the mesh's folder, and another package's textures are two levels up.
    unsigned textureParentLevels() const override { return 2; }

private:
    const AnimationLoaderTable &mAnimationLoaders;
    UeModelConvertOptions mOptions;
    std::string mLods;
    AnimationLoadRequest mAnimationRequest;
};

void UeModelImporter::importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                                 Warnings &warnings) {
    const std::string name = FileNameOf(file);
    RequirePositiveFinite(name, AI_CONFIG_IMPORT_UEFORMAT_SCALE, mOptions.scale);
    if (mLods != "all" && mLods != "first") {
        ThrowImportError(name, "options", 0,
                         "IMPORT_UEFORMAT_LODS must be all or first, not \"" + mLods + "\"");
    }
    mOptions.allLods = mLods == "all";
    Model model;
    Header header;
    {
        const FileBytes bytes = readModelFile(io, file);
        requireIdentifier(bytes.data(), bytes.size(), name);
        mOptions.inputBytes = bytes.size();
        const Container container =
            OpenContainer(bytes.data(), bytes.size(), name, kModelIdentifier, warnings);
        header = container.header();
        model = ParseUeModel(container, warnings);
    }
    ConvertUeModel(std::move(model), header, file, mOptions, scene, warnings);

    if (!IsMemoryFile(file)) {
        AddMaterialTextures(io, file, scene, warnings, textureSearchFor(file).roots);
    }
    LoadAnimationsOfImport(mAnimationRequest, file, io, warnings, mAnimationLoaders, scene);
}

} // namespace ueformat

Assimp::BaseImporter *CreateUeModelImporter(const AnimationLoaderTable &animationLoaders) {
    return new ueformat::UeModelImporter(animationLoaders);
}

} // namespace agf
