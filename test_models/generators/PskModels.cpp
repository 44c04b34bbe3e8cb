/** @file PskModels.cpp
 *  Generators for Psk test models (placeholder until the format lands).
 */
#include "GeneratedModels.h"

namespace agf::testgen {

void AppendPskModels(std::vector<GeneratedModel> &) {}

} // namespace agf::testgen
