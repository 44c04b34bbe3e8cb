/** @file AllocationCounter.cpp
 *  Replaces the global operator new and delete of the test program with versions that count
 *  live bytes and their peak (AllocationCounter.h). Each block carries a 16-byte header holding
 *  its size, which keeps the default alignment of new.
 */
#include "AllocationCounter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

constexpr size_t kHeaderBytes = 16;
static_assert(kHeaderBytes >= sizeof(size_t) && kHeaderBytes % alignof(std::max_align_t) == 0,
              "the header must keep new's alignment");

std::atomic<size_t> gLiveBytes{0};
std::atomic<size_t> gPeakBytes{0};
std::atomic<uint64_t> gAllocationCount{0};

void *CountedAllocate(size_t size) noexcept {
    void *block = std::malloc(size + kHeaderBytes);
    if (block == nullptr) {
        return nullptr;
    }
    *static_cast<size_t *>(block) = size;
    const size_t live = gLiveBytes.fetch_add(size, std::memory_order_relaxed) + size;
    size_t peak = gPeakBytes.load(std::memory_order_relaxed);
    while (live > peak &&
           !gPeakBytes.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
    }
    gAllocationCount.fetch_add(1, std::memory_order_relaxed);
    return static_cast<char *>(block) + kHeaderBytes;
}

void CountedFree(void *pointer) noexcept {
    if (pointer == nullptr) {
        return;
    }
    void *block = static_cast<char *>(pointer) - kHeaderBytes;
    gLiveBytes.fetch_sub(*static_cast<size_t *>(block), std::memory_order_relaxed);
    std::free(block);
}

void *CountedAllocateOrThrow(size_t size) {
    void *pointer = CountedAllocate(size);
    if (pointer == nullptr) {
        throw std::bad_alloc();
    }
    return pointer;
}

} // namespace

void *operator new(size_t size) {
    return CountedAllocateOrThrow(size);
}
void *operator new[](size_t size) {
    return CountedAllocateOrThrow(size);
}
void *operator new(size_t size, const std::nothrow_t &) noexcept {
    return CountedAllocate(size);
}
void *operator new[](size_t size, const std::nothrow_t &) noexcept {
    return CountedAllocate(size);
}
void operator delete(void *pointer) noexcept {
    CountedFree(pointer);
}
void operator delete[](void *pointer) noexcept {
    CountedFree(pointer);
}
void operator delete(void *pointer, size_t) noexcept {
    CountedFree(pointer);
}
void operator delete[](void *pointer, size_t) noexcept {
    CountedFree(pointer);
}
void operator delete(void *pointer, const std::nothrow_t &) noexcept {
    CountedFree(pointer);
}
void operator delete[](void *pointer, const std::nothrow_t &) noexcept {
    CountedFree(pointer);
}

namespace agf::test {

size_t LiveAllocatedBytes() {
    return gLiveBytes.load(std::memory_order_relaxed);
}

AllocationPeak::AllocationPeak()
    : mStartBytes(gLiveBytes.load(std::memory_order_relaxed)),
      mStartCount(gAllocationCount.load(std::memory_order_relaxed)) {
    gPeakBytes.store(mStartBytes, std::memory_order_relaxed);
}

size_t AllocationPeak::peakBytes() const {
    const size_t peak = gPeakBytes.load(std::memory_order_relaxed);
    return peak > mStartBytes ? peak - mStartBytes : 0;
}

uint64_t AllocationPeak::allocationCount() const {
    return gAllocationCount.load(std::memory_order_relaxed) - mStartCount;
}

} // namespace agf::test
