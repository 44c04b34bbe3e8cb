/** @file BatchWorker.cpp
 *  The run's side of the workers: starting them, handing out jobs, reading the answers,
 *  deadlines, and moving finished outputs into place.
 */
#include "BatchWorker.h"

#include <assimp_gameformats/ImportLimits.h>

#include <cstdio>
#include <stdexcept>
#include <system_error>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kMegabyte = 1u << 20;

double SecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string OneDecimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

} // namespace

nlohmann::json JobToJson(const WorkerJob &job) {
    return {{"source", job.source},
            {"output", job.output},
            {"animation_files", job.animationFiles},
            {"count_only", job.countOnly},
            {"memory_limit_bytes", job.memoryLimitBytes}};
}

WorkerJob JobFromJson(const nlohmann::json &json) {
    WorkerJob job;
    job.source = json.at("source").get<std::string>();
    job.output = json.at("output").get<std::string>();
    job.animationFiles = json.at("animation_files").get<std::vector<std::string>>();
    job.countOnly = json.at("count_only").get<bool>();
    job.memoryLimitBytes = json.at("memory_limit_bytes").get<uint64_t>();
    return job;
}

nlohmann::json ResultToJson(const JobResult &result) {
    return {{"ok", result.ok},
            {"error", result.error},
            {"meshes", result.counts.meshes},
            {"bones", result.counts.bones},
            {"animations", result.counts.animations},
            {"lods", result.counts.lods},
            {"warnings", result.warnings},
            {"seconds", result.seconds},
            {"written", result.written}};
}

JobResult ResultFromJson(const nlohmann::json &json) {
    JobResult result;
    result.ok = json.at("ok").get<bool>();
    result.error = json.at("error").get<std::string>();
    result.counts.meshes = json.at("meshes").get<unsigned int>();
    result.counts.bones = json.at("bones").get<unsigned int>();
    result.counts.animations = json.at("animations").get<unsigned int>();
    result.counts.lods = json.at("lods").get<unsigned int>();
    result.warnings = json.at("warnings").get<std::vector<std::string>>();
    result.seconds = json.at("seconds").get<double>();
    result.written = json.at("written").get<bool>();
    return result;
}

double DefaultTimeoutSeconds(uint64_t inputBytes) {
    return kImportSecondsLimit + static_cast<double>(inputBytes) / static_cast<double>(kMegabyte);
}

uint64_t DefaultMemoryBytes(uint64_t inputBytes) {
    return 2 * ImportAllocationBound(inputBytes) + 64 * kMegabyte;
}

void MoveOutputs(const fs::path &scratch, const fs::path &folder, const std::string &mainName) {
    fs::create_directories(folder);
    for (const fs::directory_entry &entry : fs::directory_iterator(scratch)) {
        if (entry.path().filename() != mainName) {
            fs::rename(entry.path(), folder / entry.path().filename());
        }
    }
    fs::rename(scratch / mainName, folder / mainName);
}

WorkerPool::WorkerPool(WorkerSettings settings, unsigned int capacity)
    : mSettings(std::move(settings)), mProgram(ThisProgram()),
      mSlots(capacity == 0 ? 1 : capacity) {}

WorkerPool::~WorkerPool() {
    KillAll();
}

bool WorkerPool::HasFreeSlot() const {
    for (const Slot &slot : mSlots) {
        if (!slot.busy) {
            return true;
        }
    }
    return false;
}

bool WorkerPool::Idle() const {
    return !std::any_of(mSlots.begin(), mSlots.end(), [](const Slot &slot) { return slot.busy; });
}

std::unique_ptr<WorkerPool::Worker> WorkerPool::Launch() {
    auto worker = std::make_unique<Worker>();
    const std::string number = std::to_string(++mLaunched);
    worker->scratch = mSettings.scratchRoot / number;
    std::vector<std::string> arguments{"batch-worker", number};
    arguments.insert(arguments.end(), mSettings.arguments.begin(), mSettings.arguments.end());
    ChildOptions streams;
    streams.inputPipe = true;
    streams.outputPipe = true; // stderr: the null device
    worker->process = std::make_unique<ChildProcess>(mProgram, arguments, streams);
    Worker *reading = worker.get(); // lives until Stop has joined this thread
    worker->reader = std::thread([this, reading] {
        char buffer[4096];
        for (size_t got; (got = reading->process->Read(buffer, sizeof buffer)) > 0;) {
            const std::lock_guard<std::mutex> lock(mMutex);
            reading->received.append(buffer, got);
            mAnswered.notify_all();
        }
        const std::lock_guard<std::mutex> lock(mMutex);
        reading->ended = true;
        mAnswered.notify_all();
    });
    return worker;
}

void WorkerPool::Start(size_t jobIndex, const BatchJob &job, bool countOnly) {
    const auto free =
        std::find_if(mSlots.begin(), mSlots.end(), [](const Slot &slot) { return !slot.busy; });
    if (free == mSlots.end()) {
        throw std::logic_error("WorkerPool::Start without a free slot");
    }
    Slot &slot = *free;
    slot.jobIndex = jobIndex;
    slot.output = job.output;
    slot.timeoutSeconds = mSettings.timeoutSeconds > 0 ? mSettings.timeoutSeconds
                                                       : DefaultTimeoutSeconds(job.inputBytes);
    slot.memoryLimitBytes = mSettings.memoryLimitMb > 0 ? mSettings.memoryLimitMb * kMegabyte
                                                        : DefaultMemoryBytes(job.inputBytes);
    slot.timedOut = false;
    WorkerJob message;
    message.source = job.source;
    message.output = job.output;
    message.animationFiles = job.namedAnimations;
    message.countOnly = countOnly;
    message.memoryLimitBytes = slot.memoryLimitBytes;
    const std::string line = JobToJson(message).dump() + "\n";
    // A worker that died while it waited (killed from outside) is replaced once; a new one that
    // cannot take the job either answers as a lost worker.
    if (slot.worker == nullptr || !slot.worker->process->Write(line)) {
        Stop(std::move(slot.worker), true);
        slot.worker = Launch();
        slot.worker->process->Write(line);
    }
    slot.busy = true;
    slot.start = std::chrono::steady_clock::now();
    slot.deadline = slot.start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                     std::chrono::duration<double>(slot.timeoutSeconds));
}

std::vector<WorkerPool::Finished> WorkerPool::Poll(std::chrono::milliseconds wait) {
    {
        std::unique_lock<std::mutex> lock(mMutex);
        mAnswered.wait_for(lock, wait, [this] {
            return std::any_of(mSlots.begin(), mSlots.end(), [](const Slot &slot) {
                return slot.busy && (slot.worker->ended ||
                                     slot.worker->received.find('\n') != std::string::npos);
            });
        });
    }
    std::vector<Finished> finished;
    const auto now = std::chrono::steady_clock::now();
    for (Slot &slot : mSlots) {
        JobResult result;
        if (slot.busy && TakeAnswer(slot, now, result)) {
            finished.push_back({slot.jobIndex, std::move(result)});
        }
    }
    return finished;
}

bool WorkerPool::TakeAnswer(Slot &slot, std::chrono::steady_clock::time_point now,
                            JobResult &result) {
    Worker &worker = *slot.worker;
    std::string line;
    bool ended = false;
    {
        const std::lock_guard<std::mutex> lock(mMutex);
        const size_t newline = worker.received.find('\n');
        if (newline != std::string::npos) {
            line = worker.received.substr(0, newline);
            worker.received.erase(0, newline + 1);
        }
        ended = worker.ended;
    }
    if (line.empty() && !ended) {
        if (now > slot.deadline && !slot.timedOut) {
            worker.process->Kill();
            slot.timedOut = true;
        }
        return false;
    }
    try {
        result = ResultFromJson(nlohmann::json::parse(line));
    } catch (const std::exception &) {
        result = LostWorker(slot); // no answer, or not one: the worker is of no further use
        return true;
    }
    slot.busy = false;
    std::error_code ignored;
    if (result.written) {
        try {
            const fs::path output = mSettings.destinationRoot / slot.output;
            MoveOutputs(worker.scratch, output.parent_path(), output.filename().string());
        } catch (const std::exception &error) {
            result.ok = false;
            result.error = std::string("cannot move the output into place: ") + error.what();
        }
    }
    fs::remove_all(worker.scratch, ignored);
    return true;
}

JobResult WorkerPool::LostWorker(Slot &slot) {
    if (!slot.timedOut) {
        slot.worker->process->Kill(); // an answer that is not one: stop it
    }
    const ChildExit end = slot.worker->process->Wait();
    JobResult result;
    result.workerLost = true;
    result.seconds = SecondsSince(slot.start);
    if (slot.timedOut) {
        result.error = "stopped after " + OneDecimal(slot.timeoutSeconds) +
                       " s: the time bound for this file was reached (see --timeout)";
    } else if (!end.exited && end.cause != "killed") {
        result.error = "the conversion crashed (" + end.cause + ")";
    } else {
        result.error =
            "the worker ended without a result (exit status " + std::to_string(end.code) + ")";
    }
    Stop(std::move(slot.worker), false);
    slot.busy = false;
    return result;
}

void WorkerPool::Stop(std::unique_ptr<Worker> worker, bool kill) {
    if (worker == nullptr) {
        return;
    }
    if (kill) {
        worker->process->Kill();
    } else {
        worker->process->CloseInput(); // it ends when it reads the end of its jobs
    }
    worker->process->Wait();
    if (worker->reader.joinable()) {
        worker->reader.join(); // its Read has returned: the worker is gone
    }
    std::error_code ignored;
    fs::remove_all(worker->scratch, ignored);
}

void WorkerPool::KillAll() {
    for (Slot &slot : mSlots) {
        Stop(std::move(slot.worker), true);
        slot.busy = false;
    }
}

} // namespace agf::cli
