/** @file P3dLodThreads.cpp */
#include "P3dLodThreads.h"

#include "Common/HelperThread.h"
#include "Common/ImportError.h"
#include "Common/Parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <numeric>

namespace agf::p3d {

namespace {

/** What one LOD's work left besides its own results. */
struct LodOutcome {
    Warnings warnings;
    std::exception_ptr failure;
};

/** Runs `work` for one LOD into its own outcome. */
void WorkInto(const std::function<void(size_t, Warnings &)> &work, size_t lod,
              LodOutcome &outcome) {
    try {
        work(lod, outcome.warnings);
    } catch (...) {
        outcome.failure = std::current_exception();
    }
}

/** In LOD order, on the calling thread: merges each LOD's warnings into `sink` (or runs a LOD
 *  whose own sink overflowed again on `sink`, since merging a truncated sink would lose
 *  entries), rethrows what its work threw and stops where `keep` says so. */
void MergeOutcomes(std::vector<LodOutcome> &outcomes, size_t count, Warnings &sink,
                   const std::function<void(size_t, Warnings &)> &work,
                   const std::function<bool(size_t)> &keep) {
    for (size_t lod = 0; lod < count; ++lod) {
        LodOutcome &outcome = outcomes[lod];
        if (outcome.warnings.dropped() != 0) {
            work(lod, sink);
        } else {
            sink.merge(outcome.warnings);
            if (outcome.failure) {
                std::rethrow_exception(outcome.failure);
            }
        }
        if (!keep(lod)) {
            return;
        }
    }
}

/** The LODs located so far, handed to whichever thread asks next, in LOD order. */
class LocatedLods {
public:
    /** One more LOD is located: a waiting thread may take it. */
    void add() {
        {
            std::lock_guard<std::mutex> lock(mMutex);
            ++mLocated;
        }
        mChanged.notify_one();
    }

    /** No more LODs will be located: the threads finish what is left and stop. */
    void finish() {
        {
            std::lock_guard<std::mutex> lock(mMutex);
            mFinished = true;
        }
        mChanged.notify_all();
    }

    /** The next LOD not yet taken; waits while the walk may locate more; nothing when all
     *  are taken and the walk is over. */
    std::optional<size_t> take() {
        std::unique_lock<std::mutex> lock(mMutex);
        mChanged.wait(lock, [this] { return mTaken < mLocated || mFinished; });
        if (mTaken < mLocated) {
            return mTaken++;
        }
        return std::nullopt;
    }

private:
    std::mutex mMutex;
    std::condition_variable mChanged;
    size_t mLocated = 0;
    size_t mTaken = 0;
    bool mFinished = false;
};

} // namespace

void ForEachLod(const std::vector<size_t> &costs, size_t minimumCost, unsigned threads,
                Warnings &sink, const std::function<void(size_t lod, Warnings &warnings)> &work,
                const std::function<bool(size_t lod)> &keep) {
    const size_t count = costs.size();
    const size_t worthAThread = static_cast<size_t>(std::count_if(
        costs.begin(), costs.end(), [minimumCost](size_t cost) { return cost >= minimumCost; }));
    const unsigned used = static_cast<unsigned>(std::min<size_t>(threads, worthAThread));
    if (used < 2 || count > kMaxLodsOnThreads) {
        for (size_t lod = 0; lod < count; ++lod) {
            work(lod, sink);
            if (!keep(lod)) {
                return;
            }
        }
        return;
    }

    // Each thread takes the costliest LOD not yet taken: with LODs of very different sizes (a
    // model's LOD 0 is often most of it), equal slices of the index range would leave one
    // thread with nearly all the work.
    std::vector<size_t> order(count);
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&costs](size_t a, size_t b) { return costs[a] > costs[b]; });
    std::vector<LodOutcome> outcomes(count);
    std::atomic<size_t> next{0};
    ParallelRanges(used, used, 1, [&](size_t, size_t) {
        for (size_t taken = next++; taken < count; taken = next++) {
            WorkInto(work, order[taken], outcomes[order[taken]]);
        }
    });
    MergeOutcomes(outcomes, count, sink, work, keep);
}

size_t ForEachLodAsLocated(size_t lods, size_t minimumCost, unsigned threads, Warnings &sink,
                           const std::function<std::optional<size_t>(size_t lod)> &locate,
                           const std::function<void(size_t lod, Warnings &warnings)> &work,
                           const std::function<bool(size_t lod)> &keep) {
    if (threads < 2 || lods > kMaxLodsOnThreads) {
        size_t located = 0;
        while (located < lods && locate(located)) {
            ++located;
        }
        for (size_t lod = 0; lod < located; ++lod) {
            work(lod, sink);
            if (!keep(lod)) {
                break;
            }
        }
        return located;
    }

    std::vector<LodOutcome> outcomes(lods);
    size_t located = 0;
    {
        LocatedLods queue;
        const auto workOnTaken = [&] {
            while (const std::optional<size_t> lod = queue.take()) {
                WorkInto(work, *lod, outcomes[*lod]);
            }
        };
        // However this block is left, the helpers are told the walk is over and joined before
        // the outcomes they write are read.
        struct Helpers {
            LocatedLods &queue;
            std::vector<HelperThread> threads;
            ~Helpers() {
                queue.finish();
                for (HelperThread &helper : threads) {
                    helper.join();
                }
            }
        } helpers{queue, {}};

        size_t worthAThread = 0;
        for (; located < lods; ++located) {
            const std::optional<size_t> cost = locate(located);
            if (!cost) {
                break;
            }
            queue.add();
            if (*cost >= minimumCost && ++worthAThread == 2) {
                try {
                    while (helpers.threads.size() + 1 < threads) {
                        helpers.threads.emplace_back(workOnTaken);
                    }
                } catch (...) {
                    // No thread to be had (resource limits): the calling thread does the rest.
                }
            }
        }
        queue.finish();
        workOnTaken();
    }
    MergeOutcomes(outcomes, located, sink, work, keep);
    return located;
}

void ReadLocatedLodBodies(
    const std::vector<size_t> &costs, unsigned threads, Warnings &warnings,
    const std::string &fileName,
    const std::function<std::optional<Lod>(size_t lod, Warnings &warnings)> &read,
    std::vector<Lod> &lods) {
    // Each body goes to its own slot, kept in LOD order afterwards. unique_ptr, not optional:
    // a hostile header may count a LOD per 13 bytes of file.
    const size_t lodCount = costs.size();
    std::vector<std::unique_ptr<Lod>> bodies(lodCount);
    std::vector<std::unique_ptr<std::string>> errors(lodCount);
    const auto readBody = [&](size_t i, Warnings &lodWarnings) {
        bodies[i].reset();
        errors[i].reset();
        try {
            if (std::optional<Lod> lod = read(i, lodWarnings)) {
                bodies[i] = std::make_unique<Lod>(std::move(*lod));
            }
        } catch (const ImportError &error) {
            errors[i] = std::make_unique<std::string>(error.what());
            lodWarnings.add(WarningKind::Truncated, error.place(),
                            error.problem() + "; LOD " + std::to_string(i) + " skipped");
        }
    };
    std::string firstError;
    ForEachLod(costs, kMinimumLodBodyBytes, threads, warnings, readBody, [&](size_t i) {
        if (bodies[i]) {
            lods.push_back(std::move(*bodies[i]));
        } else if (firstError.empty() && errors[i]) {
            firstError = *errors[i];
        }
        return true;
    });
    if (lods.empty() && lodCount != 0) {
        // Nothing sound: the first problem is the error.
        throw ImportError(fileName, "LOD bodies", 0, "no LOD could be read: " + firstError);
    }
}

void WarnLodsKeptBefore(Warnings &warnings, const ImportError &error, size_t kept,
                        const std::string &loss) {
    warnings.add(WarningKind::Truncated, error.place(),
                 error.problem() + " - keeping the " + std::to_string(kept) + " LODs before it" +
                     (loss.empty() ? "" : ", " + loss));
}

} // namespace agf::p3d
