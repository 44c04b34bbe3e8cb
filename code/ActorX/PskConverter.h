/** @file PskConverter.h
 *  PskFile to aiScene: geometry per material, skeleton, skin, morphs, sockets, metadata.
 *
 *  Scene layout (see GameFormats.h, "ActorX PSK"):
 *    root node "<file base name>"  -- carries only the Y-up rotation and the scale option
 *      mesh node "<base>_Mesh"     -- identity transform, holds every aiMesh
 *      bone 0 (REFSKELT root)      -- the bone hierarchy, nodes named exactly as the bones
 *        bone 1 ...
 *          socket nodes            -- SKELSOCK, metadata PSK.Socket = true
 *      sockets without a bone
 *  Bone offset matrices are the inverse bind transforms relative to the root node, which is
 *  also the mesh node's space.
 */
#pragma once

#include "Common/Warnings.h"
#include "PskFileData.h"

#include <string>
#include <vector>

struct aiScene;

namespace agf::psk {

struct PskConvertOptions {
    float scale = 1.0f;       ///< uniform scale on the root node
    bool yUp = true;          ///< rotate the root node from Z-up to Y-up
    bool colorsBgra = false;  ///< VERTEXCOLOR bytes are B, G, R, A
    bool skipMorphs = false;  ///< no aiAnimMesh
    bool skipSockets = false; ///< no socket nodes
    unsigned threads = 1;     ///< threads the conversion may use (the calling one included)
};

/** Fills `scene` (root node, meshes, materials, metadata) from `file`. `fileName` names the
 *  root node and appears in messages. Recoverable problems go to `warnings`;
 *  a bone cycle throws ImportError. Consumes `file`: its bulk arrays (faces, weights) are
 *  released as soon as the scene no longer needs them, which lowers the peak memory of large
 *  imports. */
void ConvertPsk(PskFile &&file, const std::string &fileName, const PskConvertOptions &options,
                aiScene *scene, Warnings &warnings);

/** The writer a TypeFlag identifies (specs/actorx.md 1.1), or "" when it says nothing. */
std::string WriterFromTypeFlag(int32_t typeFlag);

} // namespace agf::psk
