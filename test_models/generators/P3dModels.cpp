/** @file P3dModels.cpp
 *  Generators for P3d test models (placeholder until the format lands).
 */
#include "GeneratedModels.h"

namespace agf::testgen {

void AppendP3dModels(std::vector<GeneratedModel> &) {}

} // namespace agf::testgen
