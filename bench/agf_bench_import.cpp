/** @file agf_bench_import.cpp
 *  The import benchmark driver (issue 10): our import against the raw-read floor and against
 *  Assimp's glTF2 importer reading the same content, with peak memory.
 *
 *    agf_bench_import generate <folder>          write the inputs and their glb twins
 *    agf_bench_import run <folder> [--runs N] [--only TEXT]
 *    agf_bench_import import <file> [validate]  one import in this process (for profilers)
 *    agf_bench_import hash <file>...            one hash of each imported scene (SceneHash.h)
 *
 *  Every measurement runs in a fresh child process (fork), so that each one starts with a cold
 *  heap and the child's peak resident set (wait4's ru_maxrss) is the peak of that one import.
 *  Times, wall and CPU, are taken inside the child around the work alone (process start, the
 *  scene's freeing and teardown are left out) and the table shows medians of N runs. The
 *  columns of one input are sampled in turn (run r of every column before run r + 1 of any),
 *  so that a slow spell of the machine falls on all of them and their ratios compare like with
 *  like. Files are read once before measuring, so they are in the page cache. The
 *  whole-process columns are what a user's command sees instead: our `assimp info --raw` on
 *  the file and on its twin, start-up, read, import, freeing and exit included.
 *  AGF_BENCH_THREADS=N sets our importers' thread count (AI_CONFIG_IMPORT_GAMEFORMATS_THREADS)
 *  in the in-process columns and in `hash`.
 */
#include "BenchInputs.h"
#include "GlbTwins.h"
#include "Median.h"
#include "SceneHash.h"

#include <assimp_gameformats/GameFormats.h>
#include <assimp_gameformats/ImportOptions.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

using agf::bench::BenchInput;
using agf::bench::Median;
using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double ProcessCpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

struct Sample {
    double seconds = -1;    ///< wall time; negative: the work failed
    double cpuSeconds = -1; ///< CPU time of the process during the work (user + system)
    double peakMb = 0;      ///< the child's peak resident set
};

/** The wall and CPU clocks at the start of a piece of work. The CPU time is taken too: on a
 *  busy machine it is the steadier number, as it leaves out the time spent waiting for a core. */
struct Stopwatch {
    Clock::time_point wallStart = Clock::now();
    double cpuStart = ProcessCpuSeconds();

    /** Both clocks' time since the start. */
    Sample elapsed() const {
        Sample sample;
        sample.seconds = SecondsSince(wallStart);
        sample.cpuSeconds = ProcessCpuSeconds() - cpuStart;
        return sample;
    }
};

/** Runs `work` in a child process; `work` returns the times it measured (Stopwatch), with
 *  negative seconds on failure. */
Sample InChild(const std::function<Sample()> &work) {
    int pipeEnds[2];
    if (pipe(pipeEnds) != 0) {
        return Sample();
    }
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        close(pipeEnds[0]);
        const Sample measured = work();
        const double times[2] = {measured.seconds, measured.cpuSeconds};
        const ssize_t written = write(pipeEnds[1], times, sizeof times);
        _exit(written == sizeof times ? 0 : 1);
    }
    close(pipeEnds[1]);
    Sample sample;
    double times[2] = {-1, -1};
    if (child > 0 && read(pipeEnds[0], times, sizeof times) == sizeof times) {
        sample.seconds = times[0];
        sample.cpuSeconds = times[1];
    }
    close(pipeEnds[0]);
    int status = 0;
    struct rusage usage {};
    if (child > 0 && wait4(child, &status, 0, &usage) == child) {
        sample.peakMb = double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        sample.seconds = -1;
    }
    return sample;
}

/** A whole process, as a user at a shell sees it: our `assimp info --raw <file>` (start-up,
 *  reading, import without post-processing, a short report), timed from fork to exit; CPU time
 *  and peak resident set from wait4. Output goes to /dev/null. */
Sample WholeProcess(const std::string &file) {
    const std::string cli = AGF_CLI_PATH;
    std::fflush(stdout);
    const Clock::time_point start = Clock::now();
    const pid_t child = fork();
    if (child == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(cli.c_str(), cli.c_str(), "info", "--raw", file.c_str(),
              static_cast<char *>(nullptr));
        _exit(127);
    }
    Sample sample;
    int status = 0;
    struct rusage usage {};
    if (child > 0 && wait4(child, &status, 0, &usage) == child && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0) {
        sample.seconds = SecondsSince(start);
        sample.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                            double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
        sample.peakMb = double(usage.ru_maxrss) / 1024.0;
    }
    return sample;
}

/** The floor: read() the whole file into a fresh buffer, then one pass summing 64-bit words. */
Sample ReadFloor(const std::string &path) {
    const Stopwatch stopwatch;
    const int fd = open(path.c_str(), O_RDONLY);
    struct stat info {};
    if (fd < 0 || fstat(fd, &info) != 0) {
        return Sample();
    }
    const size_t size = static_cast<size_t>(info.st_size);
    std::unique_ptr<uint8_t[]> buffer(new uint8_t[size + 8]);
    size_t done = 0;
    while (done < size) {
        const ssize_t got = read(fd, buffer.get() + done, size - done);
        if (got <= 0) {
            close(fd);
            return Sample();
        }
        done += static_cast<size_t>(got);
    }
    close(fd);
    uint64_t sum = 0;
    for (size_t i = 0; i + 8 <= size; i += 8) {
        uint64_t word;
        std::memcpy(&word, buffer.get() + i, 8);
        sum += word;
    }
    Sample sample = stopwatch.elapsed();
    // Keeps the pass from being optimised away.
    if (sum == 0x5A5A5A5A5A5A5A5Aull) {
        sample.seconds += 1e-12;
    }
    return sample;
}

/** Our importers on `importer`, with AGF_BENCH_THREADS (when set) as their thread count: the
 *  split imports are compared with one thread and with several by the same driver. */
void RegisterOurs(Assimp::Importer &importer) {
    agf::RegisterImporters(importer);
    if (const char *threads = std::getenv("AGF_BENCH_THREADS")) {
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, std::atoi(threads));
    }
}

/** One import, timed up to the scene's return; its freeing is left out. */
Sample Import(const std::string &path, unsigned flags, bool ours) {
    const Stopwatch stopwatch;
    Assimp::Importer importer;
    if (ours) {
        RegisterOurs(importer);
    }
    const aiScene *scene = importer.ReadFile(path, flags);
    const Sample sample = stopwatch.elapsed();
    if (scene == nullptr) {
        std::fprintf(stderr, "import of %s failed: %s\n", path.c_str(), importer.GetErrorString());
        return Sample();
    }
    return sample;
}

/** Prints one line per file: the hash of the scene our importers make of it, no
 *  post-processing, or "failed". Speed changes compare these lines before and after. */
int HashImports(int count, char **paths) {
    int failures = 0;
    for (int i = 0; i < count; ++i) {
        Assimp::Importer importer;
        RegisterOurs(importer);
        const aiScene *scene = importer.ReadFile(paths[i], 0);
        if (scene == nullptr) {
            std::printf("failed %s\n", paths[i]);
            ++failures;
            continue;
        }
        std::printf("%016llx %s\n", (unsigned long long)agf::bench::HashScene(*scene), paths[i]);
    }
    return failures == 0 ? 0 : 1;
}

struct Stat {
    double seconds = -1;
    double cpuSeconds = -1;
    double peakMb = 0;
};

/** Medians over `runs` samples of each sampler, taken in turn: run r samples every column
 *  before run r + 1 samples any. A column whose sampler is empty, or one of whose samples
 *  failed, is failed (Stat's negative seconds) and not sampled again. */
std::vector<Stat> MeasureInTurn(int runs, const std::vector<std::function<Sample()>> &samplers) {
    struct Column {
        std::vector<double> seconds, cpuSeconds, peaks;
        bool failed = false;
    };
    std::vector<Column> columns(samplers.size());
    for (size_t c = 0; c < samplers.size(); ++c) {
        columns[c].failed = !samplers[c];
    }
    for (int r = 0; r < runs; ++r) {
        for (size_t c = 0; c < samplers.size(); ++c) {
            Column &column = columns[c];
            if (column.failed) {
                continue;
            }
            const Sample sample = samplers[c]();
            column.failed = sample.seconds < 0;
            column.seconds.push_back(sample.seconds);
            column.cpuSeconds.push_back(sample.cpuSeconds);
            column.peaks.push_back(sample.peakMb);
        }
    }
    std::vector<Stat> stats(samplers.size());
    for (size_t c = 0; c < samplers.size(); ++c) {
        const Column &column = columns[c];
        if (!column.failed) {
            stats[c] =
                Stat{Median(column.seconds), Median(column.cpuSeconds), Median(column.peaks)};
        }
    }
    return stats;
}

void WarmPageCache(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> block(1 << 20);
    while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    }
}

std::string Ms(double seconds) {
    if (seconds < 0) {
        return "failed";
    }
    char text[32];
    std::snprintf(text, sizeof text, seconds < 0.01 ? "%.2f" : "%.1f", seconds * 1000.0);
    return text;
}

/** "wall (CPU)" in milliseconds. */
std::string Ms(const Stat &stat) {
    return stat.seconds < 0 ? "failed" : Ms(stat.seconds) + " (" + Ms(stat.cpuSeconds) + ")";
}

std::string Fixed(double value, const char *format) {
    if (!(value >= 0)) {
        return "-";
    }
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string CpuModel() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const size_t colon = line.find(':');
            return colon == std::string::npos ? line : line.substr(colon + 2);
        }
    }
    return "unknown CPU";
}

int Run(const std::string &folder, int runs, const std::string &only) {
    std::printf("Machine: %s, %ld cores online; %d runs per cell, medians.\n", CpuModel().c_str(),
                sysconf(_SC_NPROCESSORS_ONLN), runs);
    const std::time_t now = std::time(nullptr);
    char date[64];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    std::printf("Date: %s\n\n", date);
    const Stat baseline =
        MeasureInTurn(runs, {[] { return InChild([] { return Stopwatch().elapsed(); }); }})[0];
    std::printf("Peak RSS of a child that does nothing: %.1f MB (included in every RSS below)\n\n",
                baseline.peakMb);

    std::printf("Times: wall ms (CPU ms in brackets); ratios: wall (CPU).\n\n");
    std::printf("| input | size MB | floor ms | ours ms | ours + validate ms | Assimp glb ms | "
                "ours / floor | ours / glb | ours MB/s | peak RSS ours / glb MB | "
                "whole process ours / glb ms | whole process ours / glb | "
                "whole process peak ours / glb MB |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    struct LadderRow {
        std::string label;
        uint64_t units;
        Stat floor, ours;
    };
    std::vector<LadderRow> ladder;
    for (const BenchInput &input : agf::bench::BenchInputs()) {
        if (!only.empty() && input.label.find(only) == std::string::npos &&
            input.fileName.find(only) == std::string::npos) {
            continue;
        }
        const std::string path = folder + "/" + input.fileName;
        const std::string twin = folder + "/" + input.twinName;
        if (!std::filesystem::exists(path)) {
            std::printf("| %s | missing: run `generate` first | | | | | | | | | | | |\n",
                        input.label.c_str());
            continue;
        }
        const bool hasTwin = std::filesystem::exists(twin);
        WarmPageCache(path);
        if (hasTwin) {
            WarmPageCache(twin);
        }
        const double mb = double(std::filesystem::file_size(path)) / 1e6;
        using Sampler = std::function<Sample()>;
        const Sampler noTwin;
        const std::vector<Stat> stats = MeasureInTurn(
            runs,
            {[&] { return InChild([&] { return ReadFloor(path); }); },
             [&] { return InChild([&] { return Import(path, 0, true); }); },
             [&] {
                 return InChild(
                     [&] { return Import(path, aiProcess_ValidateDataStructure, true); });
             },
             hasTwin ? Sampler([&] { return InChild([&] { return Import(twin, 0, false); }); })
                     : noTwin,
             [&] { return WholeProcess(path); },
             hasTwin ? Sampler([&] { return WholeProcess(twin); }) : noTwin});
        const Stat &floor = stats[0], &ours = stats[1], &validated = stats[2], &glb = stats[3],
                   &oursProcess = stats[4], &glbProcess = stats[5];
        const auto ratio = [](const Stat &a, const Stat &b) {
            return Fixed(a.seconds / b.seconds, "%.2f") + " (" +
                   Fixed(a.cpuSeconds / b.cpuSeconds, "%.2f") + ")";
        };
        std::printf("| %s | %.1f | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s / %s | %s | "
                    "%s / %s |\n",
                    input.label.c_str(), mb, Ms(floor).c_str(), Ms(ours).c_str(),
                    Ms(validated).c_str(), hasTwin ? Ms(glb).c_str() : "-",
                    ratio(ours, floor).c_str(), hasTwin ? ratio(ours, glb).c_str() : "-",
                    Fixed(mb / ours.seconds, "%.0f").c_str(), Fixed(ours.peakMb, "%.0f").c_str(),
                    hasTwin ? Fixed(glb.peakMb, "%.0f").c_str() : "-", Ms(oursProcess).c_str(),
                    hasTwin ? Ms(glbProcess).c_str() : "-",
                    hasTwin ? ratio(oursProcess, glbProcess).c_str() : "-",
                    Fixed(oursProcess.peakMb, "%.0f").c_str(),
                    hasTwin ? Fixed(glbProcess.peakMb, "%.0f").c_str() : "-");
        if (input.ladder) {
            ladder.push_back({input.label, input.sizeUnits, floor, ours});
        }
    }
    if (!ladder.empty()) {
        std::printf("\n| ladder | points | ours ms | ours ns per point | ours CPU ns per point | "
                    "floor ns per point |\n");
        std::printf("|---|---|---|---|---|---|\n");
        for (const LadderRow &row : ladder) {
            std::printf("| %s | %llu | %s | %s | %s | %s |\n", row.label.c_str(),
                        (unsigned long long)row.units, Ms(row.ours).c_str(),
                        Fixed(row.ours.seconds * 1e9 / double(row.units), "%.0f").c_str(),
                        Fixed(row.ours.cpuSeconds * 1e9 / double(row.units), "%.0f").c_str(),
                        Fixed(row.floor.seconds * 1e9 / double(row.units), "%.1f").c_str());
        }
    }
    return 0;
}

int Generate(const std::string &folder) {
    agf::bench::WriteBenchInputs(folder);
    bool ok = true;
    for (const BenchInput &input : agf::bench::BenchInputs()) {
        std::printf("%s -> %s\n", input.fileName.c_str(), input.twinName.c_str());
        ok = agf::bench::WriteGlbTwin(folder + "/" + input.fileName,
                                      folder + "/" + input.twinName) &&
             ok;
    }
    return ok ? 0 : 1;
}

int Usage() {
    std::fprintf(stderr, "usage: agf_bench_import generate <folder>\n"
                         "       agf_bench_import run <folder> [--runs N] [--only TEXT]\n"
                         "       agf_bench_import import <file> [validate]\n"
                         "       agf_bench_import hash <file>...\n");
    return 2;
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        return Usage();
    }
    const std::string command = argv[1];
    const std::string folder = argv[2];
    if (command == "generate") {
        return Generate(folder);
    }
    if (command == "hash") {
        return HashImports(argc - 2, argv + 2);
    }
    if (command == "import") {
        // For callgrind / perf: one import of one file, no child process.
        const bool validate = argc > 3 && std::string(argv[3]) == "validate";
        const Sample sample = Import(folder, validate ? aiProcess_ValidateDataStructure : 0u, true);
        std::printf("%s ms\n", Ms(sample.seconds).c_str());
        return sample.seconds < 0 ? 1 : 0;
    }
    if (command != "run") {
        return Usage();
    }
    int runs = 7;
    std::string only;
    for (int i = 3; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        if (option == "--runs") {
            runs = std::max(1, std::atoi(argv[i + 1]));
        } else if (option == "--only") {
            only = argv[i + 1];
        } else {
            return Usage();
        }
    }
    return Run(folder, runs, only);
}
