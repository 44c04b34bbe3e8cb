/** @file agf_bench_thread_start.cpp
 *  How long a new thread takes to run beside its creator on this machine, started as a
 *  std::thread and as an agf::HelperThread, which starts it off its creator's core (issue 18).
 *  An import on two threads gains only from the time both run at once, and the split loops of
 *  the PSK, PSA and ODOL imports start a thread each, up to six times an import.
 *
 *    agf_bench_thread_start [runs]
 *
 *  Each run starts one thread of each kind in turn, as an import meets it: the process has
 *  slept 20 ms (the other cores idle), the creator has worked 2 ms, then it starts the thread,
 *  which works 3 ms, and works 8 ms itself. Work is reading the clock in a loop, so the
 *  creator's longest gap between two readings is the time it was kept off its core. Prints the
 *  medians and the 90th percentiles over the runs: microseconds from the start of the thread's
 *  creation to the first instruction of its body, and the creator's longest gap.
 */
#include "Median.h"

#include "Common/HelperThread.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double Microseconds(Clock::duration span) {
    return std::chrono::duration<double, std::micro>(span).count();
}

void WorkFor(std::chrono::milliseconds span) {
    const Clock::time_point end = Clock::now() + span;
    while (Clock::now() < end) {
    }
}

struct Start {
    double untilRunning = 0; // microseconds
    double creatorsGap = 0;  // microseconds
};

/** One start of a `Thread` (std::thread or agf::HelperThread). */
template <typename Thread> Start MeasureOnce() {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    WorkFor(std::chrono::milliseconds(2));
    std::atomic<Clock::rep> running{0};
    const Clock::time_point creation = Clock::now();
    Thread thread([&running] {
        running = Clock::now().time_since_epoch().count();
        WorkFor(std::chrono::milliseconds(3));
    });
    Clock::duration gap{};
    Clock::time_point previous = Clock::now();
    const Clock::time_point end = creation + std::chrono::milliseconds(8);
    for (Clock::time_point now = previous; now < end; now = Clock::now()) {
        gap = std::max(gap, now - previous);
        previous = now;
    }
    thread.join();
    Start start;
    start.untilRunning =
        Microseconds(Clock::time_point(Clock::duration(running.load())) - creation);
    start.creatorsGap = Microseconds(gap);
    return start;
}

/** The nearest-rank 90th percentile; -1 when empty. */
double Percentile90(std::vector<double> values) {
    if (values.empty()) {
        return -1;
    }
    std::sort(values.begin(), values.end());
    return values[(values.size() * 9 + 9) / 10 - 1];
}

} // namespace

int main(int argc, char **argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
    std::vector<double> plainRunning, plainGap, helperRunning, helperGap;
    for (int r = 0; r < runs; ++r) {
        const Start fromPlain = MeasureOnce<std::thread>();
        const Start fromHelper = MeasureOnce<agf::HelperThread>();
        plainRunning.push_back(fromPlain.untilRunning);
        plainGap.push_back(fromPlain.creatorsGap);
        helperRunning.push_back(fromHelper.untilRunning);
        helperGap.push_back(fromHelper.creatorsGap);
    }
    using agf::bench::Median;
    std::printf("| started as | us until it runs, median / 90%% | creator's longest gap us, "
                "median / 90%% |\n");
    std::printf("|---|---|---|\n");
    std::printf("| std::thread | %.0f / %.0f | %.0f / %.0f |\n", Median(plainRunning),
                Percentile90(plainRunning), Median(plainGap), Percentile90(plainGap));
    std::printf("| agf::HelperThread, off the creator's core | %.0f / %.0f | %.0f / %.0f |\n",
                Median(helperRunning), Percentile90(helperRunning), Median(helperGap),
                Percentile90(helperGap));
    return 0;
}
