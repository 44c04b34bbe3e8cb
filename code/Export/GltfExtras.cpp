/** @file GltfExtras.cpp */
#include "GltfExtras.h"

#include <assimp/scene.h>

namespace agf::gltf {

namespace {

Json ValueToJson(const aiMetadataEntry &entry) {
    const void *data = entry.mData;
    switch (entry.mType) {
    case AI_BOOL:
        return *static_cast<const bool *>(data);
    case AI_INT32:
        return *static_cast<const int32_t *>(data);
    case AI_UINT64:
        return *static_cast<const uint64_t *>(data);
    case AI_FLOAT:
        return ShortestDecimal(*static_cast<const float *>(data));
    case AI_DOUBLE:
        return *static_cast<const double *>(data);
    case AI_AISTRING:
        return std::string(static_cast<const aiString *>(data)->C_Str());
    case AI_AIVECTOR3D: {
        const aiVector3D &v = *static_cast<const aiVector3D *>(data);
        return Json::array({ShortestDecimal(v.x), ShortestDecimal(v.y), ShortestDecimal(v.z)});
    }
    case AI_AIMETADATA:
        return MetadataToJson(*static_cast<const aiMetadata *>(data));
    default:
        return nullptr;
    }
}

/** Merges `extras` into an object's existing extras (Assimp writes targetNames in mesh extras,
 *  and may write others). */
void MergeExtras(Json &object, Json extras) {
    if (extras.empty()) {
        return;
    }
    Json &existing = object["extras"];
    if (!existing.is_object()) {
        existing = Json::object();
    }
    for (auto &item : extras.items()) {
        existing[item.key()] = std::move(item.value());
    }
}

} // namespace

Json MetadataToJson(const aiMetadata &metadata) {
    Json object = Json::object();
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        if (metadata.mValues[i].mData != nullptr) {
            object[metadata.mKeys[i].C_Str()] = ValueToJson(metadata.mValues[i]);
        }
    }
    return object;
}

bool AddMetadataExtras(GltfDocument &document, const aiScene &scene,
                       const std::vector<const aiNode *> &nodes) {
    // find(), not operator[]: a missing member must not be created as null.
    const auto scenes = document.json.find("scenes");
    if (scene.mMetaData != nullptr && scenes != document.json.end() && scenes->is_array() &&
        !scenes->empty()) {
        MergeExtras((*scenes)[0], MetadataToJson(*scene.mMetaData));
    }
    const auto jsonNodes = document.json.find("nodes");
    if (jsonNodes == document.json.end()) {
        return nodes.empty();
    }
    if (!jsonNodes->is_array() || jsonNodes->size() != nodes.size()) {
        return false;
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i]->mMetaData != nullptr) {
            MergeExtras((*jsonNodes)[i], MetadataToJson(*nodes[i]->mMetaData));
        }
    }
    return true;
}

} // namespace agf::gltf
