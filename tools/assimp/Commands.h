/** @file Commands.h
 *  The verbs of the `assimp` command. Each takes the arguments after the verb and returns the
 *  process exit code (ExitCodes.h). Usage errors are thrown as UsageError.
 */
#pragma once

#include <string>
#include <vector>

namespace agf::cli {

using Arguments = std::vector<std::string>;

int RunExport(const Arguments &args);
int RunInfo(const Arguments &args);
int RunDump(const Arguments &args);
/** `assimp extract`: the embedded textures as image files. */
int RunExtract(const Arguments &args);
/** `assimp cmpdump`: compares two dumps or models value by value. */
int RunCompareDump(const Arguments &args);
/** `assimp testbatchload`: imports many files with one Importer. */
int RunTestBatchLoad(const Arguments &args);
/** `assimp batch`: converts a folder tree in parallel (BatchCommand.cpp). */
int RunBatch(const Arguments &args);
/** `assimp batch-merge`: joins the reports of `batch --shard` runs. */
int RunBatchMerge(const Arguments &args);
/** `assimp batch-worker`: a worker process of `batch` (BatchWorkerProcess.cpp). */
int RunBatchWorker(const Arguments &args);
/** `assimp view`: the local viewer (ViewCommand.cpp). */
int RunView(const Arguments &args);

int RunListExtensions(const Arguments &args);
int RunKnowExtension(const Arguments &args);
int RunListExportFormats(const Arguments &args);
int RunExportInfo(const Arguments &args);
int RunVersion(const Arguments &args);
int RunHelp(const Arguments &args);

} // namespace agf::cli
