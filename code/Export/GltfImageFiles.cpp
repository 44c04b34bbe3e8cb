/** @file GltfImageFiles.cpp */
#include "GltfImageFiles.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <cstdlib>
#include <cstring>

namespace agf::gltf {

namespace {

/** The file extension for an embedded texture's format hint ("jpg" stays "jpg"). */
std::string ExtensionOf(const aiTexture &texture) {
    std::string hint(texture.achFormatHint,
                     strnlen(texture.achFormatHint, sizeof texture.achFormatHint));
    return hint.empty() ? "bin" : hint;
}

} // namespace

std::vector<std::pair<std::string, std::vector<uint8_t>>>
MoveEmbeddedTexturesToFiles(aiScene &scene, const std::string &baseName) {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    std::vector<std::string> names(scene.mNumTextures);
    for (unsigned t = 0; t < scene.mNumTextures; ++t) {
        const aiTexture *texture = scene.mTextures[t];
        if (texture == nullptr || texture->mHeight != 0 || texture->pcData == nullptr) {
            continue; // uncompressed texels: Assimp's writer cannot embed those either
        }
        names[t] = baseName + "_img" + std::to_string(t) + "." + ExtensionOf(*texture);
        const auto *bytes = reinterpret_cast<const uint8_t *>(texture->pcData);
        files.emplace_back(names[t], std::vector<uint8_t>(bytes, bytes + texture->mWidth));
    }
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        aiMaterial *material = scene.mMaterials[m];
        for (unsigned p = 0; p < material->mNumProperties; ++p) {
            const aiMaterialProperty *property = material->mProperties[p];
            if (std::strcmp(property->mKey.C_Str(), _AI_MATKEY_TEXTURE_BASE) != 0) {
                continue;
            }
            aiString path;
            if (material->Get(_AI_MATKEY_TEXTURE_BASE, property->mSemantic, property->mIndex,
                              path) != AI_SUCCESS ||
                path.length < 2 || path.data[0] != '*') {
                continue;
            }
            const unsigned long index = std::strtoul(path.data + 1, nullptr, 10);
            if (index >= names.size() || names[index].empty()) {
                continue;
            }
            const aiString file(names[index]);
            material->AddProperty(&file, _AI_MATKEY_TEXTURE_BASE, property->mSemantic,
                                  property->mIndex);
        }
    }
    return files;
}

} // namespace agf::gltf
