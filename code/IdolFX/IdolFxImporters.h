/** @file IdolFxImporters.h
 *  Factories for the Idol FX importers (Nosferatu: The Wrath of Malachi), used by the registry.
 */
#pragma once

#include "Common/ImporterFactory.h"

namespace agf {

/** FXM meshes, static and skinned ("keypose"), with a sibling .mot and the files listed in
 *  AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES. */
AnimatedImporterFactory CreateFxmImporter;
/** MOT skeletal motions on their own (a skeleton-only scene). */
ImporterFactory CreateMotImporter;
/** ANB vertex-morph animations. */
ImporterFactory CreateAnbImporter;

} // namespace agf
