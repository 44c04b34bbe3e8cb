/** @file UeModelConverter.h
 *  A parsed .uemodel to an aiScene.
 *
 *  Scene layout (MetadataKeys.h, "UEFormat"):
 *    root node "<file base name>"  -- only the Y-up rotation and the scale option
 *      one node per imported LOD   -- named after the LOD ("LOD0"...), its meshes (one per
 *                                     material), identity transform
 *      bone 0                      -- the skeleton, nodes named exactly as the bones
 *        bone 1 ...
 *          socket nodes            -- UEFormat.Socket
 *          virtual bone nodes      -- children of their source bone, at the target's bind
 *                                     transform; UEFormat.VirtualBone
 *  Skinned meshes list every bone; offset matrices are inverse bind transforms relative to the
 *  root, which is also each LOD node's space. Convex hulls go to scene metadata.
 */
#pragma once

#include "UeFormatFileData.h"

#include <cstddef>
#include <string>

struct aiScene;

namespace agf {
class Warnings;
}

namespace agf::ueformat {

struct UeModelConvertOptions {
    float scale = 1.0f;  ///< uniform scale on the root node
    bool yUp = true;     ///< rotate the root node from Z-up to Y-up
    bool allLods = true; ///< every LOD; false: the first only
    /** The file's size: morph targets are full vertex copies in an aiScene, so a few bytes of
     *  delta can cost a whole LOD; their copies, all LODs together, are kept within the file's
     *  MorphCopyBudget (Common/MorphCopyBudget.h), the rest left out with a warning. */
    size_t inputBytes = 0;
};

/** Fills `scene` from `model` (consumed: LOD arrays are released as their meshes are made).
 *  `fileName` names the root node and appears in messages. Recoverable damage (indices or
 *  weights out of range, arrays whose length disagrees with the vertices) goes to `warnings`;
 *  a bone cycle throws ImportError. */
void ConvertUeModel(Model &&model, const Header &header, const std::string &fileName,
                    const UeModelConvertOptions &options, aiScene *scene, Warnings &warnings);

} // namespace agf::ueformat
