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

int RunListExtensions(const Arguments &args);
int RunKnowExtension(const Arguments &args);
int RunListExportFormats(const Arguments &args);
int RunExportInfo(const Arguments &args);
int RunVersion(const Arguments &args);
int RunHelp(const Arguments &args);

} // namespace agf::cli
