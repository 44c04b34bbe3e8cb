/** @file GltfDocument.cpp */
#include "GltfDocument.h"

#include "Common/NumberText.h"
#include "Common/SceneBuilder.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace agf::gltf {

namespace {

constexpr int kFloatComponentType = 5126;

const char *AccessorType(unsigned components) {
    switch (components) {
    case 1:
        return "SCALAR";
    case 2:
        return "VEC2";
    case 3:
        return "VEC3";
    default:
        return "VEC4";
    }
}

} // namespace

unsigned GltfDocument::appendFloatAccessor(const std::vector<float> &values, unsigned components,
                                           bool withBounds) {
    Json &buffers = json["buffers"];
    if (!buffers.is_array() || buffers.empty()) {
        buffers = Json::array();
        Json created = {{"byteLength", 0}};
        if (!binaryContainer) {
            bufferUri = newBufferUri;
            created["uri"] = bufferUri;
        }
        buffers.push_back(created);
        buffer.clear();
    }
    buffer.resize((buffer.size() + 3) & ~size_t(3), 0);
    const size_t offset = buffer.size();
    buffer.resize(offset + values.size() * sizeof(float));
    if (!values.empty()) {
        std::memcpy(buffer.data() + offset, values.data(), values.size() * sizeof(float));
    }
    buffers[0]["byteLength"] = buffer.size();

    Json &views = json["bufferViews"];
    if (!views.is_array()) {
        views = Json::array();
    }
    views.push_back(
        {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * sizeof(float)}});
    Json accessor = {{"bufferView", views.size() - 1},
                     {"byteOffset", 0},
                     {"componentType", kFloatComponentType},
                     {"count", values.size() / components},
                     {"type", AccessorType(components)}};
    if (withBounds && !values.empty()) {
        std::vector<float> low(components, std::numeric_limits<float>::max());
        std::vector<float> high(components, std::numeric_limits<float>::lowest());
        for (size_t i = 0; i < values.size(); ++i) {
            low[i % components] = std::min(low[i % components], values[i]);
            high[i % components] = std::max(high[i % components], values[i]);
        }
        Json min = Json::array(), max = Json::array();
        for (unsigned c = 0; c < components; ++c) {
            min.push_back(low[c]);
            max.push_back(high[c]);
        }
        accessor["min"] = min;
        accessor["max"] = max;
    }
    Json &accessors = json["accessors"];
    if (!accessors.is_array()) {
        accessors = Json::array();
    }
    accessors.push_back(accessor);
    return static_cast<unsigned>(accessors.size() - 1);
}

void GltfDocument::useExtension(const std::string &name) {
    Json &used = json["extensionsUsed"];
    if (!used.is_array()) {
        used = Json::array();
    }
    if (std::find(used.begin(), used.end(), name) == used.end()) {
        used.push_back(name);
    }
}

void GltfDocument::dropEmptyBuffers() {
    const auto buffers = json.find("buffers");
    if (buffers == json.end()) {
        return;
    }
    const auto views = json.find("bufferViews");
    const bool referenced = views != json.end() && views->is_array() && !views->empty();
    const bool empty = !buffers->is_array() || buffers->empty() ||
                       (buffers->size() == 1 && (*buffers)[0].value("byteLength", 0) == 0);
    if (empty && !referenced) {
        json.erase("buffers");
        json.erase("bufferViews");
        buffer.clear();
        bufferUri.clear();
    }
}

void GltfDocument::dropEmptyAnimations() {
    const auto animations = json.find("animations");
    if (animations == json.end() || !animations->is_array()) {
        return;
    }
    Json kept = Json::array();
    for (Json &animation : *animations) {
        const auto channels = animation.find("channels");
        if (channels != animation.end() && channels->is_array() && !channels->empty()) {
            kept.push_back(std::move(animation));
        }
    }
    if (kept.empty()) {
        json.erase("animations");
    } else {
        *animations = std::move(kept);
    }
}

void GltfDocument::useTrsOnAnimatedNodes(const std::vector<const aiNode *> &nodes) {
    const auto animations = json.find("animations");
    const auto jsonNodes = json.find("nodes");
    if (animations == json.end() || jsonNodes == json.end()) {
        return;
    }
    for (const Json &animation : *animations) {
        for (const Json &channel : animation.value("channels", Json::array())) {
            const size_t index = channel["target"].value("node", nodes.size());
            if (index >= nodes.size() || index >= jsonNodes->size() ||
                !(*jsonNodes)[index].contains("matrix")) {
                continue;
            }
            aiVector3D scaling, position;
            aiQuaternion rotation;
            nodes[index]->mTransformation.Decompose(scaling, rotation, position);
            Json &node = (*jsonNodes)[index];
            node.erase("matrix");
            node["translation"] = {position.x, position.y, position.z};
            node["rotation"] = {rotation.x, rotation.y, rotation.z, rotation.w};
            node["scale"] = {scaling.x, scaling.y, scaling.z};
        }
    }
}

std::vector<const aiNode *> NodesInExportOrder(const aiScene &scene) {
    return NodesDepthFirst(static_cast<const aiNode *>(scene.mRootNode));
}

double ShortestDecimal(float value) {
    if (!std::isfinite(value)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    // The shortest decimal (of 6 to 9 significant digits) that reads back as the same float.
    double shortest = 0;
    for (int digits = 6; digits <= 9; ++digits) {
        ReadNumber(NumberText(static_cast<double>(value), digits), shortest);
        if (static_cast<float>(shortest) == value) {
            break;
        }
    }
    return shortest;
}

} // namespace agf::gltf
