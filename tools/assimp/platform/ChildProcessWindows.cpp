/** @file ChildProcessWindows.cpp
 *  ChildProcess.h on Windows: CreateProcessW with the child's standard handles, anonymous
 *  pipes, and a job object per child that ends it (and whatever it starts) when the parent
 *  closes the job, which the system does when the parent ends in any way. Each child has a
 *  process group of its own, so that the console's Ctrl-C does not reach it (its parent stops
 *  it) and Interrupt can send it Ctrl-Break.
 */
#include "../ChildProcess.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <system_error>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void ThrowLastError(const std::string &what) {
    throw std::system_error(static_cast<int>(GetLastError()), std::system_category(), what);
}

/** Text in the process's narrow encoding (the ANSI code page, as main's argv and
 *  std::filesystem::path::string() use it) as UTF-16. */
std::wstring Widen(const std::string &text) {
    if (text.empty()) {
        return std::wstring();
    }
    const int length =
        MultiByteToWideChar(CP_ACP, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
    std::wstring wide(static_cast<size_t>(length), L'\0');
    MultiByteToWideChar(CP_ACP, 0, text.data(), static_cast<int>(text.size()), wide.data(), length);
    return wide;
}

/** Appends one argument to a command line so that the child's C runtime (and
 *  CommandLineToArgvW) gives it back unchanged: quotes around it when it has blanks or quotes,
 *  a backslash before each quote, and the backslashes before a quote doubled. */
void AppendArgument(std::wstring &line, const std::wstring &argument) {
    if (!line.empty()) {
        line += L' ';
    }
    if (!argument.empty() && argument.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
        line += argument;
        return;
    }
    line += L'"';
    size_t backslashes = 0;
    for (const wchar_t c : argument) {
        if (c == L'\\') {
            ++backslashes;
            continue;
        }
        line.append(c == L'"' ? 2 * backslashes + 1 : backslashes, L'\\');
        backslashes = 0;
        line += c;
    }
    line.append(2 * backslashes, L'\\'); // they stand before the closing quote
    line += L'"';
}

SECURITY_ATTRIBUTES Inheritable() {
    SECURITY_ATTRIBUTES attributes{};
    attributes.nLength = sizeof attributes;
    attributes.bInheritHandle = TRUE;
    return attributes;
}

/** A file (or the null device, for an empty path) as an inheritable handle. */
HANDLE OpenForChild(const fs::path &path, bool write) {
    SECURITY_ATTRIBUTES attributes = Inheritable();
    const std::wstring name = path.empty() ? std::wstring(L"NUL") : fs::absolute(path).wstring();
    const HANDLE handle = CreateFileW(
        name.c_str(), write ? GENERIC_WRITE : GENERIC_READ,
        FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, &attributes,
        write && !path.empty() ? CREATE_ALWAYS : OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle == INVALID_HANDLE_VALUE) {
        ThrowLastError("cannot open " + (path.empty() ? std::string("NUL") : path.string()));
    }
    return handle;
}

/** A pipe whose `childEnd` is inheritable and whose other end is not. */
void MakePipe(HANDLE &readEnd, HANDLE &writeEnd, bool childReads) {
    SECURITY_ATTRIBUTES attributes = Inheritable();
    if (!CreatePipe(&readEnd, &writeEnd, &attributes, 0)) {
        ThrowLastError("cannot create a pipe");
    }
    SetHandleInformation(childReads ? writeEnd : readEnd, HANDLE_FLAG_INHERIT, 0);
}

void CloseIfOpen(HANDLE &handle) {
    if (handle != nullptr && handle != INVALID_HANDLE_VALUE) {
        CloseHandle(handle);
    }
    handle = nullptr;
}

/** The child's three standard handles, closed in the parent once the child has them. */
struct ChildEnds {
    HANDLE input = nullptr;
    HANDLE output = nullptr;
    HANDLE error = nullptr;
    ~ChildEnds() {
        if (error == output) {
            error = nullptr;
        }
        CloseIfOpen(input);
        CloseIfOpen(output);
        CloseIfOpen(error);
    }
};

/** A job that ends its processes when its last handle closes and lets a crash end the process
 *  at once (no error dialog waiting for a click); null when the system refuses one. */
HANDLE MakeJob() {
    HANDLE job = CreateJobObjectW(nullptr, nullptr);
    if (job == nullptr) {
        return nullptr;
    }
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags =
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
    if (!SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits)) {
        CloseHandle(job);
        return nullptr;
    }
    return job;
}

/** Starts the process suspended, with exactly `ends` inherited. */
PROCESS_INFORMATION CreateSuspended(const fs::path &program, std::wstring &commandLine,
                                    const fs::path &workingDirectory, const ChildEnds &ends) {
    std::vector<HANDLE> inherited{ends.input, ends.output};
    if (ends.error != ends.output) {
        inherited.push_back(ends.error);
    }
    SIZE_T size = 0;
    InitializeProcThreadAttributeList(nullptr, 1, 0, &size);
    std::vector<char> storage(size);
    const auto list = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(storage.data());
    if (!InitializeProcThreadAttributeList(list, 1, 0, &size) ||
        !UpdateProcThreadAttribute(list, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited.data(),
                                   inherited.size() * sizeof(HANDLE), nullptr, nullptr)) {
        ThrowLastError("cannot prepare the start of " + program.string());
    }
    STARTUPINFOEXW startup{};
    startup.StartupInfo.cb = sizeof startup;
    startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    startup.StartupInfo.hStdInput = ends.input;
    startup.StartupInfo.hStdOutput = ends.output;
    startup.StartupInfo.hStdError = ends.error;
    startup.lpAttributeList = list;
    const std::wstring folder =
        workingDirectory.empty() ? std::wstring() : fs::absolute(workingDirectory).wstring();
    PROCESS_INFORMATION process{};
    const BOOL started = CreateProcessW(
        program.wstring().c_str(), commandLine.data(), nullptr, nullptr, TRUE,
        CREATE_SUSPENDED | EXTENDED_STARTUPINFO_PRESENT | CREATE_NEW_PROCESS_GROUP, nullptr,
        folder.empty() ? nullptr : folder.c_str(), &startup.StartupInfo, &process);
    const DWORD error = GetLastError();
    DeleteProcThreadAttributeList(list);
    if (!started) {
        SetLastError(error);
        ThrowLastError("cannot start " + program.string());
    }
    return process;
}

} // namespace

struct ChildProcess::Handles {
    HANDLE process = nullptr;
    HANDLE job = nullptr;
    HANDLE input = nullptr;  ///< our end of its stdin
    HANDLE output = nullptr; ///< our end of its stdout
    DWORD id = 0;
    std::mutex mutex; ///< guards `killed`
    bool killed = false;
};

ChildProcess::ChildProcess(const fs::path &program, const std::vector<std::string> &arguments,
                           const ChildOptions &options)
    : mHandles(std::make_unique<Handles>()) {
    std::wstring commandLine;
    AppendArgument(commandLine, program.wstring());
    for (const std::string &argument : arguments) {
        AppendArgument(commandLine, Widen(argument));
    }
    ChildEnds ends;
    try {
        if (options.inputPipe) {
            MakePipe(ends.input, mHandles->input, true);
        } else {
            ends.input = OpenForChild(fs::path(), false);
        }
        if (options.outputPipe) {
            MakePipe(mHandles->output, ends.output, false);
        } else {
            ends.output = OpenForChild(options.outputFile, true);
        }
        ends.error = options.errorToOutput ? ends.output : OpenForChild(options.errorFile, true);
        const PROCESS_INFORMATION process =
            CreateSuspended(program, commandLine, options.workingDirectory, ends);
        mHandles->process = process.hProcess;
        mHandles->id = process.dwProcessId;
        // In its job before it runs a single instruction. Without a job (a system that refuses
        // one) the child still ends when it reads the end of a stdin pipe, as our workers do.
        mHandles->job = MakeJob();
        if (mHandles->job != nullptr &&
            !AssignProcessToJobObject(mHandles->job, process.hProcess)) {
            CloseIfOpen(mHandles->job);
        }
        ResumeThread(process.hThread);
        CloseHandle(process.hThread);
    } catch (...) {
        CloseIfOpen(mHandles->input);
        CloseIfOpen(mHandles->output);
        throw;
    }
}

ChildProcess::~ChildProcess() {
    CloseInput();
    if (!TryWait()) {
        Kill();
        Wait();
    }
    CloseIfOpen(mHandles->output);
    CloseIfOpen(mHandles->job);
    CloseIfOpen(mHandles->process);
}

bool ChildProcess::Write(const std::string &text) {
    size_t written = 0;
    while (mHandles->input != nullptr && written < text.size()) {
        DWORD n = 0;
        const DWORD chunk = static_cast<DWORD>(std::min<size_t>(text.size() - written, 1u << 20));
        if (!WriteFile(mHandles->input, text.data() + written, chunk, &n, nullptr) || n == 0) {
            return false;
        }
        written += n;
    }
    return written == text.size();
}

void ChildProcess::CloseInput() {
    CloseIfOpen(mHandles->input);
}

size_t ChildProcess::Read(char *buffer, size_t size) {
    DWORD n = 0;
    const DWORD chunk = static_cast<DWORD>(std::min<size_t>(size, 1u << 20));
    if (mHandles->output == nullptr || !ReadFile(mHandles->output, buffer, chunk, &n, nullptr)) {
        return 0; // ERROR_BROKEN_PIPE: every writer has closed its end
    }
    return n;
}

void ChildProcess::Kill() {
    const std::lock_guard<std::mutex> lock(mHandles->mutex);
    if (WaitForSingleObject(mHandles->process, 0) == WAIT_OBJECT_0) {
        return; // ended by itself: its own exit code stands
    }
    mHandles->killed = true;
    // The whole job: the child and whatever it started.
    if (mHandles->job == nullptr || !TerminateJobObject(mHandles->job, 1)) {
        TerminateProcess(mHandles->process, 1);
    }
}

bool ChildProcess::Interrupt() {
    // Ctrl-C cannot be sent to one process group, Ctrl-Break can: the child has a group of its
    // own (CREATE_NEW_PROCESS_GROUP), and the command takes SIGBREAK as it takes SIGINT. The
    // child must share this process's console; without one there is nothing to send.
    return GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, mHandles->id) != 0;
}

ChildExit ChildProcess::Wait() {
    WaitForSingleObject(mHandles->process, INFINITE);
    return *TryWait();
}

std::optional<ChildExit> ChildProcess::TryWait() {
    if (WaitForSingleObject(mHandles->process, 0) != WAIT_OBJECT_0) {
        return std::nullopt;
    }
    DWORD code = 0;
    GetExitCodeProcess(mHandles->process, &code);
    ChildExit end;
    const std::lock_guard<std::mutex> lock(mHandles->mutex);
    if (mHandles->killed) {
        end.cause = "killed";
    } else if ((code & 0xF0000000u) == 0xC0000000u) { // an NTSTATUS error: a crash
        char text[32];
        std::snprintf(text, sizeof text, "exception 0x%08lX", static_cast<unsigned long>(code));
        end.cause = text;
    } else {
        end.exited = true;
        end.code = static_cast<int>(code);
    }
    return end;
}

std::optional<ChildExit> ChildProcess::WaitFor(std::chrono::milliseconds timeout) {
    const auto milliseconds =
        std::min<std::chrono::milliseconds::rep>(timeout.count(), INFINITE - 1);
    WaitForSingleObject(mHandles->process,
                        static_cast<DWORD>(std::max<decltype(milliseconds)>(milliseconds, 0)));
    return TryWait();
}

long ChildProcess::id() const {
    return static_cast<long>(mHandles->id);
}

fs::path ThisProgram() {
    std::wstring path(MAX_PATH, L'\0');
    for (;;) {
        const DWORD length =
            GetModuleFileNameW(nullptr, path.data(), static_cast<DWORD>(path.size()));
        if (length == 0) {
            ThrowLastError("cannot find the file of this program");
        }
        if (length < path.size()) {
            path.resize(length);
            return fs::path(path);
        }
        path.resize(path.size() * 2);
    }
}

} // namespace agf::cli
