/** @file ActorXImporters.h
 *  Factories for the ActorX importers, used by the registry.
 */
#pragma once

namespace Assimp {
class BaseImporter;
}

namespace agf {

/** PSK / PSKX meshes (ACTRHEAD). */
Assimp::BaseImporter *CreatePskImporter();

/** PSA / PSAX animations (ANIMHEAD, ANIXHEAD) imported on their own. */
Assimp::BaseImporter *CreatePsaImporter();

/** PSW worlds (WRLDHEAD): actors, their meshes, lights and landscape. */
Assimp::BaseImporter *CreatePswImporter();

} // namespace agf
