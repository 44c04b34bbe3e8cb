/** @file ExportOutput.h
 *  What every writer of this library shares, whatever it writes: files written through the
 *  caller's IOSystem, one error type, warnings collected and logged once, and the one place
 *  export failures are logged.
 */
#pragma once

#include <cstddef>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
} // namespace Assimp

namespace agf {

/** A scene that a writer cannot turn into its format. The message names what is wrong and,
 *  where it helps, what to do ("mesh Body: vertex 12 has a non-finite position"). */
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/** The recoverable problems of one export: what was changed or left out to write the file
 *  ("REFSKELT: 2 bone names longer than 63 bytes were shortened"). A repeated message is kept
 *  once. */
class ExportWarnings {
public:
    void add(const std::string &structure, const std::string &problem);
    const std::vector<std::string> &messages() const { return mMessages; }
    bool empty() const { return mMessages.empty(); }
    /** True when some message contains `fragment`. */
    bool contains(const std::string &fragment) const;
    /** Logs every message with ASSIMP_LOG_WARN as `agf "<format>" export of <path>: <msg>`. */
    void flush(const char *formatId, const std::string &path) const;

private:
    std::vector<std::string> mMessages;
};

/** Writes bytes to `path` through `io`; throws std::runtime_error when it cannot. */
void WriteFile(Assimp::IOSystem *io, const std::string &path, const void *data, size_t size);

/** Logs an export failure as `agf "<format>" export of <path> failed: <why>`:
 *  Exporter::GetErrorString cannot carry it, because DeadlyExportError cannot be constructed
 *  outside Debian's libassimp. */
void LogExportFailure(const char *formatId, const char *path, const std::exception &error);

/** Runs `body`; a failure is logged (LogExportFailure) and rethrown, which makes Assimp's
 *  Exporter return AI_FAILURE. */
template <typename Body> void Guarded(const char *formatId, const char *path, Body body) {
    try {
        body();
    } catch (const std::exception &error) {
        LogExportFailure(formatId, path, error);
        throw;
    }
}

} // namespace agf
