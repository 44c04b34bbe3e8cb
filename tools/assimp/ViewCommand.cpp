/** @file ViewCommand.cpp
 *  `assimp view PATH [--port N] [--static OUT] [options]`
 */
#include "Commands.h"
#include "ExitCodes.h"
#include "StaticGallery.h"
#include "ViewerFiles.h"
#include "ViewerServer.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Importer.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>

namespace agf::cli {

namespace {

namespace fs = std::filesystem;

const char *const kViewUsage =
    "assimp view <path> [--port N] [--static OUT] [options]\n"
    "    Shows a model file, or every model file in a folder, in a web page: a file browser,\n"
    "    the model (orbit, pan, zoom), skeleton, animations, morph targets, P3D LODs, metadata\n"
    "    and textures. Models are converted to glb as 'assimp export' converts them, with the\n"
    "    same import options (-r* rotations aside). Animation files (psa, psax, mot, ueanim) are\n"
    "    shown on their mesh in the same folder, bound as --anim binds them.\n"
    "    Without --static: serves the page on http://127.0.0.1:N/ only (default 8000; 0 picks a\n"
    "    free port), read-only, until Ctrl-C. index.html?file=<path relative to <path>> opens\n"
    "    one model directly.\n"
    "    With --static OUT: writes the page and every converted model into the folder OUT, a\n"
    "    gallery to open from disk (OUT/index.html) or to put on any web server.\n";

int ParsePort(const std::string &text) {
    size_t used = 0;
    int port = -1;
    try {
        port = std::stoi(text, &used);
    } catch (const std::exception &) {
        used = 0;
    }
    if (used != text.size() || port < 0 || port > 65535) {
        throw UsageError("--port expects a number from 0 to 65535, got '" + text + "'");
    }
    return port;
}

// The gallery's own folder, when it lies inside the viewed one, is left out of the scan: a
// second run would otherwise list the glb files of the first.
fs::path CanonicalOutput(const std::string &out) {
    std::error_code error;
    fs::create_directories(out, error);
    const fs::path canonical = fs::canonical(out, error);
    if (error) {
        throw std::runtime_error("cannot create the folder " + out + ": " + error.message());
    }
    return canonical;
}

} // namespace

int RunView(const Arguments &args) {
    ImportOptions options;
    int port = 8000;
    std::string staticOut;
    bool help = false;
    OptionTable table;
    table.push_back({{"--port"},
                     OptionValue::Separate,
                     "N",
                     "serve on 127.0.0.1:N (default 8000; 0: any free port)",
                     [&port](const std::string &value) { port = ParsePort(value); }});
    table.push_back({{"--static"},
                     OptionValue::Separate,
                     "OUT",
                     "write a static gallery into the folder OUT instead of serving",
                     [&staticOut](const std::string &value) { staticOut = value; }});
    AddImportOptions(table, options);
    AddHelpOption(table, help);
    const Arguments paths = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions:\n%s", kViewUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (paths.size() != 1) {
        throw UsageError("expected one file or folder, see 'assimp view --help'");
    }
    std::unique_ptr<ViewerRoot> rootHolder;
    try {
        rootHolder = std::make_unique<ViewerRoot>(paths[0]);
    } catch (const std::runtime_error &error) {
        ReportError(std::string("view: ") + error.what());
        return kFailedToLoadInputFile;
    }
    const ViewerRoot &root = *rootHolder;
    const fs::path output = staticOut.empty() ? fs::path() : CanonicalOutput(staticOut);

    Assimp::Importer importer;
    RegisterImporters(importer);
    const std::vector<CatalogEntry> catalog = ScanModels(root, importer, output);
    if (catalog.empty()) {
        ReportError("view: " + paths[0] +
                    (root.isSingleFile() ? " is not a model file any importer reads"
                                         : " holds no model file any importer reads"));
        return kFailedToLoadInputFile;
    }
    if (!staticOut.empty()) {
        return WriteStaticGallery(root, catalog, options, paths[0], output);
    }
    ViewerSettings settings;
    settings.title = paths[0];
    settings.port = port;
    settings.options = options;
    return RunViewerServer(root, catalog, settings);
}

} // namespace agf::cli
