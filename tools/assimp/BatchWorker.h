/** @file BatchWorker.h
 *  The worker processes of `assimp batch`: the command started again as `assimp batch-worker`
 *  with the run's own arguments (ChildProcess.h, the same on every system), which converts the
 *  jobs it reads on stdin and answers each with one line on stdout.
 *
 *  Why processes and not threads: a thread cannot be stopped. An import stuck in a loop, or one
 *  that allocates without end through malloc (stb_image, zlib, Assimp's own readers) where a
 *  counting operator new does not see it, would hold the whole run; a crash in any importer
 *  would end it. A worker bounds its own memory (ThisProcess.h: BoundMemoryGrowth), is killed
 *  by the run at its deadline, and its crash is one failed file. It writes only into its own
 *  temporary folder; the run moves a finished output into place, so that nothing is published
 *  once the run has ended. A worker ends when its stdin closes, which the system does when the
 *  run ends in any way; on Windows its job object ends it as well.
 */
#pragma once

#include "BatchPlan.h"
#include "ChildProcess.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace agf::cli {

/** The counts the report gives per file, as `assimp info` and `assimp view` count them. */
struct BatchCounts {
    unsigned int meshes = 0;
    unsigned int bones = 0;
    unsigned int animations = 0;
    unsigned int lods = 0;
};

/** What a worker is asked: one line of JSON on its stdin. */
struct WorkerJob {
    std::string source; ///< relative to the source folder
    std::string output; ///< relative to the destination folder
    /** Animation files the import is given (BatchJob::namedAnimations), relative to the source
     *  folder. */
    std::vector<std::string> animationFiles;
    bool countOnly = false;        ///< import and count, write nothing
    uint64_t memoryLimitBytes = 0; ///< how much more memory the conversion may take
};

/** What a worker answers: one line of JSON on its stdout. */
struct JobResult {
    bool ok = false;
    std::string error; ///< one line
    BatchCounts counts;
    std::vector<std::string> warnings;
    double seconds = 0;
    bool written = false;    ///< the output is in the worker's folder, to be moved into place
    bool workerLost = false; ///< no answer: the worker crashed, was killed or ended
};

nlohmann::json JobToJson(const WorkerJob &job);
WorkerJob JobFromJson(const nlohmann::json &json);
nlohmann::json ResultToJson(const JobResult &result);
/** Throws nlohmann::json::exception for a line that is not a result. */
JobResult ResultFromJson(const nlohmann::json &json);

struct WorkerSettings {
    std::vector<std::string> arguments; ///< the run's arguments, given to every worker
    std::filesystem::path destinationRoot;
    std::filesystem::path scratchRoot; ///< temporary outputs: <scratchRoot>/<worker number>/
    double timeoutSeconds = 0;         ///< 0: the default bound for the input size
    uint64_t memoryLimitMb = 0;        ///< 0: the default bound for the input size
};

/** The time a job may take: the hostile sweep's 10 s per case, plus 1 s per MB of input
 *  (the sweep's inputs are small; real dumps have files of hundreds of MB). */
double DefaultTimeoutSeconds(uint64_t inputBytes);

/** The memory a job may add to the worker's address space: twice the import allocation bound
 *  of the tests (32 bytes per input byte + 2 MB, once for the import and once for the export
 *  of the scene), plus 64 MB for the exporter's buffers and the allocator's slack. */
uint64_t DefaultMemoryBytes(uint64_t inputBytes);

/** Moves what a worker wrote into `scratch` to `folder`: side files first, the output itself
 *  last, each by rename, so that the output's name appears only when it is complete. */
void MoveOutputs(const std::filesystem::path &scratch, const std::filesystem::path &folder,
                 const std::string &mainName);

/** Up to `capacity` workers, each converting one job at a time. A worker takes job after job
 *  and is replaced when it dies: a crash or a hang costs the file it was converting. */
class WorkerPool {
public:
    WorkerPool(WorkerSettings settings, unsigned int capacity);
    ~WorkerPool();
    WorkerPool(const WorkerPool &) = delete;
    WorkerPool &operator=(const WorkerPool &) = delete;

    bool HasFreeSlot() const;
    bool Idle() const;
    /** Starts a job; `countOnly` imports without writing (to count a file whose output is
     *  already up to date). Throws std::system_error when no worker can be started. */
    void Start(size_t jobIndex, const BatchJob &job, bool countOnly);

    struct Finished {
        size_t jobIndex;
        JobResult result;
    };
    /** Waits up to `wait` for answers, kills the workers past their deadline, and returns the
     *  jobs that ended, their outputs moved into place. */
    std::vector<Finished> Poll(std::chrono::milliseconds wait);
    /** Kills every worker, waits for them and removes their temporary files. */
    void KillAll();

private:
    /** One worker process and the thread that reads its answers. */
    struct Worker {
        std::unique_ptr<ChildProcess> process;
        std::thread reader;
        std::string received; ///< guarded by mMutex
        bool ended = false;   ///< its stdout closed (guarded by mMutex)
        std::filesystem::path scratch;
    };
    struct Slot {
        std::unique_ptr<Worker> worker; ///< null until started, and after it died
        bool busy = false;
        size_t jobIndex = 0;
        std::string output;
        std::chrono::steady_clock::time_point start;
        std::chrono::steady_clock::time_point deadline;
        double timeoutSeconds = 0;
        uint64_t memoryLimitBytes = 0;
        bool timedOut = false;
    };
    std::unique_ptr<Worker> Launch();
    /** The answer of a busy slot, once there is one; kills its worker past the deadline. */
    bool TakeAnswer(Slot &slot, std::chrono::steady_clock::time_point now, JobResult &result);
    JobResult LostWorker(Slot &slot);
    /** Ends a worker (killed, or asked by closing its stdin) and removes its folder. */
    void Stop(std::unique_ptr<Worker> worker, bool kill);

    WorkerSettings mSettings;
    std::filesystem::path mProgram;
    std::vector<Slot> mSlots;
    size_t mLaunched = 0;
    std::mutex mMutex;
    std::condition_variable mAnswered;
};

} // namespace agf::cli
