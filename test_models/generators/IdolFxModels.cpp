/** @file IdolFxModels.cpp
 *  Generators for IdolFx test models (placeholder until the format lands).
 */
#include "GeneratedModels.h"

namespace agf::testgen {

void AppendIdolFxModels(std::vector<GeneratedModel> &) {}

} // namespace agf::testgen
