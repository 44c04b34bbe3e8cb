/** @file GltfSpecular.cpp */
#include "Export/GltfSpecular.h"

#include "Common/StringHelpers.h"

#include <algorithm>
#include <string>
#include <vector>

namespace agf::gltf {

namespace {

/** Whether the texture that `textureInfo` points to shows an image referenced by a file name
 *  whose format glTF does not allow. */
bool ImageIsUndecodableFile(const Json &json, const Json &textureInfo) {
    if (!textureInfo.is_object() || !textureInfo.contains("index") ||
        !textureInfo["index"].is_number_unsigned() || !json.contains("textures") ||
        !json.contains("images")) {
        return false;
    }
    const Json &textures = json["textures"];
    const size_t index = textureInfo["index"].get<size_t>();
    if (!textures.is_array() || index >= textures.size() || !textures[index].contains("source") ||
        !textures[index]["source"].is_number_unsigned()) {
        return false;
    }
    const Json &images = json["images"];
    const size_t source = textures[index]["source"].get<size_t>();
    if (!images.is_array() || source >= images.size() || !images[source].contains("uri") ||
        !images[source]["uri"].is_string()) {
        return false;
    }
    const std::string uri = images[source]["uri"].get<std::string>();
    if (uri.rfind("data:", 0) == 0) {
        return false;
    }
    const size_t dot = uri.rfind('.');
    const std::string extension = dot == std::string::npos ? "" : Lower(uri.substr(dot));
    return extension != ".png" && extension != ".jpg" && extension != ".jpeg";
}

/** object[outer][inner] when both members exist, else nullptr (never adds a member). */
const Json *Member(const Json &object, const char *outer, const char *inner) {
    if (!object.is_object()) {
        return nullptr;
    }
    const auto first = object.find(outer);
    if (first == object.end() || !first->is_object()) {
        return nullptr;
    }
    const auto second = first->find(inner);
    return second == first->end() ? nullptr : &*second;
}

} // namespace

unsigned DropSpecularOfUndecodableMaterials(GltfDocument &document) {
    static const char *const kExtension = "KHR_materials_specular";
    Json &json = document.json;
    if (!json.contains("materials") || !json["materials"].is_array()) {
        return 0;
    }
    unsigned changed = 0;
    bool stillUsed = false;
    for (Json &material : json["materials"]) {
        if (!material.contains("extensions") || !material["extensions"].is_object() ||
            !material["extensions"].contains(kExtension)) {
            continue;
        }
        Json &extensions = material["extensions"];
        // The textures Blender reads to convert the extension.
        const std::vector<const Json *> textures = {
            Member(material, "pbrMetallicRoughness", "baseColorTexture"),
            Member(extensions, "KHR_materials_transmission", "transmissionTexture"),
            Member(extensions, kExtension, "specularTexture"),
            Member(extensions, kExtension, "specularColorTexture")};
        const bool undecodable =
            std::any_of(textures.begin(), textures.end(), [&](const Json *texture) {
                return texture != nullptr && ImageIsUndecodableFile(json, *texture);
            });
        if (!undecodable) {
            stillUsed = true;
            continue;
        }
        extensions.erase(kExtension);
        if (extensions.empty()) {
            material.erase("extensions");
        }
        ++changed;
    }
    if (changed != 0 && !stillUsed && json.contains("extensionsUsed") &&
        json["extensionsUsed"].is_array()) {
        Json &used = json["extensionsUsed"];
        used.erase(std::remove(used.begin(), used.end(), Json(kExtension)), used.end());
        if (used.empty()) {
            json.erase("extensionsUsed");
        }
    }
    return changed;
}

} // namespace agf::gltf
