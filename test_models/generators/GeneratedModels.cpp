/** @file GeneratedModels.cpp */
#include "GeneratedModels.h"

namespace agf::testgen {

std::vector<GeneratedModel> AllGeneratedModels() {
    std::vector<GeneratedModel> models;
    AppendPskModels(models);
    AppendPsaModels(models);
    AppendPswModels(models);
    AppendP3dModels(models);
    AppendIdolFxModels(models);
    AppendPoserModels(models);
    return models;
}

} // namespace agf::testgen
