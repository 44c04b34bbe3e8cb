/** @file utP3dLodPipeline.cpp
 *  ForEachLodAsLocated (code/P3D/P3dLodThreads.h), the walk-and-work loop of MLOD LODs: the
 *  located LODs are each worked once, kept in LOD order with their warnings, the first failure
 *  in LOD order is rethrown, the work overlaps the walk, and no thread starts for small LODs.
 */
#include "P3D/P3dLodThreads.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using agf::Warnings;
using agf::p3d::ForEachLodAsLocated;

constexpr size_t kBig = 1000; // a cost worth a thread in these tests
constexpr size_t kSmall = 10; // below it

/** What the loop did: the LODs worked (per LOD), the order keep saw, the merged warnings. */
struct Trace {
    std::vector<std::atomic<int>> worked;
    std::vector<size_t> kept;
    Warnings sink;
    size_t located = 0;

    explicit Trace(size_t lods) : worked(lods) {}

    std::string warningsText() const {
        std::string text;
        for (const agf::Warning &warning : sink.entries()) {
            text += warning.message + ";";
        }
        return text;
    }
};

/** Every LOD warns once with its number; `locatable` LODs of `lods` can be located. */
void RunPlain(Trace &trace, size_t lods, size_t locatable, unsigned threads) {
    trace.located = ForEachLodAsLocated(
        lods, kBig, threads, trace.sink,
        [&](size_t lod) -> std::optional<size_t> {
            return lod < locatable ? std::optional<size_t>(kBig) : std::nullopt;
        },
        [&](size_t lod, Warnings &warnings) {
            ++trace.worked[lod];
            warnings.add(agf::WarningKind::Unknown, "f", "LOD", lod, "lod " + std::to_string(lod));
        },
        [&](size_t lod) {
            trace.kept.push_back(lod);
            return true;
        });
}

TEST(P3dLodPipeline, EveryLocatedLodIsWorkedOnceAndKeptInOrder) {
    for (unsigned threads : {1u, 2u, 4u}) {
        for (size_t locatable : {size_t(0), size_t(1), size_t(3), size_t(9)}) {
            Trace trace(9);
            RunPlain(trace, 9, locatable, threads);
            EXPECT_EQ(trace.located, locatable) << threads << " threads";
            std::string expected;
            std::vector<size_t> expectedKept;
            for (size_t lod = 0; lod < 9; ++lod) {
                EXPECT_EQ(trace.worked[lod].load(), lod < locatable ? 1 : 0)
                    << "LOD " << lod << ", " << threads << " threads, " << locatable;
                if (lod < locatable) {
                    expected += "lod " + std::to_string(lod) + ";";
                    expectedKept.push_back(lod);
                }
            }
            EXPECT_EQ(trace.kept, expectedKept) << threads << " threads";
            EXPECT_EQ(trace.warningsText(), expected) << threads << " threads";
        }
    }
}

// The first failure in LOD order is the one rethrown, after the warnings of the LODs before it
// and its own; keep sees only the LODs before it.
TEST(P3dLodPipeline, TheFirstFailureInLodOrderIsRethrown) {
    for (unsigned threads : {1u, 2u, 4u}) {
        Trace trace(6);
        std::string error;
        try {
            ForEachLodAsLocated(
                6, kBig, threads, trace.sink, [](size_t) { return std::optional<size_t>(kBig); },
                [&](size_t lod, Warnings &warnings) {
                    ++trace.worked[lod];
                    warnings.add(agf::WarningKind::Unknown, "f", "LOD", lod,
                                 "lod " + std::to_string(lod));
                    if (lod == 2 || lod == 4) {
                        throw std::runtime_error("LOD " + std::to_string(lod) + " failed");
                    }
                },
                [&](size_t lod) {
                    trace.kept.push_back(lod);
                    return true;
                });
        } catch (const std::runtime_error &failure) {
            error = failure.what();
        }
        EXPECT_EQ(error, "LOD 2 failed") << threads << " threads";
        EXPECT_EQ(trace.kept, (std::vector<size_t>{0, 1})) << threads << " threads";
        EXPECT_EQ(trace.warningsText(), "lod 0;lod 1;lod 2;") << threads << " threads";
    }
}

TEST(P3dLodPipeline, KeepStopsTheMerge) {
    for (unsigned threads : {1u, 2u}) {
        Trace trace(5);
        ForEachLodAsLocated(
            5, kBig, threads, trace.sink, [](size_t) { return std::optional<size_t>(kBig); },
            [&](size_t lod, Warnings &warnings) {
                warnings.add(agf::WarningKind::Unknown, "f", "LOD", lod,
                             "lod " + std::to_string(lod));
            },
            [&](size_t lod) {
                trace.kept.push_back(lod);
                return lod < 1;
            });
        EXPECT_EQ(trace.kept, (std::vector<size_t>{0, 1})) << threads << " threads";
        EXPECT_EQ(trace.warningsText(), "lod 0;lod 1;") << threads << " threads";
    }
}

// With two threads, the LODs located first are worked on while the walk goes on: the walk of
// LOD 3 waits (up to two minutes, a hang detector) for LOD 0's work to have started. Run one
// after the other, the work would start only after the walk, so the wait would time out.
TEST(P3dLodPipeline, WorkOverlapsTheWalk) {
    std::mutex mutex;
    std::condition_variable started;
    bool workStarted = false;
    bool sawWorkDuringWalk = false;
    Warnings sink;
    const size_t located = ForEachLodAsLocated(
        6, kBig, 2, sink,
        [&](size_t lod) -> std::optional<size_t> {
            if (lod == 3) {
                std::unique_lock<std::mutex> lock(mutex);
                sawWorkDuringWalk =
                    started.wait_for(lock, std::chrono::minutes(2), [&] { return workStarted; });
            }
            return kBig;
        },
        [&](size_t, Warnings &) {
            {
                std::lock_guard<std::mutex> lock(mutex);
                workStarted = true;
            }
            started.notify_all();
        },
        [](size_t) { return true; });
    EXPECT_EQ(located, 6u);
    EXPECT_TRUE(sawWorkDuringWalk);
}

// LODs below the minimum cost are not worth a thread: with fewer than two LODs at the minimum,
// every LOD is worked on the calling thread.
TEST(P3dLodPipeline, SmallLodsStayOnTheCallingThread) {
    const std::thread::id caller = std::this_thread::get_id();
    for (const std::vector<size_t> &costs : {std::vector<size_t>{kSmall, kSmall, kSmall, kSmall},
                                             std::vector<size_t>{kBig, kSmall, kSmall}}) {
        std::atomic<int> elsewhere{0};
        Warnings sink;
        ForEachLodAsLocated(
            costs.size(), kBig, 4, sink,
            [&](size_t lod) { return std::optional<size_t>(costs[lod]); },
            [&](size_t, Warnings &) {
                if (std::this_thread::get_id() != caller) {
                    ++elsewhere;
                }
            },
            [](size_t) { return true; });
        EXPECT_EQ(elsewhere.load(), 0) << costs.size() << " LODs";
    }
}

// A LOD whose own warnings overflow its sink is worked again on the caller's sink, so that the
// kept and dropped warnings are those of one thread.
TEST(P3dLodPipeline, AnOverflowingLodIsWorkedAgainOnTheSink) {
    const size_t many = Warnings::kMaxDistinct + 5;
    for (unsigned threads : {1u, 2u}) {
        Warnings sink;
        std::atomic<int> calls{0};
        ForEachLodAsLocated(
            2, kBig, threads, sink, [](size_t) { return std::optional<size_t>(kBig); },
            [&](size_t lod, Warnings &warnings) {
                ++calls;
                for (size_t w = 0; w < (lod == 1 ? many : 1); ++w) {
                    warnings.add(agf::WarningKind::Unknown, "f", "LOD", lod,
                                 "lod " + std::to_string(lod) + " warning " + std::to_string(w));
                }
            },
            [](size_t) { return true; });
        EXPECT_EQ(sink.entries().size(), Warnings::kMaxDistinct + 1) << threads << " threads";
        EXPECT_EQ(sink.dropped(), 6u) << threads << " threads";
        EXPECT_EQ(calls.load(), threads == 1 ? 2 : 3) << threads << " threads";
    }
}

} // namespace
