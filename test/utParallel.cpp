/** @file utParallel.cpp
 *  The thread helpers of code/Common/Parallel.h: every index is worked exactly once whatever
 *  the thread count, errors thrown on a helper thread reach the caller, and the option caps
 *  the count.
 */
#include "Common/Parallel.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/Importer.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

TEST(Parallel, EveryIndexIsWorkedOnceForAnyThreadCount) {
    for (unsigned threads : {0u, 1u, 2u, 3u, 7u}) {
        for (size_t count : {size_t(0), size_t(1), size_t(5), size_t(1000)}) {
            std::vector<std::atomic<int>> visits(count);
            std::atomic<int> calls{0};
            agf::ParallelRanges(count, threads, 1, [&](size_t begin, size_t end) {
                ++calls;
                for (size_t i = begin; i < end; ++i) {
                    ++visits[i];
                }
            });
            for (size_t i = 0; i < count; ++i) {
                ASSERT_EQ(visits[i].load(), 1)
                    << "index " << i << " of " << count << ", " << threads << " threads";
            }
            const size_t expectedCalls =
                count == 0 ? 0 : std::min<size_t>(std::max(threads, 1u), count);
            EXPECT_EQ(static_cast<size_t>(calls.load()), expectedCalls);
        }
    }
}

TEST(Parallel, SmallInputsStayOnTheCallingThread) {
    const std::thread::id caller = std::this_thread::get_id();
    std::vector<std::thread::id> seen;
    agf::ParallelRanges(99, 4, 50, [&](size_t begin, size_t end) {
        EXPECT_EQ(begin, 0u);
        EXPECT_EQ(end, 99u);
        seen.push_back(std::this_thread::get_id());
    });
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0], caller);
}

TEST(Parallel, AnErrorOnAHelperThreadReachesTheCaller) {
    std::atomic<int> finished{0};
    EXPECT_THROW(agf::ParallelRanges(4, 4, 1,
                                     [&](size_t begin, size_t) {
                                         if (begin == 3) {
                                             throw std::runtime_error("part 3 failed");
                                         }
                                         ++finished;
                                     }),
                 std::runtime_error);
    EXPECT_EQ(finished.load(), 3) << "the other parts still ran to their end";
    EXPECT_THROW(agf::RunBoth(
                     2, [] {}, [] { throw std::runtime_error("second"); }),
                 std::runtime_error);
}

TEST(Parallel, ItemsForWorkGivesEachPartTheMinimumWork) {
    EXPECT_EQ(agf::ItemsForWork(100 * 1000, 100, 32768), 33u) << "1000 keys a bone";
    EXPECT_EQ(agf::ItemsForWork(100 * 32768, 100, 32768), 1u);
    EXPECT_EQ(agf::ItemsForWork(10, 100, 32768), 32768u) << "less than a key an item";
    EXPECT_EQ(agf::ItemsForWork(0, 0, 32768), 32768u);
    EXPECT_EQ(agf::ItemsForWork(500, 5, 0), 1u) << "never 0";
}

TEST(Parallel, RunBothRunsEachTaskOnce) {
    for (unsigned threads : {1u, 2u, 4u}) {
        std::atomic<int> first{0};
        std::atomic<int> second{0};
        agf::RunBoth(
            threads, [&] { ++first; }, [&] { ++second; });
        EXPECT_EQ(first.load(), 1);
        EXPECT_EQ(second.load(), 1);
    }
}

TEST(Parallel, TheOptionSetsTheThreadCount) {
    Assimp::Importer importer;
    const unsigned automatic = agf::ImportThreads(&importer);
    EXPECT_GE(automatic, 1u);
    EXPECT_LE(automatic, agf::kMaxImportThreads);
    EXPECT_EQ(agf::ImportThreads(nullptr), automatic);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, 1);
    EXPECT_EQ(agf::ImportThreads(&importer), 1u);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, 6);
    EXPECT_EQ(agf::ImportThreads(&importer), 6u);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, -3);
    EXPECT_EQ(agf::ImportThreads(&importer), automatic);
}

} // namespace
