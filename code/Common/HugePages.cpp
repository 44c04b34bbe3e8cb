/** @file HugePages.cpp */
#include "HugePages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace agf {

namespace {

/** Ranges below this are not given back: the system call would cost more than it returns. */
constexpr size_t kReleaseMinimum = size_t(1) << 20;

} // namespace

bool ReleasesPages() {
#if defined(__linux__)
    return true;
#else
    return false;
#endif
}

void ReleasePages(void *data, size_t size) {
#if defined(__linux__)
    if (data == nullptr || size < kReleaseMinimum) {
        return;
    }
    // Only the pages lying wholly inside the buffer are advised, so no neighbouring
    // allocation changes. Advice only: when the kernel refuses, the memory stays in use.
    const uintptr_t pageSize = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const uintptr_t begin = reinterpret_cast<uintptr_t>(data);
    const uintptr_t first = (begin + pageSize - 1) / pageSize * pageSize;
    const uintptr_t end = (begin + size) / pageSize * pageSize;
    if (end > first) {
        madvise(reinterpret_cast<void *>(first), end - first, MADV_DONTNEED);
    }
#else
    (void)data;
    (void)size;
#endif
}

} // namespace agf
