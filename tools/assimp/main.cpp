/** @file main.cpp
 *  The drop-in `assimp` command: Assimp's own command-line verbs on the system library, with
 *  the formats of assimp-gameformats registered on every Importer and Exporter.
 */
#include "AllocatorTuning.h"
#include "CommandLine.h"
#include "Commands.h"
#include "ExitCodes.h"

#include <cstring>
#include <exception>

namespace {

struct Verb {
    const char *name;
    int (*run)(const agf::cli::Arguments &);
};

const Verb kVerbs[] = {
    {"export", agf::cli::RunExport},
    {"info", agf::cli::RunInfo},
    {"dump", agf::cli::RunDump},
    {"extract", agf::cli::RunExtract},
    {"cmpdump", agf::cli::RunCompareDump},
    {"testbatchload", agf::cli::RunTestBatchLoad},
    {"batch", agf::cli::RunBatch},
    {"batch-merge", agf::cli::RunBatchMerge},
    {"batch-worker", agf::cli::RunBatchWorker}, // started by `batch`, not in the help
    {"view", agf::cli::RunView},
    {"listext", agf::cli::RunListExtensions},
    {"knowext", agf::cli::RunKnowExtension},
    {"listexport", agf::cli::RunListExportFormats},
    {"exportinfo", agf::cli::RunExportInfo},
    {"version", agf::cli::RunVersion},
    {"--version", agf::cli::RunVersion},
    {"help", agf::cli::RunHelp},
    {"--help", agf::cli::RunHelp},
    {"-h", agf::cli::RunHelp},
};

} // namespace

int main(int argc, char *argv[]) {
    using namespace agf::cli;
    TuneAllocatorForConversions();
    if (argc <= 1) {
        ReportError("no command specified. Use 'assimp help' for a detailed command list");
        return kInvalidArguments;
    }
    const std::string verb = argv[1];
    const Arguments args(argv + 2, argv + argc);
    for (const Verb &candidate : kVerbs) {
        if (verb != candidate.name) {
            continue;
        }
        try {
            return candidate.run(args);
        } catch (const UsageError &error) {
            ReportError(verb + ": " + error.what());
            return kInvalidArguments;
        } catch (const std::exception &error) {
            ReportError(verb + ": " + error.what());
            return kExceptionWasRaised;
        }
    }
    ReportError("unrecognized command '" + verb +
                "'. Use 'assimp help' for a detailed command list");
    return kUnrecognizedCommand;
}
