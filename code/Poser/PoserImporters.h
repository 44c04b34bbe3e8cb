/** @file PoserImporters.h
 *  Factory for the Poser importer, used by the registry.
 */
#pragma once

#include "Common/ImporterFactory.h"

namespace agf {

/** Poser poses (PZ2, P2Z) and figures (CR2, CRZ): skeleton, pose animation, geometry. */
ImporterFactory CreatePoserImporter;

} // namespace agf
