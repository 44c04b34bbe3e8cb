/** @file GeneratedModels.cpp */
#include "GeneratedModels.h"

namespace agf::testgen {

std::vector<GeneratedModel> AllGeneratedModels() {
    std::vector<GeneratedModel> models;
    AppendPskModels(models);
    AppendPsaModels(models);
    AppendPswModels(models);
    AppendP3dModels(models);
    AppendOdolV4xModels(models);
    AppendIdolFxModels(models);
    AppendPoserModels(models);
    AppendUeFormatModels(models);
    AppendAdditiveModels(models);
    AppendPboModels(models);
    return models;
}

} // namespace agf::testgen
