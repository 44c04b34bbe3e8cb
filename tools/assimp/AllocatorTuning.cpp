/** @file AllocatorTuning.cpp */
#include "AllocatorTuning.h"

#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace agf::cli {

size_t ChosenMmapThreshold(const char *glibcTunables, const char *mmapThresholdVariable) {
    if (mmapThresholdVariable != nullptr) {
        return 0;
    }
    if (glibcTunables != nullptr &&
        std::strstr(glibcTunables, "malloc.mmap_threshold") != nullptr) {
        return 0;
    }
    return kConversionMmapThreshold;
}

void TuneAllocatorForConversions() {
#if defined(__GLIBC__)
    const size_t threshold =
        ChosenMmapThreshold(std::getenv("GLIBC_TUNABLES"), std::getenv("MALLOC_MMAP_THRESHOLD_"));
    if (threshold != 0) {
        mallopt(M_MMAP_THRESHOLD, static_cast<int>(threshold));
    }
#endif
}

} // namespace agf::cli
