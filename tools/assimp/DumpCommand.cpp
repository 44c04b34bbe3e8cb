/** @file DumpCommand.cpp
 *  `assimp dump <model> [<out>] [-b] [-s] [-z] [options]`: an assxml or assbin dump, written
 *  through the Exporter.
 */
#include "Commands.h"
#include "ExitCodes.h"
#include "OutputPath.h"
#include "Session.h"

#include <cstdio>

namespace agf::cli {

namespace {

const char *const kDumpUsage =
    "assimp dump <model> [<out>] [-b] [-s] [-z] [options]\n"
    "    Writes Assimp's own dump of a model: assxml, or assbin with -b. Without <out> (or\n"
    "    with '-'), the dump is <model> with the extension .assxml or .assbin.\n";

} // namespace

int RunDump(const Arguments &args) {
    ImportOptions options;
    bool binary = false;
    bool shortened = false;
    bool compressed = false;
    bool help = false;
    OptionTable table;
    table.push_back({{"-b", "--binary"},
                     OptionValue::None,
                     "",
                     "assbin instead of assxml",
                     [&binary](const std::string &) { binary = true; }});
    table.push_back({{"-s", "--short"},
                     OptionValue::None,
                     "",
                     "accepted for compatibility; the exporter always writes the full dump",
                     [&shortened](const std::string &) { shortened = true; }});
    table.push_back({{"-z", "--compressed"},
                     OptionValue::None,
                     "",
                     "accepted for compatibility; the exporter always writes uncompressed",
                     [&compressed](const std::string &) { compressed = true; }});
    AddImportOptions(table, options);
    AddHelpOption(table, help);
    const Arguments files = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions:\n%s", kDumpUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (files.empty() || files.size() > 2) {
        throw UsageError("expected <model> [<out>], see 'assimp dump --help'");
    }
    const std::string input = files[0];
    std::string output = files.size() > 1 && files[1] != "-" ? files[1] : std::string();
    if (output.empty()) {
        output = OutputBeside(input, binary ? "assbin" : "assxml");
    }
    if (shortened || compressed) {
        // The stock tool calls Assimp's internal dump writer, which has these switches; the
        // public assbin/assxml exporters do not.
        ReportWarning("dump: -s and -z are not available through Assimp's exporters; writing a "
                      "full, uncompressed dump");
    }

    Session session(options);
    const aiScene *scene = session.Import(input);
    if (scene == nullptr) {
        return kFailedToLoadInputFile;
    }
    if (!session.Export(scene, binary ? "assbin" : "assxml", output)) {
        return kExceptionWasRaised; // what the stock tool returns when its dump writer fails
    }
    std::printf("assimp dump: Wrote output dump %s\n", output.c_str());
    return kSuccess;
}

} // namespace agf::cli
