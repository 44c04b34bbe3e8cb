/** @file BatchWorker.cpp */
#include "BatchWorker.h"

#include "AllocatorTuning.h"
#include "ExportFormats.h"
#include "Session.h"
#include "ViewerReport.h"

#include <assimp/scene.h>
#include <assimp_gameformats/ImportLimits.h>
#include <assimp_gameformats/ImportOptions.h>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kMegabyte = 1u << 20;
constexpr size_t kMaxWarnings = 20;

double SecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/** The child's address space now (the parent's, copied by fork), in bytes. */
uint64_t AddressSpaceBytes() {
    std::ifstream statm("/proc/self/statm");
    uint64_t pages = 0;
    statm >> pages;
    return pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

/** What the Session printed on stderr: "assimp: <error>" and "assimp: warning: <text>". */
void ReadCapturedMessages(std::FILE *captured, JobResult &result) {
    std::fflush(stderr);
    std::rewind(captured);
    std::string text;
    char buffer[4096];
    for (size_t got; (got = std::fread(buffer, 1, sizeof buffer, captured)) > 0;) {
        text.append(buffer, got);
    }
    std::istringstream lines(text);
    const std::string errorPrefix = "assimp: ";
    const std::string warningPrefix = "assimp: warning: ";
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(warningPrefix, 0) == 0) {
            if (result.warnings.size() < kMaxWarnings) {
                result.warnings.push_back(line.substr(warningPrefix.size()));
            }
        } else if (line.rfind(errorPrefix, 0) == 0) {
            result.error = line.substr(errorPrefix.size());
        }
    }
}

/** Moves what the exporter wrote into `scratch` to `folder`: side files first, the output
 *  itself last, each by rename, so that the output's name appears only when it is complete. */
void MoveOutputs(const fs::path &scratch, const fs::path &folder, const std::string &mainName) {
    fs::create_directories(folder);
    for (const fs::directory_entry &entry : fs::directory_iterator(scratch)) {
        if (entry.path().filename() != mainName) {
            fs::rename(entry.path(), folder / entry.path().filename());
        }
    }
    fs::rename(scratch / mainName, folder / mainName);
}

nlohmann::json ToJson(const JobResult &result) {
    return {{"ok", result.ok},
            {"error", result.error},
            {"meshes", result.counts.meshes},
            {"bones", result.counts.bones},
            {"animations", result.counts.animations},
            {"lods", result.counts.lods},
            {"warnings", result.warnings},
            {"seconds", result.seconds}};
}

JobResult FromJson(const nlohmann::json &json) {
    JobResult result;
    result.ok = json.at("ok").get<bool>();
    result.error = json.at("error").get<std::string>();
    result.counts.meshes = json.at("meshes").get<unsigned int>();
    result.counts.bones = json.at("bones").get<unsigned int>();
    result.counts.animations = json.at("animations").get<unsigned int>();
    result.counts.lods = json.at("lods").get<unsigned int>();
    result.warnings = json.at("warnings").get<std::vector<std::string>>();
    result.seconds = json.at("seconds").get<double>();
    return result;
}

void WriteAll(int fd, const std::string &text) {
    size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return;
        }
        written += static_cast<size_t>(n);
    }
}

void ReadAvailable(int fd, std::string &into) {
    char buffer[4096];
    for (;;) {
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n > 0) {
            into.append(buffer, static_cast<size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return; // end of data, EAGAIN or an error
        }
    }
}

} // namespace

double DefaultTimeoutSeconds(uint64_t inputBytes) {
    return kImportSecondsLimit + static_cast<double>(inputBytes) / static_cast<double>(kMegabyte);
}

uint64_t DefaultMemoryBytes(uint64_t inputBytes) {
    return 2 * ImportAllocationBound(inputBytes) + 64 * kMegabyte;
}

WorkerPool::WorkerPool(WorkerSettings settings, unsigned int capacity)
    : mSettings(std::move(settings)), mSlots(capacity == 0 ? 1 : capacity) {}

WorkerPool::~WorkerPool() {
    KillAll();
}

bool WorkerPool::HasFreeSlot() const {
    for (const Slot &slot : mSlots) {
        if (slot.pid < 0) {
            return true;
        }
    }
    return false;
}

bool WorkerPool::Idle() const {
    for (const Slot &slot : mSlots) {
        if (slot.pid >= 0) {
            return false;
        }
    }
    return true;
}

void WorkerPool::Start(size_t jobIndex, const BatchJob &job, bool countOnly) {
    Slot *free = nullptr;
    for (Slot &slot : mSlots) {
        if (slot.pid < 0) {
            free = &slot;
            break;
        }
    }
    if (free == nullptr) {
        throw std::logic_error("WorkerPool::Start without a free slot");
    }
    const double timeout = mSettings.timeoutSeconds > 0 ? mSettings.timeoutSeconds
                                                        : DefaultTimeoutSeconds(job.inputBytes);
    const uint64_t memory = mSettings.memoryLimitMb > 0 ? mSettings.memoryLimitMb * kMegabyte
                                                        : DefaultMemoryBytes(job.inputBytes);
    int fds[2];
    if (pipe(fds) != 0) {
        throw std::runtime_error(std::string("cannot create a pipe: ") + std::strerror(errno));
    }
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        throw std::runtime_error(std::string("cannot start a worker: ") + std::strerror(errno));
    }
    if (pid == 0) {
        close(fds[0]);
        for (const Slot &slot : mSlots) {
            if (slot.pipe >= 0) {
                close(slot.pipe);
            }
        }
        RunChild(job, countOnly, memory, fds[1], parent);
    }
    close(fds[1]);
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    free->pid = pid;
    free->pipe = fds[0];
    free->jobIndex = jobIndex;
    free->received.clear();
    free->timeoutSeconds = timeout;
    free->memoryLimitBytes = memory;
    free->timedOut = false;
    free->start = std::chrono::steady_clock::now();
    free->deadline = free->start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                       std::chrono::duration<double>(timeout));
}

void WorkerPool::RunChild(const BatchJob &job, bool countOnly, uint64_t memoryLimitBytes,
                          int pipeFd, pid_t parent) {
    // Die with the parent (a killed `batch` must not leave workers writing). Ctrl-C reaches
    // the whole process group: leave it to the parent, which stops us and notes the file as
    // not done (dying of it here would read as a failed file).
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) {
        _exit(0);
    }
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGTERM, SIG_IGN);
    std::signal(SIGHUP, SIG_IGN);

    const int devNull = open("/dev/null", O_WRONLY);
    if (devNull >= 0) {
        dup2(devNull, STDOUT_FILENO);
        close(devNull);
    }
    std::FILE *captured = std::tmpfile();
    if (captured != nullptr) {
        dup2(fileno(captured), STDERR_FILENO);
    }
    if (memoryLimitBytes > 0) {
        PrepareAllocatorForAddressSpaceBound();
        rlimit limit{};
        getrlimit(RLIMIT_AS, &limit);
        const rlim_t wanted = static_cast<rlim_t>(AddressSpaceBytes() + memoryLimitBytes);
        if (limit.rlim_max == RLIM_INFINITY || wanted < limit.rlim_max) {
            limit.rlim_cur = wanted;
            setrlimit(RLIMIT_AS, &limit);
        }
    }

    JobResult result;
    const auto start = std::chrono::steady_clock::now();
    try {
        const fs::path source = mSettings.sourceRoot / job.source;
        Session session(mSettings.options);
        if (!WriterEmbedsTextures(mSettings.formatId)) {
            session.importer().SetPropertyBool(AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES, true);
        }
        const aiScene *scene = session.Import(source.string());
        if (scene != nullptr) {
            const ModelCounts counts = CountModel(*scene);
            result.counts = {counts.meshes, counts.bones, counts.animations, counts.lods};
            result.ok = true;
            if (!countOnly) {
                const fs::path scratch = mSettings.scratchRoot / std::to_string(getpid());
                fs::remove_all(scratch);
                fs::create_directories(scratch);
                const std::string name = fs::path(job.output).filename().string();
                result.ok = session.Export(scene, mSettings.formatId, (scratch / name).string());
                if (result.ok) {
                    MoveOutputs(scratch, (mSettings.destinationRoot / job.output).parent_path(),
                                name);
                }
                fs::remove_all(scratch);
            }
        }
    } catch (const std::bad_alloc &) {
        result.ok = false;
        result.error = "out of memory";
    } catch (const std::exception &error) {
        result.ok = false;
        result.error = error.what();
    }
    result.seconds = SecondsSince(start);
    if (captured != nullptr) {
        const std::string thrown = result.error;
        ReadCapturedMessages(captured, result);
        if (!thrown.empty()) {
            result.error = thrown;
        }
    }
    // The Session names the file ("cannot import <path>: "); the report has it already.
    const std::string importPrefix =
        "cannot import " + (mSettings.sourceRoot / job.source).string() + ": ";
    if (result.error.rfind(importPrefix, 0) == 0) {
        result.error.erase(0, importPrefix.size());
    }
    // Nor the temporary name of the output.
    const std::string temporary =
        (mSettings.scratchRoot / std::to_string(getpid()) / fs::path(job.output).filename())
            .string();
    for (size_t at; (at = result.error.find(temporary)) != std::string::npos;) {
        result.error.replace(at, temporary.size(), job.output);
    }
    if (!result.ok && result.error.empty()) {
        result.error = "the conversion failed without a message";
    }
    if (!result.ok && (result.error.find("bad_alloc") != std::string::npos ||
                       result.error.find("out of memory") != std::string::npos)) {
        result.error += " (the memory bound of " + std::to_string(memoryLimitBytes / kMegabyte) +
                        " MB was reached)";
    }
    if (result.ok) {
        result.error.clear();
    }
    WriteAll(pipeFd, ToJson(result).dump());
    close(pipeFd);
    _exit(0);
}

std::vector<WorkerPool::Finished> WorkerPool::Poll(std::chrono::milliseconds wait) {
    std::vector<pollfd> fds;
    for (const Slot &slot : mSlots) {
        if (slot.pid >= 0) {
            fds.push_back({slot.pipe, POLLIN, 0});
        }
    }
    if (!fds.empty()) {
        poll(fds.data(), fds.size(), static_cast<int>(wait.count()));
    }
    std::vector<Finished> finished;
    const auto now = std::chrono::steady_clock::now();
    for (Slot &slot : mSlots) {
        if (slot.pid < 0) {
            continue;
        }
        ReadAvailable(slot.pipe, slot.received);
        int status = 0;
        const pid_t ended = waitpid(slot.pid, &status, WNOHANG);
        if (ended == slot.pid) {
            finished.push_back({slot.jobIndex, Reap(slot, status)});
        } else if (now > slot.deadline && !slot.timedOut) {
            kill(slot.pid, SIGKILL);
            slot.timedOut = true;
        }
    }
    return finished;
}

JobResult WorkerPool::Reap(Slot &slot, int status) {
    // Every write end is closed now: read to the end.
    const int flags = fcntl(slot.pipe, F_GETFL);
    fcntl(slot.pipe, F_SETFL, flags & ~O_NONBLOCK);
    ReadAvailable(slot.pipe, slot.received);
    close(slot.pipe);
    std::error_code ignored;
    fs::remove_all(mSettings.scratchRoot / std::to_string(slot.pid), ignored);

    JobResult result;
    bool parsed = false;
    if (!slot.received.empty()) {
        try {
            result = FromJson(nlohmann::json::parse(slot.received));
            parsed = true;
        } catch (const std::exception &) {
            parsed = false;
        }
    }
    if (!parsed) {
        result = JobResult();
        char timeout[32];
        std::snprintf(timeout, sizeof timeout, "%.1f", slot.timeoutSeconds);
        if (slot.timedOut) {
            result.error = std::string("stopped after ") + timeout +
                           " s: the time bound for this file was reached (see --timeout)";
        } else if (WIFSIGNALED(status)) {
            const int signal = WTERMSIG(status);
            result.error = "the conversion crashed (signal " + std::to_string(signal) + ", " +
                           strsignal(signal) + ")";
        } else {
            result.error = "the worker ended without a result (exit status " +
                           std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
        }
        result.seconds = SecondsSince(slot.start);
    }
    slot.pid = -1;
    slot.pipe = -1;
    return result;
}

void WorkerPool::KillAll() {
    for (Slot &slot : mSlots) {
        if (slot.pid < 0) {
            continue;
        }
        kill(slot.pid, SIGKILL);
        int status = 0;
        waitpid(slot.pid, &status, 0);
        close(slot.pipe);
        std::error_code ignored;
        fs::remove_all(mSettings.scratchRoot / std::to_string(slot.pid), ignored);
        slot.pid = -1;
        slot.pipe = -1;
    }
}

} // namespace agf::cli
