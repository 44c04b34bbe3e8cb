/** @file GltfSpecular.h
 *  KHR_materials_specular taken off materials whose images no glTF client can decode.
 *
 *  Assimp's writer from 5.4 on (5.2's does not) writes a material's specular colour and texture
 *  as KHR_materials_specular. Where a texture could not be embedded (a P3D's `.paa` files with
 *  no texture root given), its image stays a reference to the source file, in a format glTF
 *  does not allow (glTF images are PNG or JPEG). Blender 3.4 then stops the whole import: to
 *  convert the extension it reads the pixels of the material's base colour, transmission and
 *  specular images, and finds none. Such a material loses the extension (the specular factors
 *  and textures); its other textures keep their references, which viewers show as missing
 *  images.
 */
#pragma once

#include "Export/GltfDocument.h"

namespace agf::gltf {

/** Removes KHR_materials_specular from every material whose base colour, transmission,
 *  specular or specular colour texture shows an image given as a file reference (not a data URI
 *  or a buffer view) whose extension is not .png, .jpg or .jpeg; drops the extension from
 *  extensionsUsed when no material keeps it. Returns the number of materials changed. */
unsigned DropSpecularOfUndecodableMaterials(GltfDocument &document);

} // namespace agf::gltf
