/** @file utHelperThread.cpp
 *  code/Common/HelperThread.h: a helper runs its body once, on another thread, and is joined
 *  when it goes out of scope, moved or not.
 */
#include "Common/HelperThread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace {

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

} // namespace
