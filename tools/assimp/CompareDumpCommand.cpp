/** @file CompareDumpCommand.cpp
 *  `assimp cmpdump <actual> <expected> [--epsilon E]`: compares two scenes value by value and
 *  names the first difference, as the stock tool does for its dumps. The stock tool walks two
 *  assbin files in lockstep; here both files are imported (an .assbin from `assimp dump -b`, or
 *  any model either importer set reads) and the scenes are compared (SceneComparison.h), so the
 *  dumps of the exporter-based `dump` compare as well as the stock ones.
 */
#include "CommandLine.h"
#include "Commands.h"
#include "ExitCodes.h"
#include "SceneComparison.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstdio>
#include <cstdlib>

namespace agf::cli {

namespace {

const char *const kCompareUsage =
    "assimp cmpdump <actual> <expected> [--epsilon E]\n"
    "    Compares two dumps (assimp dump -b) or two models value by value: counts, names,\n"
    "    transforms, vertices, faces, weights, materials, keys, lights, cameras, textures and\n"
    "    metadata. Floating-point values may differ by E (default 0.1, as the stock tool).\n"
    "    Prints the first difference and exits with 255, or 0 when they are equal.\n";

// The stock tool's codes: -1 for different files, -5 and -6 for unreadable ones.
constexpr int kFilesDiffer = 255;
constexpr int kCannotReadActual = 251;
constexpr int kCannotReadExpected = 250;
constexpr double kStockTolerance = 0.1;

} // namespace

int RunCompareDump(const Arguments &args) {
    double tolerance = kStockTolerance;
    bool help = false;
    OptionTable table;
    table.push_back({{"--epsilon"},
                     OptionValue::Separate,
                     "E",
                     "largest difference allowed between two floating-point values",
                     [&tolerance](const std::string &value) {
                         char *end = nullptr;
                         tolerance = std::strtod(value.c_str(), &end);
                         if (value.empty() || *end != '\0' || !(tolerance >= 0)) {
                             throw UsageError("--epsilon needs a number >= 0, not '" + value + "'");
                         }
                     }});
    AddHelpOption(table, help);
    const Arguments files = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions:\n%s", kCompareUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (files.size() != 2) {
        throw UsageError("expected <actual> <expected>, see 'assimp cmpdump --help'");
    }
    Assimp::Importer actualImporter;
    Assimp::Importer expectedImporter;
    agf::RegisterImporters(actualImporter);
    agf::RegisterImporters(expectedImporter);
    const aiScene *actual = actualImporter.ReadFile(files[0], 0);
    if (actual == nullptr) {
        ReportError("cmpdump: cannot read ACTUAL " + files[0] + ": " +
                    actualImporter.GetErrorString());
        return kCannotReadActual;
    }
    const aiScene *expected = expectedImporter.ReadFile(files[1], 0);
    if (expected == nullptr) {
        ReportError("cmpdump: cannot read EXPECT " + files[1] + ": " +
                    expectedImporter.GetErrorString());
        return kCannotReadExpected;
    }
    const SceneDifference difference = CompareScenes(*actual, *expected, tolerance);
    if (!difference.equal) {
        std::printf("Files are different at %s.\nError is: %s.\n", difference.path.c_str(),
                    difference.detail.c_str());
        return kFilesDiffer;
    }
    std::printf("Success: the scenes are equal (%zu values compared)\n", difference.valuesCompared);
    return kSuccess;
}

} // namespace agf::cli
