/** @file AnbConverter.h
 *  AnbFile to aiScene: one aiMesh per submesh, split on (position, UV) index pairs, every
 *  morph frame an aiAnimMesh, and one animation that plays the frames in order.
 */
#pragma once

#include "Common/Warnings.h"

#include "IdolFxFileData.h"
#include "IdolFxSceneInfo.h"

#include <cstddef>
#include <string>

struct aiScene;

namespace agf::idolfx {

struct AnbConvertOptions {
    std::string fileName;
    bool convertToRightHanded = true;
    double framesPerSecond = 0.0; ///< AI_CONFIG_IMPORT_ANB_FPS
    TextureExists textureExists;  ///< may be empty
    /** The file's size: every frame becomes a full copy of its mesh's vertices, and the frames'
     *  copies are kept within a CopyBudget of it, the later frames left out with a warning. */
    size_t inputBytes = 0;
};

void ConvertAnb(const AnbFile &file, const AnbConvertOptions &options, aiScene *scene,
                Warnings &warnings);

} // namespace agf::idolfx
