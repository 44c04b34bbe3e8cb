/** @file ViewerAssets.cpp
 *  Looking up the page files; the files themselves are in the generated ViewerAssetData.cpp.
 */
#include "ViewerAssets.h"

#include "ViewerFiles.h"

namespace agf::cli {

const ViewerAsset *FindViewerAsset(const std::string &name) {
    for (const ViewerAsset &asset : ViewerAssets()) {
        if (name == asset.name) {
            return &asset;
        }
    }
    return nullptr;
}

// httplib compresses responses whose type is text/* or exactly "application/javascript" or
// "application/json", with Brotli at its slowest setting when the browser accepts it: four
// seconds for three.min.js, for nothing on a loopback connection. Scripts and JSON are sent
// with a charset parameter, which is just as correct and which httplib leaves alone; the HTML
// and CSS files are small.
const char *ContentTypeFor(const std::string &name) {
    const std::string extension = LowerExtension(name);
    if (extension == "html") {
        return "text/html; charset=utf-8";
    }
    if (extension == "js") {
        return "application/javascript; charset=utf-8";
    }
    if (extension == "css") {
        return "text/css; charset=utf-8";
    }
    if (extension == "json") {
        return "application/json; charset=utf-8";
    }
    if (extension == "png") {
        return "image/png";
    }
    if (extension == "glb") {
        return "model/gltf-binary";
    }
    return "application/octet-stream";
}

} // namespace agf::cli
