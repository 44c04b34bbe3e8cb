/** @file P3dLodThreads.cpp */
#include "P3dLodThreads.h"

#include "Common/ImportError.h"
#include "Common/Parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
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

void ReadLocatedLodBodies(const std::vector<size_t> &costs, unsigned threads, Warnings &warnings,
                          const std::string &fileName,
                          const std::function<Lod(size_t lod, Warnings &warnings)> &read,
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
            bodies[i] = std::make_unique<Lod>(read(i, lodWarnings));
        } catch (const ImportError &error) {
            errors[i] = std::make_unique<std::string>(error.what());
            lodWarnings.add(error.place(),
                            error.problem() + "; LOD " + std::to_string(i) + " skipped");
        }
    };
    std::string firstError;
    ForEachLod(costs, kMinimumLodBodyBytes, threads, warnings, readBody, [&](size_t i) {
        if (bodies[i]) {
            lods.push_back(std::move(*bodies[i]));
        } else if (firstError.empty()) {
            firstError = *errors[i];
        }
        return true;
    });
    if (lods.empty() && lodCount != 0) {
        // Nothing sound: the first problem is the error.
        throw ImportError(fileName, "LOD bodies", 0, "no LOD could be read: " + firstError);
    }
}

} // namespace agf::p3d
