/** @file IdolFxImporters.h
 *  Factories for the Idol FX importers (Nosferatu: The Wrath of Malachi), used by the registry.
 */
#pragma once

#include "Common/AnimationSet.h"

namespace Assimp {
class BaseImporter;
}

namespace agf {

/** FXM meshes, static and skinned ("keypose"); loads a sibling .mot (and the files listed in
 *  AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES) with `animationLoaders`, which must outlive it. */
Assimp::BaseImporter *CreateFxmImporter(const AnimationLoaderTable &animationLoaders);
/** MOT skeletal motions on their own (a skeleton-only scene). */
Assimp::BaseImporter *CreateMotImporter();
/** ANB vertex-morph animations. */
Assimp::BaseImporter *CreateAnbImporter();

} // namespace agf
