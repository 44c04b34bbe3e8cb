/** @file ViewerServer.h
 *  `assimp view PATH`: the page and the models over HTTP on 127.0.0.1 only, read-only, until
 *  Ctrl-C. Models are converted when the page asks for one (and, in the background, one after
 *  another so that the file browser fills in its counts), and kept in memory.
 */
#pragma once

#include "CommandLine.h"
#include "ViewerFiles.h"

#include <string>
#include <vector>

namespace agf::cli {

struct ViewerSettings {
    std::string title; ///< what was viewed, as given on the command line
    int port = 0;      ///< 0: any free port
    ImportOptions options;
};

/** Serves until SIGINT or SIGTERM; returns the exit code. Prints the address on stdout as
 *  "assimp view: serving N files of <folder> at http://127.0.0.1:<port>/". */
int RunViewerServer(const ViewerRoot &root, const std::vector<CatalogEntry> &catalog,
                    const ViewerSettings &settings);

} // namespace agf::cli
