/** @file HugePages.cpp */
#include "HugePages.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace agf {

namespace {

/** Ranges below this are not given back: the system call would cost more than it returns. */
constexpr size_t kReleaseMinimum = size_t(1) << 20;

#if defined(__linux__)
// madvise works on whole pages: only the pages of `pageSize` lying wholly inside the buffer are
// advised, so no neighbouring allocation is changed. False when there is none or the kernel
// refuses.
bool AdviseWholePagesInside(void *data, size_t size, uintptr_t pageSize, int advice) {
    const uintptr_t begin = reinterpret_cast<uintptr_t>(data);
    const uintptr_t first = (begin + pageSize - 1) / pageSize * pageSize;
    const uintptr_t end = (begin + size) / pageSize * pageSize;
    return end > first && madvise(reinterpret_cast<void *>(first), end - first, advice) == 0;
}
#endif

} // namespace

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
    return AdviseWholePagesInside(data, size, uintptr_t(2) << 20, MADV_HUGEPAGE);
#else
    (void)data;
    (void)size;
    return false;
#endif
}

void ReleasePages(void *data, size_t size) {
#if defined(__linux__)
    if (data != nullptr && size >= kReleaseMinimum) {
        // Advice only: when the kernel refuses, the memory simply stays in use.
        AdviseWholePagesInside(data, size, static_cast<uintptr_t>(sysconf(_SC_PAGESIZE)),
                               MADV_DONTNEED);
    }
#else
    (void)data;
    (void)size;
#endif
}

} // namespace agf
