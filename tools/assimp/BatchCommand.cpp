/** @file BatchCommand.cpp
 *  `assimp batch SRC DST [options]`: converts every model under a folder, in parallel, with a
 *  report, resumable and shardable; `assimp batch-merge DST`: joins the shards' reports.
 */
#include "BatchPlan.h"
#include "BatchProgress.h"
#include "BatchReport.h"
#include "BatchWorker.h"
#include "Commands.h"
#include "ExitCodes.h"
#include "ExportFormats.h"
#include "JobThreads.h"
#include "TerminalProgress.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <system_error>
#include <thread>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

const char *const kBatchUsage =
    "assimp batch <src> <dst> [-f<id>] [--jobs N] [--anim-bind auto|none] [--set KEY=VALUE]...\n"
    "             [--include GLOB]... [--exclude GLOB]... [--force] [--shard I/N] [options]\n"
    "    Converts every file under <src> that an importer reads into <dst>, keeping the folder\n"
    "    tree: <dst>/<path>/<name>.<ext> (the format's extension; glb2 unless -f). The models in\n"
    "    PBO archives are converted too, to <dst>/<prefix>/<entry>.<ext>, with the textures of\n"
    "    every archive of the tree (docs/pbo.md). A mesh and the\n"
    "    animation files its import loads by itself (hero.psk + hero.psa, as 'assimp export'\n"
    "    binds them) make one output; --anim-bind none converts each file on its own.\n"
    "    Each file is converted in its own worker process under the tests' time and memory\n"
    "    bounds; a bad file is recorded and the run goes on. <dst>/report.json lists every file\n"
    "    with its status, error, counts and time. A rerun skips outputs newer than their\n"
    "    sources (--force redoes them). --shard I/N converts only the files whose path hashes\n"
    "    to shard I of N and writes <dst>/report.shard-I-of-N.json; 'assimp batch-merge <dst>'\n"
    "    joins those into <dst>/report.json.\n"
    "    Exit status: 0 when every file converted, 10 when some failed, 130 when interrupted.\n";

const char *const kMergeUsage =
    "assimp batch-merge <dst>\n"
    "    Joins <dst>/report.shard-I-of-N.json of every shard I of N into <dst>/report.json.\n"
    "    Fails, naming them, when a shard's report is missing or a file is in two shards.\n";

constexpr int kInterruptedExitCode = 130;
constexpr int kSomeFilesFailedExitCode = kExportFailedToImport;

volatile std::sig_atomic_t gInterrupted = 0;

extern "C" void OnInterrupt(int) {
    gInterrupted = 1;
}

struct BatchOptions {
    ImportOptions import;
    std::string formatId = "glb2";
    unsigned int jobs = 0;
    bool bindAnimations = true;
    bool force = false;
    unsigned int shardIndex = 0;
    unsigned int shardCount = 1;
    double timeoutSeconds = 0;
    uint64_t memoryLimitMb = 0;
    std::vector<std::string> includes;
    std::vector<std::string> excludes;
};

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

OptionTable BatchOptionTable(BatchOptions &options, bool &help) {
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
    AddImportOptions(table, options.import);
    AddHelpOption(table, help);
    return table;
}

/** Whether `output` is newer than the job's model and every animation file it loads. */
bool IsUpToDate(const fs::path &sourceRoot, const fs::path &output, const BatchJob &job) {
    std::error_code error;
    const auto written = fs::last_write_time(output, error);
    if (error) {
        return false;
    }
    std::vector<std::string> inputs = job.animations;
    inputs.push_back(job.source);
    for (const std::string &input : inputs) {
        const auto changed = SourceWriteTime(sourceRoot, input, error);
        if (error || !(written > changed)) {
            return false;
        }
    }
    return true;
}

BatchRecord RecordFor(const BatchJob &job) {
    BatchRecord record;
    record.source = job.source;
    record.output = job.output;
    record.animationFiles = job.animations;
    return record;
}

std::string ScratchFolderName(const BatchOptions &options) {
    return options.shardCount <= 1
               ? ".assimp-batch-tmp"
               : ".assimp-batch-tmp.shard-" + std::to_string(options.shardIndex) + "-of-" +
                     std::to_string(options.shardCount);
}

void InstallInterruptHandlers() {
    struct sigaction action {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: poll() returns at once
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);
}

void PrintFailures(const std::vector<BatchRecord> &records) {
    const size_t shown = 20;
    size_t failed = 0;
    for (const BatchRecord &record : records) {
        if (record.status != "failed") {
            continue;
        }
        if (failed++ < shown) {
            std::printf("  failed: %s: %s\n", record.source.c_str(), record.error.c_str());
        }
    }
    if (failed > shown) {
        std::printf("  ... and %zu more failures (see the report)\n", failed - shown);
    }
}

} // namespace

int RunBatch(const Arguments &args) {
    BatchOptions options;
    bool help = false;
    const OptionTable table = BatchOptionTable(options, help);
    const Arguments paths = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions:\n%s", kBatchUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (paths.size() != 2) {
        throw UsageError("expected <src> <dst>, see 'assimp batch --help'");
    }
    if (!options.import.animationFiles.empty() || !options.import.poseFile.empty()) {
        throw UsageError("--anim and --pose name files for one model; batch binds animation "
                         "files by itself (--anim-bind)");
    }
    if (!options.bindAnimations) {
        options.import.properties.push_back({AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, "1"});
        options.import.properties.push_back({AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD, "1"});
    }
    const fs::path sourceRoot = paths[0];
    const fs::path destinationRoot = paths[1];
    std::error_code error;
    if (!fs::is_directory(sourceRoot, error)) {
        ReportError("batch: " + sourceRoot.string() + " is not a folder");
        return kFailedToLoadInputFile;
    }
    fs::create_directories(destinationRoot, error);
    if (error) {
        ReportError("batch: cannot create " + destinationRoot.string() + ": " + error.message());
        return kFailedToOpenOutputFile;
    }

    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    const aiExportFormatDesc *format = FindExportFormat(exporter, options.formatId);
    if (format == nullptr) {
        ReportError("batch: unknown format id '" + options.formatId + "', see 'assimp listexport'");
        return kUnknownFileFormat;
    }
    Assimp::Importer importer;
    RegisterImporters(importer);
    BatchPlanOptions planOptions;
    planOptions.includes = options.includes;
    planOptions.excludes = options.excludes;
    planOptions.bindAnimations = options.bindAnimations;
    planOptions.outputExtension = format->fileExtension;
    planOptions.shardIndex = options.shardIndex;
    planOptions.shardCount = options.shardCount;
    planOptions.isImportable = [&importer](const std::string &extension) {
        return !extension.empty() && importer.IsExtensionSupported("." + extension);
    };
    const BatchPlan plan = PlanBatch(sourceRoot, destinationRoot, planOptions);
    UseArchivesOfPlan(plan, sourceRoot, options.import.textureRoots);

    const std::string reportName = ReportFileName(options.shardIndex, options.shardCount);
    const fs::path reportPath = destinationRoot / reportName;
    const fs::path journalPath = destinationRoot / (".assimp-batch-journal." + reportName + "l");
    const fs::path scratchRoot = destinationRoot / ScratchFolderName(options);
    // What a killed run left: temporary outputs (never under their final names) go.
    fs::remove_all(scratchRoot, error);
    const std::map<std::string, BatchRecord> earlier = ReadEarlierRecords(reportPath, journalPath);

    const unsigned int cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned int jobs = options.jobs != 0 ? options.jobs : cores;
    ShareCoresBetweenJobs(options.import.properties, cores, jobs);
    std::printf("assimp batch: %zu files in %zu conversions%s, to %s with %u worker%s\n",
                plan.shardFiles, plan.jobs.size(),
                options.shardCount > 1 ? (" (shard " + std::to_string(options.shardIndex) + "/" +
                                          std::to_string(options.shardCount) + " of " +
                                          std::to_string(plan.allFiles) + " files)")
                                             .c_str()
                                       : "",
                format->id, jobs, jobs == 1 ? "" : "s");
    std::fflush(stdout);

    std::vector<BatchRecord> records(plan.jobs.size());
    std::vector<bool> finished(plan.jobs.size(), false);
    std::vector<size_t> queue;                            // job indices, in order
    std::vector<bool> countOnly(plan.jobs.size(), false); // up to date, but no counts known
    BatchProgress progress(plan.jobs.size(), TerminalProgress::StderrIsTerminal());
    for (size_t i = 0; i < plan.jobs.size(); ++i) {
        const BatchJob &job = plan.jobs[i];
        records[i] = RecordFor(job);
        if (options.force || !IsUpToDate(sourceRoot, destinationRoot / job.output, job)) {
            queue.push_back(i);
            continue;
        }
        const auto known = earlier.find(job.source);
        if (known != earlier.end() && known->second.hasCounts &&
            known->second.output == job.output &&
            (known->second.status == "converted" || known->second.status == "up-to-date")) {
            records[i].hasCounts = true;
            records[i].counts = known->second.counts;
            records[i].warnings = known->second.warnings;
            records[i].status = "up-to-date";
            finished[i] = true;
            progress.Finished(false, false);
        } else {
            // Written by a run that was killed before it could note the counts.
            queue.push_back(i);
            countOnly[i] = true;
        }
    }

    InstallInterruptHandlers();
    WorkerSettings settings;
    settings.sourceRoot = sourceRoot;
    settings.destinationRoot = destinationRoot;
    settings.scratchRoot = scratchRoot;
    settings.options = options.import;
    settings.formatId = format->id;
    settings.timeoutSeconds = options.timeoutSeconds;
    settings.memoryLimitMb = options.memoryLimitMb;
    const auto start = std::chrono::steady_clock::now();
    {
        WorkerPool pool(settings, jobs);
        size_t next = 0;
        while (!gInterrupted && (next < queue.size() || !pool.Idle())) {
            while (!gInterrupted && next < queue.size() && pool.HasFreeSlot()) {
                pool.Start(queue[next], plan.jobs[queue[next]], countOnly[queue[next]]);
                ++next;
            }
            for (WorkerPool::Finished &done : pool.Poll(std::chrono::milliseconds(100))) {
                const bool counted = countOnly[done.jobIndex];
                BatchRecord &record = records[done.jobIndex];
                const JobResult &result = done.result;
                record.status = !result.ok ? "failed" : counted ? "up-to-date" : "converted";
                record.error = result.error;
                record.hasCounts = result.ok;
                record.counts = result.counts;
                record.warnings = result.warnings;
                record.seconds = result.seconds;
                finished[done.jobIndex] = true;
                AppendToJournal(journalPath, record);
                progress.Finished(!counted, !result.ok);
            }
            progress.Show();
        }
        pool.KillAll();
    }
    progress.Finish();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fs::remove_all(scratchRoot, error);

    // The report: every job, and after each model the animation files bound to it.
    std::vector<BatchRecord> report;
    for (size_t i = 0; i < plan.jobs.size(); ++i) {
        if (!finished[i]) {
            records[i].status = "pending";
        }
        report.push_back(records[i]);
        for (const std::string &animation : plan.jobs[i].animations) {
            BatchRecord bound;
            bound.source = animation;
            bound.output = plan.jobs[i].output;
            // Bound to a model not reached yet: not done either.
            bound.status = records[i].status == "pending" ? "pending" : "bound";
            bound.boundTo = plan.jobs[i].source;
            report.push_back(bound);
        }
    }
    std::sort(report.begin(), report.end(),
              [](const BatchRecord &a, const BatchRecord &b) { return a.source < b.source; });
    const BatchSummary summary = Summarize(report, seconds);
    nlohmann::ordered_json header;
    header["tool"] = std::string("assimp batch (assimp-gameformats ") + Version() + ")";
    header["source"] = fs::absolute(sourceRoot).lexically_normal().string();
    header["destination"] = fs::absolute(destinationRoot).lexically_normal().string();
    header["format"] = format->id;
    header["anim_bind"] = options.bindAnimations ? "auto" : "none";
    header["shard"] = {{"index", options.shardIndex}, {"count", options.shardCount}};
    header["complete"] = gInterrupted == 0;
    WriteBatchReport(reportPath, header, summary, report);
    if (!gInterrupted) {
        fs::remove(journalPath, error);
    }

    std::printf("assimp batch: %s%s\n", gInterrupted ? "interrupted: " : "",
                DescribeSummary(summary).c_str());
    PrintFailures(report);
    std::printf("assimp batch: report: %s\n", reportPath.string().c_str());
    if (gInterrupted) {
        std::printf("assimp batch: run the same command again to finish\n");
        return kInterruptedExitCode;
    }
    return summary.byStatus.at("failed") != 0 ? kSomeFilesFailedExitCode : kSuccess;
}

int RunBatchMerge(const Arguments &args) {
    bool help = false;
    OptionTable table;
    AddHelpOption(table, help);
    const Arguments paths = ParseArguments(args, table);
    if (help) {
        std::printf("%s", kMergeUsage);
        return kSuccess;
    }
    if (paths.size() != 1) {
        throw UsageError("expected <dst>, see 'assimp batch-merge --help'");
    }
    const fs::path destination = paths[0];
    const std::regex shardName(R"(report\.shard-(\d+)-of-(\d+)\.json)");
    std::map<unsigned long, fs::path> shards;
    std::set<unsigned long> counts;
    std::error_code error;
    for (const fs::directory_entry &entry : fs::directory_iterator(destination, error)) {
        std::smatch match;
        const std::string name = entry.path().filename().string();
        if (std::regex_match(name, match, shardName)) {
            shards[std::stoul(match[1])] = entry.path();
            counts.insert(std::stoul(match[2]));
        }
    }
    if (error || shards.empty()) {
        ReportError("batch-merge: no report.shard-I-of-N.json in " + destination.string());
        return kFailedToLoadInputFile;
    }
    if (counts.size() != 1) {
        ReportError("batch-merge: " + destination.string() +
                    " holds shard reports of different shard counts");
        return kFailedToLoadInputFile;
    }
    const unsigned long count = *counts.begin();
    std::string missing;
    for (unsigned long i = 0; i < count; ++i) {
        if (shards.count(i) == 0) {
            missing += (missing.empty() ? "" : ", ") + std::to_string(i);
        }
    }
    if (!missing.empty()) {
        ReportError("batch-merge: the reports of shards " + missing + " of " +
                    std::to_string(count) + " are missing");
        return kFailedToLoadInputFile;
    }

    std::vector<BatchRecord> records;
    std::map<std::string, unsigned long> shardOf;
    nlohmann::ordered_json header;
    bool complete = true;
    double seconds = 0;
    for (const auto &[index, path] : shards) {
        std::ifstream in(path, std::ios::binary);
        nlohmann::ordered_json report;
        try {
            report = nlohmann::ordered_json::parse(in);
            for (const auto &file : report.at("files")) {
                BatchRecord record = RecordFromJson(file);
                const auto [where, fresh] = shardOf.emplace(record.source, index);
                if (!fresh) {
                    ReportError("batch-merge: " + record.source + " is in shard " +
                                std::to_string(where->second) + " and in shard " +
                                std::to_string(index));
                    return kFailedToLoadInputFile;
                }
                records.push_back(std::move(record));
            }
            complete = complete && report.at("complete").get<bool>();
            seconds = std::max(seconds, report.at("summary").at("seconds").get<double>());
        } catch (const nlohmann::json::exception &problem) {
            ReportError("batch-merge: cannot read " + path.string() + ": " + problem.what());
            return kFailedToLoadInputFile;
        }
        if (header.empty()) {
            for (const char *key : {"tool", "source", "destination", "format", "anim_bind"}) {
                header[key] = report.value(key, nlohmann::ordered_json());
            }
        }
    }
    std::sort(records.begin(), records.end(),
              [](const BatchRecord &a, const BatchRecord &b) { return a.source < b.source; });
    header["shard"] = {{"index", 0}, {"count", 1}, {"merged_shards", count}};
    header["complete"] = complete;
    // The shards ran side by side: the slowest one's time is the run's.
    const BatchSummary summary = Summarize(records, seconds);
    const fs::path output = destination / "report.json";
    WriteBatchReport(output, header, summary, records);
    std::printf("assimp batch-merge: %lu shards: %s\n", count, DescribeSummary(summary).c_str());
    std::printf("assimp batch-merge: report: %s\n", output.string().c_str());
    return kSuccess;
}

} // namespace agf::cli
