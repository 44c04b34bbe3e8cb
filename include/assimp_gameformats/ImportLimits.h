/** @file ImportLimits.h
 *  The bounds an import of hostile input is held to (DEVELOPERS.md, "Hostile input"): a file of
 *  `n` bytes allocates at most kImportAllocationBytesPerInputByte * n +
 *  kImportAllocationConstantBytes at once, input copy and scene included, and takes at most
 *  kImportSecondsLimit seconds (a hang detector, for the small files the tests damage). The
 *  tests check them; `assimp batch` bounds each conversion by them.
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
