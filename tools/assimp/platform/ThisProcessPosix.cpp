/** @file ThisProcessPosix.cpp
 *  ThisProcess.h on POSIX systems.
 */
#include "../ThisProcess.h"

#include "../AllocatorTuning.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>

namespace agf::cli {

bool IsTerminal(std::FILE *stream) {
    return isatty(fileno(stream)) != 0;
}

ParentPipes TakeOverStandardStreams() {
    std::fflush(stdout);
    ParentPipes pipes;
    pipes.jobs = stdin;
    const int results = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    const int nothing = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (nothing >= 0) {
        dup2(nothing, STDOUT_FILENO);
        close(nothing);
    }
    pipes.results = results >= 0 ? fdopen(results, "w") : nullptr;
    return pipes;
}

bool BoundMemoryGrowth(uint64_t extraBytes) {
    // The address space now, in pages (Linux); other systems have no such file and, like
    // macOS, do not hold a process to RLIMIT_AS either.
    std::ifstream statm("/proc/self/statm");
    uint64_t pages = 0;
    if (!(statm >> pages)) {
        return false;
    }
    PrepareAllocatorForAddressSpaceBound();
    const uint64_t now = pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0) {
        return false;
    }
    const rlim_t wanted = static_cast<rlim_t>(now + extraBytes);
    if (limit.rlim_max != RLIM_INFINITY && wanted >= limit.rlim_max) {
        return false; // the user's own hard limit is lower: it stands
    }
    limit.rlim_cur = wanted;
    return setrlimit(RLIMIT_AS, &limit) == 0;
}

void EndAtOnceOnCrash() {}

} // namespace agf::cli
