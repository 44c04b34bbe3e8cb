/** @file IdolFxSceneInfo.cpp */
#include "IdolFxSceneInfo.h"

#include <assimp/commonMetaData.h>
#include <assimp_gameformats/GameFormats.h>

namespace agf::idolfx {

MetadataBuilder IdolFxSceneMetadata(const std::string &format, bool convertedToRightHanded) {
    MetadataBuilder metadata;
    metadata.add(AI_METADATA_SOURCE_FORMAT, format)
        .add(AGF_META_IDOLFX_RIGHT_HANDED, convertedToRightHanded);
    SceneUnits units; // Direct3D's Y up, kept
    units.units = "Idol FX unit (probably 1 cm; unverified)";
    AddUnitsMetadata(metadata, units);
    return metadata;
}

std::unique_ptr<aiMaterial> MakeTextureGuessMaterial(const std::string &name,
                                                     const TextureExists &textureExists,
                                                     bool guessWhenMissing) {
    for (const char *extension : {".jpg", ".tga"}) {
        const std::string candidate = name + extension;
        if (textureExists && textureExists(candidate)) {
            return MakeMaterial(name, candidate);
        }
    }
    if (!guessWhenMissing) {
        return MakeMaterial(name);
    }
    std::unique_ptr<aiMaterial> material = MakeMaterial(name, name + ".jpg");
    const int guessed = 1;
    material->AddProperty(&guessed, 1, AGF_MATKEY_FXM_TEXTURE_GUESSED);
    return material;
}

bool SceneKeepsIdolFxNativeSpace(const aiScene &scene) {
    bool converted = true;
    if (scene.mMetaData != nullptr &&
        scene.mMetaData->Get(AGF_META_IDOLFX_RIGHT_HANDED, converted)) {
        return !converted;
    }
    return false;
}

} // namespace agf::idolfx
