/** @file JobThreads.h
 *  How many threads each import of `assimp batch` takes.
 *
 *  Batch already runs `--jobs` conversions side by side, one per core by default. An import
 *  that then starts helper threads of its own (PSK normals, PSA keys, P3D LODs) competes with
 *  the other jobs for the same cores: on this project's 2-core machine, 30 imports of the
 *  large benchmark files, two at a time, took 1.38-1.42 s with each import on 2 threads and
 *  1.23-1.26 s with each on 1. So each job gets its share
 *  of the cores, unless the user chose a count.
 */
#pragma once

#include "CommandLine.h"

#include <vector>

namespace agf::cli {

/** An equal share of `cores` for each of `jobs` conversions: at least 1, at most the count an
 *  import takes by itself (AI_GAMEFORMATS_DEFAULT_MAX_THREADS). */
unsigned ImportThreadsPerJob(unsigned cores, unsigned jobs);

/** Adds AI_CONFIG_IMPORT_GAMEFORMATS_THREADS = ImportThreadsPerJob(cores, jobs) to
 *  `properties` when more than one job runs, unless they already set it (--set). */
void ShareCoresBetweenJobs(std::vector<PropertySetting> &properties, unsigned cores, unsigned jobs);

} // namespace agf::cli
