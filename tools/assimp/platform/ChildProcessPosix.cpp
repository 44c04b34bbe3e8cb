/** @file ChildProcessPosix.cpp
 *  ChildProcess.h on POSIX systems: posix_spawn, pipes, waitpid and kill.
 */
#include "../ChildProcess.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <mach-o/dyld.h>
#endif

#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

extern char **environ;

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void ThrowSystemError(int code, const std::string &what) {
    throw std::system_error(code, std::generic_category(), what);
}

/** A pipe whose ends are closed in every program started later (the child gets its end through
 *  a dup2, which clears the flag): otherwise a second child would hold the first one's stdin
 *  open, and the first would never read its end. */
void MakePipe(int ends[2]) {
#if defined(__APPLE__)
    // macOS has no pipe2; children are started from one thread at a time here.
    if (pipe(ends) != 0) {
        ThrowSystemError(errno, "cannot create a pipe");
    }
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
#else
    if (pipe2(ends, O_CLOEXEC) != 0) {
        ThrowSystemError(errno, "cannot create a pipe");
    }
#endif
}

void CloseIfOpen(int &fd) {
    if (fd >= 0) {
        close(fd);
        fd = -1;
    }
}

/** The file actions and attributes of one posix_spawn, released in any case. */
class SpawnSetup {
public:
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    SpawnSetup(const SpawnSetup &) = delete;
    SpawnSetup &operator=(const SpawnSetup &) = delete;

    void OpenFile(int fd, const fs::path &path, int flags) {
        const std::string &name = Keep(path.empty() ? std::string("/dev/null") : path.string());
        posix_spawn_file_actions_addopen(&actions, fd, name.c_str(), flags, 0644);
    }
    void Duplicate(int from, int to) { posix_spawn_file_actions_adddup2(&actions, from, to); }
    void ChangeDirectory(const fs::path &folder) {
        if (folder.empty()) {
            return;
        }
#if defined(__GLIBC__) || defined(__APPLE__)
        posix_spawn_file_actions_addchdir_np(&actions, Keep(folder.string()).c_str());
#else
        throw std::runtime_error("this system cannot start a program in another folder");
#endif
    }
    /** The child starts with no signal blocked, and with SIGPIPE's default action, whatever the
     *  parent has: the parent ignores SIGPIPE (see ChildProcess.h). */
    void ResetSignals() {
        sigset_t none, defaults;
        sigemptyset(&none);
        sigemptyset(&defaults);
        sigaddset(&defaults, SIGPIPE);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setsigdefault(&attributes, &defaults);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    }

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;

private:
    /** The strings the file actions point to must live until the spawn. */
    const std::string &Keep(std::string text) {
        mStrings.push_back(std::move(text));
        return mStrings.back();
    }
    std::vector<std::string> mStrings;
};

void IgnoreBrokenPipes() {
    static std::once_flag once;
    std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

ChildExit ExitFromStatus(int status, bool killed) {
    ChildExit end;
    if (WIFEXITED(status)) {
        end.exited = true;
        end.code = WEXITSTATUS(status);
    } else if (killed) {
        end.cause = "killed";
    } else if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        end.cause = "signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    } else {
        end.cause = "unknown end";
    }
    return end;
}

} // namespace

struct ChildProcess::Handles {
    pid_t pid = -1;
    int input = -1;   ///< our end of its stdin
    int output = -1;  ///< our end of its stdout
    std::mutex mutex; ///< guards the fields below (Kill and TryWait from different threads)
    bool reaped = false;
    bool killed = false;
    ChildExit end;
};

ChildProcess::ChildProcess(const fs::path &program, const std::vector<std::string> &arguments,
                           const ChildOptions &options)
    : mHandles(std::make_unique<Handles>()) {
    IgnoreBrokenPipes();
    const std::string programName = program.string();
    std::vector<char *> argv{const_cast<char *>(programName.c_str())};
    for (const std::string &argument : arguments) {
        argv.push_back(const_cast<char *>(argument.c_str()));
    }
    argv.push_back(nullptr);

    // Files are named absolute: the working directory changes before they are opened.
    auto absolute = [](const fs::path &path) { return path.empty() ? path : fs::absolute(path); };
    SpawnSetup setup;
    setup.ChangeDirectory(options.workingDirectory);
    int inputPipe[2] = {-1, -1};
    int outputPipe[2] = {-1, -1};
    try {
        if (options.inputPipe) {
            MakePipe(inputPipe);
            setup.Duplicate(inputPipe[0], STDIN_FILENO);
        } else {
            setup.OpenFile(STDIN_FILENO, fs::path(), O_RDONLY);
        }
        if (options.outputPipe) {
            MakePipe(outputPipe);
            setup.Duplicate(outputPipe[1], STDOUT_FILENO);
        } else {
            setup.OpenFile(STDOUT_FILENO, absolute(options.outputFile),
                           O_WRONLY | O_CREAT | O_TRUNC);
        }
        if (options.errorToOutput) {
            setup.Duplicate(STDOUT_FILENO, STDERR_FILENO);
        } else {
            setup.OpenFile(STDERR_FILENO, absolute(options.errorFile),
                           O_WRONLY | O_CREAT | O_TRUNC);
        }
        setup.ResetSignals();
        const int failed = posix_spawn(&mHandles->pid, programName.c_str(), &setup.actions,
                                       &setup.attributes, argv.data(), environ);
        if (failed != 0) {
            ThrowSystemError(failed, "cannot start " + programName);
        }
    } catch (...) {
        for (int *fd : {&inputPipe[0], &inputPipe[1], &outputPipe[0], &outputPipe[1]}) {
            CloseIfOpen(*fd);
        }
        throw;
    }
    CloseIfOpen(inputPipe[0]);
    CloseIfOpen(outputPipe[1]);
    mHandles->input = inputPipe[1];
    mHandles->output = outputPipe[0];
}

ChildProcess::~ChildProcess() {
    CloseInput();
    if (!TryWait()) {
        Kill();
        Wait();
    }
    CloseIfOpen(mHandles->output);
}

bool ChildProcess::Write(const std::string &text) {
    size_t written = 0;
    while (mHandles->input >= 0 && written < text.size()) {
        const ssize_t n = write(mHandles->input, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        written += static_cast<size_t>(n);
    }
    return written == text.size();
}

void ChildProcess::CloseInput() {
    CloseIfOpen(mHandles->input);
}

size_t ChildProcess::Read(char *buffer, size_t size) {
    for (;;) {
        const ssize_t n = mHandles->output < 0 ? 0 : read(mHandles->output, buffer, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        return n > 0 ? static_cast<size_t>(n) : 0;
    }
}

void ChildProcess::Kill() {
    const std::lock_guard<std::mutex> lock(mHandles->mutex);
    if (!mHandles->reaped) { // a reaped id may already belong to another process
        kill(mHandles->pid, SIGKILL);
        mHandles->killed = true;
    }
}

bool ChildProcess::Interrupt() {
    const std::lock_guard<std::mutex> lock(mHandles->mutex);
    return !mHandles->reaped && kill(mHandles->pid, SIGINT) == 0;
}

ChildExit ChildProcess::Wait() {
    for (;;) {
        if (std::optional<ChildExit> end = TryWait()) {
            return *end;
        }
        // Waits without reaping: TryWait reaps under the lock, so that Kill on another thread
        // never meets an id the system has given to a new process.
        siginfo_t info{};
        if (waitid(P_PID, static_cast<id_t>(mHandles->pid), &info, WEXITED | WNOWAIT) != 0 &&
            errno != EINTR) {
            ThrowSystemError(errno, "cannot wait for process " + std::to_string(mHandles->pid));
        }
    }
}

std::optional<ChildExit> ChildProcess::TryWait() {
    const std::lock_guard<std::mutex> lock(mHandles->mutex);
    if (!mHandles->reaped) {
        int status = 0;
        const pid_t ended = waitpid(mHandles->pid, &status, WNOHANG);
        if (ended != mHandles->pid) {
            return std::nullopt;
        }
        mHandles->reaped = true;
        mHandles->end = ExitFromStatus(status, mHandles->killed);
    }
    return mHandles->end;
}

std::optional<ChildExit> ChildProcess::WaitFor(std::chrono::milliseconds timeout) {
    // POSIX has no wait with a time limit for one child: ask every few milliseconds.
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (std::optional<ChildExit> end = TryWait()) {
            return end;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            return std::nullopt;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

long ChildProcess::id() const {
    return static_cast<long>(mHandles->pid);
}

fs::path ThisProgram() {
#if defined(__APPLE__)
    uint32_t size = 0;
    _NSGetExecutablePath(nullptr, &size);
    std::string path(size, '\0');
    if (_NSGetExecutablePath(path.data(), &size) == 0) {
        return fs::canonical(path.c_str());
    }
#else
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        return self;
    }
#endif
    throw std::runtime_error("cannot find the file of this program");
}

} // namespace agf::cli
