/** @file ViewerAssets.h
 *  The files of the viewer's page (`assimp view`), built into the command: our HTML, scripts
 *  and styles from tools/assimp/viewer/, and Debian's three.js builds (libjs-three), copied in
 *  at build time by agf_embed_files.
 */
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace agf::cli {

struct ViewerAsset {
    const char *name; ///< the path the page uses, e.g. "three/three.min.js", "index.html"
    const unsigned char *data;
    size_t size;
};

/** Every page file, in the order the build listed them. */
const std::vector<ViewerAsset> &ViewerAssets();

/** The page file called `name`, or nullptr. */
const ViewerAsset *FindViewerAsset(const std::string &name);

/** The Content-Type for a file name, from its extension ("application/octet-stream" when
 *  unknown). */
const char *ContentTypeFor(const std::string &name);

} // namespace agf::cli
