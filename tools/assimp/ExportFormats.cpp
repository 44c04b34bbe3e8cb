/** @file ExportFormats.cpp */
#include "ExportFormats.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace agf::cli {

namespace {

const aiExportFormatDesc *FindFirstByExtension(const Assimp::Exporter &exporter,
                                               const std::string &extension) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (desc != nullptr && LowerAscii(desc->fileExtension) == extension) {
            return desc;
        }
    }
    return nullptr;
}

} // namespace

std::string LowerAscii(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

const aiExportFormatDesc *FindExportFormatById(const Assimp::Exporter &exporter,
                                               const std::string &id) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (desc != nullptr && LowerAscii(desc->id) == id) {
            return desc;
        }
    }
    return nullptr;
}

// Several formats share an extension (.glb: glb2 and glb; .fbx: fbx and fbxa). The stock tool
// takes the first in Assimp's own order. Our registered exporters may have changed that order,
// so ask an Exporter without them, then use the format with that id from ours.
const aiExportFormatDesc *FindExportFormatByExtension(const Assimp::Exporter &exporter,
                                                      const std::string &extension) {
    const Assimp::Exporter stockExporter;
    if (const aiExportFormatDesc *stock = FindFirstByExtension(stockExporter, extension)) {
        if (const aiExportFormatDesc *ours =
                FindExportFormatById(exporter, LowerAscii(stock->id))) {
            return ours;
        }
    }
    return FindFirstByExtension(exporter, extension);
}

const aiExportFormatDesc *FindExportFormat(const Assimp::Exporter &exporter,
                                           const std::string &idOrExtension) {
    const std::string key = LowerAscii(idOrExtension);
    if (const aiExportFormatDesc *byId = FindExportFormatById(exporter, key)) {
        return byId;
    }
    return FindExportFormatByExtension(exporter, key);
}

bool WriterEmbedsTextures(const std::string &formatId) {
    static const char *const kEmbedding[] = {"glb2",   "gltf2",   "glb",     "gltf",
                                             "fbx",    "fbxa",    "collada", "assbin",
                                             "assxml", "assjson", "3mf"};
    const std::string id = LowerAscii(formatId);
    return std::any_of(std::begin(kEmbedding), std::end(kEmbedding),
                       [&id](const char *known) { return id == known; });
}

} // namespace agf::cli
