/** @file FbxTakeLength.h
 *  Writes exact animation lengths into an FBX file written by Assimp 5.2.5.
 *
 *  5.2.5's FBX writer stores an animation's length (AnimationStack LocalStop and ReferenceStop)
 *  as `int(mDuration) / int(mTicksPerSecond)` whole seconds, and the scene's TimeSpanStop as a
 *  fixed 1 second. Readers clip keys to LocalStop (Assimp drops every later key) and report it
 *  as the duration. We give the writer a length rounded up to whole seconds, so no key is cut,
 *  and then put the exact length back with the functions below.
 *
 *  No Assimp types.
 */
#pragma once

#include "Export/FbxBinaryTree.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::fbx {

/** FBX time units (KTime) per second. */
constexpr int64_t kFbxTimePerSecond = 46186158000;

/** Seconds to KTime, rounded to the nearest unit. */
int64_t SecondsToFbxTime(double seconds);

/** What SetTakeLengths found and changed. */
struct TakeLengthResult {
    size_t stacksFound = 0;   ///< AnimationStack records under Objects
    size_t valuesChanged = 0; ///< LocalStop / ReferenceStop / TimeSpanStop values written
};

/** Sets LocalStop and ReferenceStop of the i-th AnimationStack (in file order, which is the
 *  order of aiScene::mAnimations for Assimp's writer) to `stops[i]` (KTime), and
 *  GlobalSettings' TimeSpanStop to the largest of them. Stacks beyond `stops` are untouched. */
TakeLengthResult SetTakeLengths(FbxBinaryFile &file, const std::vector<int64_t> &stops,
                                const std::string &fileName);

/** The same on an ASCII FBX document (`P: "LocalStop", "KTime", "Time", "",<value>` lines). */
TakeLengthResult SetTakeLengthsAscii(std::string &text, const std::vector<int64_t> &stops);

} // namespace agf::fbx
