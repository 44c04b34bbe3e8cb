/** @file AnbConverter.h
 *  AnbFile to aiScene: one aiMesh per submesh, split on (position, UV) index pairs, every
 *  morph frame an aiAnimMesh, and one animation that plays the frames in order.
 */
#pragma once

#include "IdolFxFileData.h"
#include "IdolFxSceneInfo.h"

#include <string>

struct aiScene;

namespace agf::idolfx {

constexpr double kDefaultAnbFramesPerSecond = 24.0;

struct AnbConvertOptions {
    std::string fileName;
    bool convertToRightHanded = true;
    double framesPerSecond = kDefaultAnbFramesPerSecond;
    TextureExists textureExists; ///< may be empty
};

void ConvertAnb(const AnbFile &file, const AnbConvertOptions &options, aiScene *scene);

} // namespace agf::idolfx
