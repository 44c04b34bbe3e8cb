/** @file PsaConverter.h
 *  PSA / PSAX structs to format-neutral animations (AnimationBinding.h) in Assimp's
 *  conventions. ActorX key data is already right-handed Z-up (the writers mirrored Y), so
 *  positions and scales are used as stored; rotations follow the rule of specs 3.2: bone 0 as
 *  stored, every other bone conjugated.
 */
#pragma once

#include "AnimationBinding.h"
#include "PsaConfig.h"
#include "PsaFileData.h"

#include <string>

namespace agf::actorx {

/** Frame rate used when a sequence's rate is missing, zero or negative. */
constexpr double kPsaFallbackFrameRate = 30.0;

/** One aiAnimation-to-be per ANIMINFO record: ticks per second = AnimRate, key f at tick f,
 *  duration = NumRawFrames ticks (NumRawFrames / AnimRate seconds). `config` may be null;
 *  its [RemoveTracks] entries leave those tracks unanimated and its other sections go to
 *  scene metadata (AGF_META_PSA_CONFIG). Warnings go to Assimp's log. */
AnimationSet ConvertPsa(const PsaFile &file, const PsaConfig *config, const std::string &fileName);

/** One aiAnimation-to-be per SEQUENCES record: ticks per second = FPS, key times are the
 *  stored frame numbers, duration = last key time + 1 frame (as a PSA's NumRawFrames).
 *  `oldRoot` treats a file without SCLTRACK chunks as the first writer's (root conjugated
 *  too). The additive flag goes to AGF_META_PSAX_ADDITIVE. */
AnimationSet ConvertPsax(const PsaxFile &file, bool oldRoot, const std::string &fileName);

} // namespace agf::actorx
