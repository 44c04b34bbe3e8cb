/** @file StaticGallery.h
 *  `assimp view --static OUT PATH`: the viewer and every converted model as plain files, a
 *  gallery that opens from disk (file://) as well as from any web server.
 *
 *  Browsers refuse module scripts and fetch() on file:// pages, and WebGL refuses images from
 *  other files there. So the page uses three.js's classic (non-module) builds, the catalogue
 *  is a script (catalog.js), and each model is a script too (models/NNNN-name.js) that hands
 *  the page its report, its glb in base64 and its textures as data: URLs. The glb files are
 *  written next to them, for download.
 */
#pragma once

#include "CommandLine.h"
#include "ViewerFiles.h"

#include <filesystem>
#include <string>
#include <vector>

namespace agf::cli {

/** Writes the gallery into `out` (created when missing); returns the exit code. */
int WriteStaticGallery(const ViewerRoot &root, const std::vector<CatalogEntry> &catalog,
                       const ImportOptions &options, const std::string &title,
                       const std::filesystem::path &out);

} // namespace agf::cli
