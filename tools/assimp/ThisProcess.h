/** @file ThisProcess.h
 *  What the command asks of the system about its own process: whether a stream is a terminal,
 *  and, in a `batch` worker, the pipes to its parent and a bound on its memory. One
 *  implementation per system family, chosen by the build (platform/ThisProcessPosix.cpp,
 *  platform/ThisProcessWindows.cpp).
 */
#pragma once

#include <cstdint>
#include <cstdio>

namespace agf::cli {

/** Whether `stream` (stdout, stderr) is a terminal or console. */
bool IsTerminal(std::FILE *stream);

/** The pipes of a worker to the process that started it. */
struct ParentPipes {
    std::FILE *jobs = nullptr;    ///< stdin
    std::FILE *results = nullptr; ///< what was stdout
};

/** Takes stdin and stdout as the pipes to the parent, both in binary mode. stdout itself then
 *  goes to the null device, so that nothing printed by the conversions (the importers, Assimp's
 *  own messages) can be taken for a result. */
ParentPipes TakeOverStandardStreams();

/** Bounds how much more memory this process may take from now on: `extraBytes` more address
 *  space (RLIMIT_AS; the heap's free memory goes back first, AllocatorTuning.h) on Linux, more
 *  committed memory (a job object's process memory limit) on Windows. Called again, the bound
 *  counts from then. False where the system gives no such bound (macOS), or refuses it. */
bool BoundMemoryGrowth(uint64_t extraBytes);

/** A crash ends this process at once, without a system dialog that waits for a click
 *  (Windows's error reporting); elsewhere nothing needs doing. */
void EndAtOnceOnCrash();

} // namespace agf::cli
