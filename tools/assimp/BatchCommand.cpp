/** @file BatchCommand.cpp
 *  `assimp batch SRC DST [options]`: converts every model under a folder, in parallel, with a
 *  report, resumable and shardable; `assimp batch-merge DST`: joins the shards' reports.
 */
#include "BatchOptions.h"
#include "BatchPlan.h"
#include "BatchProgress.h"
#include "BatchReport.h"
#include "BatchWorker.h"
#include "Commands.h"
#include "ExitCodes.h"
#include "ExportFormats.h"
#include "FileTimes.h"
#include "Interrupts.h"
#include "ThisProcess.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/BaseImporter.h>
#include <assimp/Exporter.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <system_error>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

const char *const kMergeUsage =
    "assimp batch-merge <dst>\n"
    "    Joins <dst>/report.shard-I-of-N.json of every shard I of N into <dst>/report.json.\n"
    "    Fails, naming them, when a shard's report is missing or a file is in two shards.\n";

constexpr int kInterruptedExitCode = 130;
constexpr int kSomeFilesFailedExitCode = kExportFailedToImport;

/** What one run works on. */
struct BatchRun {
    BatchOptions options;
    std::string formatId;
    BatchPlan plan;
    fs::path reportPath;
    fs::path journalPath;
    fs::path scratchRoot;
    std::vector<BatchRecord> records; ///< one per job
    std::vector<bool> finished;
    std::vector<bool> countOnly; ///< up to date, but no counts known
    std::vector<size_t> queue;   ///< the jobs to run, in order
    std::unique_ptr<BatchProgress> progress;
    bool interrupted = false;
};

/** Whether `output` is newer than the job's model and every animation file it loads. */
bool IsUpToDate(const fs::path &sourceRoot, const fs::path &output, const BatchJob &job) {
    std::error_code error;
    const FileTime written = FileWriteTime(output, error);
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

/** Every job into the queue, but those whose output is up to date and whose counts an earlier
 *  run noted. */
void QueueJobs(BatchRun &run, const std::map<std::string, BatchRecord> &earlier) {
    const size_t count = run.plan.jobs.size();
    run.records.resize(count);
    run.finished.assign(count, false);
    run.countOnly.assign(count, false);
    run.progress = std::make_unique<BatchProgress>(count, IsTerminal(stderr));
    for (size_t i = 0; i < count; ++i) {
        const BatchJob &job = run.plan.jobs[i];
        run.records[i] = RecordFor(job);
        if (run.options.force ||
            !IsUpToDate(run.options.sourceRoot, run.options.destinationRoot / job.output, job)) {
            run.queue.push_back(i);
            continue;
        }
        const auto known = earlier.find(job.source);
        if (known != earlier.end() && known->second.hasCounts &&
            known->second.output == job.output &&
            (known->second.status == "converted" || known->second.status == "up-to-date")) {
            run.records[i].hasCounts = true;
            run.records[i].counts = known->second.counts;
            run.records[i].warnings = known->second.warnings;
            run.records[i].status = "up-to-date";
            run.finished[i] = true;
            run.progress->Finished(false, false);
        } else {
            // Written by a run that was killed before it could note the counts.
            run.queue.push_back(i);
            run.countOnly[i] = true;
        }
    }
}

/** Whether an importer whose extensions include the path's reads the file at `path`
 *  through `files`, judged by its content (BaseImporter::CanRead with the signature check). */
bool AnImporterReads(const Assimp::Importer &importer, Assimp::IOSystem &files,
                     const std::string &path) {
    const size_t dot = path.find_last_of('.');
    const std::string extension = dot == std::string::npos ? "" : LowerAscii(path.substr(dot + 1));
    for (size_t i = 0; i < importer.GetImporterCount(); ++i) {
        const aiImporterDesc *info = importer.GetImporterInfo(i);
        std::istringstream extensions(info != nullptr ? info->mFileExtensions : "");
        std::string claimed;
        bool claims = false;
        while (!claims && extensions >> claimed) {
            claims = LowerAscii(claimed) == extension;
        }
        if (claims && importer.GetImporter(i)->CanRead(path, &files, true)) {
            return true;
        }
    }
    return false;
}

/** Checks the folders and the format, plans the jobs and queues them; an exit code other than
 *  kSuccess when the run cannot start. */
int PrepareRun(BatchRun &run) {
    const BatchOptions &options = run.options;
    std::error_code error;
    if (!fs::is_directory(options.sourceRoot, error)) {
        ReportError("batch: " + options.sourceRoot.string() + " is not a folder");
        return kFailedToLoadInputFile;
    }
    fs::create_directories(options.destinationRoot, error);
    if (error) {
        ReportError("batch: cannot create " + options.destinationRoot.string() + ": " +
                    error.message());
        return kFailedToOpenOutputFile;
    }
    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    const aiExportFormatDesc *format = FindExportFormat(exporter, options.formatId);
    if (format == nullptr) {
        ReportError("batch: unknown format id '" + options.formatId + "', see 'assimp listexport'");
        return kUnknownFileFormat;
    }
    run.formatId = format->id;
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
    const std::unique_ptr<Assimp::IOSystem> archiveFiles(NewPboIOSystem());
    planOptions.readsArchiveEntry = [&importer, &archiveFiles](const std::string &path) {
        return AnImporterReads(importer, *archiveFiles, path);
    };
    run.plan = PlanBatch(options.sourceRoot, options.destinationRoot, planOptions);
    ReportArchiveWarnings(run.plan);

    const std::string reportName = ReportFileName(options.shardIndex, options.shardCount);
    run.reportPath = options.destinationRoot / reportName;
    run.journalPath = options.destinationRoot / (".assimp-batch-journal." + reportName + "l");
    run.scratchRoot = options.destinationRoot / ScratchFolderName(options);
    // What a killed run left: temporary outputs (never under their final names) go.
    fs::remove_all(run.scratchRoot, error);
    QueueJobs(run, ReadEarlierRecords(run.reportPath, run.journalPath));
    return kSuccess;
}

void PrintStart(const BatchRun &run) {
    const BatchOptions &options = run.options;
    const std::string shard = options.shardCount <= 1
                                  ? std::string()
                                  : " (shard " + std::to_string(options.shardIndex) + "/" +
                                        std::to_string(options.shardCount) + " of " +
                                        std::to_string(run.plan.allFiles) + " files)";
    const std::string skipped =
        run.plan.skipped.empty()
            ? std::string()
            : " (" + std::to_string(run.plan.skipped.size()) + " no model, skipped)";
    std::printf("assimp batch: %zu files in %zu conversions%s%s, to %s with %u worker%s\n",
                run.plan.shardFiles, run.plan.jobs.size(), skipped.c_str(), shard.c_str(),
                run.formatId.c_str(), options.jobs, options.jobs == 1 ? "" : "s");
    std::fflush(stdout);
}

void Record(BatchRun &run, const WorkerPool::Finished &done) {
    const bool counted = run.countOnly[done.jobIndex];
    BatchRecord &record = run.records[done.jobIndex];
    const JobResult &result = done.result;
    record.status = !result.ok ? "failed" : counted ? "up-to-date" : "converted";
    record.error = result.error;
    record.hasCounts = result.ok;
    record.counts = result.counts;
    record.warnings = result.warnings;
    record.seconds = result.seconds;
    run.finished[done.jobIndex] = true;
    AppendToJournal(run.journalPath, record);
    run.progress->Finished(!counted, !result.ok);
}

/** Runs the queue through the workers until it is done or Ctrl-C (or SIGTERM) arrives. */
void ConvertQueue(BatchRun &run, const Arguments &args) {
    WorkerSettings settings;
    settings.arguments = args;
    // Workers parse the run's arguments again: the folders of the tree's PBOs reach them as
    // texture roots there.
    for (const std::string &folder : run.plan.archiveFolders) {
        settings.arguments.push_back("--texture-root");
        settings.arguments.push_back((run.options.sourceRoot / folder).lexically_normal().string());
    }
    settings.destinationRoot = run.options.destinationRoot;
    settings.scratchRoot = run.scratchRoot;
    settings.timeoutSeconds = run.options.timeoutSeconds;
    settings.memoryLimitMb = run.options.memoryLimitMb;
    WorkerPool pool(settings, run.options.jobs);
    size_t next = 0;
    while (!Interrupted() && (next < run.queue.size() || !pool.Idle())) {
        while (!Interrupted() && next < run.queue.size() && pool.HasFreeSlot()) {
            const size_t job = run.queue[next++];
            pool.Start(job, run.plan.jobs[job], run.countOnly[job]);
        }
        for (const WorkerPool::Finished &done : pool.Poll(std::chrono::milliseconds(100))) {
            // A worker that Ctrl-C ended before it could ignore it: its file is not done.
            if (!(done.result.workerLost && Interrupted())) {
                Record(run, done);
            }
        }
        run.progress->Show();
    }
    pool.KillAll();
    run.progress->Finish();
    run.interrupted =
        std::find(run.finished.begin(), run.finished.end(), false) != run.finished.end();
}

/** The report's records: every job, after each model the files bound to it, and the files
 *  that are no model. */
std::vector<BatchRecord> ReportRecords(BatchRun &run) {
    std::vector<BatchRecord> report;
    for (size_t i = 0; i < run.plan.jobs.size(); ++i) {
        if (!run.finished[i]) {
            run.records[i].status = "pending";
        }
        report.push_back(run.records[i]);
        for (const std::string &animation : run.plan.jobs[i].animations) {
            BatchRecord bound;
            bound.source = animation;
            bound.output = run.plan.jobs[i].output;
            // Bound to a model not reached yet: not done either.
            bound.status = run.records[i].status == "pending" ? "pending" : "bound";
            bound.boundTo = run.plan.jobs[i].source;
            report.push_back(bound);
        }
    }
    for (const SkippedFile &file : run.plan.skipped) {
        BatchRecord skipped;
        skipped.source = file.source;
        skipped.status = "skipped";
        skipped.reason = file.reason;
        report.push_back(skipped);
    }
    std::sort(report.begin(), report.end(),
              [](const BatchRecord &a, const BatchRecord &b) { return a.source < b.source; });
    return report;
}

nlohmann::ordered_json ReportHeader(const BatchRun &run) {
    const BatchOptions &options = run.options;
    nlohmann::ordered_json header;
    header["tool"] = std::string("assimp batch (assimp-gameformats ") + Version() + ")";
    header["source"] = fs::absolute(options.sourceRoot).lexically_normal().string();
    header["destination"] = fs::absolute(options.destinationRoot).lexically_normal().string();
    header["format"] = run.formatId;
    header["anim_bind"] = options.bindAnimations ? "auto" : "none";
    header["shard"] = {{"index", options.shardIndex}, {"count", options.shardCount}};
    header["complete"] = !run.interrupted;
    return header;
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

/** Writes the report, prints the summary and returns the exit code. */
int FinishRun(BatchRun &run, double seconds) {
    std::error_code error;
    fs::remove_all(run.scratchRoot, error);
    const std::vector<BatchRecord> report = ReportRecords(run);
    const BatchSummary summary = Summarize(report, seconds);
    WriteBatchReport(run.reportPath, ReportHeader(run), summary, report);
    if (!run.interrupted) {
        fs::remove(run.journalPath, error);
    }
    std::printf("assimp batch: %s%s\n", run.interrupted ? "interrupted: " : "",
                DescribeSummary(summary).c_str());
    PrintFailures(report);
    std::printf("assimp batch: report: %s\n", run.reportPath.string().c_str());
    if (run.interrupted) {
        std::printf("assimp batch: run the same command again to finish\n");
        return kInterruptedExitCode;
    }
    return summary.byStatus.at("failed") != 0 ? kSomeFilesFailedExitCode : kSuccess;
}

} // namespace

int RunBatch(const Arguments &args) {
    BatchRun run;
    run.options = ParseBatchOptions(args);
    if (run.options.help) {
        std::printf("%s", BatchUsage().c_str());
        return kSuccess;
    }
    const int failure = PrepareRun(run);
    if (failure != kSuccess) {
        return failure;
    }
    PrintStart(run);
    CatchInterrupts();
    const auto start = std::chrono::steady_clock::now();
    ConvertQueue(run, args);
    return FinishRun(
        run, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
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
