/** @file GameFormats.h
 *  The public API of assimp-gameformats: Assimp importers for game and animation formats.
 *
 *  @code
 *  #include <assimp/Importer.hpp>
 *  #include <assimp/postprocess.h>
 *  #include <assimp_gameformats/GameFormats.h>
 *
 *  Assimp::Importer importer;
 *  agf::RegisterImporters(importer);          // adds every format of this library
 *  const aiScene *scene = importer.ReadFile("hero.psk", aiProcess_ValidateDataStructure);
 *  @endcode
 *
 *  This header includes the others, each of which can be included on its own:
 *  - Registration.h: RegisterImporters, RegisterExporters, ListFormats, Version,
 *    FlattenNestedMetadata, and which exceptions can reach an application;
 *  - ImportOptions.h: every AI_CONFIG_* option key with its default, and ListImportOptions;
 *  - ImportLimits.h: the memory and time bounds an import is held to (tests, `assimp batch`);
 *  - MetadataKeys.h: every metadata key the importers write, and the grammar of the keys;
 *  - MaterialKeys.h: the material properties the importers add;
 *  - PoseTransfer.h: carrying a pose onto another skeleton;
 *  - PboArchives.h: Bohemia's PBO archives read as folders (NewPboIOSystem, ListPboArchive);
 *  - Warnings.h: typed warnings of the last import or export (LastImportWarnings).
 */
#pragma once

#include "ImportLimits.h"
#include "ImportOptions.h"
#include "MaterialKeys.h"
#include "MetadataKeys.h"
#include "PboArchives.h"
#include "PoseTransfer.h"
#include "Registration.h"
#include "Warnings.h"
