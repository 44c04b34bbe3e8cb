/** @file JobThreads.cpp */
#include "JobThreads.h"

#include <assimp_gameformats/ImportOptions.h>

#include <algorithm>
#include <string>

namespace agf::cli {

unsigned ImportThreadsPerJob(unsigned cores, unsigned jobs) {
    const unsigned share = cores / std::max(jobs, 1u);
    return std::clamp(share, 1u, unsigned{AI_GAMEFORMATS_DEFAULT_MAX_THREADS});
}

void ShareCoresBetweenJobs(std::vector<PropertySetting> &properties, unsigned cores,
                           unsigned jobs) {
    const bool chosen =
        std::any_of(properties.begin(), properties.end(), [](const PropertySetting &setting) {
            return setting.key == AI_CONFIG_IMPORT_GAMEFORMATS_THREADS;
        });
    if (jobs <= 1 || chosen) {
        return;
    }
    properties.push_back(
        {AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, std::to_string(ImportThreadsPerJob(cores, jobs))});
}

} // namespace agf::cli
