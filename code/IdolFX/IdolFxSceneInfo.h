/** @file IdolFxSceneInfo.h
 *  What every Idol FX importer writes besides geometry: the scene metadata common to FXM, MOT
 *  and ANB, and the texture-guessing materials.
 */
#pragma once

#include "Common/SceneBuilder.h"

#include <functional>
#include <memory>
#include <string>

namespace agf::idolfx {

/** Answers whether a texture file name (relative to the model's folder) exists. */
using TextureExists = std::function<bool(const std::string &fileName)>;

/** SourceAsset_Format, axes (Y up, no root rotation), units (kept; probably centimetres) and
 *  whether the data was converted to right-handed. */
MetadataBuilder IdolFxSceneMetadata(const std::string &format, bool convertedToRightHanded);

/** A material named `name` whose diffuse texture is `<name>.jpg` when that exists, else
 *  `<name>.tga` when that exists. When neither exists: `<name>.jpg` marked with
 *  AGF_MATKEY_FXM_TEXTURE_GUESSED if `guessWhenMissing`, no texture otherwise. */
std::unique_ptr<aiMaterial> MakeTextureGuessMaterial(const std::string &name,
                                                     const TextureExists &textureExists,
                                                     bool guessWhenMissing);

/** True when a scene was produced by an Idol FX importer with its data kept in the file's
 *  left-handed space (AI_CONFIG_IMPORT_FXM_KEEP_NATIVE); false for converted scenes and for
 *  scenes of other importers. */
bool SceneKeepsIdolFxNativeSpace(const aiScene &scene);

} // namespace agf::idolfx
