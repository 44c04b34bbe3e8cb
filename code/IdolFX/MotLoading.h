/** @file MotLoading.h
 *  MOT as an entry of the animation-binding table (AnimationBinding.h): what lets `--anim
 *  x.mot` and the FXM's sibling auto-load put MOT motions onto a skeleton.
 */
#pragma once

#include "AnimationBinding.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::idolfx {

/** The table's signature probe (LooksLikeMot). */
bool IsMot(const uint8_t *data, size_t size);

/** The table's loader: one animation named after the file, keys converted to right-handed
 *  (the FXM default), 1000 ticks per second. The table cannot see the importer's
 *  AI_CONFIG_IMPORT_FXM_KEEP_NATIVE or AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND; the FXM
 *  importer loads MOT files itself when either is set. */
AnimationSet LoadMotAnimationSet(const std::vector<uint8_t> &data, const std::string &path,
                                 Assimp::IOSystem *io, const AnimationLoadOptions &options);

} // namespace agf::idolfx
