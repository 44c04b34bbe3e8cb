/** @file UeModelParser.h
 *  A .uemodel's body to a Model: LODs, skeleton and convex collision, for every version from 0
 *  (one LOD's sections and the bones side by side) to 10 (attribute sets).
 */
#pragma once

#include "UeFormatContainer.h"
#include "UeFormatFileData.h"

#include <string>

namespace agf {
class Warnings;
}

namespace agf::ueformat {

/** Parses the body of an opened UEMODEL container. Unknown parts give Unknown warnings; a part
 *  whose data does not fit its size throws ImportError. */
Model ParseUeModel(const Container &container, Warnings &warnings);

} // namespace agf::ueformat
