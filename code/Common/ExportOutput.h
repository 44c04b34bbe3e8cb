/** @file ExportOutput.h
 *  What every writer of this library shares, whatever it writes: the entry point's signature,
 *  files written through the caller's IOSystem, one error type, warnings collected and published
 *  once (LastExportWarnings), and the one place export failures are logged.
 */
#pragma once

#include "Warnings.h"

#include <cstddef>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class ExportProperties;
class IOSystem;
} // namespace Assimp

namespace agf {

/** The signature of every writer's entry point, Assimp::Exporter::fpExportFunc's. A header
 *  declares a writer through it, `ExportFunction ExportPsk;`, and its definition spells the
 *  parameters out. */
using ExportFunction = void(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                            const Assimp::ExportProperties *properties);

/** A scene that a writer cannot turn into its format. The message names what is wrong and,
 *  where it helps, what to do ("mesh Body: vertex 12 has a non-finite position"). */
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/** The recoverable problems of one export: what was changed or left out to write the file
 *  (REFSKELT: "2 bone names longer than 63 bytes were shortened" [adjusted]). Repeats of one
 *  problem are counted, as an import's are (Warnings.h). The writers add to it; Guarded names
 *  the file written and publishes the warnings when the export ends. */
class ExportWarnings {
public:
    /** Records a problem found while writing `structure` ("REFSKELT", "animations"; "" for the
     *  whole file). */
    void add(WarningKind kind, const std::string &structure, const std::string &problem);
    /** The warnings, in the order first seen, without a file name. */
    std::vector<Warning> entries() const { return mWarnings.entries(); }
    bool empty() const { return mWarnings.empty(); }
    /** Occurrences of problems of one kind. */
    size_t count(WarningKind kind) const { return mWarnings.count(kind); }

private:
    Warnings mWarnings;
};

/** Writes bytes to `path` through `io`; throws std::runtime_error when it cannot. */
void WriteFile(Assimp::IOSystem *io, const std::string &path, const void *data, size_t size);

/** Logs an export failure as `agf "<format>" export of <path> failed: <why>`:
 *  Exporter::GetErrorString cannot carry it, because DeadlyExportError cannot be constructed
 *  outside Debian's libassimp. */
void LogExportFailure(const char *formatId, const char *path, const std::exception &error);

/** Starts an export on this thread: LastExportWarnings() is empty until it ends. */
void BeginExport();

/** Ends an export on this thread: gives every warning the written file's name, logs each once
 *  (LogWarning) and keeps them for LastExportWarnings(). */
void EndExport(const std::string &path, const ExportWarnings &warnings);

/** Runs `body(ExportWarnings &)`, the writing of `path`; its warnings are published
 *  (EndExport) whether it succeeds or fails, and a failure is logged (LogExportFailure) and
 *  rethrown, which makes Assimp's Exporter return AI_FAILURE. */
template <typename Body> void Guarded(const char *formatId, const char *path, Body body) {
    BeginExport();
    ExportWarnings warnings;
    try {
        body(warnings);
    } catch (const std::exception &error) {
        EndExport(path, warnings);
        LogExportFailure(formatId, path, error);
        throw;
    }
    EndExport(path, warnings);
}

} // namespace agf
