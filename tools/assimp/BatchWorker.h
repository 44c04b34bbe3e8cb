/** @file BatchWorker.h
 *  Running one `batch` conversion in a forked child process, under a time and a memory bound.
 *
 *  Why a process per job and not a thread: a thread cannot be stopped. An import stuck in a
 *  loop, or one that allocates without end through malloc (stb_image, zlib, Assimp's own
 *  readers) where a counting operator new does not see it, would hold the whole run; a crash
 *  in any importer would end it. A child process gets a hard address-space limit
 *  (RLIMIT_AS), is killed by the parent at its deadline, and its crash is one failed file.
 *  Each child has its own Importer and Exporter (one Session, as `assimp export` uses).
 */
#pragma once

#include "BatchPlan.h"
#include "CommandLine.h"

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace agf::cli {

/** The counts the report gives per file, as `assimp info` and `assimp view` count them. */
struct BatchCounts {
    unsigned int meshes = 0;
    unsigned int bones = 0;
    unsigned int animations = 0;
    unsigned int lods = 0;
};

/** What a child reports back. */
struct JobResult {
    bool ok = false;
    std::string error; ///< one line
    BatchCounts counts;
    std::vector<std::string> warnings;
    double seconds = 0;
};

struct WorkerSettings {
    std::filesystem::path sourceRoot;
    std::filesystem::path destinationRoot;
    std::filesystem::path scratchRoot; ///< temporary outputs, one folder per child
    ImportOptions options;             ///< with the --anim-bind properties already added
    std::string formatId;
    double timeoutSeconds = 0;  ///< 0: the default bound for the input size
    uint64_t memoryLimitMb = 0; ///< 0: the default bound for the input size
};

/** The time a job may take: the hostile sweep's 10 s per case, plus 1 s per MB of input
 *  (the sweep's inputs are small; real dumps have files of hundreds of MB). */
double DefaultTimeoutSeconds(uint64_t inputBytes);

/** The memory a job may add to the child's address space: twice the import allocation bound
 *  of the tests (32 bytes per input byte + 2 MB, once for the import and once for the export
 *  of the scene), plus 64 MB for the exporter's buffers and the allocator's slack. */
uint64_t DefaultMemoryBytes(uint64_t inputBytes);

/** Up to `capacity` children at a time. The parent must not have other threads. */
class WorkerPool {
public:
    WorkerPool(WorkerSettings settings, unsigned int capacity);
    ~WorkerPool();
    WorkerPool(const WorkerPool &) = delete;
    WorkerPool &operator=(const WorkerPool &) = delete;

    bool HasFreeSlot() const;
    bool Idle() const;
    /** Starts a job in a new child; `countOnly` imports without writing (to count a file whose
     *  output is already up to date). Throws std::runtime_error when it cannot fork. */
    void Start(size_t jobIndex, const BatchJob &job, bool countOnly);

    struct Finished {
        size_t jobIndex;
        JobResult result;
    };
    /** Waits up to `wait` for children to end, kills those past their deadline, and returns
     *  the jobs that ended. */
    std::vector<Finished> Poll(std::chrono::milliseconds wait);
    /** Kills every running child, waits for them and removes their temporary files. */
    void KillAll();

private:
    struct Slot {
        pid_t pid = -1;
        int pipe = -1;
        size_t jobIndex = 0;
        std::string received;
        std::chrono::steady_clock::time_point start;
        std::chrono::steady_clock::time_point deadline;
        double timeoutSeconds = 0;
        uint64_t memoryLimitBytes = 0;
        bool timedOut = false;
    };
    /** In the child: converts, writes the result as JSON to `pipeFd` and exits. */
    [[noreturn]] void RunChild(const BatchJob &job, bool countOnly, uint64_t memoryLimitBytes,
                               int pipeFd, pid_t parent);
    JobResult Reap(Slot &slot, int status);

    WorkerSettings mSettings;
    std::vector<Slot> mSlots;
};

} // namespace agf::cli
