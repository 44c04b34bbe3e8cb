/** @file PsaConverter.h
 *  PSA / PSAX structs to format-neutral animations (Common/AnimationSet.h) in Assimp's
 *  conventions. ActorX key data is already right-handed Z-up (the writers mirrored Y), so
 *  positions and scales are used as stored; rotations follow the rule of specs 3.2: bone 0 as
 *  stored, every other bone conjugated.
 */
#pragma once

#include "Common/AnimationSet.h"
#include "Common/Warnings.h"
#include "PsaConfig.h"
#include "PsaFileData.h"

#include <string>
#include <vector>

struct aiScene;

namespace agf::actorx {

/** Frame rate used when a sequence's rate is missing, zero or negative. */
constexpr double kPsaFallbackFrameRate = 30.0;

/** One aiAnimation-to-be per ANIMINFO record: ticks per second = AnimRate, key f at tick f,
 *  duration = NumRawFrames ticks (NumRawFrames / AnimRate seconds). `config` may be null;
 *  its [RemoveTracks] entries leave those tracks unanimated and its other sections go to
 *  scene metadata (AGF_META_PSA_CONFIG). The bones are split over up to `threads` threads
 *  (Parallel.h), each converting at least kPsaMinimumKeysPerThread keys (PsaParser.h); the
 *  result is the same for any count. */
AnimationSet ConvertPsa(const PsaFile &file, const PsaConfig *config, const std::string &fileName,
                        Warnings &warnings, unsigned threads);

/** One aiAnimation-to-be per SEQUENCES record: ticks per second = FPS, key times are the
 *  stored frame numbers, duration = last key time + 1 frame (as a PSA's NumRawFrames).
 *  `oldRoot` treats a file without SCLTRACK chunks as the first writer's (root conjugated
 *  too). The additive flag goes to AGF_META_PSA_ANIMATIONS[<animation>].Additive. The tracks
 *  are split over up to `threads` threads as in ConvertPsa. */
AnimationSet ConvertPsax(const PsaxFile &file, bool oldRoot, const std::string &fileName,
                         Warnings &warnings, unsigned threads);

/** The scene of a PSA or PSAX imported on its own. */
struct PsaSceneOptions {
    bool sparse = false; ///< a PSAX (for the format name and error messages)
    bool yUp = true;     ///< AI_CONFIG_IMPORT_PSA_YUP
    float scale = 1.0f;  ///< AI_CONFIG_IMPORT_PSA_SCALE
    bool skeletonMesh =
        false; ///< build Assimp's skeleton mesh (AI_CONFIG_IMPORT_NO_SKELETON_MESHES)
};

/** Builds the skeleton-only scene: a node per BONENAMES record under a root named after the
 *  file (a hierarchy when the parents are real, else flat), each resting at its first key, and
 *  every animation of `set` bound to it. Throws ImportError when no sequence has keys. */
void ConvertPsaScene(AnimationSet set, const std::vector<PsaBone> &bones,
                     const PsaSceneOptions &options, const std::string &fileName, aiScene *scene,
                     Warnings &warnings);

} // namespace agf::actorx
