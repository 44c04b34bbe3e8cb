/** @file BatchOptions.h
 *  The arguments of `assimp batch`, read the same way by the run and by each of its workers
 *  (which get the run's own arguments), so that both import with the same options.
 */
#pragma once

#include "CommandLine.h"
#include "Commands.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace agf::cli {

/** A conversion the workers make fail on purpose, so that the tests can show what a crash or a
 *  hang costs (`--inject-fault crash:GLOB`, `--inject-fault hang:GLOB`; not in the help). */
struct InjectedFault {
    enum class Kind { Crash, Hang } kind = Kind::Crash;
    std::string glob; ///< the files it hits, as --include matches them
};

struct BatchOptions {
    std::filesystem::path sourceRoot;
    std::filesystem::path destinationRoot;
    ImportOptions import; ///< with the --anim-bind properties and the threads per job added
    std::string formatId = "glb2";
    unsigned int jobs = 0; ///< the worker processes: --jobs, else the cores
    bool bindAnimations = true;
    bool force = false;
    unsigned int shardIndex = 0;
    unsigned int shardCount = 1;
    double timeoutSeconds = 0;  ///< 0: the default bound for each input's size
    uint64_t memoryLimitMb = 0; ///< 0: the default bound for each input's size
    std::vector<std::string> includes;
    std::vector<std::string> excludes;
    std::vector<InjectedFault> faults;
    bool help = false; ///< --help: print the usage and do nothing else
};

/** Reads the arguments of `assimp batch` (after the verb). Throws UsageError. */
BatchOptions ParseBatchOptions(const Arguments &args);

/** The usage text with every option. */
std::string BatchUsage();

/** The temporary folder of a run under its destination: ".assimp-batch-tmp", with the shard in
 *  its name for a shard, so that shards can share a destination. */
std::string ScratchFolderName(const BatchOptions &options);

} // namespace agf::cli
