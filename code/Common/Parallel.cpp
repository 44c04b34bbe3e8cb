/** @file Parallel.cpp */
#include "Parallel.h"

#include "HelperThread.h"
#include "Options.h"

#include <assimp_gameformats/ImportOptions.h>

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace agf {

unsigned ImportThreads(const Assimp::Importer *importer) {
    const int wanted = IntOption(importer, AI_CONFIG_IMPORT_GAMEFORMATS_THREADS);
    if (wanted > 0) {
        return static_cast<unsigned>(wanted);
    }
    const unsigned cores = std::thread::hardware_concurrency();
    return std::clamp(cores, 1u, kMaxImportThreads);
}

size_t ItemsForWork(uint64_t work, size_t items, uint64_t minimumWork) {
    const uint64_t perItem = items == 0 ? 1 : std::max<uint64_t>(work / items, 1);
    return static_cast<size_t>(std::max<uint64_t>((minimumWork + perItem - 1) / perItem, 1));
}

void ParallelRanges(size_t count, unsigned threads, size_t minimumPart,
                    const std::function<void(size_t begin, size_t end)> &work) {
    size_t parts = std::max<size_t>(threads, 1);
    if (minimumPart > 0) {
        parts = std::min(parts, std::max<size_t>(count / minimumPart, 1));
    }
    if (parts <= 1) {
        if (count != 0) {
            work(0, count);
        }
        return;
    }
    std::vector<std::exception_ptr> failures(parts);
    const auto runPart = [&](size_t part) {
        try {
            work(count * part / parts, count * (part + 1) / parts);
        } catch (...) {
            failures[part] = std::current_exception();
        }
    };
    std::vector<HelperThread> helpers;
    helpers.reserve(parts - 1);
    try {
        for (size_t part = 1; part < parts; ++part) {
            helpers.emplace_back([&runPart, part] { runPart(part); });
        }
    } catch (...) {
        // No thread to be had (resource limits): the parts not started run here, before part
        // 0 (RunBoth promises its first task may wait for its second).
        for (size_t part = helpers.size() + 1; part < parts; ++part) {
            runPart(part);
        }
    }
    runPart(0);
    for (HelperThread &helper : helpers) {
        helper.join();
    }
    for (const std::exception_ptr &failure : failures) {
        if (failure) {
            std::rethrow_exception(failure);
        }
    }
}

void RunBoth(unsigned threads, const std::function<void()> &first,
             const std::function<void()> &second) {
    ParallelRanges(2, std::min(threads, 2u), 1, [&](size_t begin, size_t end) {
        for (size_t task = begin; task < end; ++task) {
            (task == 0 ? first : second)();
        }
    });
}

} // namespace agf
