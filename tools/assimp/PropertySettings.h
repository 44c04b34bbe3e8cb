/** @file PropertySettings.h
 *  `--set KEY=VALUE`: importer properties from the command line.
 */
#pragma once

#include "CommandLine.h"

#include <assimp/Importer.hpp>

namespace agf::cli {

/** Sets `--set KEY=VALUE` on an Importer. The value is stored as a string and, when it reads
 *  as one, also as an integer and a float (true/false/yes/no/on/off read as 1/0), because
 *  Assimp keeps each type in its own table and an importer looks only in the table of the
 *  type it expects. */
void ApplyPropertySetting(Assimp::Importer &importer, const PropertySetting &setting);

} // namespace agf::cli
