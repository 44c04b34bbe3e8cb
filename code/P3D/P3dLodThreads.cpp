/** @file P3dLodThreads.cpp */
#include "P3dLodThreads.h"

#include "Common/Parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <numeric>

namespace agf::p3d {

namespace {

/** What one LOD's work left besides its own results. */
struct LodOutcome {
    Warnings warnings;
    std::exception_ptr failure;
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
            LodOutcome &outcome = outcomes[order[taken]];
            try {
                work(order[taken], outcome.warnings);
            } catch (...) {
                outcome.failure = std::current_exception();
            }
        }
    });

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

} // namespace agf::p3d
