/** @file ActorXImporters.h
 *  Factories for the ActorX importers, used by the registry.
 */
#pragma once

#include "Common/ImporterFactory.h"

namespace agf {

/** PSK / PSKX meshes (ACTRHEAD), with their PSA / PSAX animation files. */
AnimatedImporterFactory CreatePskImporter;

/** PSA / PSAX animations (ANIMHEAD, ANIXHEAD) imported on their own. */
ImporterFactory CreatePsaImporter;

/** PSW worlds (WRLDHEAD): actors, their meshes, lights and landscape. */
ImporterFactory CreatePswImporter;

} // namespace agf
