/** @file BatchWorkerProcess.cpp
 *  `assimp batch-worker <number> <the arguments of assimp batch>`: a worker process of
 *  `assimp batch` (BatchWorker.h), started by the run, not by users (not in the help).
 *
 *  It reads one job (a line of JSON) at a time on stdin, converts it with a Session as
 *  `assimp export` does, writes the output into its own folder <dst>/<scratch>/<number>/ and
 *  answers with one line of JSON on stdout. It ends when its stdin ends.
 */
#include "AnimSetMeshes.h"
#include "BatchOptions.h"
#include "BatchWorker.h"
#include "Commands.h"
#include "ExitCodes.h"
#include "ExportFormats.h"
#include "Interrupts.h"
#include "Session.h"
#include "ThisProcess.h"
#include "ViewerReport.h"

#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>
#include <assimp_gameformats/ImportOptions.h>

#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <new>
#include <thread>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxWarnings = 20;
constexpr uint64_t kMegabyte = 1u << 20;

/** The job lines from the run, read by a thread of their own so that the end of stdin ends
 *  this process at once, in the middle of a conversion too: the run has closed it because it is
 *  done with this worker, or the system has because the run has ended. What the worker has
 *  written so far stays in its own folder (only the run moves outputs into place), which the
 *  next run removes. */
class JobLines {
public:
    explicit JobLines(std::FILE *input) {
        std::thread([this, input] { ReadUntilTheEnd(input); }).detach();
    }

    std::string Next() {
        std::unique_lock<std::mutex> lock(mMutex);
        mArrived.wait(lock, [this] { return !mLines.empty(); });
        std::string line = std::move(mLines.front());
        mLines.pop_front();
        return line;
    }

private:
    void ReadUntilTheEnd(std::FILE *input) {
        std::string line;
        char buffer[4096];
        while (std::fgets(buffer, sizeof buffer, input) != nullptr) {
            line += buffer;
            if (line.back() != '\n') {
                continue;
            }
            line.pop_back();
            {
                const std::lock_guard<std::mutex> lock(mMutex);
                mLines.push_back(std::move(line));
            }
            mArrived.notify_one();
            line.clear();
        }
        std::_Exit(0);
    }

    std::mutex mMutex;
    std::condition_variable mArrived;
    std::deque<std::string> mLines;
};

/** What a worker needs for every job. */
struct WorkerContext {
    BatchOptions options;
    std::string formatId; ///< the export format's own id (-f also takes other spellings)
    fs::path scratch;     ///< this worker's folder for outputs being written
};

/** The faults the tests ask for: a crash, or a hang halfway through writing the output. */
void InjectFaults(const WorkerContext &context, const WorkerJob &job) {
    for (const InjectedFault &fault : context.options.faults) {
        if (!MatchesGlob(fault.glob, job.source)) {
            continue;
        }
        if (fault.kind == InjectedFault::Kind::Crash) {
            std::abort();
        }
        fs::create_directories(context.scratch);
        std::ofstream(context.scratch / fs::path(job.output).filename(), std::ios::binary)
            << "glTF";
        for (;;) {
            std::this_thread::sleep_for(std::chrono::hours(1));
        }
    }
}

/** A Session for a job; writers that embed no textures get the references as written. */
std::unique_ptr<Session> StartSession(const WorkerContext &context, const ImportOptions &options) {
    auto session = std::make_unique<Session>(options);
    if (!WriterEmbedsTextures(context.formatId)) {
        session->importer().SetPropertyBool(AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES, true);
    }
    return session;
}

JobResult ImportAndExport(const WorkerContext &context, const WorkerJob &job) {
    JobResult result;
    const fs::path source = context.options.sourceRoot / job.source;
    const auto withAnimations = [&context](const std::vector<std::string> &animations) {
        ImportOptions options = context.options.import;
        for (const std::string &animation : animations) {
            options.animationFiles.push_back((context.options.sourceRoot / animation).string());
        }
        return options;
    };
    // A Session keeps a reference to its options: both live as long as it does.
    const ImportOptions given = withAnimations(job.animationFiles);
    ImportOptions retried;
    std::unique_ptr<Session> session = StartSession(context, given);
    const aiScene *scene = session->Import(source.string());
    const std::string error = session->importer().GetErrorString();
    const std::vector<std::string> spared = AnimationFilesSparedBy(error, job.animationFiles);
    if (scene == nullptr && spared.size() < job.animationFiles.size()) {
        ReportWarning("converted without an animation file that names it: " + OneLine(error));
        retried = withAnimations(spared);
        session = StartSession(context, retried);
        scene = session->Import(source.string());
    }
    if (scene == nullptr) {
        return result;
    }
    const ModelCounts counts = CountModel(*scene);
    result.counts = {counts.meshes, counts.bones, counts.animations, counts.lods};
    result.ok = true;
    if (!job.countOnly) {
        fs::remove_all(context.scratch);
        fs::create_directories(context.scratch);
        const std::string name = fs::path(job.output).filename().string();
        result.ok = session->Export(scene, context.formatId, (context.scratch / name).string());
        result.written = result.ok;
    }
    return result;
}

/** The error as the report gives it: without the paths the report has already (the source,
 *  which the Session names, and the temporary name of the output), and with the bound that
 *  stopped it. */
void Explain(const WorkerContext &context, const WorkerJob &job, JobResult &result) {
    const std::string importPrefix =
        "cannot import " + (context.options.sourceRoot / job.source).string() + ": ";
    if (result.error.rfind(importPrefix, 0) == 0) {
        result.error.erase(0, importPrefix.size());
    }
    const std::string temporary = (context.scratch / fs::path(job.output).filename()).string();
    for (size_t at; (at = result.error.find(temporary)) != std::string::npos;) {
        result.error.replace(at, temporary.size(), job.output);
    }
    if (result.ok) {
        result.error.clear();
    } else if (result.error.empty()) {
        result.error = "the conversion failed without a message";
    } else if (result.error.find("bad_alloc") != std::string::npos ||
               result.error.find("out of memory") != std::string::npos) {
        result.error += " (the memory bound of " +
                        std::to_string(job.memoryLimitBytes / kMegabyte) + " MB was reached)";
    }
}

JobResult Convert(const WorkerContext &context, const WorkerJob &job) {
    if (job.memoryLimitBytes > 0) {
        BoundMemoryGrowth(job.memoryLimitBytes);
    }
    const auto start = std::chrono::steady_clock::now();
    JobResult result;
    std::string thrown;
    {
        const MessageCapture messages(kMaxWarnings);
        try {
            InjectFaults(context, job);
            result = ImportAndExport(context, job);
        } catch (const std::bad_alloc &) {
            thrown = "out of memory";
        } catch (const std::exception &error) {
            thrown = error.what();
        }
        result.error = thrown.empty() ? messages.error() : thrown;
        result.warnings = messages.warnings();
    }
    if (!thrown.empty()) {
        result.ok = false;
        result.written = false;
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    Explain(context, job, result);
    return result;
}

} // namespace

int RunBatchWorker(const Arguments &args) {
    EndAtOnceOnCrash();
    IgnoreInterrupts(); // the run takes Ctrl-C, and stops its workers itself
    if (args.empty()) {
        throw UsageError("batch-worker is started by 'assimp batch'");
    }
    WorkerContext context;
    context.options = ParseBatchOptions(Arguments(args.begin() + 1, args.end()));
    context.scratch =
        context.options.destinationRoot / ScratchFolderName(context.options) / args[0];
    {
        Assimp::Exporter exporter;
        RegisterExporters(exporter);
        const aiExportFormatDesc *format = FindExportFormat(exporter, context.options.formatId);
        if (format == nullptr) {
            throw UsageError("unknown format id '" + context.options.formatId + "'");
        }
        context.formatId = format->id;
    }
    const ParentPipes pipes = TakeOverStandardStreams();
    if (pipes.results == nullptr) {
        return kExceptionWasRaised;
    }
    JobLines jobs(pipes.jobs);
    for (;;) {
        const WorkerJob job = JobFromJson(nlohmann::json::parse(jobs.Next()));
        const JobResult result = Convert(context, job);
        // Messages are bytes from files and the system: never let one stop the answer.
        const std::string line =
            ResultToJson(result).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        std::fputs((line + "\n").c_str(), pipes.results);
        std::fflush(pipes.results);
    }
}

} // namespace agf::cli
