/** @file GltfLights.cpp */
#include "GltfLights.h"

#include "Common/SceneBuilder.h"

#include <assimp/light.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>

namespace agf::gltf {

namespace {

constexpr double kHalfPi = 1.57079632679489661923;

/** The rotation turning glTF's light axis (0, 0, -1) onto `direction`. */
aiQuaternion TurnLightAxisTo(aiVector3D direction) {
    direction.NormalizeSafe();
    const aiVector3D axis(0, 0, -1);
    const float cosine = axis * direction;
    if (cosine > 0.999999f) {
        return aiQuaternion();
    }
    if (cosine < -0.999999f) {
        return aiQuaternion(0, 1, 0, 0); // half a turn about X
    }
    aiVector3D around = axis ^ direction;
    around.Normalize();
    return aiQuaternion(around, std::acos(std::max(-1.0f, std::min(1.0f, cosine))));
}

double WorldScale(const aiNode *node) {
    const aiMatrix4x4 world = TransformRelativeTo(node, nullptr);
    return std::cbrt(std::fabs(static_cast<double>(world.Determinant())));
}

Json LightJson(const aiLight &light, double worldScale, bool &approximated) {
    Json out = {{"name", light.mName.C_Str()}};
    const aiColor3D &colour = light.mColorDiffuse;
    const float strongest = std::max({colour.r, colour.g, colour.b});
    if (strongest > 0.0f && std::isfinite(strongest)) {
        out["color"] = {ShortestDecimal(colour.r / strongest),
                        ShortestDecimal(colour.g / strongest),
                        ShortestDecimal(colour.b / strongest)};
        out["intensity"] = ShortestDecimal(strongest);
    } else {
        out["intensity"] = 0.0;
    }
    approximated = light.mType == aiLightSource_AREA;
    if (light.mType == aiLightSource_DIRECTIONAL) {
        out["type"] = "directional";
        return out;
    }
    if (light.mAttenuationQuadratic > 0.0f && std::isfinite(light.mAttenuationQuadratic)) {
        out["range"] =
            1.0 / std::sqrt(static_cast<double>(light.mAttenuationQuadratic)) * worldScale;
    }
    if (light.mType == aiLightSource_POINT) {
        out["type"] = "point";
        return out;
    }
    // A spot, or an area light shining into its half space.
    double outer = approximated ? kHalfPi : 0.5 * static_cast<double>(light.mAngleOuterCone);
    outer = std::min(kHalfPi, std::max(1e-3, std::isfinite(outer) ? outer : kHalfPi));
    double inner = approximated ? 0.0 : 0.5 * static_cast<double>(light.mAngleInnerCone);
    inner = std::max(0.0, std::min(std::isfinite(inner) ? inner : 0.0, outer * 0.999));
    out["type"] = "spot";
    out["spot"] = {{"innerConeAngle", inner}, {"outerConeAngle", outer}};
    if (approximated) {
        out["extras"] = {{"GameFormats.ApproximatedFrom", "area light"}};
    }
    return out;
}

const aiNode *NodeOfLight(const aiLight &light, const std::vector<const aiNode *> &nodes,
                          size_t &index) {
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i]->mName == light.mName) {
            index = i;
            return nodes[i];
        }
    }
    return nullptr;
}

} // namespace

LightReport AddPunctualLights(GltfDocument &document, const aiScene &scene,
                              const std::vector<const aiNode *> &nodes) {
    LightReport report;
    const auto jsonNodes = document.json.find("nodes");
    if (scene.mNumLights == 0 || jsonNodes == document.json.end() ||
        jsonNodes->size() < nodes.size()) {
        report.skipped = scene.mNumLights;
        return report;
    }
    Json lights = Json::array();
    for (unsigned l = 0; l < scene.mNumLights; ++l) {
        const aiLight &light = *scene.mLights[l];
        size_t index = 0;
        const aiNode *node = NodeOfLight(light, nodes, index);
        if (node == nullptr || light.mType == aiLightSource_AMBIENT ||
            light.mType == aiLightSource_UNDEFINED) {
            ++report.skipped;
            continue;
        }
        bool approximated = false;
        lights.push_back(LightJson(light, WorldScale(node), approximated));
        report.approximated += approximated ? 1 : 0;
        ++report.written;
        const Json reference = {{"light", lights.size() - 1}};

        const bool aimed = light.mType != aiLightSource_POINT;
        const aiQuaternion turn = aimed ? TurnLightAxisTo(light.mDirection) : aiQuaternion();
        const bool placed = light.mPosition.SquareLength() != 0.0f ||
                            !(turn.w == 1.0f && turn.x == 0.0f && turn.y == 0.0f && turn.z == 0.0f);
        if (!placed) {
            (*jsonNodes)[index]["extensions"]["KHR_lights_punctual"] = reference;
            continue;
        }
        Json holder = {{"name", std::string(light.mName.C_Str()) + ".KHR_light"},
                       {"rotation", {turn.x, turn.y, turn.z, turn.w}},
                       {"translation", {light.mPosition.x, light.mPosition.y, light.mPosition.z}},
                       {"extensions", {{"KHR_lights_punctual", reference}}}};
        jsonNodes->push_back(holder);
        Json &children = (*jsonNodes)[index]["children"];
        if (!children.is_array()) {
            children = Json::array();
        }
        children.push_back(jsonNodes->size() - 1);
    }
    if (!lights.empty()) {
        document.json["extensions"]["KHR_lights_punctual"]["lights"] = lights;
        document.useExtension("KHR_lights_punctual");
    }
    return report;
}

} // namespace agf::gltf
