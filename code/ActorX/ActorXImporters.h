/** @file ActorXImporters.h
 *  Factories for the ActorX importers, used by the registry.
 */
#pragma once

#include "Common/AnimationSet.h"

namespace Assimp {
class BaseImporter;
}

namespace agf {

/** PSK / PSKX meshes (ACTRHEAD); animation files are read with `animationLoaders`, which
 *  must outlive the importer. */
Assimp::BaseImporter *CreatePskImporter(const AnimationLoaderTable &animationLoaders);

/** PSA / PSAX animations (ANIMHEAD, ANIXHEAD) imported on their own. */
Assimp::BaseImporter *CreatePsaImporter();

/** PSW worlds (WRLDHEAD): actors, their meshes, lights and landscape. */
Assimp::BaseImporter *CreatePswImporter();

} // namespace agf
