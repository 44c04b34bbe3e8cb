/** @file GltfTextureReferences.h
 *  A glTF image is either inside the file or a URI the reader resolves beside it. A texture the
 *  import did not find (a partial dump, an ODOL without its addon) would be written as a URI
 *  that names nothing, often with Windows separators: glTF-Validator reports each as an error
 *  and viewers show a broken image. Such references are left out of the glTF material and kept
 *  in its extras, so the name of what the model wants is not lost.
 */
#pragma once

#include "Export/GltfDocument.h"

#include <functional>
#include <string>
#include <vector>

struct aiScene;

namespace agf::gltf {

/** The texture paths left out of each material, by material index. */
struct UnreachableTextures {
    std::vector<std::vector<std::string>> byMaterial;

    size_t count() const;
    /** The distinct paths, in the order first met. */
    std::vector<std::string> distinctPaths() const;
};

/** Removes from every material each texture whose path is neither an embedded texture of the
 *  scene ("*N" or an embedded texture's file name) nor a relative path with '/' separators for
 *  which `existsBesideOutput` says yes. */
UnreachableTextures
DropUnreachableTextures(aiScene &scene,
                        const std::function<bool(const std::string &)> &existsBesideOutput);

/** Adds each material's left-out paths as `extras[AGF_META_GLTF_UNREACHABLE_TEXTURES]`, when the
 *  document has the scene's materials in order (Assimp's writer keeps them so). Returns whether
 *  it could. */
bool RecordUnreachableTextures(GltfDocument &document, const UnreachableTextures &textures);

} // namespace agf::gltf
