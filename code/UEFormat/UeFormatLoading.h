/** @file UeFormatLoading.h
 *  A .ueanim or .uepose file to an AnimationSet: the entries of the animation-loader table
 *  (code/AnimationLoaders.cpp), also used by the stand-alone import.
 */
#pragma once

#include "Common/AnimationSet.h"
#include "UeFormatFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::ueformat {

bool IsUeAnim(const uint8_t *data, size_t size);
bool IsUePose(const uint8_t *data, size_t size);

/** Opens, parses and converts a .ueanim (UeAnimConverter.h). `header` receives the file's. */
AnimationSet LoadUeAnimSet(const uint8_t *data, size_t size, const std::string &path,
                           const AnimationLoadContext &context, Header *header = nullptr);

/** Opens, parses and converts a .uepose, the poses that AI_CONFIG_IMPORT_UEFORMAT_POSE picks. */
AnimationSet LoadUePoseSet(const uint8_t *data, size_t size, const std::string &path,
                           const AnimationLoadContext &context, Header *header = nullptr);

/** The loader table's signatures (no header out). */
AnimationSet LoadUeAnimAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                    const AnimationLoadContext &context);
AnimationSet LoadUePoseAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                    const AnimationLoadContext &context);

} // namespace agf::ueformat
