/** @file P3dImporters.h
 *  Factory for the Bohemia Interactive P3D importer, used by the registry.
 */
#pragma once

namespace Assimp {
class BaseImporter;
}

namespace agf {

/** P3D models: MLOD (editable), ODOL v7 (Operation Flashpoint), ODOL v40 to v75 (ArmA 1 to
 *  Arma 3). */
Assimp::BaseImporter *CreateP3dImporter();

} // namespace agf
