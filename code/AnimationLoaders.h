/** @file AnimationLoaders.h
 *  The table of animation formats that mesh importers load onto their skeletons (PSA, PSAX,
 *  MOT, UEANIM, UEPOSE). It lives beside the registry, which hands it to the importers it
 *  creates, so that the format folders need not know of each other.
 */
#pragma once

#include "Common/AnimationSet.h"

namespace agf {

/** The loaders, in probing order. */
const AnimationLoaderTable &AnimationFileLoaders();

} // namespace agf
