/** @file PsaLoading.h
 *  A PSA or PSAX file, with its .config sidecar, to an AnimationSet: the entries of the
 *  animation-loader table (code/AnimationLoaders.cpp), also used by the stand-alone PSA
 *  importer.
 */
#pragma once

#include "Common/AnimationSet.h"
#include "PsaFileData.h"
#include "PsaParser.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::actorx {

/** Parses and converts a PSA. Reads "<path without extension>.config" through the context's
 *  IOSystem when AI_CONFIG_IMPORT_PSA_USE_CONFIG is on (the default) and the file exists. */
AnimationSet LoadPsaAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                 const AnimationLoadContext &context);

/** Parses and converts a PSAX (AI_CONFIG_IMPORT_PSAX_OLD_ROOT applies). */
AnimationSet LoadPsaxAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                  const AnimationLoadContext &context);

/** As the two loaders above, choosing by signature (PSA or PSAX), and also handing out the
 *  BONENAMES records for a stand-alone import's skeleton. */
AnimationSet LoadPsaOrPsax(const uint8_t *data, size_t size, const std::string &path,
                           const AnimationLoadContext &context, std::vector<PsaBone> &bones);

/** The sidecar's path for an animation file: the same path with the extension ".config". */
std::string PsaConfigPath(const std::string &animationPath);

} // namespace agf::actorx
