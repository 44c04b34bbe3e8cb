/** @file MorphCopyBudget.h
 *  Morph targets are whole vertex copies in an aiScene (aiAnimMesh), so a target that costs a
 *  file a few bytes (a sparse delta list, a frame of few points) can cost the import a copy of
 *  every vertex it reaches. An import keeps those copies, all meshes and LODs together, within
 *  kMorphCopyBytesPerInputByte of its file's size plus kMorphCopySlackBytes, and leaves out the
 *  targets beyond that with a LimitReached warning: the documented allocation bound
 *  (ImportLimits.h) then holds whatever the targets claim.
 */
#pragma once

#include <algorithm>
#include <cstddef>

namespace agf {

constexpr size_t kMorphCopyBytesPerInputByte = 16;
constexpr size_t kMorphCopySlackBytes = size_t(1) << 20;

/** What is left of one import's budget for morph target copies. */
class MorphCopyBudget {
public:
    explicit MorphCopyBudget(size_t inputBytes)
        : mBytesLeft(inputBytes * kMorphCopyBytesPerInputByte + kMorphCopySlackBytes) {}

    size_t bytesLeft() const { return mBytesLeft; }

    /** How many of `wanted` targets of `bytesEach` bytes fit in what is left (targets of no
     *  bytes always do), whose bytes are then taken from it. */
    size_t take(size_t wanted, size_t bytesEach) {
        if (bytesEach == 0) {
            return wanted;
        }
        const size_t kept = std::min(wanted, mBytesLeft / bytesEach);
        mBytesLeft -= kept * bytesEach;
        return kept;
    }

private:
    size_t mBytesLeft;
};

} // namespace agf
