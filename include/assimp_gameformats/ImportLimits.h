/** @file ImportLimits.h
 *  The bounds an import of hostile input is held to (DEVELOPERS.md, "Hostile input"): a file of
 *  `n` bytes allocates at most kImportAllocationBytesPerInputByte * n +
 *  kImportAllocationConstantBytes at once, input copy and scene included (the tests check it),
 *  and is not expected to take more than kImportSecondsLimit seconds for a small file.
 *  `assimp batch` bounds each conversion by both (its deadline adds 1 s per MB of input).
 */
#pragma once

#include <cstddef>

namespace agf {

constexpr size_t kImportAllocationBytesPerInputByte = 32;
constexpr size_t kImportAllocationConstantBytes = size_t{2} << 20;
constexpr double kImportSecondsLimit = 10.0;

/** kImportAllocationBytesPerInputByte * inputBytes + kImportAllocationConstantBytes. */
constexpr size_t ImportAllocationBound(size_t inputBytes) {
    return kImportAllocationBytesPerInputByte * inputBytes + kImportAllocationConstantBytes;
}

} // namespace agf
