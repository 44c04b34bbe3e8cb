/** @file PsaModels.cpp
 *  Generators for Psa test models (placeholder until the format lands).
 */
#include "GeneratedModels.h"

namespace agf::testgen {

void AppendPsaModels(std::vector<GeneratedModel> &) {}

} // namespace agf::testgen
