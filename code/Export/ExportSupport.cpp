/** @file ExportSupport.cpp */
#include "ExportSupport.h"
#include "StockWriters.h"

#include <assimp/Exporter.hpp>
#include <assimp/SceneCombiner.h>
#include <assimp/postprocess.h>

#include <stdexcept>

namespace agf {

ScenePtr CopyOfScene(const aiScene *scene) {
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, scene);
    if (copy == nullptr) {
        throw std::runtime_error("could not copy the scene");
    }
    return ScenePtr(copy);
}

unsigned int InnerPreprocessing(const Assimp::ExportProperties *properties) {
    const bool join =
        properties != nullptr && properties->GetPropertyBool("bJoinIdenticalVertices", false);
    return join ? static_cast<unsigned int>(aiProcess_JoinIdenticalVertices) : 0u;
}

std::vector<uint8_t> ExportBuiltInToMemory(const aiScene &scene, const char *formatId,
                                           const Assimp::ExportProperties *properties) {
    Assimp::Exporter builtIn;
    UseStockWriter(builtIn, formatId); // inside libassimp: Assimp's writer, not ours
    Assimp::ExportProperties innerProperties =
        properties != nullptr ? *properties : Assimp::ExportProperties();
    const aiExportDataBlob *blob =
        builtIn.ExportToBlob(&scene, formatId, InnerPreprocessing(properties), &innerProperties);
    if (blob == nullptr) {
        throw std::runtime_error(std::string("Assimp's built-in \"") + formatId +
                                 "\" exporter failed: " + builtIn.GetErrorString());
    }
    const auto *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

} // namespace agf
