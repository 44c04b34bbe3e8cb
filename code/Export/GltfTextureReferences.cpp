/** @file GltfTextureReferences.cpp */
#include "Export/GltfTextureReferences.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/material.h>
#include <assimp/scene.h>

#include <cstring>
#include <unordered_set>
#include <utility>

namespace agf::gltf {

namespace {

bool IsEmbedded(const aiScene &scene, const std::string &path) {
    return (!path.empty() && path[0] == '*') || scene.GetEmbeddedTexture(path.c_str()) != nullptr;
}

/** A relative path a glTF URI can hold as it is: '/' separators, no drive, scheme or root. */
bool IsPlainRelativePath(const std::string &path) {
    return !path.empty() && path[0] != '/' && path.find('\\') == std::string::npos &&
           path.find(':') == std::string::npos;
}

} // namespace

size_t UnreachableTextures::count() const {
    size_t total = 0;
    for (const auto &paths : byMaterial) {
        total += paths.size();
    }
    return total;
}

std::vector<std::string> UnreachableTextures::distinctPaths() const {
    std::vector<std::string> distinct;
    std::unordered_set<std::string> seen;
    for (const auto &paths : byMaterial) {
        for (const std::string &path : paths) {
            if (seen.insert(path).second) {
                distinct.push_back(path);
            }
        }
    }
    return distinct;
}

UnreachableTextures
DropUnreachableTextures(aiScene &scene,
                        const std::function<bool(const std::string &)> &existsBesideOutput) {
    UnreachableTextures dropped;
    dropped.byMaterial.resize(scene.mNumMaterials);
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        aiMaterial *material = scene.mMaterials[m];
        if (material == nullptr) {
            continue;
        }
        // Collected first (type, index): removing a property reorders the array being read.
        std::vector<std::pair<unsigned, unsigned>> unreachable;
        for (unsigned p = 0; p < material->mNumProperties; ++p) {
            const aiMaterialProperty *property = material->mProperties[p];
            if (std::strcmp(property->mKey.C_Str(), _AI_MATKEY_TEXTURE_BASE) != 0 ||
                property->mType != aiPTI_String) {
                continue;
            }
            aiString path;
            if (aiGetMaterialString(material, _AI_MATKEY_TEXTURE_BASE, property->mSemantic,
                                    property->mIndex, &path) != aiReturn_SUCCESS) {
                continue;
            }
            const std::string text = path.C_Str();
            if (IsEmbedded(scene, text) ||
                (IsPlainRelativePath(text) && existsBesideOutput(text))) {
                continue;
            }
            unreachable.emplace_back(property->mSemantic, property->mIndex);
            dropped.byMaterial[m].push_back(text);
        }
        for (const auto &texture : unreachable) {
            material->RemoveProperty(_AI_MATKEY_TEXTURE_BASE, texture.first, texture.second);
        }
    }
    return dropped;
}

bool RecordUnreachableTextures(GltfDocument &document, const UnreachableTextures &textures) {
    if (textures.count() == 0) {
        return true;
    }
    const auto materials = document.json.find("materials");
    if (materials == document.json.end() || !materials->is_array() ||
        materials->size() != textures.byMaterial.size()) {
        return false;
    }
    for (size_t m = 0; m < textures.byMaterial.size(); ++m) {
        if (textures.byMaterial[m].empty()) {
            continue;
        }
        Json &extras = (*materials)[m]["extras"];
        if (!extras.is_object()) {
            extras = Json::object();
        }
        extras[AGF_META_GLTF_UNREACHABLE_TEXTURES] = textures.byMaterial[m];
    }
    return true;
}

} // namespace agf::gltf
