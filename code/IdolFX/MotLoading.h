/** @file MotLoading.h
 *  MOT as an entry of the animation-loader table (code/AnimationLoaders.cpp): what lets `--anim
 *  x.mot` and the FXM's sibling auto-load put MOT motions onto a skeleton.
 */
#pragma once

#include "Common/AnimationSet.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::idolfx {

/** The table's signature probe (LooksLikeMot). */
bool IsMot(const uint8_t *data, size_t size);

/** The table's loader: one animation named after the file, keys in the target's space (the
 *  context's targetRightHanded: an FXM kept in Direct3D's space gets native keys), at
 *  AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND of the context's Importer. */
AnimationSet LoadMotAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                 const AnimationLoadContext &context);

} // namespace agf::idolfx
