/** @file GameFormats.h
 *  The public API of assimp-gameformats: Assimp importers for game and animation formats.
 *
 *  @code
 *  #include <assimp/Importer.hpp>
 *  #include <assimp/postprocess.h>
 *  #include <assimp_gameformats/GameFormats.h>
 *
 *  Assimp::Importer importer;
 *  agf::RegisterImporters(importer);          // adds every format below
 *  const aiScene *scene = importer.ReadFile("hero.psk", aiProcess_ValidateDataStructure);
 *  @endcode
 *
 *  This one header declares the registration functions, the list of formats, every import
 *  option key (`AI_CONFIG_IMPORT_<FMT>_*`, set with Importer::SetProperty*) with its default,
 *  and every metadata key our importers write.
 */
#pragma once

#include <string>
#include <vector>

namespace Assimp {
class Importer;
class Exporter;
} // namespace Assimp

namespace agf {

/** One format this library adds. */
struct FormatInfo {
    std::string name;        ///< e.g. "Unreal ActorX mesh"
    std::string extensions;  ///< space-separated, lower case, no dots: "psk pskx"
    std::string signatures;  ///< what CanRead looks for, e.g. "ACTRHEAD at byte 0"
    std::string description; ///< what is imported
};

/** Registers a fresh instance of every importer of this library on `importer`. The Importer
 *  owns and deletes them. Call once per Importer; calling again adds nothing. */
void RegisterImporters(Assimp::Importer &importer);

/** Replaces Assimp's "fbx" and "fbxa" export formats on `exporter` with versions that work
 *  around the defects of Assimp 5.2.5: binary FBX files that no reader accepts, and
 *  animation key times written as if ticks were seconds. Also re-times animations for
 *  "collada". See README.md, "FBX output". */
void RegisterExporters(Assimp::Exporter &exporter);

/** The formats this library adds, in registration order. */
std::vector<FormatInfo> ListFormats();

/** The library version, "MAJOR.MINOR.PATCH". */
const char *Version();

} // namespace agf

// ================================================================================================
// Import options. Set them with Importer::SetPropertyInteger / SetPropertyFloat /
// SetPropertyBool / SetPropertyString before ReadFile.
// ================================================================================================

// ---- ActorX PSK / PSKX meshes ------------------------------------------------------------------

/** float, default 1.0: scale applied to the root node (1.0 keeps Unreal units, 0.01 gives
 *  metres for UE4/5 content). Mesh data itself stays in file units. */
#define AI_CONFIG_IMPORT_PSK_SCALE "IMPORT_PSK_SCALE"

/** bool, default true: rotate the root node -90 degrees about X so that the file's Z-up content
 *  stands up in Assimp's Y-up convention. Off: the scene stays Z-up (metadata UpAxis = 2). */
#define AI_CONFIG_IMPORT_PSK_YUP "IMPORT_PSK_YUP"

/** bool, default false: read VERTEXCOLOR as B, G, R, A (Epic's ActorX plug-in) instead of
 *  R, G, B, A (UEViewer, CUE4Parse). */
#define AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA "IMPORT_PSK_VERTEXCOLOR_BGRA"

/** bool, default false: do not import morph targets. */
#define AI_CONFIG_IMPORT_PSK_SKIP_MORPHS "IMPORT_PSK_SKIP_MORPHS"

/** bool, default false: do not import SKELSOCK sockets as nodes. */
#define AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS "IMPORT_PSK_SKIP_SOCKETS"

/** bool, default false: do not read the UEViewer sidecars (<mesh>.props.txt, <material>.mat). */
#define AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS "IMPORT_PSK_SKIP_SIDECARS"

/** bool, default false: do not auto-load <mesh>.psa / <mesh>.psax next to a PSK. */
#define AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD "IMPORT_PSK_NO_ANIM_AUTOLOAD"

/** string, default "": animation files (PSA, PSAX, MOT) to load onto the imported skeleton,
 *  separated by ';' or newlines. Relative paths are relative to the imported file. Used for
 *  every importer that has a skeleton. */
#define AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES "IMPORT_GAMEFORMATS_ANIM_FILES"

// ---- ActorX PSA / PSAX animations --------------------------------------------------------------

/** bool, default true: read the UEViewer <anim>.config sidecar ([RemoveTracks] etc.). */
#define AI_CONFIG_IMPORT_PSA_USE_CONFIG "IMPORT_PSA_USE_CONFIG"

/** bool, default false: treat a PSAX without SCLTRACK chunks as written by the first writer
 *  version, whose root rotations are conjugated like every other bone. */
#define AI_CONFIG_IMPORT_PSAX_OLD_ROOT "IMPORT_PSAX_OLD_ROOT"

// ================================================================================================
// Metadata keys written by the importers (aiScene::mMetaData unless noted otherwise).
// Assimp's own keys are used where they exist: "SourceAsset_Format" (AI_METADATA_SOURCE_FORMAT),
// "SourceAsset_FormatVersion", "SourceAsset_Generator", and the FBX-style axis keys below.
// ================================================================================================

/** int32: the file's up axis before any root rotation (0 X, 1 Y, 2 Z). */
#define AGF_META_UP_AXIS "UpAxis"
/** int32: sign of the up axis (1 or -1). */
#define AGF_META_UP_AXIS_SIGN "UpAxisSign"
/** double: size of one file unit in centimetres, as the FBX importer writes it. */
#define AGF_META_UNIT_SCALE_FACTOR "UnitScaleFactor"
/** string: the name of the file's length unit, e.g. "unreal unit (1 cm in UE4/5)". */
#define AGF_META_UNITS "GameFormats_Units"
/** bool: true when the importer rotated the root node from Z-up to Y-up. */
#define AGF_META_ROOT_ROTATED_TO_Y_UP "GameFormats_RootRotatedToYUp"
/** float: the scale applied to the root node (the format's SCALE option). */
#define AGF_META_ROOT_SCALE "GameFormats_RootScale"

/** PSK scene metadata. int32 raw TypeFlag of the ACTRHEAD chunk. */
#define AGF_META_PSK_TYPE_FLAG "PSK_TypeFlag"
/** PSK scene metadata, uint64: counts as stored in the file. */
#define AGF_META_PSK_POINT_COUNT "PSK_PointCount"
#define AGF_META_PSK_WEDGE_COUNT "PSK_WedgeCount"
#define AGF_META_PSK_FACE_COUNT "PSK_FaceCount"
/** Node metadata, bool: the node is a SKELSOCK socket. */
#define AGF_META_PSK_SOCKET "PSK_Socket"
/** Node metadata, aiMetadata list: PHYSICS0 / SHAPEELEMS shapes attached to that bone; each
 *  entry holds "Type" (int32), "Offset" (vector), "Rotation" (vector or quaternion as vector +
 *  "RotationW"), "Scale" (vector). */
#define AGF_META_PSK_PHYSICS_SHAPES "PSK_PhysicsShapes"

/** PSA/PSAX scene metadata, aiMetadata: per animation name, the additive flag (int32). */
#define AGF_META_PSAX_ADDITIVE "PSAX_Additive"
/** PSA scene metadata, aiMetadata: sections of the .config sidecar that are not applied. */
#define AGF_META_PSA_CONFIG "PSA_Config"
