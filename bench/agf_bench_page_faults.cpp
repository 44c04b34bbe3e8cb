/** @file agf_bench_page_faults.cpp
 *  What a page fault costs on this machine, and whether two threads fault faster than one
 *  (issue 18). Imports write most of their output and tables into fresh memory, and each first
 *  write to a 4 KiB page is a fault that the kernel serves by finding, charging and zeroing a
 *  page; on a virtual machine the host may have to supply the page too. The import table's
 *  gains from a second thread are bounded by how well those faults run side by side.
 *
 *    agf_bench_page_faults [runs]
 *
 *  Each run maps 32 MiB of anonymous memory per thread (huge pages refused, so that every
 *  4 KiB page faults), then, timed, every thread writes one byte per page of its own mapping
 *  at once; the mappings are unmapped untimed. Prints the medians over the runs for one thread
 *  and for two: microseconds per fault, and faults per millisecond of wall time for all
 *  threads together.
 */
#include "Median.h"

#include "Common/HelperThread.h"

#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr size_t kBytesPerThread = size_t(32) << 20;
constexpr size_t kPage = 4096;

/** Wall seconds for `threads` threads to write one byte into every page of their own fresh
 *  mapping; negative when memory cannot be mapped. */
double TimedFirstTouch(unsigned threads) {
    std::vector<char *> regions;
    for (unsigned t = 0; t < threads; ++t) {
        void *region = mmap(nullptr, kBytesPerThread, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (region == MAP_FAILED) {
            for (char *mapped : regions) {
                munmap(mapped, kBytesPerThread);
            }
            return -1;
        }
        madvise(region, kBytesPerThread, MADV_NOHUGEPAGE);
        regions.push_back(static_cast<char *>(region));
    }
    const auto touch = [](char *region) {
        for (size_t offset = 0; offset < kBytesPerThread; offset += kPage) {
            region[offset] = 1;
        }
    };
    const auto start = std::chrono::steady_clock::now();
    // Started as an import starts its helpers: a std::thread may wait milliseconds beside
    // its creator on this machine before it runs (agf_bench_thread_start).
    std::vector<agf::HelperThread> helpers;
    for (unsigned t = 1; t < threads; ++t) {
        char *region = regions[t];
        helpers.emplace_back([&touch, region] { touch(region); });
    }
    touch(regions[0]);
    for (agf::HelperThread &helper : helpers) {
        helper.join();
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (char *region : regions) {
        munmap(region, kBytesPerThread);
    }
    return seconds;
}

} // namespace

int main(int argc, char **argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
    const double faultsPerThread = double(kBytesPerThread / kPage);
    std::printf(
        "| threads | faults per thread | wall us per fault of one thread | faults per ms, all "
        "threads |\n");
    std::printf("|---|---|---|---|\n");
    for (unsigned threads : {1u, 2u}) {
        std::vector<double> seconds;
        for (int r = 0; r < runs; ++r) {
            const double taken = TimedFirstTouch(threads);
            if (taken < 0) {
                std::fprintf(stderr, "could not map %u x 32 MiB\n", threads);
                return 1;
            }
            seconds.push_back(taken);
        }
        const double median = agf::bench::Median(seconds);
        std::printf("| %u | %.0f | %.2f | %.0f |\n", threads, faultsPerThread,
                    median * 1e6 / faultsPerThread, faultsPerThread * threads / (median * 1e3));
    }
    return 0;
}
