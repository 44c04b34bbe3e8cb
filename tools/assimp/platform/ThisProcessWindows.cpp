/** @file ThisProcessWindows.cpp
 *  ThisProcess.h on Windows.
 */
#include "../ThisProcess.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <psapi.h>

#include <fcntl.h>
#include <io.h>

namespace agf::cli {

bool IsTerminal(std::FILE *stream) {
    return _isatty(_fileno(stream)) != 0;
}

ParentPipes TakeOverStandardStreams() {
    std::fflush(stdout);
    ParentPipes pipes;
    _setmode(_fileno(stdin), _O_BINARY); // no CR/LF translation, no Ctrl-Z as the end
    pipes.jobs = stdin;
    const int results = _dup(_fileno(stdout));
    const int nothing = _open("NUL", _O_WRONLY);
    if (nothing >= 0) {
        _dup2(nothing, _fileno(stdout));
        _close(nothing);
    }
    pipes.results = results >= 0 ? _fdopen(results, "wb") : nullptr;
    return pipes;
}

bool BoundMemoryGrowth(uint64_t extraBytes) {
    // A job of this process's own, inside the one its parent made (jobs nest since Windows 8),
    // so that the worker sets its bound itself, as on POSIX systems.
    static const HANDLE job = [] {
        HANDLE created = CreateJobObjectW(nullptr, nullptr);
        if (created != nullptr && !AssignProcessToJobObject(created, GetCurrentProcess())) {
            CloseHandle(created);
            created = nullptr;
        }
        return created;
    }();
    PROCESS_MEMORY_COUNTERS_EX counters{};
    counters.cb = sizeof counters;
    if (job == nullptr ||
        !K32GetProcessMemoryInfo(GetCurrentProcess(),
                                 reinterpret_cast<PROCESS_MEMORY_COUNTERS *>(&counters),
                                 sizeof counters)) {
        return false;
    }
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_PROCESS_MEMORY;
    limits.ProcessMemoryLimit = static_cast<SIZE_T>(counters.PrivateUsage + extraBytes);
    return SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits,
                                   sizeof limits) != 0;
}

void EndAtOnceOnCrash() {
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
}

} // namespace agf::cli
