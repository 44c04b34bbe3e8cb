/** @file InfoCommand.cpp
 *  `assimp info <model> [-r] [-v] [-s] [options]`
 */
#include "Commands.h"
#include "ExitCodes.h"
#include "SceneReport.h"
#include "Session.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <cstdio>

namespace agf::cli {

namespace {

const char *const kInfoUsage =
    "assimp info <model> [-r] [-v] [-s] [options]\n"
    "    Prints the structure of a model: counts, meshes, materials, animations (with their\n"
    "    duration in seconds), scene metadata and the node tree. Without post-processing\n"
    "    options the 'full' preset (-cfull) runs, as in the stock tool.\n";

} // namespace

int RunInfo(const Arguments &args) {
    ImportOptions options;
    bool raw = false;
    bool help = false;
    ReportStyle style;
    OptionTable table;
    table.push_back({{"-r", "--raw"},
                     OptionValue::None,
                     "",
                     "no post-processing at all",
                     [&raw](const std::string &) { raw = true; }});
    table.push_back({{"-s", "--silent"},
                     OptionValue::None,
                     "",
                     "print the counts only",
                     [&style](const std::string &) { style.silent = true; }});
    AddImportOptions(table, options);
    AddHelpOption(table, help);
    const Arguments files = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions (-v also prints node transforms and node metadata):\n%s",
                    kInfoUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (files.size() != 1) {
        throw UsageError("expected exactly one model file, see 'assimp info --help'");
    }
    style.verbose = options.verbose;
    if (style.verbose && style.silent) {
        ReportError("info: -v (verbose) and -s (silent) cannot be used together");
        return kInfoInvalidCombinationOfArguments;
    }
    if (raw) {
        options.postProcessing = 0;
    } else if (options.postProcessing == 0) {
        options.postProcessing = aiProcessPreset_TargetRealtime_MaxQuality;
    }

    Session session(options);
    const aiScene *scene = session.Import(files[0]);
    if (scene == nullptr) {
        return kFailedToLoadInputFile;
    }
    aiMemoryInfo memory;
    session.importer().GetMemoryRequirements(memory);
    PrintSceneReport(stdout, *scene, memory.total, style);
    return kSuccess;
}

} // namespace agf::cli
