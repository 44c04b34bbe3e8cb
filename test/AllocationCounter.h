/** @file AllocationCounter.h
 *  Counts the bytes allocated through the global operator new of the test program (ours,
 *  Assimp's and the standard library's), so that tests can bound an import's peak memory.
 *  Memory from malloc directly (stb_image, zlib) is not seen.
 *
 *  The counting operator new/delete live in AllocationCounter.cpp and replace the global ones
 *  for the whole agf_tests program; the cost is one header and two relaxed atomic updates per
 *  allocation.
 */
#pragma once

#include <assimp_gameformats/ImportLimits.h>

#include <cstddef>
#include <cstdint>

namespace agf::test {

/** Bytes currently allocated through operator new. */
size_t LiveAllocatedBytes();

/** Measures the peak of the bytes allocated while it lives, above what was allocated when it
 *  was created. Not nestable; the tests are single-threaded. */
class AllocationPeak {
public:
    AllocationPeak();
    AllocationPeak(const AllocationPeak &) = delete;
    AllocationPeak &operator=(const AllocationPeak &) = delete;

    /** The highest number of bytes allocated at once since construction, above the start. */
    size_t peakBytes() const;
    /** How many allocations were made since construction. */
    uint64_t allocationCount() const;

private:
    size_t mStartBytes;
    uint64_t mStartCount;
};

/** The documented allocation bound (DEVELOPERS.md, "Hostile input"): while importing a file of
 *  `inputBytes` bytes, at most kAllocationBytesPerInputByte * inputBytes +
 *  kAllocationConstantBytes bytes may be allocated at once (input copy and scene included). */
constexpr size_t kAllocationBytesPerInputByte = kImportAllocationBytesPerInputByte;
constexpr size_t kAllocationConstantBytes = kImportAllocationConstantBytes;

inline size_t AllocationBound(size_t inputBytes) {
    return ImportAllocationBound(inputBytes);
}

} // namespace agf::test
