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

} // namespace agf
