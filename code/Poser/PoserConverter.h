/** @file PoserConverter.h
 *  PoserFile structs to an aiScene: the figure's skeleton (CR2) or a flat one (pose alone), the
 *  pose as one aiAnimation of absolute local keys, the figure's geometry bound rigidly to its
 *  bones, and the metadata listed in GameFormats.h, "Poser".
 */
#pragma once

#include "Common/Warnings.h"
#include "PoserFileData.h"

#include <string>

struct aiScene;

namespace agf::poser {

struct PoserConvertOptions {
    std::string fileName;       ///< the imported file (names the animation and messages)
    std::string formatName;     ///< SourceAsset_Format, e.g. "Poser pose (PZ2)"
    std::string figureFileName; ///< the CR2 the skeleton came from; "" for none
    std::string geometryFile;   ///< the OBJ that was loaded; "" for none
    double pnuInMetres = 0;     ///< AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES
    double framesPerSecond = 0; ///< AI_CONFIG_IMPORT_PZ2_FPS
};

/** Builds the scene. `pose` may be null (a figure on its own), `figure` may be null (a pose on
 *  its own: flat, approximate skeleton); not both. `geometry` (may be null) is the imported OBJ;
 *  its meshes and materials are moved out of it. Throws ImportError for a parent cycle in the
 *  figure, a figure without actors or a pose without actors. */
void ConvertPoserScene(const PoserFile *pose, const PoserFile *figure, aiScene *geometry,
                       const PoserConvertOptions &options, aiScene *scene, Warnings &warnings);

} // namespace agf::poser
