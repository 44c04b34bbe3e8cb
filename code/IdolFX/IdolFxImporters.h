/** @file IdolFxImporters.h
 *  Factories for the Idol FX importers (Nosferatu: The Wrath of Malachi), used by the registry.
 */
#pragma once

namespace Assimp {
class BaseImporter;
}

namespace agf {

/** FXM meshes, static and skinned ("keypose"); auto-loads a sibling .mot. */
Assimp::BaseImporter *CreateFxmImporter();
/** MOT skeletal motions on their own (a skeleton-only scene). */
Assimp::BaseImporter *CreateMotImporter();
/** ANB vertex-morph animations. */
Assimp::BaseImporter *CreateAnbImporter();

} // namespace agf
