/** @file HugePages.cpp */
#include "HugePages.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace agf {

bool HugePagesRequestedBy(const char *environmentValue) {
    return environmentValue != nullptr && std::strcmp(environmentValue, "1") == 0;
}

bool AdviseHugePages(void *data, size_t size) {
    // Read once: the advice is a policy of the process, like glibc's malloc tunables.
    static const bool requested = HugePagesRequestedBy(std::getenv("AGF_HUGE_PAGES"));
    return requested && MarkHugePages(data, size);
}

bool MarkHugePages(void *data, size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (data == nullptr || size < kHugePageAdviceMinimum) {
        return false;
    }
    // madvise works on whole pages; only the huge pages lying wholly inside the buffer are
    // advised, so no neighbouring allocation is changed.
    constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
    const uintptr_t begin = reinterpret_cast<uintptr_t>(data);
    const uintptr_t firstHuge = (begin + kHugePage - 1) & ~(kHugePage - 1);
    const uintptr_t endHuge = (begin + size) & ~(kHugePage - 1);
    if (endHuge <= firstHuge) {
        return false;
    }
    return madvise(reinterpret_cast<void *>(firstHuge), endHuge - firstHuge, MADV_HUGEPAGE) == 0;
#else
    (void)data;
    (void)size;
    return false;
#endif
}

} // namespace agf
