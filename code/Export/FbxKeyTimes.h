/** @file FbxKeyTimes.h
 *  Keeps sub-second key times through Assimp 5.4's FBX writer.
 *
 *  5.4's writer converts a key time as `int64(mTime / mTicksPerSecond) * KTime per second`: every
 *  key falls to the whole second below it, so the keys of a short animation all land on 0 and
 *  readers keep one of them. (5.2 writes mTime as seconds; 6.0 converts exactly.) Whole
 *  seconds do pass unharmed, so on the prepared copy each node-channel key time is replaced by
 *  its number in the sorted list of the scene's distinct key times, and after writing, every
 *  KeyTime array maps those numbers back to the exact times.
 *
 *  The morph-weight curves are not touched: the writer does not write them, and our own
 *  (FbxMorphAnimation.h) take their times from the seconds that the copy still holds.
 */
#pragma once

#include "Export/FbxBinaryTree.h"

#include <cstddef>
#include <string>
#include <vector>

struct aiScene;

namespace agf {

/** Replaces the time of every position, rotation and scaling key of `scene` (already in
 *  seconds at 1 tick per second, AnimationRetiming.h) by its index in the sorted list of
 *  distinct key times that is returned, and makes each animation's duration cover the last
 *  index. */
std::vector<double> NumberNodeKeyTimes(aiScene &scene);

namespace fbx {

/** What RestoreKeyTimes changed and what it could not map. */
struct KeyTimeReport {
    size_t curves = 0;     ///< KeyTime arrays rewritten
    size_t unmapped = 0;   ///< values that are not a whole number of seconds below the list size
    size_t compressed = 0; ///< arrays left alone because the writer compressed them
};

/** Maps every value `n` seconds in the KeyTime array of each AnimationCurve under Objects back
 *  to `seconds[n]`. */
KeyTimeReport RestoreKeyTimes(FbxBinaryFile &file, const std::vector<double> &seconds,
                              const std::string &fileName);

/** The same on an ASCII FBX document (`KeyTime: *N { a: t,t,... }`). */
KeyTimeReport RestoreKeyTimesAscii(std::string &text, const std::vector<double> &seconds);

} // namespace fbx
} // namespace agf
