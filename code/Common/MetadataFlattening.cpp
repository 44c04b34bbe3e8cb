/** @file MetadataFlattening.cpp
 *  agf::FlattenNestedMetadata: Assimp 5.2.5's SceneCombiner::Copy, which every exporter runs
 *  first, aborts the process on nested aiMetadata, and Assimp's own glTF importer makes nested
 *  metadata out of every array or object in `extras` (ours among them: vectors are arrays).
 */
#include <assimp_gameformats/GameFormats.h>

#include "Common/SceneBuilder.h"

#include <assimp/scene.h>

#include <vector>

namespace agf {

namespace {

bool AsNumber(const aiMetadataEntry &entry, float &value) {
    switch (entry.mType) {
    case AI_FLOAT:
        value = *static_cast<const float *>(entry.mData);
        return true;
    case AI_DOUBLE:
        value = static_cast<float>(*static_cast<const double *>(entry.mData));
        return true;
    case AI_INT32:
        value = static_cast<float>(*static_cast<const int32_t *>(entry.mData));
        return true;
    case AI_UINT64:
        value = static_cast<float>(*static_cast<const uint64_t *>(entry.mData));
        return true;
    default:
        return false;
    }
}

/** Three numbers: a vector written as [x, y, z] (our glTF writer's form of aiVector3D). */
bool AsVector(const aiMetadata &group, aiVector3D &vector) {
    if (group.mNumProperties != 3) {
        return false;
    }
    return AsNumber(group.mValues[0], vector.x) && AsNumber(group.mValues[1], vector.y) &&
           AsNumber(group.mValues[2], vector.z);
}

void Flatten(const aiMetadata &metadata, const std::string &prefix, MetadataBuilder &out) {
    // Assimp's glTF importer names every element of an array after the array itself.
    bool array = metadata.mNumProperties > 1;
    for (unsigned i = 1; i < metadata.mNumProperties && array; ++i) {
        array = metadata.mKeys[i] == metadata.mKeys[0];
    }
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        const aiMetadataEntry &entry = metadata.mValues[i];
        const std::string key = prefix.empty() ? std::string(metadata.mKeys[i].C_Str())
                                : array        ? prefix + MetadataName(std::to_string(i))
                                               : prefix + "." + metadata.mKeys[i].C_Str();
        const void *data = entry.mData;
        switch (entry.mType) {
        case AI_BOOL:
            out.add(key, *static_cast<const bool *>(data));
            break;
        case AI_INT32:
            out.add(key, *static_cast<const int32_t *>(data));
            break;
        case AI_UINT64:
            out.add(key, *static_cast<const uint64_t *>(data));
            break;
        case AI_FLOAT:
            out.add(key, *static_cast<const float *>(data));
            break;
        case AI_DOUBLE:
            out.add(key, *static_cast<const double *>(data));
            break;
        case AI_AISTRING:
            out.add(key, std::string(static_cast<const aiString *>(data)->C_Str()));
            break;
        case AI_AIVECTOR3D:
            out.add(key, *static_cast<const aiVector3D *>(data));
            break;
        case AI_AIMETADATA: {
            const aiMetadata &group = *static_cast<const aiMetadata *>(data);
            aiVector3D vector;
            if (AsVector(group, vector)) {
                out.add(key, vector);
            } else {
                Flatten(group, key, out);
            }
            break;
        }
        default:
            break;
        }
    }
}

bool HasNested(const aiMetadata *metadata) {
    for (unsigned i = 0; metadata != nullptr && i < metadata->mNumProperties; ++i) {
        if (metadata->mValues[i].mType == AI_AIMETADATA) {
            return true;
        }
    }
    return false;
}

size_t FlattenOne(aiMetadata *&metadata) {
    if (!HasNested(metadata)) {
        return 0;
    }
    MetadataBuilder flat;
    Flatten(*metadata, std::string(), flat);
    delete metadata;
    metadata = flat.build();
    return 1;
}

} // namespace

size_t FlattenNestedMetadata(aiScene &scene) {
    size_t changed = FlattenOne(scene.mMetaData);
    for (aiNode *node : NodesDepthFirst(scene.mRootNode)) {
        changed += FlattenOne(node->mMetaData);
    }
    return changed;
}

} // namespace agf
