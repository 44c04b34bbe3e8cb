/** @file ImporterFactory.h
 *  The signatures of the factories each format folder hands the registry (code/Registry.cpp).
 *  A folder's header declares its factories through them, `ImporterFactory CreatePsaImporter;`,
 *  and the definitions spell the parameters out.
 */
#pragma once

#include "Common/AnimationSet.h"

namespace Assimp {
class BaseImporter;
} // namespace Assimp

namespace agf {

/** A new importer of one format. */
using ImporterFactory = Assimp::BaseImporter *();

/** A new importer of a mesh format that reads animation files with `animationLoaders`, which
 *  must outlive it. */
using AnimatedImporterFactory =
    Assimp::BaseImporter *(const AnimationLoaderTable &animationLoaders);

} // namespace agf
