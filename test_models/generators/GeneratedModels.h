/** @file GeneratedModels.h
 *  The list of test models that our generators write. Each model is produced in memory, so
 *  tests can use the exact bytes, and `agf_generate` writes the same bytes to test_models/.
 */
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace agf::testgen {

struct GeneratedModel {
    std::string relativePath; ///< under test_models/, e.g. "actorx/cube_faces3200.psk"
    std::string description;
    std::function<std::vector<uint8_t>()> make;
    /** Damaged on purpose (a world's broken asset): importing it must fail. */
    bool damaged = false;
};

/** Every committed generated model. */
std::vector<GeneratedModel> AllGeneratedModels();

// Each format family appends its models (each defined in that family's generator file).
void AppendPskModels(std::vector<GeneratedModel> &models);
void AppendPsaModels(std::vector<GeneratedModel> &models);
void AppendPswModels(std::vector<GeneratedModel> &models);
void AppendP3dModels(std::vector<GeneratedModel> &models);
void AppendOdolV4xModels(std::vector<GeneratedModel> &models);
void AppendIdolFxModels(std::vector<GeneratedModel> &models);
void AppendPoserModels(std::vector<GeneratedModel> &models);
void AppendUeFormatModels(std::vector<GeneratedModel> &models);
void AppendAdditiveModels(std::vector<GeneratedModel> &models);
void AppendPboModels(std::vector<GeneratedModel> &models);

} // namespace agf::testgen
