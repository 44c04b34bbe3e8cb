/** @file FbxAxes.cpp */
#include "FbxAxes.h"

#include "Export/MetadataEditing.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/scene.h>

#include <string>

namespace agf {

void DeclareFbxAxes(aiScene &scene) {
    bool turnedToYUp = false; // its presence marks a scene of our importers
    if (scene.mMetaData == nullptr ||
        !scene.mMetaData->Get(AGF_META_ROOT_ROTATED_TO_Y_UP, turnedToYUp)) {
        return;
    }
    int32_t up = 1;
    int32_t upSign = 1;
    scene.mMetaData->Get(AGF_META_UP_AXIS, up);
    scene.mMetaData->Get(AGF_META_UP_AXIS_SIGN, upSign);
    if (up < 0 || up > 2) {
        up = 1;
    }
    upSign = upSign < 0 ? -1 : 1;
    // coord x up = front, each a right-handed system (FBX's axis indices: 0 X, 1 Y, 2 Z).
    struct Axes {
        int32_t front, frontSign, coord, coordSign;
    };
    static const Axes kForUp[3] = {{2, -1, 1, 1}, {2, 1, 0, 1}, {1, -1, 0, 1}};
    const Axes &axes = kForUp[up];
    SetMetadataInt32(scene.mMetaData, "UpAxis", up);
    SetMetadataInt32(scene.mMetaData, "UpAxisSign", upSign);
    SetMetadataInt32(scene.mMetaData, "FrontAxis", axes.front);
    SetMetadataInt32(scene.mMetaData, "FrontAxisSign", axes.frontSign * upSign);
    SetMetadataInt32(scene.mMetaData, "CoordAxis", axes.coord);
    SetMetadataInt32(scene.mMetaData, "CoordAxisSign", axes.coordSign);
    SetMetadataInt32(scene.mMetaData, "OriginalUpAxis", up);
    SetMetadataInt32(scene.mMetaData, "OriginalUpAxisSign", upSign);
}

} // namespace agf
