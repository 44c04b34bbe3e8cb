/** @file TestBatchLoadCommand.cpp
 *  `assimp testbatchload <file>...`: imports every file, in order, with one Importer, as the
 *  stock tool does to find importers that do not clean up between files (Assimp's regression
 *  scripts pass every file twice). Unlike the stock tool, which always returns 0, the exit code
 *  says whether every file imported, and each file gets one line.
 */
#include "CommandLine.h"
#include "Commands.h"
#include "ExitCodes.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <cstdio>

namespace agf::cli {

namespace {

const char *const kBatchLoadUsage =
    "assimp testbatchload <file>...\n"
    "    Imports every file in order with one Importer (with validation) and prints one line\n"
    "    per file. Exits with 0 when every file imported, 3 otherwise.\n";

} // namespace

int RunTestBatchLoad(const Arguments &args) {
    bool help = false;
    OptionTable table;
    AddHelpOption(table, help);
    const Arguments files = ParseArguments(args, table);
    if (help) {
        std::printf("%s", kBatchLoadUsage);
        return kSuccess;
    }
    if (files.empty()) {
        throw UsageError("expected at least one file, see 'assimp testbatchload --help'");
    }
    Assimp::Importer importer;
    agf::RegisterImporters(importer);
    size_t failed = 0;
    for (const std::string &file : files) {
        const aiScene *scene = importer.ReadFile(file, aiProcess_ValidateDataStructure);
        if (scene == nullptr) {
            ++failed;
            std::printf("failed %s: %s\n", file.c_str(),
                        OneLine(importer.GetErrorString()).c_str());
            continue;
        }
        std::printf("ok     %s: %u meshes, %u materials, %u animations\n", file.c_str(),
                    scene->mNumMeshes, scene->mNumMaterials, scene->mNumAnimations);
    }
    std::printf("assimp testbatchload: %zu of %zu files imported\n", files.size() - failed,
                files.size());
    return failed == 0 ? kSuccess : kFailedToLoadInputFile;
}

} // namespace agf::cli
