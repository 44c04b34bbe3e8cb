/** @file BatchOptions.cpp */
#include "BatchOptions.h"

#include "ExportFormats.h"
#include "JobThreads.h"

#include <assimp_gameformats/ImportOptions.h>

#include <algorithm>
#include <cstdio>
#include <thread>

namespace agf::cli {

namespace {

const char *const kBatchUsage =
    "assimp batch <src> <dst> [-f<id>] [--jobs N] [--anim-bind auto|none] [--set KEY=VALUE]...\n"
    "             [--include GLOB]... [--exclude GLOB]... [--force] [--shard I/N] [options]\n"
    "    Converts every file under <src> that an importer reads into <dst>, keeping the folder\n"
    "    tree: <dst>/<path>/<name>.<ext> (the format's extension; glb2 unless -f). The models in\n"
    "    PBO archives are converted too, to <dst>/<prefix>/<entry>.<ext>, with the textures of\n"
    "    every archive of the tree (docs/pbo.md). A mesh and the\n"
    "    animation files its import loads by itself (hero.psk + hero.psa, as 'assimp export'\n"
    "    binds them), and the AnimSets whose .props.txt names the mesh, make one output;\n"
    "    --anim-bind none converts each file on its own.\n"
    "    Each file is converted in its own worker process under the tests' time and memory\n"
    "    bounds; a bad file is recorded and the run goes on. <dst>/report.json lists every file\n"
    "    with its status, error, counts and time. A rerun skips outputs newer than their\n"
    "    sources (--force redoes them). --shard I/N converts only the files whose path hashes\n"
    "    to shard I of N and writes <dst>/report.shard-I-of-N.json; 'assimp batch-merge <dst>'\n"
    "    joins those into <dst>/report.json.\n"
    "    Exit status: 0 when every file converted, 10 when some failed, 130 when interrupted.\n";

unsigned long ParseCount(const std::string &option, const std::string &text) {
    try {
        size_t used = 0;
        const unsigned long value = std::stoul(text, &used);
        if (used == text.size() && text[0] != '-') {
            return value;
        }
    } catch (const std::exception &) {
        // reported below
    }
    throw UsageError(option + " expects a whole number, got '" + text + "'");
}

void ParseShard(const std::string &text, BatchOptions &options) {
    const size_t slash = text.find('/');
    if (slash == std::string::npos) {
        throw UsageError("--shard expects I/N, e.g. --shard 0/4, got '" + text + "'");
    }
    const unsigned long index = ParseCount("--shard", text.substr(0, slash));
    const unsigned long count = ParseCount("--shard", text.substr(slash + 1));
    if (count == 0 || index >= count || count > 100000) {
        throw UsageError("--shard I/N needs 0 <= I < N, got '" + text + "'");
    }
    options.shardIndex = static_cast<unsigned int>(index);
    options.shardCount = static_cast<unsigned int>(count);
}

void ParseFault(const std::string &text, BatchOptions &options) {
    const size_t colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    if (colon == std::string::npos || (kind != "crash" && kind != "hang")) {
        throw UsageError("--inject-fault expects crash:GLOB or hang:GLOB, got '" + text + "'");
    }
    options.faults.push_back(
        {kind == "crash" ? InjectedFault::Kind::Crash : InjectedFault::Kind::Hang,
         text.substr(colon + 1)});
}

OptionTable BatchOptionTable(BatchOptions &options) {
    OptionTable table;
    auto setFormat = [&options](const std::string &id) {
        if (id.empty()) {
            throw UsageError("-f / --format expects a format id, e.g. -fglb2");
        }
        options.formatId = LowerAscii(id);
    };
    table.push_back(
        {{"-f"}, OptionValue::Attached, "id", "export format id (default glb2)", setFormat});
    table.push_back({{"--format"}, OptionValue::Separate, "ID", "", setFormat});
    table.push_back({{"-j", "--jobs"},
                     OptionValue::Separate,
                     "N",
                     "worker processes (default: the cores), each importing on cores / N threads",
                     [&options](const std::string &text) {
                         const unsigned long jobs = ParseCount("--jobs", text);
                         if (jobs == 0 || jobs > 1024) {
                             throw UsageError("--jobs expects 1 to 1024, got '" + text + "'");
                         }
                         options.jobs = static_cast<unsigned int>(jobs);
                     }});
    table.push_back({{"--anim-bind"},
                     OptionValue::Separate,
                     "auto|none",
                     "auto: a mesh with its sibling animation files (default)",
                     [&options](const std::string &mode) {
                         if (mode != "auto" && mode != "none") {
                             throw UsageError("--anim-bind expects auto or none, got '" + mode +
                                              "'");
                         }
                         options.bindAnimations = mode == "auto";
                     }});
    table.push_back({{"--include"},
                     OptionValue::Separate,
                     "GLOB",
                     "only matching files ('*.psk', 'chars/*'); repeatable",
                     [&options](const std::string &glob) { options.includes.push_back(glob); }});
    table.push_back({{"--exclude"},
                     OptionValue::Separate,
                     "GLOB",
                     "not matching files; repeatable",
                     [&options](const std::string &glob) { options.excludes.push_back(glob); }});
    table.push_back({{"--force"},
                     OptionValue::None,
                     "",
                     "convert even where the output is up to date",
                     [&options](const std::string &) { options.force = true; }});
    table.push_back({{"--shard"},
                     OptionValue::Separate,
                     "I/N",
                     "only shard I of N (by a hash of the relative path)",
                     [&options](const std::string &text) { ParseShard(text, options); }});
    table.push_back({{"--timeout"},
                     OptionValue::Separate,
                     "SECONDS",
                     "time bound per file (default 10 s + 1 s per MB)",
                     [&options](const std::string &text) {
                         options.timeoutSeconds =
                             static_cast<double>(ParseCount("--timeout", text));
                     }});
    table.push_back({{"--max-memory"},
                     OptionValue::Separate,
                     "MB",
                     "memory bound per file (default 2 x (32 x size + 2 MB) + 64 MB)",
                     [&options](const std::string &text) {
                         options.memoryLimitMb = ParseCount("--max-memory", text);
                     }});
    table.push_back({{"--inject-fault"},
                     OptionValue::Separate,
                     "KIND:GLOB",
                     "", // for the tests: not in the help
                     [&options](const std::string &text) { ParseFault(text, options); }});
    AddImportOptions(table, options.import);
    AddHelpOption(table, options.help);
    return table;
}

} // namespace

BatchOptions ParseBatchOptions(const Arguments &args) {
    BatchOptions options;
    const Arguments paths = ParseArguments(args, BatchOptionTable(options));
    if (options.help) {
        return options;
    }
    if (paths.size() != 2) {
        throw UsageError("expected <src> <dst>, see 'assimp batch --help'");
    }
    if (!options.import.animationFiles.empty() || !options.import.poseFile.empty()) {
        throw UsageError("--anim and --pose name files for one model; batch binds animation "
                         "files by itself (--anim-bind)");
    }
    options.sourceRoot = paths[0];
    options.destinationRoot = paths[1];
    if (!options.bindAnimations) {
        options.import.properties.push_back({AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, "1"});
        options.import.properties.push_back({AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD, "1"});
    }
    const unsigned int cores = std::max(1u, std::thread::hardware_concurrency());
    if (options.jobs == 0) {
        options.jobs = cores;
    }
    ShareCoresBetweenJobs(options.import.properties, cores, options.jobs);
    return options;
}

std::string BatchUsage() {
    BatchOptions options;
    return std::string(kBatchUsage) + "\noptions:\n" + DescribeOptions(BatchOptionTable(options));
}

std::string ScratchFolderName(const BatchOptions &options) {
    return options.shardCount <= 1
               ? ".assimp-batch-tmp"
               : ".assimp-batch-tmp.shard-" + std::to_string(options.shardIndex) + "-of-" +
                     std::to_string(options.shardCount);
}

} // namespace agf::cli
