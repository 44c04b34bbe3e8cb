/** @file AnbConverter.h
 *  AnbFile to aiScene: one aiMesh per submesh, split on (position, UV) index pairs, every
 *  morph frame an aiAnimMesh, and one animation that plays the frames in order.
 */
#pragma once

#include "Common/Warnings.h"

#include "IdolFxFileData.h"
#include "IdolFxSceneInfo.h"

#include <string>

struct aiScene;

namespace agf::idolfx {

struct AnbConvertOptions {
    std::string fileName;
    bool convertToRightHanded = true;
    double framesPerSecond = 0.0; ///< AI_CONFIG_IMPORT_ANB_FPS
    TextureExists textureExists;  ///< may be empty
};

void ConvertAnb(const AnbFile &file, const AnbConvertOptions &options, aiScene *scene,
                Warnings &warnings);

} // namespace agf::idolfx
