/** @file UeAnimConverter.h
 *  Parsed .ueanim and .uepose files to format-neutral animations (Common/AnimationSet.h) in
 *  Assimp's conventions, for loading onto a skeleton and for the stand-alone import.
 */
#pragma once

#include "Common/AnimationSet.h"
#include "UeFormatFileData.h"

#include <string>

namespace agf {
class Warnings;
}

namespace agf::ueformat {

/** Frame rate used when a file's rate is missing, zero, negative or not finite. */
constexpr double kFallbackFrameRate = 30.0;

/** One animation named after the header's object name (else the file's base name): a key at
 *  frame f has tick f, ticks per second = the file's rate, duration = NumFrames - 1 ticks (at
 *  least the last key). Keys at negative frames are dropped, keys are put in time order. The
 *  additive type and base go to AnimationSource::additive and metadata, curves to curves and
 *  metadata (AGF_META_UEFORMAT_ANIMATIONS). */
AnimationSet ConvertUeAnim(Anim &&anim, const Header &header, const std::string &fileName,
                           Warnings &warnings);

/** One additive (local space) animation per pose, named after it: one key per bone at tick 0,
 *  one tick per second, duration 0; its curve influences are one-key curves. `choice` picks the
 *  poses (AI_CONFIG_IMPORT_UEFORMAT_POSE: "" all, else a name or an index); a choice that picks
 *  none throws ImportError. */
AnimationSet ConvertUePose(PoseFile &&poses, const Header &header, const std::string &fileName,
                           const std::string &choice, Warnings &warnings);

} // namespace agf::ueformat
