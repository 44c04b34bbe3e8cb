/** @file MetadataEditing.h
 *  Setting a metadata entry on the copy of a scene that an exporter prepares: the entry of that
 *  key is replaced, whatever its type, or added.
 */
#pragma once

#include <cstdint>
#include <string>

struct aiMetadata;

namespace agf {

void SetMetadataInt32(aiMetadata *&metadata, const char *key, int32_t value);
void SetMetadataDouble(aiMetadata *&metadata, const char *key, double value);
void SetMetadataString(aiMetadata *&metadata, const char *key, const std::string &value);

} // namespace agf
