/** @file FxmConverter.h
 *  FxmFile to aiScene: one aiMesh per submesh, one material per distinct submesh name, the
 *  joint table as a node hierarchy with bones on every skinned mesh.
 */
#pragma once

#include "Common/Warnings.h"

#include "IdolFxFileData.h"
#include "IdolFxSceneInfo.h"

#include <string>

struct aiScene;

namespace agf::idolfx {

struct FxmConvertOptions {
    std::string fileName;             ///< for node names and messages
    bool convertToRightHanded = true; ///< false: AI_CONFIG_IMPORT_FXM_KEEP_NATIVE
    TextureExists textureExists;      ///< may be empty: every texture is then a guess
};

/** Fills `scene` (which must be empty). Throws ImportError when a joint matrix cannot be
 *  inverted or the joint parents form a cycle. */
void ConvertFxm(const FxmFile &file, const FxmConvertOptions &options, aiScene *scene,
                Warnings &warnings);

} // namespace agf::idolfx
