/** @file agf_bench_malloc_lock.cpp
 *  What a small allocation costs before and after a process starts its first thread (issue 18).
 *  Assimp's aiFace wants one new[] per face, so a 200k-vertex ODOL import makes about 400,000
 *  small allocations, and freeing its scene as many frees. glibc's malloc skips its arena lock
 *  while a process has only ever had one thread; once any thread has started, every allocation
 *  and free that its per-thread cache cannot serve takes and releases that lock (two atomic
 *  instructions) for the rest of the process, on every thread.
 *
 *    agf_bench_malloc_lock [runs]
 *
 *  Each run forks two children, which start single-threaded, in turn. Each makes 400,000
 *  allocations of three 32-bit indices (kept, as a scene keeps its faces) and frees them, once
 *  untimed (the heap grows as it has in a process that imported before) and once timed. One of
 *  the two first starts and joins a thread that does nothing; otherwise their heaps go through
 *  the same steps. Prints the medians over the runs, in nanoseconds per allocation and per
 *  free, without and with that thread.
 */
#include "Median.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

constexpr size_t kAllocations = 400000;

/** Nanoseconds per allocation and per free of one round. */
struct Costs {
    double allocate = 0;
    double release = 0;
};

double NanosecondsSince(std::chrono::steady_clock::time_point start, size_t count) {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
               .count() /
           double(count);
}

Costs TimedRound() {
    std::vector<unsigned *> faces(kAllocations);
    Costs costs;
    auto start = std::chrono::steady_clock::now();
    for (unsigned *&face : faces) {
        face = new unsigned[3];
        face[0] = 1; // written, as a converter writes each face's indices
    }
    costs.allocate = NanosecondsSince(start, kAllocations);
    start = std::chrono::steady_clock::now();
    for (unsigned *face : faces) {
        delete[] face;
    }
    costs.release = NanosecondsSince(start, kAllocations);
    return costs;
}

/** The timed round of a fresh process, which first starts and joins a thread when
 *  `threadFirst` is set; false when the child failed. */
bool MeasureInChild(bool threadFirst, Costs &costs) {
    int channel[2];
    if (pipe(channel) != 0) {
        return false;
    }
    const pid_t child = fork();
    if (child == 0) {
        close(channel[0]);
        if (threadFirst) {
            std::thread([] {}).join();
        }
        TimedRound();
        const Costs measured = TimedRound();
        const bool written = write(channel[1], &measured, sizeof measured) == sizeof measured;
        _exit(written ? 0 : 1);
    }
    close(channel[1]);
    const bool read = child > 0 && ::read(channel[0], &costs, sizeof costs) == sizeof costs;
    close(channel[0]);
    int status = 0;
    const bool exited = child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
                        WEXITSTATUS(status) == 0;
    return read && exited;
}

} // namespace

int main(int argc, char **argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
    std::vector<double> allocateBefore, releaseBefore, allocateAfter, releaseAfter;
    for (int r = 0; r < runs; ++r) {
        Costs before, after;
        if (!MeasureInChild(false, before) || !MeasureInChild(true, after)) {
            std::fprintf(stderr, "the measuring child failed\n");
            return 1;
        }
        allocateBefore.push_back(before.allocate);
        releaseBefore.push_back(before.release);
        allocateAfter.push_back(after.allocate);
        releaseAfter.push_back(after.release);
    }
    using agf::bench::Median;
    std::printf("| fresh process | ns per new unsigned[3] | ns per delete[] |\n");
    std::printf("|---|---|---|\n");
    std::printf("| single-threaded throughout | %.1f | %.1f |\n", Median(allocateBefore),
                Median(releaseBefore));
    std::printf("| one thread started and ended first | %.1f | %.1f |\n", Median(allocateAfter),
                Median(releaseAfter));
    return 0;
}
