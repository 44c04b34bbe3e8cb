/** @file MetadataEditing.cpp */
#include "MetadataEditing.h"

#include "Common/SceneBuilder.h"

#include <assimp/metadata.h>

namespace agf {

namespace {

/** Frees an entry's value by its type (aiMetadata frees its values only in its destructor). */
void FreeValue(aiMetadataEntry &entry) {
    switch (entry.mType) {
    case AI_BOOL:
        delete static_cast<bool *>(entry.mData);
        break;
    case AI_INT32:
        delete static_cast<int32_t *>(entry.mData);
        break;
    case AI_UINT64:
        delete static_cast<uint64_t *>(entry.mData);
        break;
    case AI_FLOAT:
        delete static_cast<float *>(entry.mData);
        break;
    case AI_DOUBLE:
        delete static_cast<double *>(entry.mData);
        break;
    case AI_AISTRING:
        delete static_cast<aiString *>(entry.mData);
        break;
    case AI_AIVECTOR3D:
        delete static_cast<aiVector3D *>(entry.mData);
        break;
    case AI_AIMETADATA:
        delete static_cast<aiMetadata *>(entry.mData);
        break;
    default:
        break;
    }
    entry.mData = nullptr;
}

/** Sets `key` to a value, replacing an entry of any type, or adds it. (aiMetadata::Set would
 *  copy the new value over the old one's storage, which may be smaller.) */
template <typename T, typename Stored>
void SetEntry(aiMetadata *&metadata, const char *key, const T &value, aiMetadataType type) {
    for (unsigned i = 0; metadata != nullptr && i < metadata->mNumProperties; ++i) {
        if (std::string(metadata->mKeys[i].C_Str()) == key) {
            FreeValue(metadata->mValues[i]);
            metadata->mValues[i].mType = type;
            metadata->mValues[i].mData = new Stored(value);
            return;
        }
    }
    MetadataBuilder().add(key, value).mergeInto(metadata);
}

} // namespace

void SetMetadataInt32(aiMetadata *&metadata, const char *key, int32_t value) {
    SetEntry<int32_t, int32_t>(metadata, key, value, AI_INT32);
}

void SetMetadataDouble(aiMetadata *&metadata, const char *key, double value) {
    SetEntry<double, double>(metadata, key, value, AI_DOUBLE);
}

void SetMetadataString(aiMetadata *&metadata, const char *key, const std::string &value) {
    SetEntry<std::string, aiString>(metadata, key, value, AI_AISTRING);
}

} // namespace agf
