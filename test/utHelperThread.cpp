/** @file utHelperThread.cpp
 *  code/Common/HelperThread.h: a helper runs its body once and is joined; it is started off its
 *  creator's core, and once running it may use exactly the cores its creator may, as a
 *  std::thread would.
 */
#include "Common/HelperThread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <initializer_list>
#include <thread>
#include <vector>

namespace {

cpu_set_t CoresOf(std::initializer_list<int> cores) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int core : cores) {
        CPU_SET(core, &set);
    }
    return set;
}

cpu_set_t CallingThreadCores() {
    cpu_set_t cores;
    CPU_ZERO(&cores);
    EXPECT_EQ(pthread_getaffinity_np(pthread_self(), sizeof cores, &cores), 0);
    return cores;
}

/** The cores a helper started from the calling thread may use once it runs its body. */
cpu_set_t HelperCores() {
    cpu_set_t seen;
    CPU_ZERO(&seen);
    agf::HelperThread helper([&seen] { seen = CallingThreadCores(); });
    helper.join();
    return seen;
}

/** Runs `work` on a thread allowed on `cores` only (so the test's own thread keeps its cores). */
void OnThreadRestrictedTo(const cpu_set_t &cores, const std::function<void()> &work) {
    std::thread([&] {
        ASSERT_EQ(pthread_setaffinity_np(pthread_self(), sizeof cores, &cores), 0);
        work();
    }).join();
}

TEST(HelperThread, CoresBesidesLeavesOutTheCurrentCoreOnly) {
    cpu_set_t others;
    ASSERT_TRUE(agf::CoresBesides(CoresOf({0, 1, 5}), 1, others));
    const cpu_set_t expected = CoresOf({0, 5});
    EXPECT_TRUE(CPU_EQUAL(&others, &expected));

    EXPECT_FALSE(agf::CoresBesides(CoresOf({3}), 3, others)) << "no other core";
    EXPECT_FALSE(agf::CoresBesides(CoresOf({0, 1}), 4, others))
        << "the current core is not one of them: nothing to leave out, nothing to place";
    EXPECT_FALSE(agf::CoresBesides(CoresOf({0, 1}), -1, others)) << "sched_getcpu failed";
    EXPECT_FALSE(agf::CoresBesides(CoresOf({0, 1}), CPU_SETSIZE, others));
}

TEST(HelperThread, RunsItsBodyOnceOnAnotherThreadAndJoins) {
    std::atomic<int> runs{0};
    std::thread::id ranOn;
    {
        agf::HelperThread helper([&] {
            ranOn = std::this_thread::get_id();
            ++runs;
        });
        helper.join();
        EXPECT_EQ(runs.load(), 1);
        helper.join(); // a second join does nothing
    }
    EXPECT_NE(ranOn, std::this_thread::get_id());

    std::vector<agf::HelperThread> helpers; // moved as the vector grows; joined when destroyed
    for (int i = 0; i < 9; ++i) {
        helpers.emplace_back([&runs] { ++runs; });
    }
    helpers.clear();
    EXPECT_EQ(runs.load(), 10);
}

TEST(HelperThread, TakesBackEveryCoreOfItsCreator) {
    const cpu_set_t mine = CallingThreadCores();
    if (CPU_COUNT(&mine) < 2) {
        GTEST_SKIP() << "one core: a helper is never placed";
    }
    const cpu_set_t helpers = HelperCores();
    EXPECT_TRUE(CPU_EQUAL(&helpers, &mine)) << "the helper keeps " << CPU_COUNT(&helpers)
                                            << " of its creator's " << CPU_COUNT(&mine) << " cores";

    // A creator restricted to two cores: its helper has those two, not the process's.
    int first = -1;
    int second = -1;
    for (int core = 0; core < CPU_SETSIZE && second < 0; ++core) {
        if (CPU_ISSET(core, &mine)) {
            (first < 0 ? first : second) = core;
        }
    }
    const cpu_set_t two = CoresOf({first, second});
    OnThreadRestrictedTo(two, [&two] {
        const cpu_set_t seen = HelperCores();
        EXPECT_TRUE(CPU_EQUAL(&seen, &two));
    });
}

TEST(HelperThread, ACreatorOnOneCoreHasItsHelperThere) {
    const cpu_set_t mine = CallingThreadCores();
    int core = 0;
    while (!CPU_ISSET(core, &mine)) {
        ++core;
    }
    const cpu_set_t one = CoresOf({core});
    OnThreadRestrictedTo(one, [&one] {
        const cpu_set_t seen = HelperCores();
        EXPECT_TRUE(CPU_EQUAL(&seen, &one)) << "started as a std::thread would be";
    });
}

} // namespace
