/** @file RecordArray.cpp */
#include "RecordArray.h"

#include <sys/mman.h>
#include <unistd.h>

namespace agf {

namespace {

constexpr size_t kReleaseMinimum = size_t(1) << 20;

} // namespace

void ReleasePages(void *data, size_t size) {
    if (size < kReleaseMinimum) {
        return;
    }
    const auto pageSize = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto start = reinterpret_cast<uintptr_t>(data);
    const uintptr_t first = (start + pageSize - 1) / pageSize * pageSize;
    const uintptr_t last = (start + size) / pageSize * pageSize;
    if (last > first) {
        // Advice only: when the kernel refuses, the memory simply stays in use.
        madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
    }
}

} // namespace agf
