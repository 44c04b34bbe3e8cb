/** @file CopyBudget.h
 *  A budget for the copies a converter makes of the same input data. An aiScene stores every
 *  morph target as a full copy of its mesh's vertices, so a few bytes per frame or per delta in
 *  a file can cost a whole mesh each; converters take such copies from one budget proportional
 *  to the input's size, which keeps an import within ImportAllocationBound (ImportLimits.h).
 */
#pragma once

#include <algorithm>
#include <cstddef>

namespace agf {

class CopyBudget {
public:
    static constexpr size_t kBytesPerInputByte = 16;
    static constexpr size_t kSlackBytes = size_t(1) << 20;

    explicit CopyBudget(size_t inputBytes)
        : mBytesLeft(inputBytes * kBytesPerInputByte + kSlackBytes) {}

    /** How many of `wanted` copies of `bytesEach` bytes fit in what is left (copies of no bytes
     *  always do); takes them. */
    size_t take(size_t wanted, size_t bytesEach) {
        if (bytesEach == 0) {
            return wanted;
        }
        const size_t kept = std::min(wanted, mBytesLeft / bytesEach);
        mBytesLeft -= kept * bytesEach;
        return kept;
    }

    size_t bytesLeft() const { return mBytesLeft; }

private:
    size_t mBytesLeft;
};

} // namespace agf
