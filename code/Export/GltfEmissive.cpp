/** @file GltfEmissive.cpp */
#include "GltfEmissive.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace agf::gltf {

namespace {

const char *const kStrengthExtension = "KHR_materials_emissive_strength";

using Rgb = std::array<float, 3>;

/** A material's emissive as the scene has it. */
struct SceneEmissive {
    Rgb color{};
    bool hasIntensity = false;
    float intensity = 1.0f;
    Rgb total{}; ///< color times intensity: what a renderer emits
};

bool ReadSceneEmissive(const aiMaterial &material, SceneEmissive &emissive) {
    aiColor3D color;
    if (material.Get(AI_MATKEY_COLOR_EMISSIVE, color) != aiReturn_SUCCESS) {
        return false;
    }
    emissive.color = {color.r, color.g, color.b};
    emissive.hasIntensity =
        material.Get(AI_MATKEY_EMISSIVE_INTENSITY, emissive.intensity) == aiReturn_SUCCESS;
    if (!emissive.hasIntensity) {
        emissive.intensity = 1.0f;
    }
    for (size_t i = 0; i < 3; ++i) {
        emissive.total[i] = emissive.color[i] * emissive.intensity;
        if (!std::isfinite(emissive.total[i])) {
            return false; // nothing in glTF says it; the writer's output stays
        }
    }
    return true;
}

double NumberOr(const Json &object, const char *member, double fallback) {
    const auto found = object.find(member);
    return found != object.end() && found->is_number() ? found->get<double>() : fallback;
}

/** Whether the material's factor is within [0, 1] and factor times strength is `total`. */
bool DocumentAgrees(const Json &material, const Rgb &total) {
    double strength = 1.0;
    const auto extensions = material.find("extensions");
    if (extensions != material.end() && extensions->contains(kStrengthExtension)) {
        strength = NumberOr((*extensions)[kStrengthExtension], "emissiveStrength", 1.0);
    }
    const auto factor = material.find("emissiveFactor");
    for (size_t i = 0; i < 3; ++i) {
        const bool written = factor != material.end() && factor->is_array() && factor->size() == 3;
        const double value = written && (*factor)[i].is_number() ? (*factor)[i].get<double>() : 0.0;
        const double wanted = total[i];
        if (value < 0.0 || value > 1.0 ||
            std::abs(value * strength - wanted) > 1e-6 * std::max(1.0, std::abs(wanted))) {
            return false;
        }
    }
    return true;
}

void DropStrength(Json &material) {
    const auto extensions = material.find("extensions");
    if (extensions == material.end() || !extensions->is_object()) {
        return;
    }
    extensions->erase(kStrengthExtension);
    if (extensions->empty()) {
        material.erase("extensions");
    }
}

void Rewrite(Json &material, const SceneEmissive &emissive) {
    const float largest = std::max({emissive.total[0], emissive.total[1], emissive.total[2]});
    const float divisor = largest > 1.0f ? largest : 1.0f;
    Json factor = Json::array();
    for (const float component : emissive.total) {
        factor.push_back(ShortestDecimal(std::clamp(component / divisor, 0.0f, 1.0f)));
    }
    material["emissiveFactor"] = std::move(factor);
    if (largest > 1.0f) {
        Json &extensions = material["extensions"];
        if (!extensions.is_object()) {
            extensions = Json::object();
        }
        extensions[kStrengthExtension] = {{"emissiveStrength", ShortestDecimal(largest)}};
    } else {
        DropStrength(material);
    }
    Json &extras = material["extras"];
    if (!extras.is_object()) {
        extras = Json::object();
    }
    const Rgb &color = emissive.color;
    extras[AGF_META_GLTF_SOURCE_EMISSIVE_COLOR] = Json::array(
        {ShortestDecimal(color[0]), ShortestDecimal(color[1]), ShortestDecimal(color[2])});
    if (emissive.hasIntensity) {
        extras[AGF_META_GLTF_SOURCE_EMISSIVE_INTENSITY] = ShortestDecimal(emissive.intensity);
    }
}

bool UsesStrength(const Json &material) {
    const auto extensions = material.find("extensions");
    return extensions != material.end() && extensions->is_object() &&
           extensions->contains(kStrengthExtension);
}

/** Lists the extension while a material uses it; drops it from extensionsUsed otherwise (a
 *  writer may list it for a strength it left out). */
void ListExtension(GltfDocument &document, bool used) {
    if (used) {
        document.useExtension(kStrengthExtension);
        return;
    }
    const auto listed = document.json.find("extensionsUsed");
    if (listed == document.json.end() || !listed->is_array()) {
        return;
    }
    listed->erase(std::remove(listed->begin(), listed->end(), Json(kStrengthExtension)),
                  listed->end());
    if (listed->empty()) {
        document.json.erase("extensionsUsed");
    }
}

} // namespace

EmissiveReport WriteEmissiveInRange(GltfDocument &document, const aiScene &scene) {
    EmissiveReport report;
    const auto materials = document.json.find("materials");
    if (materials == document.json.end()) {
        report.matched = scene.mNumMaterials == 0;
        return report;
    }
    if (!materials->is_array() || materials->size() != scene.mNumMaterials) {
        report.matched = false;
        return report;
    }
    bool used = false;
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        Json &material = (*materials)[m];
        SceneEmissive emissive;
        if (material.is_object() && scene.mMaterials[m] != nullptr &&
            ReadSceneEmissive(*scene.mMaterials[m], emissive) &&
            !DocumentAgrees(material, emissive.total)) {
            Rewrite(material, emissive);
            ++report.rewritten;
        }
        used = used || (material.is_object() && UsesStrength(material));
    }
    ListExtension(document, used);
    return report;
}

} // namespace agf::gltf
