/** @file GltfImageFiles.h
 *  A .gltf (text) export writes the scene's embedded textures as image files beside it, as
 *  issue 16 asks: a viewer then opens them without the binary buffer, and they can be edited.
 *  (A glb keeps them inside, in its buffer, as Assimp's writer puts them.)
 */
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

struct aiScene;

namespace agf::gltf {

/** Points every material reference "*N" to a compressed embedded texture (mHeight 0) at a file
 *  `<baseName>_img<N>.<png|jpg>` instead, and returns those files' names and bytes for the
 *  caller to write beside the .gltf. */
std::vector<std::pair<std::string, std::vector<uint8_t>>>
MoveEmbeddedTexturesToFiles(aiScene &scene, const std::string &baseName);

} // namespace agf::gltf
