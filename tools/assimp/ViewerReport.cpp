/** @file ViewerReport.cpp */
#include "ViewerReport.h"

#include "JsonWriter.h"
#include "SceneReport.h"

#include <assimp_gameformats/GameFormats.h>
#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/material.h>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <set>

namespace agf::cli {

namespace {

// Metadata can nest; a file could nest it without end.
const int kMaxMetadataDepth = 16;

void WriteMetadata(JsonWriter &json, const aiMetadata &metadata, int depth);

void WriteMetadataValue(JsonWriter &json, const aiMetadataEntry &entry, int depth) {
    if (entry.mData == nullptr) {
        json.Null();
        return;
    }
    switch (entry.mType) {
    case AI_BOOL:
        json.Bool(*static_cast<const bool *>(entry.mData));
        break;
    case AI_INT32:
        json.Integer(*static_cast<const int32_t *>(entry.mData));
        break;
    case AI_UINT64:
        json.Unsigned(*static_cast<const uint64_t *>(entry.mData));
        break;
    case AI_FLOAT:
        json.Number(*static_cast<const float *>(entry.mData));
        break;
    case AI_DOUBLE:
        json.Number(*static_cast<const double *>(entry.mData));
        break;
    case AI_AISTRING:
        json.String(static_cast<const aiString *>(entry.mData)->C_Str());
        break;
    case AI_AIVECTOR3D: {
        const aiVector3D &v = *static_cast<const aiVector3D *>(entry.mData);
        json.BeginArray().Number(v.x).Number(v.y).Number(v.z).EndArray();
        break;
    }
    case AI_AIMETADATA:
        if (depth < kMaxMetadataDepth) {
            WriteMetadata(json, *static_cast<const aiMetadata *>(entry.mData), depth + 1);
        } else {
            json.Null();
        }
        break;
    default:
        json.Null();
    }
}

void WriteMetadata(JsonWriter &json, const aiMetadata &metadata, int depth) {
    json.BeginObject();
    for (unsigned int i = 0; i < metadata.mNumProperties; ++i) {
        json.Key(metadata.mKeys[i].C_Str());
        WriteMetadataValue(json, metadata.mValues[i], depth);
    }
    json.EndObject();
}

bool HasKey(const aiNode &node, const char *key) {
    return node.mMetaData != nullptr && node.mMetaData->HasKey(key);
}

// What the page marks a node as: a P3D LOD, a P3D proxy or a named point, or nothing special.
const char *NodeKind(const aiNode &node) {
    if (HasKey(node, AGF_META_P3D_RESOLUTION)) {
        return "lod";
    }
    if (HasKey(node, AGF_META_P3D_PROXY)) {
        return "proxy";
    }
    if (HasKey(node, AGF_META_P3D_MEMORY_POINT)) {
        return "point";
    }
    return "";
}

std::set<std::string> BoneNames(const aiScene &scene) {
    std::set<std::string> names;
    for (unsigned int m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        for (unsigned int b = 0; b < mesh.mNumBones; ++b) {
            names.insert(mesh.mBones[b]->mName.C_Str());
        }
    }
    return names;
}

// Depth first, without recursion (node trees from files can be very deep), parents first: each
// node names its parent's index, which is how the page rebuilds the tree.
void WriteNodes(JsonWriter &json, const aiScene &scene) {
    const std::set<std::string> bones = BoneNames(scene);
    struct Pending {
        const aiNode *node;
        int64_t parent;
    };
    std::vector<Pending> stack;
    if (scene.mRootNode != nullptr) {
        stack.push_back({scene.mRootNode, -1});
    }
    int64_t index = 0;
    json.Key("nodes").BeginArray();
    while (!stack.empty()) {
        const Pending current = stack.back();
        stack.pop_back();
        const aiNode &node = *current.node;
        json.BeginObject().Key("name").String(node.mName.C_Str());
        json.Key("parent").Integer(current.parent).Key("meshes").Unsigned(node.mNumMeshes);
        json.Key("bone").Bool(bones.count(node.mName.C_Str()) != 0);
        json.Key("kind").String(NodeKind(node));
        if (node.mMetaData != nullptr && node.mMetaData->mNumProperties != 0) {
            json.Key("meta");
            WriteMetadata(json, *node.mMetaData, 0);
        }
        json.EndObject();
        for (unsigned int i = node.mNumChildren; i-- > 0;) {
            stack.push_back({node.mChildren[i], index});
        }
        ++index;
    }
    json.EndArray();
}

void WriteAnimations(JsonWriter &json, const aiScene &scene) {
    json.Key("animations").BeginArray();
    for (unsigned int i = 0; i < scene.mNumAnimations; ++i) {
        const aiAnimation &animation = *scene.mAnimations[i];
        // 0 ticks per second means "not set"; Assimp's viewers then play 25, as `info` says.
        const double ticksPerSecond =
            animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25;
        json.BeginObject().Key("name").String(animation.mName.C_Str());
        json.Key("seconds").Number(animation.mDuration / ticksPerSecond);
        json.Key("channels").Unsigned(animation.mNumChannels);
        json.Key("morphChannels").Unsigned(animation.mNumMorphMeshChannels);
        json.EndObject();
    }
    json.EndArray();
}

void WriteMorphs(JsonWriter &json, const aiScene &scene) {
    json.Key("morphs").BeginArray();
    for (unsigned int m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        if (mesh.mNumAnimMeshes == 0) {
            continue;
        }
        json.BeginObject().Key("mesh").String(mesh.mName.C_Str()).Key("targets").BeginArray();
        for (unsigned int k = 0; k < mesh.mNumAnimMeshes; ++k) {
            const aiAnimMesh *target = mesh.mAnimMeshes[k];
            const std::string name = target != nullptr ? target->mName.C_Str() : "";
            json.String(name.empty() ? "target " + std::to_string(k) : name);
        }
        json.EndArray().EndObject();
    }
    json.EndArray();
}

void WriteTextures(JsonWriter &json, const std::vector<TextureReference> &textures) {
    json.Key("textures").BeginArray();
    for (const TextureReference &texture : textures) {
        json.BeginObject().Key("material").String(texture.material);
        json.Key("slot").String(texture.slot).Key("written").String(texture.written);
        json.Key("file").String(texture.lookup.file).Key("viewable").Bool(texture.lookup.viewable);
        json.Key("note").String(texture.lookup.note).EndObject();
    }
    json.EndArray();
}

// The file's units for the grid, and the metadata key names the page looks for in glb extras
// (so that the page itself spells no key).
void WriteUnits(JsonWriter &json, const aiScene &scene) {
    json.Key("units").BeginObject().Key("centimetres");
    double centimetres = 0;
    if (MetadataNumber(scene.mMetaData, AGF_META_UNIT_SCALE_FACTOR, centimetres)) {
        json.Number(centimetres);
    } else {
        json.Null();
    }
    aiString name;
    const bool named = scene.mMetaData != nullptr && scene.mMetaData->Get(AGF_META_UNITS, name);
    json.Key("name").String(named ? name.C_Str() : "").EndObject();
    json.Key("metaKeys").BeginObject();
    json.Key("unitScaleFactor").String(AGF_META_UNIT_SCALE_FACTOR).EndObject();
}

void WriteCounts(JsonWriter &json, const ModelCounts &counts) {
    json.Key("counts").BeginObject();
    json.Key("meshes").Unsigned(counts.meshes).Key("bones").Unsigned(counts.bones);
    json.Key("animations").Unsigned(counts.animations).Key("lods").Unsigned(counts.lods);
    json.EndObject();
}

} // namespace

ModelCounts CountModel(const aiScene &scene) {
    const ReportCounts reported = CountForReport(scene);
    ModelCounts counts;
    counts.meshes = reported.meshes;
    counts.bones = reported.bones;
    counts.animations = reported.animations;
    std::vector<const aiNode *> stack;
    if (scene.mRootNode != nullptr) {
        stack.push_back(scene.mRootNode);
    }
    while (!stack.empty()) {
        const aiNode *node = stack.back();
        stack.pop_back();
        counts.lods += HasKey(*node, AGF_META_P3D_RESOLUTION) ? 1 : 0;
        stack.insert(stack.end(), node->mChildren, node->mChildren + node->mNumChildren);
    }
    return counts;
}

std::vector<TextureReference> CollectTextures(const aiScene &scene, const ViewerRoot &root,
                                              const std::filesystem::path &modelFolder) {
    std::vector<TextureReference> textures;
    for (unsigned int i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial &material = *scene.mMaterials[i];
        for (int type = aiTextureType_DIFFUSE; type <= AI_TEXTURE_TYPE_MAX; ++type) {
            const aiTextureType textureType = static_cast<aiTextureType>(type);
            for (unsigned int k = 0; k < material.GetTextureCount(textureType); ++k) {
                aiString path;
                if (material.GetTexture(textureType, k, &path) != aiReturn_SUCCESS) {
                    continue;
                }
                TextureReference texture;
                texture.material = material.GetName().C_Str();
                texture.slot = aiTextureTypeToString(textureType);
                texture.written = path.C_Str();
                texture.lookup = FindTexture(root, modelFolder, texture.written);
                // An embedded texture ("*N") shows in the model; the list names its source.
                const aiTexture *embedded = scene.GetEmbeddedTexture(path.C_Str());
                if (embedded != nullptr && embedded->mFilename.length > 0) {
                    texture.written = embedded->mFilename.C_Str();
                    texture.lookup.note = "embedded in the model";
                }
                textures.push_back(std::move(texture));
            }
        }
    }
    return textures;
}

std::string WriteModelReport(const aiScene *scene, const ConvertedModel &model) {
    JsonWriter json;
    json.BeginObject().Key("file").String(model.entry.file);
    json.Key("format").String(model.entry.format).Key("size").Unsigned(model.entry.size);
    json.Key("boundTo").String(model.boundMesh);
    if (!model.ok || scene == nullptr) {
        json.Key("error").String(model.error.empty() ? "the import failed" : model.error);
        json.EndObject();
        return json.text();
    }
    WriteCounts(json, model.counts);
    WriteUnits(json, *scene);
    json.Key("scene");
    if (scene->mMetaData != nullptr) {
        WriteMetadata(json, *scene->mMetaData, 0);
    } else {
        json.BeginObject().EndObject();
    }
    WriteNodes(json, *scene);
    WriteAnimations(json, *scene);
    WriteMorphs(json, *scene);
    WriteTextures(json, model.textures);
    json.EndObject();
    return json.text();
}

std::string WriteCatalog(const CatalogHeader &header, const std::vector<CatalogRow> &rows) {
    JsonWriter json;
    json.BeginObject().Key("title").String(header.title);
    json.Key("static").Bool(header.staticGallery).Key("singleFile").Bool(header.singleFile);
    json.Key("files").BeginArray();
    for (const CatalogRow &row : rows) {
        json.BeginObject().Key("file").String(row.entry.file);
        json.Key("format").String(row.entry.format).Key("size").Unsigned(row.entry.size);
        const char *state = row.state == CatalogRow::State::Pending ? "pending"
                            : row.state == CatalogRow::State::Ready ? "ready"
                                                                    : "failed";
        json.Key("state").String(state);
        if (row.state == CatalogRow::State::Ready) {
            WriteCounts(json, row.counts);
        }
        if (!row.error.empty()) {
            json.Key("error").String(row.error);
        }
        if (!row.boundMesh.empty()) {
            json.Key("boundTo").String(row.boundMesh);
        }
        if (!row.script.empty()) {
            json.Key("script").String(row.script);
        }
        json.EndObject();
    }
    json.EndArray().EndObject();
    return json.text();
}

} // namespace agf::cli
