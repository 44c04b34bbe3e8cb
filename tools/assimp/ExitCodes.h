/** @file ExitCodes.h
 *  The exit codes of the `assimp` command, the error of bad arguments, and the one-line error
 *  report on stderr.
 *
 *  The numbers are those of Assimp's own command-line tool, so that scripts that test for them
 *  keep working.
 */
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace agf::cli {

enum ExitCode : int {
    kSuccess = 0,
    kInvalidArguments = 1,
    kUnrecognizedCommand = 2,
    kFailedToLoadInputFile = 3,
    kFailedToOpenOutputFile = 4,
    kNoFileFormatSpecified = 5,
    kUnknownFileFormat = 6,
    kNoFileExtensionSpecified = 7,
    kUnknownFileExtension = 8,
    kExceptionWasRaised = 9,
    // `export` starts its own codes where the common ones end.
    kExportFailedToImport = 10,
    kExportFailedToExport = 11,
    // `info` uses the same first free number for its own error.
    kInfoInvalidCombinationOfArguments = 10,
    // The stock tool returns -23 when it cannot guess the output format; the shell sees 233.
    kExportCannotGuessFormat = 233,
};

/** A problem with the arguments; main() prints it as one line and exits with kInvalidArguments.
 */
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/** `text` with line breaks turned into spaces and trailing blanks removed. */
std::string OneLine(std::string text);

/** Prints "assimp: <message>" as one line on stderr (line breaks inside `message` become
 *  spaces, so that a multi-line importer error still makes one line). */
void ReportError(const std::string &message);

/** Prints "assimp: warning: <message>" as one line on stderr. */
void ReportWarning(const std::string &message);

/** While one exists, ReportError and ReportWarning keep their lines in it instead of printing
 *  them: a `batch` worker returns a conversion's messages with its result. One at a time. */
class MessageCapture {
public:
    explicit MessageCapture(size_t maxWarnings);
    ~MessageCapture();
    MessageCapture(const MessageCapture &) = delete;
    MessageCapture &operator=(const MessageCapture &) = delete;

    /** The last error reported (one line), or "". */
    const std::string &error() const { return mError; }
    /** The first `maxWarnings` warnings, one line each. */
    const std::vector<std::string> &warnings() const { return mWarnings; }

private:
    friend void ReportError(const std::string &message);
    friend void ReportWarning(const std::string &message);
    size_t mMaxWarnings;
    std::string mError;
    std::vector<std::string> mWarnings;
};

} // namespace agf::cli
