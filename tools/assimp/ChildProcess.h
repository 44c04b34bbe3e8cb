/** @file ChildProcess.h
 *  Starting a program (this one again, or another) as a child process whose standard streams
 *  go to pipes, files or the null device, and ending it. The one place where the command and
 *  the tests start processes: one implementation per system family, chosen by the build
 *  (platform/ChildProcessPosix.cpp with posix_spawn, platform/ChildProcessWindows.cpp with
 *  CreateProcessW and a job object per child).
 *
 *  No shell runs in between: the arguments reach the child as given, whatever they contain.
 */
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace agf::cli {

/** Where the standard streams of a child go. Files are created (or emptied) for it. */
struct ChildOptions {
    std::filesystem::path workingDirectory; ///< empty: the parent's
    bool inputPipe = false;                 ///< stdin from a pipe (Write); else the null device
    bool outputPipe = false;                ///< stdout to a pipe (Read); else outputFile
    std::filesystem::path outputFile;       ///< stdout to this file; empty: the null device
    bool errorToOutput = false;             ///< stderr where stdout goes (`2>&1`)
    std::filesystem::path errorFile;        ///< else stderr to this file; empty: the null device
};

/** How a child ended. */
struct ChildExit {
    bool exited = false; ///< it returned from main or called exit(), with `code`
    int code = -1;
    std::string cause; ///< otherwise: "killed", "signal 11 (Segmentation fault)",
                       ///< "exception 0xC0000005"
};

/** A running child. Read may run on another thread than the other calls. The child is killed
 *  and waited for when its ChildProcess is destroyed.
 *
 *  On POSIX systems the first child started makes this process ignore SIGPIPE, so that writing
 *  to a child that has ended fails instead of ending the parent (the children get the default
 *  back). On Windows each child runs in a job object of its own that ends it when the parent
 *  ends, however it ends, and in a process group of its own, which the console's Ctrl-C does
 *  not reach. */
class ChildProcess {
public:
    /** Starts `program` with `arguments` (after the program's own name). Throws
     *  std::system_error when the system cannot start it. */
    ChildProcess(const std::filesystem::path &program, const std::vector<std::string> &arguments,
                 const ChildOptions &options);
    ~ChildProcess();
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    /** Writes `text` to the child's stdin; false when the child no longer reads it. */
    bool Write(const std::string &text);
    /** Closes the child's stdin: it reads the end of the file. */
    void CloseInput();
    /** Waits for what the child writes to stdout; the bytes read, 0 at the end (the child has
     *  closed it or ended). */
    size_t Read(char *buffer, size_t size);
    /** Ends the child at once (SIGKILL, TerminateProcess). */
    void Kill();
    /** Asks the child to stop as Ctrl-C does: SIGINT, or on Windows Ctrl-Break (which the
     *  command takes as Ctrl-C), which needs a console shared with the child. False when it
     *  could not be sent. */
    bool Interrupt();
    /** Waits for the child to end. */
    ChildExit Wait();
    /** How the child ended, or nothing while it runs. */
    std::optional<ChildExit> TryWait();
    /** Waits up to `timeout` for the child to end; nothing when it still runs then. */
    std::optional<ChildExit> WaitFor(std::chrono::milliseconds timeout);
    /** The system's id of the child. */
    long id() const;

private:
    struct Handles;
    std::unique_ptr<Handles> mHandles;
};

/** The file of the running program, to start it again. Throws std::runtime_error where the
 *  system cannot tell. */
std::filesystem::path ThisProgram();

} // namespace agf::cli
