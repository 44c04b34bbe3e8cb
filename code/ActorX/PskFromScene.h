/** @file PskFromScene.h
 *  An aiScene to PskFile, the parser's structs in the file's own terms (the writer's side of
 *  PskConverter): every mesh of the scene, placed by its node, in one PSK.
 *
 *  - Space and skeleton: ActorXExportSkeleton.h. Points are mesh vertices in file space,
 *    welded where position, normal, skin weights and morph deltas agree (one point, one of
 *    each, as VTXNORMS, RAWWEIGHTS and MRPHDATA need); wedges are points with a UV, extra UVs,
 *    colour and material.
 *  - Faces: counter-clockwise triangles stored in the writers' reversed order; polygons split
 *    into fans (the exporter has Assimp triangulate first), points and lines left out.
 *  - Skin: at most 8 weights per point (the strongest, renormalised), weights summing to 1.
 *    A mesh without bones in a skinned scene moves rigidly with the bone of its node or of its
 *    nearest ancestor (else the root bone); a scene without bones is a static mesh with one
 *    root bone and no weights.
 *  - Morphs: one MRPHINFO entry per distinct aiAnimMesh name; deltas in raw UE space.
 *  - Sockets: nodes with metadata PSK.Socket = true.
 */
#pragma once

#include "ActorXExportSkeleton.h"
#include "Common/ExportOutput.h"
#include "PskFileData.h"

#include <assimp/scene.h>

namespace agf::psk {

/** At most this many weights per point (Unreal's limit for skeletal meshes in UE4). */
constexpr size_t kMaxWeightsPerPoint = 8;

/** Builds the PSK contents of `scene`. Throws ExportError when the scene cannot be written
 *  (no mesh, a non-finite position, more than 256 materials...); what can be repaired goes to
 *  `warnings`. */
PskFile PskFromScene(const aiScene &scene, const actorx::ActorXExportOptions &options,
                     ExportWarnings &warnings);

} // namespace agf::psk
