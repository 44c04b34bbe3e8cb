/** @file CommandLine.h
 *  Parsing the arguments of one verb: a table of options, each with its names and an action.
 *
 *  Every verb builds a table from the common import options (AddImportOptions) plus its own,
 *  then calls ParseArguments. Adding an option means adding one row, e.g.
 *  @code
 *  table.push_back({{"--pose"}, OptionValue::Separate, "FILE", "apply a pose file",
 *                   [&](const std::string &file) { options.poseFiles.push_back(file); }});
 *  @endcode
 */
#pragma once

#include "ExitCodes.h"
#include "PropertySettings.h"

#include <assimp/vector3.h>

#include <functional>
#include <string>
#include <vector>

namespace agf::cli {

/** How an option takes its value. */
enum class OptionValue {
    None,     ///< a plain flag: "-tri"
    Separate, ///< "--anim FILE" or "--anim=FILE"
    Attached, ///< glued to the name, as the stock tool spells it: "-fglb2", "-cfast", "-rx=1.5"
              ///< (a leading '=' is dropped; the value may be empty)
};

struct OptionSpec {
    std::vector<std::string> names;
    OptionValue value = OptionValue::None;
    std::string valueName; ///< for the help text, e.g. "FILE"
    std::string help;      ///< one line for the help text; empty hides the option there
    std::function<void(const std::string &value)> action;
};

using OptionTable = std::vector<OptionSpec>;

/** What the common options ask of an import (and of the export that follows it). */
struct ImportOptions {
    unsigned int postProcessing = 0; ///< aiProcess_* flags from the command line
    bool showLog = false;            ///< -l: Assimp's log to stderr
    bool verbose = false;            ///< -v: verbose log (and, for `info`, node transforms)
    std::string logFile;             ///< -lo<file>: Assimp's log to a file
    aiVector3D rotation{0, 0, 0};    ///< -rx/-ry/-rz, radians, applied to the root before export
    std::vector<std::string> animationFiles; ///< --anim FILE, as given
    std::vector<std::string> textureRoots;   ///< --texture-root DIR, as given
    std::vector<PropertySetting> properties; ///< --set KEY=VALUE, in order
    std::string poseFile;                    ///< --pose FILE: a pose carried onto the model
    std::string poseConvention = "norool";   ///< --pose-convention NAME (checked when parsed)
    std::string poseMap;                     ///< --pose-map FILE: bone-name map
    std::string poseAnimation;               ///< --pose-anim NAME|INDEX in the pose file
    double poseTime = 0.0;                   ///< --pose-time SECONDS in that animation
    double poseYaw = 0.0;                    ///< --pose-yaw DEGREES: turn of the pose about Y

    bool wantsLogger() const { return showLog || verbose || !logFile.empty(); }
};

/** Adds the options every importing verb understands: post-processing flags, presets,
 *  logging, root rotation, --anim, --texture-root, --set and the --pose options. */
void AddImportOptions(OptionTable &table, ImportOptions &options);

/** Adds -h / --help / -? which set `helpRequested`. */
void AddHelpOption(OptionTable &table, bool &helpRequested);

/** Runs the actions of every option in `args` and returns the positional arguments in order.
 *  "--" ends the options. A lone "-" is positional (the stock tool's "no output file").
 *  Throws UsageError for an unknown option or a missing value. */
std::vector<std::string> ParseArguments(const std::vector<std::string> &args,
                                        const OptionTable &table);

/** The help lines of a table: "  -tri, --triangulate   Triangulate polygons". */
std::string DescribeOptions(const OptionTable &table);

} // namespace agf::cli
