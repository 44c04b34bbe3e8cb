/** @file MetadataNumber.cpp
 *  Reading a numeric metadata value back (include/assimp_gameformats/MetadataKeys.h).
 */
#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/scene.h>

#include <cstdint>

namespace agf {

bool MetadataNumber(const aiMetadata *metadata, const std::string &key, double &value) {
    if (metadata == nullptr) {
        return false;
    }
    const aiMetadataEntry *entry = nullptr;
    for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
        if (key == metadata->mKeys[i].C_Str()) {
            entry = &metadata->mValues[i];
            break;
        }
    }
    if (entry == nullptr || entry->mData == nullptr) {
        return false;
    }
    switch (entry->mType) {
    case AI_BOOL:
        value = *static_cast<const bool *>(entry->mData) ? 1.0 : 0.0;
        return true;
    case AI_INT32:
        value = *static_cast<const int32_t *>(entry->mData);
        return true;
    case AI_UINT64:
        value = static_cast<double>(*static_cast<const uint64_t *>(entry->mData));
        return true;
    case AI_FLOAT:
        value = *static_cast<const float *>(entry->mData);
        return true;
    case AI_DOUBLE:
        value = *static_cast<const double *>(entry->mData);
        return true;
    default:
        return false;
    }
}

} // namespace agf
