/** @file MetadataKeys.h
 *  The metadata keys our importers write, and the one grammar they all follow.
 *
 *  These keys are what users see: `assimp info` prints them, and our glTF and FBX writers turn
 *  them into glTF `extras` and FBX user properties, which Blender shows as custom properties.
 *
 *  Grammar
 *  -------
 *      key   = scope { "." Field | "[" name "]" }
 *      scope = "GameFormats" | "PSK" | "PSA" | "PSW" | "P3D" | "IdolFX" | "FXM" | "MOT" | "ANB"
 *              | "Poser" | "PoseTransfer" | "UEFormat"
 *      Field = one UpperCamelCase ASCII word: "LodCount", "Points", "TypeName"
 *      name  = text taken from the file (a selection, property, bone, animation or file name) or
 *              a decimal index, with '\' written "\\" and ']' written "\]" (agf::MetadataName)
 *
 *  Examples: "PSK.TypeFlag", "PSK.PhysicsShapes[0].TypeName", "P3D.Selections[wheel_1].Points",
 *  "P3D.Properties[class]", "PSA.Config[hero.psa][AnimSet]", "PSA.Animations[Run].Additive",
 *  "PoseTransfer[pose:crouch].Convention", "Poser.Channels[head][Smile].Value".
 *
 *  Assimp's own scene keys keep Assimp's names, because other Assimp consumers read them:
 *  "SourceAsset_Format", "SourceAsset_FormatVersion", "SourceAsset_Generator" (commonMetaData.h),
 *  and the FBX importer's "UpAxis", "UpAxisSign" and "UnitScaleFactor".
 *
 *  Values are bool, int32, uint64, float, double, string or vector (aiVector3D), never nested
 *  aiMetadata: Assimp 5.2.5's SceneCombiner::Copy, which every exporter calls, aborts the
 *  process on a nested entry. Keys are at most 63 bytes where we can keep them so: Blender drops
 *  custom properties with longer names.
 *
 *  Unless noted, a key is in aiScene::mMetaData; "node" keys are in aiNode::mMetaData.
 */
#pragma once

#include "Api.h"

#include <string>

struct aiMetadata;

namespace agf {

/** The name part of a key: "[" + name + "]" with '\' and ']' escaped, e.g.
 *  MetadataName("wheel]1") == "[wheel\\]1]". */
AGF_API std::string MetadataName(const std::string &name);

/** The value under `key` as a number, whatever numeric type it was stored as (bool, int32,
 *  uint64, float, double); false when `metadata` is null, the key is absent or its value is
 *  not a number. */
AGF_API bool MetadataNumber(const aiMetadata *metadata, const std::string &key, double &value);

} // namespace agf

// ---- Every format -------------------------------------------------------------------------------

/** int32: the file's up axis before any root rotation (0 X, 1 Y, 2 Z). Assimp's key. */
#define AGF_META_UP_AXIS "UpAxis"
/** int32: sign of the up axis (1 or -1). Assimp's key. */
#define AGF_META_UP_AXIS_SIGN "UpAxisSign"
/** double: size of one file unit in centimetres, as Assimp's FBX importer writes it. */
#define AGF_META_UNIT_SCALE_FACTOR "UnitScaleFactor"
/** string: the name of the file's length unit, e.g. "unreal unit (1 cm in UE4/5)". */
#define AGF_META_UNITS "GameFormats.Units"
/** bool: true when the importer rotated the root node from Z-up to Y-up. */
#define AGF_META_ROOT_ROTATED_TO_Y_UP "GameFormats.RootRotatedToYUp"
/** float: the scale applied to the root node (the format's SCALE option). */
#define AGF_META_ROOT_SCALE "GameFormats.RootScale"
/** double, written by our glTF writer only: the scale it put on the root node to turn the file's
 *  units into metres (UnitScaleFactor / 100), 1 when AI_CONFIG_EXPORT_GLTF_KEEP_UNITS was set. */
#define AGF_META_EXPORT_METRE_SCALE "GameFormats.ExportMetreScale"
/** string, written by our glTF writer only: the file's unit name (GameFormats.Units before the
 *  conversion to metres, which sets GameFormats.Units to "metre"). */
#define AGF_META_SOURCE_UNITS "GameFormats.SourceUnits"
/** glTF material extras, written by our glTF writer only: vector, the material's emissive colour
 *  (AI_MATKEY_COLOR_EMISSIVE) as the scene had it, e.g. an rvmat's [500, 250, 0], where the
 *  writer had to restate the emissive (an emissiveFactor out of [0, 1], or an intensity the
 *  glTF did not carry): emissiveFactor then holds it divided by its largest component and
 *  KHR_materials_emissive_strength that component (docs/writers.md). */
#define AGF_META_GLTF_SOURCE_EMISSIVE_COLOR "GameFormats.SourceEmissiveColor"
/** glTF material extras, written by our glTF writer only, float: the material's
 *  AI_MATKEY_EMISSIVE_INTENSITY as the scene had it, beside GameFormats.SourceEmissiveColor,
 *  when the material has one. */
#define AGF_META_GLTF_SOURCE_EMISSIVE_INTENSITY "GameFormats.SourceEmissiveIntensity"
/** glTF material extras, written by our glTF writer only: array of strings, the texture paths of
 *  the material that the glTF could not reference (not embedded, and no file of that relative
 *  path beside the output, such as a texture a partial dump does not hold), as the scene had
 *  them. The material is written without those textures (docs/writers.md). */
#define AGF_META_GLTF_UNREACHABLE_TEXTURES "GameFormats.UnreachableTextures"

// Additive animations (AI_CONFIG_IMPORT_ANIMATION_ADDITIVE): one group per animation that its
// file marks additive (a PSAX sequence with Additive 1, a .ueanim with an AdditiveAnimType, every
// .uepose pose), "GameFormats.Animations[<animation name>].<Field>".
/** Group of per-animation values of every format. */
#define AGF_META_ANIMATIONS "GameFormats.Animations"
/** Field, string: the additive space used or to be used: "local" or "mesh" (from the file where
 *  it says, else AI_CONFIG_IMPORT_ANIMATION_ADDITIVE_SPACE). */
#define AGF_META_ANIMATION_ADDITIVE_SPACE ".AdditiveSpace"
/** Field, string: what the additive keys were applied to: "none" (kept as deltas, the default
 *  `keep`), "bind" (the bind pose) or the name of the base animation. */
#define AGF_META_ANIMATION_ADDITIVE_BASE ".AdditiveBase"

// ---- ActorX PSK / PSKX ------------------------------------------------------------------------
// Scene layout: root node "<file base name>" (only the Y-up rotation and the SCALE option) with
// children: "<base>_Mesh" (identity; every aiMesh, one per MATT0000 material used) and the
// REFSKELT bone hierarchy, whose nodes carry exactly the bone names (repeats get ".001"...).
// Every mesh of a skinned PSK lists every REFSKELT bone as an aiBone, those without weights in
// that mesh with none, so that exporters write the whole skeleton. Sockets are children of
// their bone (or of the root when they name none or a missing bone). Bone offset matrices are
// inverse bind transforms relative to the root node. Scene metadata: SourceAsset_Format
// "Unreal ActorX PSK", SourceAsset_FormatVersion (the TypeFlag as text), SourceAsset_Generator
// (when the TypeFlag tells the writer), UpAxis 2 / UpAxisSign 1 (the file's Z-up),
// UnitScaleFactor 1.0 (1 uu = 1 cm), the GameFormats.* keys and the PSK.* keys below.

/** int32: the raw TypeFlag of the ACTRHEAD chunk. */
#define AGF_META_PSK_TYPE_FLAG "PSK.TypeFlag"
/** uint64: the number of PNTS0000 points as stored. */
#define AGF_META_PSK_POINT_COUNT "PSK.PointCount"
/** uint64: the number of VTXW0000 wedges as stored. */
#define AGF_META_PSK_WEDGE_COUNT "PSK.WedgeCount"
/** uint64: the number of faces as stored. */
#define AGF_META_PSK_FACE_COUNT "PSK.FaceCount"
/** uint64: the number of REFSKELT bones as stored. */
#define AGF_META_PSK_BONE_COUNT "PSK.BoneCount"
/** bool: the faces came from FACE3200 (32-bit wedge indices). */
#define AGF_META_PSK_FACES_32BIT "PSK.Faces32Bit"
/** Node, bool: the node is a SKELSOCK (or UEViewer .props.txt) socket. */
#define AGF_META_PSK_SOCKET "PSK.Socket"
/** Node of a bone (or the root when the named bone is missing), int32: the number of PHYSICS0 /
 *  SHAPEELEMS shapes of that bone. Shape i's fields are "PSK.PhysicsShapes[i].<Field>", with
 *  the fields below. Values are as stored (file space; the layouts are unverified): records are
 *  read only when the chunk's record size is exactly 101 (PHYSICS0) or 108 (SHAPEELEMS). */
#define AGF_META_PSK_PHYSICS_SHAPES "PSK.PhysicsShapes"
/** Field of a physics shape, string: "PHYSICS0" or "SHAPEELEMS". */
#define AGF_META_PSK_SHAPE_SOURCE ".Source"
/** Field of a physics shape, string: the record's bone or shape name. */
#define AGF_META_PSK_SHAPE_NAME ".Name"
/** Field of a physics shape, int32: the shape type as stored. */
#define AGF_META_PSK_SHAPE_TYPE ".Type"
/** Field of a physics shape, string: box, sphere, cylinder, convex, cone or unknown. */
#define AGF_META_PSK_SHAPE_TYPE_NAME ".TypeName"
/** Field of a physics shape, vector: the offset. */
#define AGF_META_PSK_SHAPE_OFFSET ".Offset"
/** Field of a physics shape, vector: PHYSICS0's three angles, or SHAPEELEMS's quaternion x, y,
 *  z. */
#define AGF_META_PSK_SHAPE_ROTATION ".Rotation"
/** Field of a physics shape, float: SHAPEELEMS's quaternion w (SHAPEELEMS only). */
#define AGF_META_PSK_SHAPE_ROTATION_W ".RotationW"
/** Field of a physics shape, vector: the scale. */
#define AGF_META_PSK_SHAPE_SCALE ".Scale"

// ---- ActorX PSA / PSAX ------------------------------------------------------------------------

/** Group of per-animation values, "PSA.Animations[<animation name>].<Field>" (aiAnimation has no
 *  metadata of its own in Assimp 5.2). */
#define AGF_META_PSA_ANIMATIONS "PSA.Animations"
/** Field of an animation, int32: the PSAX SEQUENCES additive flag as stored (0 none, 1
 *  additive). Absent for 68-byte records, which have no flag. */
#define AGF_META_PSA_ANIMATION_ADDITIVE ".Additive"
/** Group, string: "PSA.Config[<animation file name>][<section>]" holds a section of the UEViewer
 *  .config sidecar other than [RemoveTracks], its lines joined by '\n', e.g.
 *  "PSA.Config[hero.psa][AnimSet]" = "bAnimRotationOnly=0". */
#define AGF_META_PSA_CONFIG "PSA.Config"
/** Stand-alone PSA/PSAX, bool: the BONENAMES parents were not a real hierarchy (UEViewer writes
 *  0 for every bone), so the bone nodes are flat under the root. */
#define AGF_META_PSA_FLAT_SKELETON "PSA.FlatSkeleton"

// ---- ActorX PSW worlds ------------------------------------------------------------------------

/** string: the layout generation, "v1", "v2", "v2b" or "v3" (also SourceAsset_FormatVersion). */
#define AGF_META_PSW_VERSION "PSW.Version"
/** uint64: the WORLDACTORS records. */
#define AGF_META_PSW_ACTOR_COUNT "PSW.ActorCount"
/** uint64: the lights built as aiLight. */
#define AGF_META_PSW_LIGHT_COUNT "PSW.LightCount"
/** uint64: the heightmap tiles built as terrain meshes. */
#define AGF_META_PSW_LANDSCAPE_TILE_COUNT "PSW.LandscapeTileCount"
/** uint64: the weightmap tiles (metadata only). */
#define AGF_META_PSW_WEIGHTMAP_TILE_COUNT "PSW.WeightmapTileCount"
/** uint64: the asset files imported. */
#define AGF_META_PSW_ASSETS_LOADED "PSW.AssetsLoaded"
/** uint64: the asset paths that were missing or did not import. */
#define AGF_META_PSW_ASSETS_MISSING "PSW.AssetsMissing"
/** uint64: the actors with at least one effective material override. */
#define AGF_META_PSW_OVERRIDDEN_ACTORS "PSW.OverriddenActors"
/** Group per distinct asset path the actors name, n = 0, 1... in the order actors first name
 *  them: "PSW.Assets[n].Path" (string, the path as written, as in PSW.Asset) and
 *  "PSW.Assets[n].File" (string, the file it was read from; "" when missing or broken). Written
 *  when assets are loaded (AI_CONFIG_IMPORT_PSW_LOAD_ASSETS). */
#define AGF_META_PSW_ASSETS "PSW.Assets"
/** Field of an asset group, string: the asset path as written. */
#define AGF_META_PSW_ASSETS_PATH ".Path"
/** Field of an asset group, string: the file the asset was read from; "" when missing or
 *  broken. */
#define AGF_META_PSW_ASSETS_FILE ".File"
// Actor nodes carry only what the scene does not already show: Assimp spends two 1 KB aiStrings
// (key, string value) on every entry, so a level of 10,000 actors with every field on every
// actor held 120 MB of metadata. An absent flag entry means the bit is clear.
/** Actor node, int32: the index of its WORLDACTORS record. Always present. */
#define AGF_META_PSW_ACTOR_INDEX "PSW.ActorIndex"
/** Actor node, string: the actor's name as written; only when the node's name differs from it
 *  (an empty name becomes "Actor_<index>", a repeated one gets ".001"). */
#define AGF_META_PSW_ACTOR_NAME "PSW.ActorName"
/** Actor node, int32: the raw flags; only when not 0. */
#define AGF_META_PSW_FLAGS "PSW.Flags"
/** Actor node, bool true: the hidden flag bit is set (absent when clear). */
#define AGF_META_PSW_HIDDEN "PSW.Hidden"
/** Actor node, bool true: the no-cast-shadow flag bit is set (absent when clear). */
#define AGF_META_PSW_NO_CAST_SHADOW "PSW.NoCastShadow"
/** Actor node, bool true: the use-temperature flag bit is set (absent when clear). */
#define AGF_META_PSW_USE_TEMPERATURE "PSW.UseTemperature"
/** Actor node, bool true: the is-skeleton flag bit is set (absent when clear). */
#define AGF_META_PSW_IS_SKELETON "PSW.IsSkeleton"
/** Actor node, string: the asset path as written; only when the actor names one. The file it
 *  was read from is in the scene's PSW.Assets[n].File. */
#define AGF_META_PSW_ASSET "PSW.Asset"
/** Light node ("<actor>.Light", carrying the aiLight), int32: the raw type (0 directional, 1
 *  point, 2 spot, 3 rect). The aiLight colour is colour * intensity; attenuation is 1 + d^2 /
 *  radius^2 (half strength at the radius); spot cones are Unreal's defaults (0 and 44 degrees
 *  from the axis, so aiLight's whole-cone angles are 0 and 88 degrees) because the record has no
 *  cone angles. */
#define AGF_META_PSW_LIGHT_TYPE "PSW.LightType"
/** Light node, vector: the colour, RGB in [0, 1], before intensity. */
#define AGF_META_PSW_LIGHT_COLOR "PSW.LightColor"
/** Light node, float: the intensity as written. */
#define AGF_META_PSW_LIGHT_INTENSITY "PSW.LightIntensity"
/** Light node, float: the attenuation radius as written. */
#define AGF_META_PSW_LIGHT_ATTENUATION_RADIUS "PSW.LightAttenuationRadius"
/** Light node, float: the source radius as written. */
#define AGF_META_PSW_LIGHT_SOURCE_RADIUS "PSW.LightSourceRadius"
/** Light node, float: the light-source angle as written. */
#define AGF_META_PSW_LIGHT_SOURCE_ANGLE "PSW.LightSourceAngle"
/** Light node, float: the temperature as written. */
#define AGF_META_PSW_LIGHT_TEMPERATURE "PSW.LightTemperature"
/** Light node, float: the shadow bias as written. */
#define AGF_META_PSW_LIGHT_SHADOW_BIAS "PSW.LightShadowBias"
/** Light node, vector: (width, height, length) as written. */
#define AGF_META_PSW_LIGHT_SIZE "PSW.LightSize"
/** Terrain tile node ("<actor>.Tile_<x>_<y>"), string: the texture path as written. */
#define AGF_META_PSW_LANDSCAPE_TEXTURE "PSW.LandscapeTexture"
/** Terrain tile node, string: the heightmap file read ("" when missing: the tile is flat). */
#define AGF_META_PSW_LANDSCAPE_HEIGHTMAP_FILE "PSW.LandscapeHeightmapFile"
/** Terrain tile node, vector: (tileX, tileY, 0). */
#define AGF_META_PSW_LANDSCAPE_TILE "PSW.LandscapeTile"
/** Terrain tile node, int32: the component size in quads. */
#define AGF_META_PSW_LANDSCAPE_COMPONENT_SIZE "PSW.LandscapeComponentSize"
/** Terrain tile node, vector: (offsetX, offsetY, 0) into the texture. */
#define AGF_META_PSW_LANDSCAPE_OFFSET "PSW.LandscapeOffset"
/** Landscape actor node, group per weightmap tile with LANDSCAPE record index n:
 *  "PSW.LandscapeWeightmaps[n].<Field>" with the fields below. */
#define AGF_META_PSW_LANDSCAPE_WEIGHTMAPS "PSW.LandscapeWeightmaps"
/** Field of a weightmap tile, string: the texture path as written. */
#define AGF_META_PSW_WEIGHTMAP_TEXTURE ".Texture"
/** Field of a weightmap tile, int32: the layer. */
#define AGF_META_PSW_WEIGHTMAP_LAYER ".Layer"
/** Field of a weightmap tile, vector: (tileX, tileY, 0). */
#define AGF_META_PSW_WEIGHTMAP_TILE ".Tile"

// ---- Bohemia P3D ------------------------------------------------------------------------------
// The scene also gets UpAxis 1 and UnitScaleFactor 100 (metres). LOD nodes are named after their
// resolution: "LOD 0.000", "ShadowVolume 10", "Geometry", "Memory", "Fire Geometry"...

/** uint64: the LODs in the file. */
#define AGF_META_P3D_LOD_COUNT "P3D.LodCount"
/** uint64: the LODs imported (AI_CONFIG_IMPORT_P3D_LODS). */
#define AGF_META_P3D_IMPORTED_LOD_COUNT "P3D.ImportedLodCount"
/** bool: the whole file was LZSS-packed (old OFP). */
#define AGF_META_P3D_WHOLE_FILE_COMPRESSED "P3D.WholeFileCompressed"
/** string: the skeleton's name. */
#define AGF_META_P3D_SKELETON "P3D.Skeleton"
/** string: where the skeleton came from: "ODOL ModelInfo", a model.cfg path, or the option. */
#define AGF_META_P3D_SKELETON_SOURCE "P3D.SkeletonSource"
/** Group, "P3D.ModelInfo.<Field>": the ODOL ModelInfo values (mass, class, damage, bounding
 *  data, LOD indices...), as text. */
#define AGF_META_P3D_MODEL_INFO "P3D.ModelInfo"
/** Group per ODOL animation class, "P3D.Animations[<class>].<Field>" with the fields below. */
#define AGF_META_P3D_ANIMATIONS "P3D.Animations"
/** Field of an animation class, int32: 0-3 rotation, 4-7 translation, 8 direct, 9 hide. */
#define AGF_META_P3D_ANIMATION_TYPE ".Type"
/** Field of an animation class, string: the source. */
#define AGF_META_P3D_ANIMATION_SOURCE ".Source"
/** Field of an animation class, float: the minimum phase. */
#define AGF_META_P3D_ANIMATION_MIN_PHASE ".MinPhase"
/** Field of an animation class, float: the maximum phase. */
#define AGF_META_P3D_ANIMATION_MAX_PHASE ".MaxPhase"
/** Field of an animation class, float: the minimum value. */
#define AGF_META_P3D_ANIMATION_MIN_VALUE ".MinValue"
/** Field of an animation class, float: the maximum value. */
#define AGF_META_P3D_ANIMATION_MAX_VALUE ".MaxValue"
/** Field of an animation class, int32: the source address. */
#define AGF_META_P3D_ANIMATION_SOURCE_ADDRESS ".SourceAddress"
/** Field of an animation class, string: the type's parameters as a comma list. */
#define AGF_META_P3D_ANIMATION_PARAMETERS ".Parameters"
/** Field of an animation class bound to a bone, string: the bone. */
#define AGF_META_P3D_ANIMATION_BONE ".Bone"
/** Field of an animation class bound to a bone, vector: the axis position. */
#define AGF_META_P3D_ANIMATION_AXIS_POSITION ".AxisPosition"
/** Field of an animation class bound to a bone, vector: the axis direction. */
#define AGF_META_P3D_ANIMATION_AXIS_DIRECTION ".AxisDirection"
/** LOD node, float: the raw resolution. */
#define AGF_META_P3D_RESOLUTION "P3D.Resolution"
/** LOD node, int32: the index of the LOD in the file. */
#define AGF_META_P3D_LOD_INDEX "P3D.LodIndex"
/** LOD node, uint64: points (ODOL: vertices); also on named-point nodes. */
#define AGF_META_P3D_POINT_COUNT "P3D.PointCount"
/** LOD node, uint64: faces as stored (quads count once). */
#define AGF_META_P3D_FACE_COUNT "P3D.FaceCount"
/** LOD node, uint64: normals as stored. */
#define AGF_META_P3D_NORMAL_COUNT "P3D.NormalCount"
/** LOD node, int32: UV sets (MLOD: #UVSet# taggs; ODOL: the sets imported, at most 8, with a
 *  LimitReached warning for the others). */
#define AGF_META_P3D_UV_SET_COUNT "P3D.UVSetCount"
/** LOD node, bool (ODOL): true, the polygons were taken back from the binarizer's order (triangles
 *  0 1 2 stored as 1 0 2, quads 0 1 2 3 as 1 0 3 2) before the MLOD winding rule applied. */
#define AGF_META_P3D_WINDING_FLIPPED "P3D.WindingFlipped"
/** LOD node, uint64 (MLOD): points flagged hidden (0x01000000). */
#define AGF_META_P3D_HIDDEN_POINT_COUNT "P3D.HiddenPointCount"
/** LOD node, group per point-flag value, string "P3D.PointFlags[0xXXXXXXXX]": the point indices
 *  with that value, as ranges ("0-95"). */
#define AGF_META_P3D_POINT_FLAGS "P3D.PointFlags"
/** LOD node, float: the total of #Mass#. */
#define AGF_META_P3D_MASS "P3D.Mass"
/** LOD node, uint64: the #SharpEdges# pairs. */
#define AGF_META_P3D_SHARP_EDGE_COUNT "P3D.SharpEdgeCount"
/** LOD node, string: the frame times of #Animation# / ODOL frames (imported as morph targets
 *  "Frame <i> (<time>)"). */
#define AGF_META_P3D_FRAME_TIMES "P3D.FrameTimes"
/** LOD node (ODOL), group per section, "P3D.Sections[<i>].<Field>" with the fields below. */
#define AGF_META_P3D_SECTIONS "P3D.Sections"
/** Field of a section, string: the faces as "first-end". */
#define AGF_META_P3D_SECTION_FACES ".Faces"
/** Field of a section, int32: the texture index. */
#define AGF_META_P3D_SECTION_TEXTURE_INDEX ".TextureIndex"
/** Field of a section, int32: the material index. */
#define AGF_META_P3D_SECTION_MATERIAL_INDEX ".MaterialIndex"
/** Field of a section, int32: the face flags. */
#define AGF_META_P3D_SECTION_FACE_FLAGS ".FaceFlags"
/** LOD node, string per #Property# / named property: "P3D.Properties[<name>]". */
#define AGF_META_P3D_PROPERTIES "P3D.Properties"
/** LOD node, group per named selection, "P3D.Selections[<selection>].<Field>" with the fields
 *  below (the n-th repeat of a name in a LOD gets n "'" appended, from the ninth one "'" and
 *  n: a, a', a'', ..., then a'9 for the ninth). A LOD's entries past the file's metadata
 *  budget (16 bytes per byte of the file and 1 MB, at 2 KB an entry) are left out with a
 *  LimitReached warning, selections first. */
#define AGF_META_P3D_SELECTIONS "P3D.Selections"
/** Field of a selection, string: MLOD point or ODOL vertex indices as ranges ("0-3,7"). */
#define AGF_META_P3D_SELECTION_POINTS ".Points"
/** Field of a selection, string: face indices as ranges; absent when the selection holds no
 *  faces (point selections). */
#define AGF_META_P3D_SELECTION_FACES ".Faces"
/** Field of a selection, string, only when some weights are partial: "point:weight,...". */
#define AGF_META_P3D_SELECTION_WEIGHTS ".Weights"
/** Field of a selection, bool: true when it became skin weights of a bone. */
#define AGF_META_P3D_SELECTION_BONE ".Bone"
/** Field of a selection, group per mesh, string ".MeshVertices[<mesh name>]": the vertex index
 *  ranges inside that mesh. */
#define AGF_META_P3D_SELECTION_MESH_VERTICES ".MeshVertices"
/** Proxy node ("proxy:<path>.<NNN>", transform = the proxy's), string: the model path without
 *  ".p3d". */
#define AGF_META_P3D_PROXY "P3D.Proxy"
/** Proxy node, int32: the instance number. */
#define AGF_META_P3D_PROXY_INDEX "P3D.ProxyIndex"
/** Proxy node (ODOL), string: the bone name. */
#define AGF_META_P3D_PROXY_BONE "P3D.ProxyBone"
/** Proxy node, string: the selection name. */
#define AGF_META_P3D_PROXY_SELECTION "P3D.ProxySelection"
/** Named-point node (Memory, Land Contact, Paths and Hit Points LODs, and LODs without faces:
 *  one node per selection, at the centre of its points), string: the selection name. The node
 *  also has P3D.PointCount. */
#define AGF_META_P3D_MEMORY_POINT "P3D.MemoryPoint"
/** Named-point node of two points (an axis), vector: the first point. */
#define AGF_META_P3D_AXIS_START "P3D.AxisStart"
/** Named-point node of two points (an axis), vector: the second point. */
#define AGF_META_P3D_AXIS_END "P3D.AxisEnd"
/** Named-point node of several points, vector per point: "P3D.Points[<i>]". */
#define AGF_META_P3D_POINTS "P3D.Points"

// ---- Idol FX ----------------------------------------------------------------------------------

/** bool: true when FXM/MOT/ANB data was converted to right-handed (the default), false with
 *  AI_CONFIG_IMPORT_FXM_KEEP_NATIVE. */
#define AGF_META_IDOLFX_RIGHT_HANDED "IdolFX.ConvertedToRightHanded"
/** int32: the FXM version word (1 or 2 in game files, 0 from converters). */
#define AGF_META_FXM_VERSION "FXM.Version"
/** int32: the FXM skeleton flag (0 static, 1 skinned "keypose"). */
#define AGF_META_FXM_SKELETON_FLAG "FXM.SkeletonFlag"
/** Node of each FXM submesh, int32: the submesh's Direct3D FVF code. */
#define AGF_META_FXM_FVF "FXM.FVF"
/** Node of each FXM submesh, int32: the vertex stride in bytes. */
#define AGF_META_FXM_STRIDE "FXM.Stride"
/** int32: the number of tracks in the MOT file. */
#define AGF_META_MOT_TRACK_COUNT "MOT.TrackCount"
/** int32: the number of ANB shapes, the base shape included. */
#define AGF_META_ANB_FRAME_COUNT "ANB.FrameCount"
/** float: the ANB frame rate used (AI_CONFIG_IMPORT_ANB_FPS). */
#define AGF_META_ANB_FPS "ANB.FramesPerSecond"

// ---- Poser ------------------------------------------------------------------------------------
// Besides SourceAsset_Format "Poser pose (PZ2)" / "(P2Z)" / "Poser figure (CR2)" / "(CRZ)",
// SourceAsset_FormatVersion = the `version { number }` text, UpAxis 1, UpAxisSign 1,
// UnitScaleFactor 100.0 (the output is in metres) and GameFormats.Units.

/** double: metres per Poser unit used. */
#define AGF_META_POSER_PNU_IN_METRES "Poser.PnuInMetres"
/** string: the file name of the CR2 the skeleton came from ("" a pose alone). */
#define AGF_META_POSER_FIGURE "Poser.Figure"
/** string: the geometry file loaded ("" none). */
#define AGF_META_POSER_GEOMETRY "Poser.Geometry"
/** uint64: top-level prop, light, camera... sections skipped. */
#define AGF_META_POSER_SKIPPED_BLOCKS "Poser.SkippedBlocks"
/** Pose, string: "poser", the convention of the pose's rotations. */
#define AGF_META_POSER_POSE_CONVENTION "Poser.PoseConvention"
/** Pose, int32: 1 when the skeleton is the flat stand-in built without a CR2, 0 with one. */
#define AGF_META_POSER_APPROXIMATE "Poser.Approximate"
/** Pose, double: frames per second of an animated pose (0 for a static one). */
#define AGF_META_POSER_FPS "Poser.FramesPerSecond"
/** Pose, string: the posed actors missing from the CR2, joined by ", " (only when any). */
#define AGF_META_POSER_UNMATCHED_ACTORS "Poser.UnmatchedActors"
/** Pose, uint64: the number of non-transform channels below. */
#define AGF_META_POSER_OTHER_CHANNEL_COUNT "Poser.NonTransformChannels"
/** Pose, group per non-transform channel of a posed actor (targetGeom morph dials, valueParm,
 *  visibility, deformers...): "Poser.Channels[<actor>][<channel internal name>].<Field>" with
 *  the fields below. */
#define AGF_META_POSER_CHANNELS "Poser.Channels"
/** Field of a channel, string: the channel type as written ("targetGeom"). */
#define AGF_META_POSER_CHANNEL_TYPE ".Type"
/** Field of a channel, double: the value (the static value, else the first key's). */
#define AGF_META_POSER_CHANNEL_VALUE ".Value"
/** Field of a channel with more than one key, string: all keys as "frame value;frame value". */
#define AGF_META_POSER_CHANNEL_KEYS ".Keys"
/** Actor node (CR2 skeleton), vector: the origin in metres, figure space. */
#define AGF_META_POSER_ORIGIN "Poser.Origin"
/** Actor node (CR2 skeleton), vector: the endPoint in metres, figure space. */
#define AGF_META_POSER_END_POINT "Poser.EndPoint"
/** Actor node (CR2 skeleton), vector: the orientation in degrees (X, Y, Z). */
#define AGF_META_POSER_ORIENTATION "Poser.Orientation"
/** Actor node, string: the complete rotation order ("YZX", first listed applied first). Flat
 *  skeletons carry only this. */
#define AGF_META_POSER_ROTATION_ORDER "Poser.RotationOrder"

// ---- UEFormat (.uemodel, .ueanim, .uepose) ----------------------------------------------------
// Scene layout of a .uemodel: root node "<file base name>" (only the Y-up rotation and the
// SCALE option) with children: one node per imported LOD, named after the LOD (its meshes, one
// per material, identity transform), then the bone hierarchy, nodes named exactly as the bones.
// Sockets and virtual bones are children of their bone. Every mesh of a skinned LOD lists every
// bone. Scene metadata: SourceAsset_Format "UEFormat model (UEMODEL)" (animation: "(UEANIM)",
// poses: "(UEPOSE)"), SourceAsset_FormatVersion (the version byte as text), UpAxis 2,
// UnitScaleFactor 1.0 (1 unit = 1 cm), the GameFormats.* keys and the UEFormat.* keys below.

/** int32: the file version (0 to 10). */
#define AGF_META_UEFORMAT_VERSION "UEFormat.Version"
/** string: the header's object name. */
#define AGF_META_UEFORMAT_OBJECT_NAME "UEFormat.ObjectName"
/** string: the header's object path (version 10; absent when empty). */
#define AGF_META_UEFORMAT_OBJECT_PATH "UEFormat.ObjectPath"
/** string: how the body was stored: "none", "GZIP" or "ZSTD". */
#define AGF_META_UEFORMAT_COMPRESSION "UEFormat.Compression"
/** uint64: the LODs in the file. */
#define AGF_META_UEFORMAT_LOD_COUNT "UEFormat.LodCount"
/** uint64: the LODs imported (AI_CONFIG_IMPORT_UEFORMAT_LODS). */
#define AGF_META_UEFORMAT_IMPORTED_LOD_COUNT "UEFormat.ImportedLodCount"
/** uint64: the bones of the skeleton as stored. */
#define AGF_META_UEFORMAT_BONE_COUNT "UEFormat.BoneCount"
/** string: the skeleton asset's path (SKELETON METADATA; absent when empty). */
#define AGF_META_UEFORMAT_SKELETON_PATH "UEFormat.SkeletonPath"
/** LOD node, int32: the index of the LOD in the file. */
#define AGF_META_UEFORMAT_LOD_INDEX "UEFormat.LodIndex"
/** Node, bool: the node is a socket. */
#define AGF_META_UEFORMAT_SOCKET "UEFormat.Socket"
/** Node, bool: the node is a virtual bone: a child of its source bone, resting at the target
 *  bone's bind transform relative to the source (Unreal moves it with the target). */
#define AGF_META_UEFORMAT_VIRTUAL_BONE "UEFormat.VirtualBone"
/** Node of a virtual bone, string: the source bone. */
#define AGF_META_UEFORMAT_VIRTUAL_BONE_SOURCE "UEFormat.VirtualBoneSource"
/** Node of a virtual bone, string: the target bone. */
#define AGF_META_UEFORMAT_VIRTUAL_BONE_TARGET "UEFormat.VirtualBoneTarget"
/** uint64: the convex hulls (COLLISION). Hull i's fields are "UEFormat.Collisions[i].<Field>",
 *  with the fields below, in the scene's axes (mirrored like the meshes). At most 1024 points
 *  and triangles are written in all; the hulls beyond keep only their name and counts. */
#define AGF_META_UEFORMAT_COLLISIONS "UEFormat.Collisions"
/** Field of a hull, string: its name. */
#define AGF_META_UEFORMAT_HULL_NAME ".Name"
/** Field of a hull, uint64: its points. */
#define AGF_META_UEFORMAT_HULL_VERTEX_COUNT ".VertexCount"
/** Field of a hull, uint64: its triangles. */
#define AGF_META_UEFORMAT_HULL_TRIANGLE_COUNT ".TriangleCount"
/** Field of a hull, vector per point j: ".Vertices[j]". */
#define AGF_META_UEFORMAT_HULL_VERTICES ".Vertices"
/** Field of a hull, vector per triangle j: ".Triangles[j]", its three point indices as floats. */
#define AGF_META_UEFORMAT_HULL_TRIANGLES ".Triangles"
/** Group of per-animation values of a .ueanim or .uepose, "UEFormat.Animations[<animation
 *  name>].<Field>" with the fields below. */
#define AGF_META_UEFORMAT_ANIMATIONS "UEFormat.Animations"
/** Field of an animation, int32: METADATA's AdditiveAnimType as stored (0 none, 1 local space,
 *  2 mesh-space rotation offset). */
#define AGF_META_UEFORMAT_ADDITIVE_TYPE ".AdditiveType"
/** Field of an animation, int32: METADATA's RefPoseType as stored (0 none, 1 reference pose, 2
 *  scaled animation, 3 animation frame, 4 local animation frame). */
#define AGF_META_UEFORMAT_REF_POSE_TYPE ".RefPoseType"
/** Field of an animation, int32: METADATA's RefFrameIndex. */
#define AGF_META_UEFORMAT_REF_FRAME_INDEX ".RefFrameIndex"
/** Field of an animation, string: METADATA's RefPosePath (absent when empty). */
#define AGF_META_UEFORMAT_REF_POSE_PATH ".RefPosePath"
/** Field of an animation, int32: METADATA's NumFrames. */
#define AGF_META_UEFORMAT_FRAME_COUNT ".FrameCount"
/** Field of an animation, group per float curve: "UEFormat.Animations[<animation>].Curves[<curve
 *  name>].<Field>" with the two fields below. A curve that names a morph target of the scene
 *  also drives it (aiMeshMorphAnim). For a .uepose pose, its curve influences: one key. */
#define AGF_META_UEFORMAT_CURVES ".Curves"
/** Field of a curve, uint64: its keys. */
#define AGF_META_UEFORMAT_CURVE_KEY_COUNT ".KeyCount"
/** Field of a curve, string: its keys as "frame:value" separated by spaces; absent when they do
 *  not fit the 1023 bytes of an aiString. */
#define AGF_META_UEFORMAT_CURVE_KEYS ".Keys"

// ---- Pose transfer (agf::ApplyPose, `assimp --pose`) ------------------------------------------
// Scene metadata of the target, one group per animation the pose added:
// "PoseTransfer[<animation name>].<Field>", e.g. "PoseTransfer[pose:crouch].Convention".

/** Group prefix of the pose-transfer record. */
#define AGF_META_POSE_TRANSFER "PoseTransfer"
/** Field, string: the pose's name (Pose::name). */
#define AGF_META_POSE_SOURCE ".Source"
/** Field, string: the convention ("raw", "norool", "ik", "combined", "combined-b"). */
#define AGF_META_POSE_CONVENTION ".Convention"
/** Field, double: the seconds sampled in the source. */
#define AGF_META_POSE_TIME ".Time"
/** Field, double: the target units per pose unit applied to translations. */
#define AGF_META_POSE_UNIT_SCALE ".UnitScale"
/** Field, double: the pose's UnitScaleFactor (cm per unit; 0 unknown). */
#define AGF_META_POSE_SOURCE_UNIT_SCALE_FACTOR ".SourceUnitScaleFactor"
/** Field, uint64: the matched bones. */
#define AGF_META_POSE_MATCHED_BONES ".MatchedBones"
/** Field, string: the unmatched pose bones, joined by ", " (empty when none). */
#define AGF_META_POSE_UNMATCHED_POSE_BONES ".UnmatchedPoseBones"
/** Field, string: the unmatched target bones, joined by ", " (empty when none). */
#define AGF_META_POSE_UNMATCHED_TARGET_BONES ".UnmatchedTargetBones"
/** Field, string "w x y z": PoseTransferOptions::axisChange, only when it is not the identity. */
#define AGF_META_POSE_AXIS_CHANGE ".AxisChange"
