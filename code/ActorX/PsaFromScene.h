/** @file PsaFromScene.h
 *  The animations of an aiScene as a PSA or PSAX (the writer's side of PsaConverter), on the
 *  skeleton the PSK writer writes for the same scene (ActorXExportSkeleton.h).
 *
 *  One sequence per aiAnimation that moves a bone: its name (unique, at most 63 bytes), a frame
 *  rate (AI_CONFIG_EXPORT_PSA_FPS, else the ticks per second when every key lies on a whole
 *  tick, else the spacing of the keys, else 30) and NumRawFrames = the frames up to the last
 *  key, or the animation's duration when that is longer (our importer's mDuration).
 *  PSA: every bone on every frame, sampled as Assimp's players do (AnimationSampling.h); the
 *  bones an animation does not move (or whose position or rotation it does not key) keep
 *  their rest values and get a [RemoveTracks] entry for the .config. PSAX: the keys as they
 *  are, times in frames.
 */
#pragma once

#include "ActorXExportSkeleton.h"
#include "PsaWriter.h"

#include <assimp/scene.h>

namespace agf::actorx {

/** At most this many ANIMKEYS records in one file (32 bytes each). */
constexpr uint64_t kMaxPsaKeys = 50'000'000;

DensePsa DensePsaFromScene(const aiScene &scene, const ActorXExportOptions &options,
                           ExportWarnings &warnings);

PsaxFile SparsePsaFromScene(const aiScene &scene, const ActorXExportOptions &options,
                            ExportWarnings &warnings);

} // namespace agf::actorx
