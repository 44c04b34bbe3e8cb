/** @file AllocatorTuning.cpp */
#include "AllocatorTuning.h"

#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace agf::cli {
namespace {

/** Whether the user set a glibc malloc parameter: `tunable` (its name in GLIBC_TUNABLES, after
 *  "glibc.") or its older variable. */
bool UserChose(const char *glibcTunables, const char *tunable, const char *variable) {
    return variable != nullptr ||
           (glibcTunables != nullptr && std::strstr(glibcTunables, tunable) != nullptr);
}

} // namespace

size_t ChosenMmapThreshold(const char *glibcTunables, const char *mmapThresholdVariable) {
    return UserChose(glibcTunables, "malloc.mmap_threshold", mmapThresholdVariable)
               ? 0
               : kConversionMmapThreshold;
}

size_t ChosenTopPad(const char *glibcTunables, const char *topPadVariable) {
    return UserChose(glibcTunables, "malloc.top_pad", topPadVariable) ? 0 : kConversionTopPad;
}

void TuneAllocatorForConversions() {
#if defined(__GLIBC__)
    const char *tunables = std::getenv("GLIBC_TUNABLES");
    const size_t threshold = ChosenMmapThreshold(tunables, std::getenv("MALLOC_MMAP_THRESHOLD_"));
    if (threshold != 0) {
        mallopt(M_MMAP_THRESHOLD, static_cast<int>(threshold));
    }
    const size_t topPad = ChosenTopPad(tunables, std::getenv("MALLOC_TOP_PAD_"));
    if (topPad != 0) {
        mallopt(M_TOP_PAD, static_cast<int>(topPad));
    }
#endif
}

void PrepareAllocatorForAddressSpaceBound() {
#if defined(__GLIBC__)
    if (ChosenTopPad(std::getenv("GLIBC_TUNABLES"), std::getenv("MALLOC_TOP_PAD_")) != 0) {
        mallopt(M_TOP_PAD, static_cast<int>(kGlibcTopPad));
    }
    malloc_trim(0);
#endif
}

} // namespace agf::cli
