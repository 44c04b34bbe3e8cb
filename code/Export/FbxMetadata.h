/** @file FbxMetadata.h
 *  Our metadata in binary FBX: aiNode metadata as user properties ("U" flag in Properties70)
 *  of the Model written for that node, which Blender imports as the object's custom properties;
 *  scene metadata as user properties of the Document. Assimp 5.2 and 5.4's FBX writers drop
 *  both; 6.0's writes node metadata as plain (not user) properties, which Blender ignores, and
 *  drops scene metadata. An entry the writer already made for a key is replaced by ours, so
 *  each key is in the file once and Assimp's reader, which reads every entry, sees it once.
 */
#pragma once

#include "Export/FbxBinaryTree.h"

#include <string>

struct aiScene;

namespace agf::fbx {

struct MetadataReport {
    size_t models = 0;     ///< Models that received properties
    size_t properties = 0; ///< user properties written
    size_t ambiguous = 0;  ///< nodes with metadata skipped because their name is not unique
};

/** Adds the user properties to `file` (a tree Assimp's writer produced from `scene`). Models are
 *  matched to nodes by name, so nodes whose name is shared are skipped. Types: bool as "bool",
 *  int32 (and uint64 below 2^31) as "int", other numbers as "double", strings as "KString",
 *  vectors as "Vector" of three doubles; nested metadata as flattened keys ("<key>.<sub>"). */
MetadataReport AddMetadataUserProperties(FbxBinaryFile &file, const aiScene &scene,
                                         const std::string &fileName);

} // namespace agf::fbx
