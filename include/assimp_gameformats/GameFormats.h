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
#include <utility>
#include <vector>

struct aiScene;

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
 *  "collada". See README.md, "FBX output".
 *  The ids, extensions and the order "fbx" before "fbxa" stay as in Assimp, so `-f fbx` and the
 *  ".fbx" extension pick the fixed writers. Calling it again is harmless. A failed export
 *  returns AI_FAILURE with the reason in Assimp's log only: Exporter::GetErrorString() stays
 *  empty, because DeadlyExportError cannot be thrown from outside Debian's libassimp. */
void RegisterExporters(Assimp::Exporter &exporter);

/** The formats this library adds, in registration order. */
std::vector<FormatInfo> ListFormats();

/** The library version, "MAJOR.MINOR.PATCH". */
const char *Version();

// ---- Carrying a pose onto another skeleton (code/Poses) ----------------------------------------
// A pose is one frame of rotations per bone name, saved from a posed scene in one of the four
// conventions of PoseLib16 (Blender 2.4x), in Assimp's column-vector form. "World" is the space
// of the scene's root, the root node's own transform included: it plays the spec's armature
// space, so an up-axis rotation on a root node is taken into account:
//   convention (PoseLib16 name)      saved q_s                      loaded local rotation r
//   raw ("Blender Library", 1)       l^-1 * lp                      l * q_s
//   norool (restmatrix "No Roll", 2) R * (l^-1 * lp) * R^-1         l * R^-1 * q_s * R
//   ik (posematrix "IK", 3)          lp                             q_s
//   combined (4a: 3, then 2)         R * (l^-1 * lp) * R^-1         l * R^-1 * q_s * R
//   combined-b (4b)                  R * lp * R^-1                  R^-1 * q_s * R
// with l / lp the rest / posed local rotation of the bone and R its rest world rotation (of the
// source when saving, of the target when loading). Assimp scenes have no constraints, so the
// posed parent-relative rotation rot(Ppose^-1 * Bpose) of the spec is lp, and 4a equals norool.
// Whether PoseLib16 wrote 4a or 4b is unverified (spec 8, question 2). raw and ik reproduce a pose
// only on a skeleton with the same rest rotations (bone rolls); norool and combined need only the
// same bone directions in world space.

/** The PoseLib16 conventions. Names for ParsePoseConvention in brackets. */
enum class PoseConvention {
    Raw,       ///< 1 ("raw", "library", "blenderlibrary", "1")
    NoRoll,    ///< 2 ("norool", "noroll", "restmatrix", "2")
    Ik,        ///< 3 ("ik", "posematrix", "3")
    Combined,  ///< 4a ("combined", "4", "4a")
    CombinedB, ///< 4b ("combined-b", "combinedb", "4b")
};

/** The canonical name: "raw", "norool", "ik", "combined" or "combined-b". */
const char *PoseConventionName(PoseConvention convention);

/** Parses a convention name (case-insensitive; see PoseConvention). Throws std::invalid_argument
 *  naming the accepted spellings. */
PoseConvention ParsePoseConvention(const std::string &text);

/** One bone of a saved pose. */
struct BonePose {
    std::string name;                          ///< the source node's name
    double rotation[4] = {1.0, 0.0, 0.0, 0.0}; ///< q_s as (w, x, y, z)
    /** Translation away from rest, in source file units: raw: loc in the bone's own rest axes
     *  (l^-1 * (tp - t)); other conventions: the same offset in world axes (R_parent * (tp - t),
     *  R_parent = the parent's rest world rotation). Zero for an unmoved bone. */
    double translation[3] = {0.0, 0.0, 0.0};
    double scale[3] = {1.0, 1.0, 1.0}; ///< posed scale / rest scale, per axis
};

/** A pose: one entry per animated bone of the source. */
struct Pose {
    /** The pose's name: the pose file's base name (ApplyPoseFile), else the source animation's
     *  name. The added animation is "pose:<name>". */
    std::string name;
    PoseConvention convention = PoseConvention::NoRoll; ///< how `rotation` was saved
    /** Centimetres per source file unit (the source scene's "UnitScaleFactor"); 0 unknown. */
    double unitScaleFactor = 0.0;
    std::vector<BonePose> bones;
};

struct PoseTransferOptions {
    /** How q_s is saved and loaded. The default is norool: PoserPython exports "no roll" poses,
     *  and only it (and combined) carries a pose onto a skeleton with other bone rolls. */
    PoseConvention convention = PoseConvention::NoRoll;
    /** Which animation of the pose source to sample: its name, or its index as text; "" the
     *  first one. */
    std::string sourceAnimation;
    /** When to sample it, in seconds from tick 0 (ticks = seconds * mTicksPerSecond, with 0
     *  ticks per second counted as 1). Between two keys, positions and scales are interpolated
     *  linearly and rotations by slerp; before the first key or after the last, the first or last
     *  key holds. */
    double time = 0.0;
    /** A bone-name map file (format: ParseBoneNameMap below), "" none. */
    std::string nameMapFile;
    /** More (pose bone, target bone) pairs; they come after the file's and may not repeat a pose
     *  bone of it. */
    std::vector<std::pair<std::string, std::string>> nameMap;
    /** Carry the pose's translations (e.g. a hip moved down): raw: tp = t + l * loc * unitScale;
     *  other conventions: tp = t + P^-1 * offset * unitScale (P = the target parent's rest world
     *  rotation). Off: every position key is the target's rest translation t, as in the spec's
     *  table 6.2 for conventions 2 to 4. */
    bool translations = true;
    /** Target file units per pose file unit, for translations. 0: the pose's UnitScaleFactor
     *  over the target's ("UnitScaleFactor" scene metadata), or 1 when either is unknown. */
    double unitScale = 0.0;
    /** The rotation from the pose's world axes to the target's, (w, x, y, z): the spec's axis
     *  change C, applied as q_s' = C * q_s * C^-1 and offset' = C * offset to world-axis values
     *  (norool, combined, combined-b; raw and ik are bone-local and are left alone). Identity by
     *  default: both scenes are taken to use Assimp's axes (Y up) and to face the same way (our
     *  importers rotate Z-up files on their root node). E.g. a 180 degree turn about Y for a rig
     *  that faces -Z when the pose's figure faces +Z (`assimp --pose-yaw 180`). */
    double axisChange[4] = {1.0, 0.0, 0.0, 0.0};
    /** Name of the aiAnimation added to the target; "" "pose:<pose name>". Made unique. */
    std::string animationName;
};

/** What ApplyPose did. */
struct PoseTransferReport {
    std::string animationName; ///< the animation added to the target
    /** (pose bone, target node) pairs that got a channel, in pose order. */
    std::vector<std::pair<std::string, std::string>> matchedBones;
    std::vector<std::string> unmatchedPoseBones;   ///< pose bones without a target node
    std::vector<std::string> unmatchedTargetBones; ///< target bones the pose does not move
    double unitScale = 1.0;                        ///< the unit scale applied to translations
};

/** Saves the pose of `source` (node tree = rest, options.sourceAnimation sampled at
 *  options.time) in options.convention: one BonePose per channel whose node exists. Throws
 *  std::runtime_error (agf::ImportError) when the scene has no such animation. */
Pose SavePose(const aiScene &source, const PoseTransferOptions &options);

/** Loads `pose` onto `target` by bone name and appends one aiAnimation of absolute local keys
 *  (one position, rotation and scaling key per matched bone at tick 0, mTicksPerSecond 1,
 *  mDuration 0) to target.mAnimations. The pose's own convention is used (options.convention
 *  is ignored here). Matching: a ":N" instance suffix (Poser) is ignored on both sides; a
 *  name-map entry for the pose bone names its target; the target node with exactly that name
 *  is taken, else the first one (depth first) equal without case. Target bones are the nodes
 *  named by mesh bones, or every node below the root when no mesh has bones. Unmatched pose
 *  bones and unmatched target bones give one ASSIMP_LOG_WARN each. Scene metadata (flat keys,
 *  suffixed ":<animation name>"): AGF_META_POSE_* below. Throws std::runtime_error
 *  (agf::ImportError) when no bone matches or the name map cannot be read. */
PoseTransferReport ApplyPose(aiScene &target, const Pose &pose, const PoseTransferOptions &options);

/** Imports `poseFile` (any format the Importer reads: a pose, a BVH, a PSA, a glb...) with
 *  `poseImporter` (our importers are registered on it; nullptr: a fresh Importer) and
 *  aiProcess_ValidateDataStructure, then SavePose + ApplyPose onto `target`. The name map file
 *  is read through the same Importer's IOSystem. Throws std::runtime_error (agf::ImportError)
 *  naming the file when it is missing, does not import or has no animation. */
PoseTransferReport ApplyPoseFile(aiScene &target, const std::string &poseFile,
                                 const PoseTransferOptions &options,
                                 Assimp::Importer *poseImporter = nullptr);

/** Parses a bone-name map: UTF-8 text, one pair per line, "<pose bone> <target bone>" separated
 *  by spaces or tabs; a name with spaces is written in double quotes ("Bip01 L UpperArm"); '#'
 *  outside quotes starts a comment; blank lines are skipped. A line without exactly two names,
 *  an unterminated quote, an empty name or a pose bone listed twice throws std::runtime_error
 *  (agf::ImportError) as "<file>:<line>: <problem>". */
std::vector<std::pair<std::string, std::string>> ParseBoneNameMap(const std::string &text,
                                                                  const std::string &fileName);

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
 *  stands up in Assimp's Y-up convention. Off: the scene stays Z-up. Metadata UpAxis is 2 (the
 *  file's axis) either way; GameFormats_RootRotatedToYUp tells which was done. */
#define AI_CONFIG_IMPORT_PSK_YUP "IMPORT_PSK_YUP"

/** bool, default false: read VERTEXCOLOR as B, G, R, A (Epic's ActorX plug-in) instead of
 *  R, G, B, A (UEViewer, CUE4Parse). */
#define AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA "IMPORT_PSK_VERTEXCOLOR_BGRA"

/** bool, default false: do not import morph targets. */
#define AI_CONFIG_IMPORT_PSK_SKIP_MORPHS "IMPORT_PSK_SKIP_MORPHS"

/** bool, default false: do not import SKELSOCK sockets as nodes. */
#define AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS "IMPORT_PSK_SKIP_SOCKETS"

/** bool, default false: do not read the UEViewer sidecars (<mesh>.props.txt, <material>.mat)
 *  that add texture paths to the materials (rules in code/ActorX/PskSidecars.h). */
#define AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS "IMPORT_PSK_SKIP_SIDECARS"

/** bool, default false: do not auto-load <mesh>.psa / <mesh>.psax next to a PSK. */
#define AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD "IMPORT_PSK_NO_ANIM_AUTOLOAD"

/** string, default "": animation files (PSA, PSAX, MOT) to load onto the imported skeleton,
 *  separated by ';' or newlines. Relative paths are relative to the imported file. Used for
 *  every importer that has a skeleton. */
#define AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES "IMPORT_GAMEFORMATS_ANIM_FILES"

// ---- ActorX PSA / PSAX animations --------------------------------------------------------------
// One aiAnimation per sequence: mTicksPerSecond = the sequence's frame rate, a key at frame f
// has time f, and mDuration = NumRawFrames ticks (so NumRawFrames / AnimRate seconds; the last
// key lies one frame before the end, as in a looping clip). PSAX: times are the stored frame
// numbers and mDuration = last key time + 1. Keys are in the file's right-handed Z-up axes and
// units, like the PSK skeleton. These keys also apply when a mesh importer loads PSA/PSAX files
// (AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, auto-load).
//
// A PSA or PSAX imported on its own gives a node per BONENAMES record under a root node named
// after the file (a hierarchy when the parents are real, else flat), every animation, and no
// mesh (AI_SCENE_FLAGS_INCOMPLETE). Assimp's AI_CONFIG_IMPORT_NO_SKELETON_MESHES is honoured
// the other way round from BVH/MD5: a skeleton mesh is built only when the key is explicitly
// set to false.

/** bool, default true: read the UEViewer <anim>.config sidecar next to the PSA. Its
 *  [RemoveTracks] entries leave those tracks unanimated (trans: no position keys, rot: no
 *  rotation keys, all: no channel); its other sections go to AGF_META_PSA_CONFIG. */
#define AI_CONFIG_IMPORT_PSA_USE_CONFIG "IMPORT_PSA_USE_CONFIG"

/** bool, default false: treat a PSAX without SCLTRACK chunks as written by the first writer
 *  version, whose root rotations are conjugated like every other bone. */
#define AI_CONFIG_IMPORT_PSAX_OLD_ROOT "IMPORT_PSAX_OLD_ROOT"

/** bool, default true (stand-alone PSA/PSAX import only): rotate the root node -90 degrees
 *  about X so that the Z-up skeleton stands up in Y-up, as AI_CONFIG_IMPORT_PSK_YUP does. */
#define AI_CONFIG_IMPORT_PSA_YUP "IMPORT_PSA_YUP"

/** float, default 1.0 (stand-alone PSA/PSAX import only): scale applied to the root node. */
#define AI_CONFIG_IMPORT_PSA_SCALE "IMPORT_PSA_SCALE"

// ---- ActorX PSW worlds -------------------------------------------------------------------------

/** bool, default true: rotate the root node -90 degrees about X (Z-up file to Y-up). Actor
 *  transforms, asset meshes and terrain stay in the file's axes below the root. */
#define AI_CONFIG_IMPORT_PSW_YUP "IMPORT_PSW_YUP"

/** float, default 1.0: scale applied to the root node (0.01 gives metres). */
#define AI_CONFIG_IMPORT_PSW_SCALE "IMPORT_PSW_SCALE"

/** string, default "": the folder that actor asset paths and landscape texture paths start
 *  from. Empty: the folder of the .psw file. Paths from the file never leave it: `..` above it,
 *  drive letters and network paths are refused; a leading '/' (Unreal's "/Game/...") means
 *  this folder. Each path is tried with its folders, then as the file name alone, with .pskx
 *  then .psk appended (also after dropping an object suffix such as ".3" or ".SM_Rock"). */
#define AI_CONFIG_IMPORT_PSW_ASSET_ROOT "IMPORT_PSW_ASSET_ROOT"

/** bool, default true: import the meshes the actors reference (each distinct file once,
 *  through the registered PSK importer). Off: actors are empty nodes with their metadata. */
#define AI_CONFIG_IMPORT_PSW_LOAD_ASSETS "IMPORT_PSW_LOAD_ASSETS"

/** bool, default true: build a terrain mesh for every LANDSCAPE heightmap tile. */
#define AI_CONFIG_IMPORT_PSW_LANDSCAPE "IMPORT_PSW_LANDSCAPE"

/** float, default 256: the unverified height_mod of the world exporter's formula
 *  height = (value - 0.5) * 2 * height_mod, value = heightmap sample in [0, 1]. 256 gives
 *  Unreal's landscape-local units ((h16 - 32768) / 128); the landscape actor's scale applies on
 *  top, through its node. */
#define AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE "IMPORT_PSW_HEIGHT_SCALE"

// ---- Idol FX FXM / MOT / ANB (Nosferatu: The Wrath of Malachi) -------------------------------

/** bool, default false: keep the file's Direct3D space (left-handed, clockwise front faces, V
 *  origin at the top) instead of mirroring Z, flipping the winding and flipping V. Matrices are
 *  still transposed to Assimp's column-vector form. Read by the FXM, MOT and ANB importers;
 *  MOT files loaded onto an FXM follow the FXM's choice. */
#define AI_CONFIG_IMPORT_FXM_KEEP_NATIVE "IMPORT_FXM_KEEP_NATIVE"

/** bool, default false: do not auto-load <mesh>.mot next to an FXM. Files listed in
 *  AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES are loaded either way. */
#define AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD "IMPORT_FXM_NO_ANIM_AUTOLOAD"

/** float, default 1000: ticks per second of imported MOT animations (key time in ticks = time
 *  in seconds x this value; 1000 keeps millisecond precision). */
#define AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND "IMPORT_MOT_TICKS_PER_SECOND"

/** float, default 24: frames per second of ANB morph animations (the file stores none); frame
 *  i plays at tick i and aiAnimation::mTicksPerSecond is this value. The animation has one
 *  aiMeshMorphAnim per mesh and a constant channel on the root node over the same span, which
 *  keeps the animation valid (and its length) through exporters that drop morph channels. */
#define AI_CONFIG_IMPORT_ANB_FPS "IMPORT_ANB_FPS"

// ---- Bohemia Interactive P3D (MLOD, ODOL v7, ODOL v40) ----------------------------------------

/** string, default "all": which LODs to import. "all"; "first" (the first visual LOD, resolution
 *  0 to 999, in file order); or a list of resolutions and/or LOD node names separated by ';' or
 *  ',', e.g. "0;1e15" or "LOD 0.000;Memory" (large codes match within a relative 1e-5). A list
 *  that matches no LOD fails the import. */
#define AI_CONFIG_IMPORT_P3D_LODS "IMPORT_P3D_LODS"

/** string, default "": the model.cfg giving the skeleton of a model without one (MLOD, ODOL v7).
 *  Empty: "model.cfg" next to the model, if present. Relative paths are relative to the model.
 *  The skeleton is CfgModels/<model base name>/skeletonName, resolved in CfgSkeletons with
 *  class inheritance and skeletonInherit. Selections named after its bones become skin weights. */
#define AI_CONFIG_IMPORT_P3D_MODELCFG "IMPORT_P3D_MODELCFG"

/** bool, default false: do not look for a model.cfg next to the model. */
#define AI_CONFIG_IMPORT_P3D_NO_MODELCFG "IMPORT_P3D_NO_MODELCFG"

/** string, default "": the CfgSkeletons class to use instead of the CfgModels lookup (also the
 *  skeleton name reported with AI_CONFIG_IMPORT_P3D_SKELETON_BONES). */
#define AI_CONFIG_IMPORT_P3D_SKELETON "IMPORT_P3D_SKELETON"

/** string, default "": a skeleton given directly, as in skeletonBones[]: "bone", "parent", ...
 *  pairs separated by commas ("" for a root). Takes precedence over any model.cfg. Ignored for
 *  ODOL v40 files that carry their own skeleton. */
#define AI_CONFIG_IMPORT_P3D_SKELETON_BONES "IMPORT_P3D_SKELETON_BONES"

// ---- Poser PZ2 / P2Z poses and CR2 / CRZ figures ----------------------------------------------
// P2Z and CRZ are gzip of the same text; a "compressed" file that does not start with 1F 8B is
// read as text. Poser space is taken as Assimp's (right-handed, Y up): no root rotation.
// Lengths are converted to metres (AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES), angles are degrees.
//
// Scene: root node "<CR2 base name>" (or "<pose base name>" without a figure) with the actors
// as nodes named without their ":N" suffix. With a CR2: the CR2's hierarchy (`parent`, else
// `figure { addChild }`; UNIVERSE or a missing parent = child of the root, the latter with a
// warning; a parent cycle is an error), rest translation (origin - parent origin) * PNU, rest
// rotation identity. Without one: every actor of the pose flat under the root, identity rest,
// metadata Pose.Approximate = 1.
//
// A pose is one aiAnimation named after the pose file WITH its extension ("walk.pz2": Assimp
// 5.2.5's glb2 writer fails silently when an animation is named like a node, and the root node
// has the base name), keys being ABSOLUTE local transforms:
//   rotation = O * E(order, angles) * O^-1, position = rest translation + translate dials * PNU,
//   scaling = scale * (scaleX, scaleY, scaleZ) (propagatingScale* alike).
// E(order, angles), with order = the actor's rotate channels as listed in the CR2 ("YZX"; in the
// pose file without a CR2; missing axes appended in X, Y, Z order): the FIRST listed axis (the
// twist) is applied first to the geometry, each about the fixed axes of the orientation frame:
// E = R(last) * R(middle) * R(first) in column-vector form (spec open question 3, unverified
// against Poser; a BVH CHANNELS line lists the same rotation reversed). O = E(order,
// orientation): the CR2 `orientation` composed in the actor's own order (spec: unverified).
// Code: code/Poser/PoserEuler.h. Static pose (every key at frame 0): one key per channel at
// tick 0, mTicksPerSecond 1, mDuration 0. Animated pose: key time = frame number (0-based),
// mTicksPerSecond = AI_CONFIG_IMPORT_PZ2_FPS, mDuration = last frame; at each frame where one
// rotate (translate, scale) channel has a key, the others are interpolated linearly (held before
// their first and after their last key). sl/spl/lin/con/sm/br are read and ignored. Actors
// without transform channels, and bones not in the pose, get no channel.
// Damage: unbalanced braces, nesting deeper than 256, a word where a number must be, a parent
// cycle: ImportError with file, line and byte offset. NaN/infinite numbers and key frames
// outside 0..1e6: that key (or vector) is refused with a warning. Unknown keywords: skipped by
// brace matching, one warning per keyword and file (silently inside channel bodies, where ERC
// lines are bare names). prop/light/camera/doc sections of pose files are skipped (counted).
// gzip: inflating beyond 64 x the file size + 1 MiB (at most 512 MiB) is refused.
//
// The CR2's geometry (`figureResFile`, else `objFileGeom`; Poser ':'-paths) is looked up under
// the CR2's folder and up to 6 folders above it, then as the file name next to the CR2, read
// with Assimp's own OBJ importer through the same IOSystem, scaled to metres and left in figure
// space at rest; every mesh of an OBJ group named after an actor gets that actor's bone with
// weight 1 (offset = inverse rest transform). Not found: a warning, no meshes. Side files (CR2,
// OBJ) are not looked for by ReadFileFromMemory.

/** float, default 2.62128: metres per Poser native unit (Poser 6 and later: 103.2 inches; 2.4384
 *  for the older 8-foot convention). Recorded as Poser.PnuInMetres. */
#define AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES "IMPORT_PZ2_PNU_IN_METRES"

/** float, default 30: frames per second of animated poses (the file stores none). */
#define AI_CONFIG_IMPORT_PZ2_FPS "IMPORT_PZ2_FPS"

/** string, default "": the CR2/CRZ figure a pose is put on. Relative paths are relative to the
 *  pose file. Empty: "<pose base name>.cr2" (or .crz, .CR2, .CRZ) next to the pose, if present.
 *  A path given here that does not exist is an error. */
#define AI_CONFIG_IMPORT_PZ2_FIGURE "IMPORT_PZ2_FIGURE"

/** bool, default false: do not look for a sibling CR2 next to a pose (the flat, approximate
 *  skeleton is built unless AI_CONFIG_IMPORT_PZ2_FIGURE names one). */
#define AI_CONFIG_IMPORT_PZ2_NO_FIGURE "IMPORT_PZ2_NO_FIGURE"

/** bool, default false: do not load the figure's OBJ geometry. */
#define AI_CONFIG_IMPORT_PZ2_NO_GEOMETRY "IMPORT_PZ2_NO_GEOMETRY"

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

/** PSK scene layout: root node "<file base name>" (only the Y-up rotation and the SCALE option)
 *  with children: "<base>_Mesh" (identity; every aiMesh, one per MATT0000 material used) and
 *  the REFSKELT bone hierarchy, whose nodes carry exactly the bone names (repeats get ".001"...).
 *  Sockets are children of their bone (or of the root when they name none or a missing bone).
 *  Bone offset matrices are inverse bind transforms relative to the root node. Scene metadata:
 *  SourceAsset_Format "Unreal ActorX PSK", SourceAsset_FormatVersion (the TypeFlag as text),
 *  SourceAsset_Generator (the writer, when the TypeFlag tells it), UpAxis 2 / UpAxisSign 1 (the
 *  file's Z-up), UnitScaleFactor 1.0 (1 uu = 1 cm), GameFormats_Units,
 *  GameFormats_RootRotatedToYUp, GameFormats_RootScale and the PSK_* keys below. */
/** PSK scene metadata. int32 raw TypeFlag of the ACTRHEAD chunk. */
#define AGF_META_PSK_TYPE_FLAG "PSK_TypeFlag"
/** PSK scene metadata, uint64: counts as stored in the file. */
#define AGF_META_PSK_POINT_COUNT "PSK_PointCount"
#define AGF_META_PSK_WEDGE_COUNT "PSK_WedgeCount"
#define AGF_META_PSK_FACE_COUNT "PSK_FaceCount"
#define AGF_META_PSK_BONE_COUNT "PSK_BoneCount"
/** PSK scene metadata, bool: the faces came from FACE3200 (32-bit wedge indices). */
#define AGF_META_PSK_FACES_32BIT "PSK_Faces32Bit"
/** Node metadata, bool: the node is a SKELSOCK socket. */
#define AGF_META_PSK_SOCKET "PSK_Socket"
/** Node metadata of a bone (or of the root when the named bone is missing), int32: the number
 *  of PHYSICS0 / SHAPEELEMS shapes of that bone. Shape i's fields are flat keys
 *  "PSK_PhysicsShapes[i].<Field>" (nested aiMetadata would make Assimp 5.2.5's scene copy, used
 *  by the exporters, abort): "Source" (string: "PHYSICS0" or "SHAPEELEMS"), "Name" (string:
 *  the record's bone or shape name), "Type" (int32 as stored), "TypeName" (string: box, sphere,
 *  cylinder, convex, cone or unknown), "Offset" (vector), "Rotation" (vector: PHYSICS0's three
 *  angles, or SHAPEELEMS's quaternion x, y, z), "RotationW" (float, SHAPEELEMS only) and "Scale"
 *  (vector). Values are as stored (file space, unverified layouts): records are read only when
 *  the chunk's record size is exactly 101 (PHYSICS0) or 108 (SHAPEELEMS). */
#define AGF_META_PSK_PHYSICS_SHAPES "PSK_PhysicsShapes"

/** PSAX scene metadata, key prefix: "PSAX_Additive:<animation name>" holds the SEQUENCES
 *  additive flag (int32, the raw value; 0 none, 1 additive). Absent for 68-byte records, which
 *  have no flag. (Flat keys: Assimp 5.2.5's exporters abort on nested aiMetadata.) */
#define AGF_META_PSAX_ADDITIVE "PSAX_Additive"
/** PSA scene metadata, key prefix: "PSA_Config:<animation file name>:<section>" holds a
 *  section of the .config sidecar other than [RemoveTracks], its lines joined by '\n'
 *  (aiString), e.g. "PSA_Config:hero.psa:AnimSet" = "bAnimRotationOnly=0". */
#define AGF_META_PSA_CONFIG "PSA_Config"
/** Stand-alone PSA/PSAX scene metadata, bool: the BONENAMES parents were not a real hierarchy
 *  (UEViewer writes 0 for every bone), so the bone nodes are flat under the root. */
#define AGF_META_PSA_FLAT_SKELETON "PSA_FlatSkeleton"

/** Idol FX scene metadata, bool: true when FXM/MOT/ANB data was converted to right-handed
 *  (the default), false with AI_CONFIG_IMPORT_FXM_KEEP_NATIVE. */
#define AGF_META_IDOLFX_RIGHT_HANDED "IdolFX_ConvertedToRightHanded"
/** FXM scene metadata, int32: the version word (1 or 2 in game files, 0 from converters). */
#define AGF_META_FXM_VERSION "FXM_Version"
/** FXM scene metadata, int32: the skeleton flag (0 static, 1 skinned "keypose"). */
#define AGF_META_FXM_SKELETON_FLAG "FXM_SkeletonFlag"
/** FXM node metadata (the node of each submesh), int32: the submesh's Direct3D FVF code. */
#define AGF_META_FXM_FVF "FXM_FVF"
/** FXM node metadata (the node of each submesh), int32: the vertex stride in bytes. */
#define AGF_META_FXM_STRIDE "FXM_Stride"
/** FXM material key, int: 1 when the diffuse texture <name>.jpg is a guess (neither <name>.jpg
 *  nor <name>.tga exists next to the model). Use as material->Get(AGF_MATKEY_FXM_TEXTURE_GUESSED,
 *  value). */
#define AGF_MATKEY_FXM_TEXTURE_GUESSED "$mat.fxm.guessed", 0, 0
/** MOT scene or animation-loading metadata, int32: number of tracks in the MOT file. */
#define AGF_META_MOT_TRACK_COUNT "MOT_TrackCount"
/** ANB scene metadata, int32: number of shapes in the file, base shape included. */
#define AGF_META_ANB_FRAME_COUNT "ANB_FrameCount"
/** ANB scene metadata, float: the frame rate used (AI_CONFIG_IMPORT_ANB_FPS). */
#define AGF_META_ANB_FPS "ANB_FramesPerSecond"

/** PSW scene metadata, string: the layout generation, "v1", "v2", "v2b" or "v3" (also in
 *  "SourceAsset_FormatVersion"). */
#define AGF_META_PSW_VERSION "PSW_Version"
/** PSW scene metadata, uint64: actors, lights and heightmap tiles built as terrain meshes;
 *  weightmap tiles (metadata only); asset files imported; asset paths that were missing or did
 *  not import; actors with at least one effective material override. */
#define AGF_META_PSW_ACTOR_COUNT "PSW_ActorCount"
#define AGF_META_PSW_LIGHT_COUNT "PSW_LightCount"
#define AGF_META_PSW_LANDSCAPE_TILE_COUNT "PSW_LandscapeTileCount"
#define AGF_META_PSW_WEIGHTMAP_TILE_COUNT "PSW_WeightmapTileCount"
#define AGF_META_PSW_ASSETS_LOADED "PSW_AssetsLoaded"
#define AGF_META_PSW_ASSETS_MISSING "PSW_AssetsMissing"
#define AGF_META_PSW_OVERRIDDEN_ACTORS "PSW_OverriddenActors"
/** PSW actor node metadata: int32 index of the WORLDACTORS record; string name as written
 *  (the node name may carry a ".001" suffix); int32 raw flags and one bool per flag bit. */
#define AGF_META_PSW_ACTOR_INDEX "PSW_ActorIndex"
#define AGF_META_PSW_ACTOR_NAME "PSW_ActorName"
#define AGF_META_PSW_FLAGS "PSW_Flags"
#define AGF_META_PSW_HIDDEN "PSW_Hidden"
#define AGF_META_PSW_NO_CAST_SHADOW "PSW_NoCastShadow"
#define AGF_META_PSW_USE_TEMPERATURE "PSW_UseTemperature"
#define AGF_META_PSW_IS_SKELETON "PSW_IsSkeleton"
/** PSW actor node metadata, string: the asset path as written, and (when assets are loaded)
 *  the file it was read from, "" when it was missing or broken. */
#define AGF_META_PSW_ASSET "PSW_Asset"
#define AGF_META_PSW_ASSET_FILE "PSW_AssetFile"
/** PSW light node metadata (the child "<actor>.Light" carrying the aiLight): int32 raw type
 *  (0 directional, 1 point, 2 spot, 3 rect); vector colour RGB in [0, 1] before intensity;
 *  floats as written: intensity, attenuation radius, source radius, light-source angle,
 *  temperature, shadow bias; vector (width, height, length). The aiLight colour is colour *
 *  intensity; attenuation is 1 + d^2 / radius^2 (half strength at the radius); spot cones are
 *  Unreal's defaults (0 and 44 degrees) because the record has no cone angles. */
#define AGF_META_PSW_LIGHT_TYPE "PSW_LightType"
#define AGF_META_PSW_LIGHT_COLOR "PSW_LightColor"
#define AGF_META_PSW_LIGHT_INTENSITY "PSW_LightIntensity"
#define AGF_META_PSW_LIGHT_ATTENUATION_RADIUS "PSW_LightAttenuationRadius"
#define AGF_META_PSW_LIGHT_SOURCE_RADIUS "PSW_LightSourceRadius"
#define AGF_META_PSW_LIGHT_SOURCE_ANGLE "PSW_LightSourceAngle"
#define AGF_META_PSW_LIGHT_TEMPERATURE "PSW_LightTemperature"
#define AGF_META_PSW_LIGHT_SHADOW_BIAS "PSW_LightShadowBias"
#define AGF_META_PSW_LIGHT_SIZE "PSW_LightSize"
/** PSW terrain tile node metadata ("<actor>.Tile_<x>_<y>"): string texture path as written;
 *  string heightmap file read ("" when missing: the tile is flat); vector (tileX, tileY, 0);
 *  int32 component size in quads; vector (offsetX, offsetY, 0) into the texture. */
#define AGF_META_PSW_LANDSCAPE_TEXTURE "PSW_LandscapeTexture"
#define AGF_META_PSW_LANDSCAPE_HEIGHTMAP_FILE "PSW_LandscapeHeightmapFile"
#define AGF_META_PSW_LANDSCAPE_TILE "PSW_LandscapeTile"
#define AGF_META_PSW_LANDSCAPE_COMPONENT_SIZE "PSW_LandscapeComponentSize"
#define AGF_META_PSW_LANDSCAPE_OFFSET "PSW_LandscapeOffset"
/** PSW landscape actor node metadata, per weightmap tile with LANDSCAPE record index n:
 *  "PSW_LandscapeWeightmap.<n>.Texture" (string), ".Layer" (int32), ".Tile" (vector). Flat keys
 *  because Assimp 5.2.5's SceneCombiner::Copy, used by the exporters, aborts on nested
 *  aiMetadata. */
#define AGF_META_PSW_LANDSCAPE_WEIGHTMAP "PSW_LandscapeWeightmap"
/** PSW material property (string, semantic 0, index 0) on a material made for an override: the
 *  material name or path as written (also the material's name). Terrain tiles share one
 *  material "Landscape" with a plain diffuse colour. */
#define AGF_MATKEY_PSW_OVERRIDE "$mat.psw.override", 0, 0

/** P3D scene metadata. uint64: LODs in the file / LODs imported (AI_CONFIG_IMPORT_P3D_LODS);
 *  bool: the whole file was LZSS-packed (old OFP); string: skeleton name and where it came from
 *  ("ODOL ModelInfo", a model.cfg path, or the option name); strings "P3D.ModelInfo.<field>":
 *  ODOL ModelInfo values (mass, class, damage, bounding data, LOD indices...);
 *  "P3D.Animations.<class>.<field>": ODOL animation classes, fields "Type" (int32 0-3
 *  rotation, 4-7 translation, 8 direct, 9 hide), "Source", "MinPhase", "MaxPhase", "MinValue",
 *  "MaxValue", "SourceAddress", "Parameters" (comma list) and, when bound, "Bone",
 *  "AxisPosition", "AxisDirection". The scene also gets UpAxis 1, UnitScaleFactor 100 (metres). */
#define AGF_META_P3D_LOD_COUNT "P3D.LodCount"
#define AGF_META_P3D_IMPORTED_LOD_COUNT "P3D.ImportedLodCount"
#define AGF_META_P3D_WHOLE_FILE_COMPRESSED "P3D.WholeFileCompressed"
#define AGF_META_P3D_SKELETON "P3D.Skeleton"
#define AGF_META_P3D_SKELETON_SOURCE "P3D.SkeletonSource"
#define AGF_META_P3D_MODEL_INFO "P3D.ModelInfo"
#define AGF_META_P3D_ANIMATIONS "P3D.Animations"
/** Structured P3D metadata is flattened into dotted keys ("<group>.<name>.<field>"): Assimp
 *  5.2.5's SceneCombiner asserts on nested aiMetadata, and every exporter copies the scene.
 *  P3D LOD node metadata (the node is named after the resolution: "LOD 0.000",
 *  "ShadowVolume 10", "Geometry", "Memory", "Fire Geometry"...). float: the raw resolution;
 *  int32: index of the LOD in the file; uint64: points (ODOL: vertices), faces as stored
 *  (quads count once), normals; int32: UV sets (MLOD: #UVSet# taggs; ODOL: stored sets);
 *  bool (ODOL): the file winding was reversed by the normal vote; uint64 (MLOD): points flagged
 *  hidden (0x01000000); strings "P3D.PointFlags.<0xXXXXXXXX>": point indices per point-flag
 *  value ("0-95"); float: total of #Mass#; uint64: #SharpEdges# pairs; string: frame times of
 *  #Animation# / ODOL frames (imported as morph targets "Frame <i> (<time>)"); aiMetadata
 *  (ODOL): "P3D.Sections.Section <i>.<field>" with "Faces" ("first-end"), "TextureIndex",
 *  "MaterialIndex", "FaceFlags". */
#define AGF_META_P3D_RESOLUTION "P3D.Resolution"
#define AGF_META_P3D_LOD_INDEX "P3D.LodIndex"
#define AGF_META_P3D_POINT_COUNT "P3D.PointCount"
#define AGF_META_P3D_FACE_COUNT "P3D.FaceCount"
#define AGF_META_P3D_NORMAL_COUNT "P3D.NormalCount"
#define AGF_META_P3D_UV_SET_COUNT "P3D.UVSetCount"
#define AGF_META_P3D_WINDING_FLIPPED "P3D.WindingFlipped"
#define AGF_META_P3D_HIDDEN_POINT_COUNT "P3D.HiddenPointCount"
#define AGF_META_P3D_POINT_FLAGS "P3D.PointFlags"
#define AGF_META_P3D_MASS "P3D.Mass"
#define AGF_META_P3D_SHARP_EDGE_COUNT "P3D.SharpEdgeCount"
#define AGF_META_P3D_FRAME_TIMES "P3D.FrameTimes"
#define AGF_META_P3D_SECTIONS "P3D.Sections"
/** P3D LOD node metadata, string per #Property# / named property: "P3D.Property.<name>". */
#define AGF_META_P3D_PROPERTY_PREFIX "P3D.Property."
/** P3D LOD node metadata, "P3D.Selections.<selection>.<field>" for every named selection:
 *  "Points" (MLOD point or ODOL vertex indices as ranges "0-3,7"), "Faces" (ranges), "Weights"
 *  (only when some are partial: "point:weight,..."), "Bone" (true when it became skin weights)
 *  and "MeshVertices.<mesh name>" (vertex index ranges inside that mesh). */
#define AGF_META_P3D_SELECTIONS "P3D.Selections"
/** P3D proxy node metadata (node "proxy:<path>.<NNN>", transform = the proxy's): string model
 *  path without ".p3d"; int32 instance number; string (ODOL) bone name; string selection name. */
#define AGF_META_P3D_PROXY "P3D.Proxy"
#define AGF_META_P3D_PROXY_INDEX "P3D.ProxyIndex"
#define AGF_META_P3D_PROXY_BONE "P3D.ProxyBone"
#define AGF_META_P3D_PROXY_SELECTION "P3D.ProxySelection"
/** P3D named-point node metadata (Memory, Land Contact, Paths and Hit Points LODs, and LODs
 *  without faces: one node per selection, at the centre of its points): string selection name;
 *  uint64 P3D.PointCount; for two points (axes) vectors start and end; for several points
 *  vectors "P3D.Points.0", "P3D.Points.1"... with each position. */
#define AGF_META_P3D_MEMORY_POINT "P3D.MemoryPoint"
#define AGF_META_P3D_AXIS_START "P3D.AxisStart"
#define AGF_META_P3D_AXIS_END "P3D.AxisEnd"
#define AGF_META_P3D_POINTS "P3D.Points"
/* P3D material keys (aiMaterial, semantic 0): "$mat.p3d.texture" and "$mat.p3d.rvmat" (strings
 * as written; procedural "#(argb,...)color(...)" textures set the diffuse colour instead of a
 * texture file); from embedded ODOL rvmats: AI_MATKEY_COLOR_EMISSIVE / AMBIENT / DIFFUSE /
 * SPECULAR, AI_MATKEY_SHININESS, "$mat.p3d.forcedDiffuse", "$mat.p3d.specular2" (colours),
 * "$mat.p3d.version", "$mat.p3d.pixelShaderId", "$mat.p3d.vertexShaderId", "$mat.p3d.mainLight",
 * "$mat.p3d.fogMode", "$mat.p3d.renderFlags" (int), "$mat.p3d.surface" (string), per stage i
 * (index i): "$mat.p3d.stage.texture", "$mat.p3d.stage.filter", "$mat.p3d.stage.transform", per
 * UV transform t: "$mat.p3d.transform.uvSource", "$mat.p3d.transform.matrix" (12 floats), and
 * "$mat.p3d.stageTI.texture". */

/** Pose transfer (agf::ApplyPose, `assimp --pose`), scene metadata of the target. Every key is
 *  suffixed ":<animation name>" of the animation the pose added, e.g.
 *  "PoseTransfer_Convention:pose:crouch" (flat keys: nested aiMetadata would abort Assimp 5.2.5's
 *  exporters). string: the pose's name (Pose::name); string: the convention
 *  ("raw", "norool", "ik", "combined", "combined-b"); double: seconds sampled in the source;
 *  double: target units per pose unit applied to translations; double: the pose's
 *  UnitScaleFactor (cm per unit; 0 unknown); uint64: matched bones; strings: the unmatched pose
 *  bones and the unmatched target bones, joined by ", " (empty when none). */
#define AGF_META_POSE_SOURCE "PoseTransfer_Source"
#define AGF_META_POSE_CONVENTION "PoseTransfer_Convention"
#define AGF_META_POSE_TIME "PoseTransfer_Time"
#define AGF_META_POSE_UNIT_SCALE "PoseTransfer_UnitScale"
#define AGF_META_POSE_SOURCE_UNIT_SCALE_FACTOR "PoseTransfer_SourceUnitScaleFactor"
#define AGF_META_POSE_MATCHED_BONES "PoseTransfer_MatchedBones"
#define AGF_META_POSE_UNMATCHED_POSE_BONES "PoseTransfer_UnmatchedPoseBones"
#define AGF_META_POSE_UNMATCHED_TARGET_BONES "PoseTransfer_UnmatchedTargetBones"
/** Pose transfer metadata (suffixed as above), string "w x y z": PoseTransferOptions::axisChange,
 *  written only when it is not the identity. */
#define AGF_META_POSE_AXIS_CHANGE "PoseTransfer_AxisChange"

/** Poser scene metadata (besides SourceAsset_Format "Poser pose (PZ2)" / "(P2Z)" / "Poser figure
 *  (CR2)" / "(CRZ)", SourceAsset_FormatVersion = the `version { number }` text, UpAxis 1,
 *  UpAxisSign 1, UnitScaleFactor 100.0 (the output is in metres) and GameFormats_Units).
 *  double: metres per Poser unit used. string: file name of the CR2 the skeleton came from ("" a
 *  pose alone); string: the geometry file loaded ("" none). uint64: top-level prop, light,
 *  camera... sections skipped. */
#define AGF_META_POSER_PNU_IN_METRES "Poser.PnuInMetres"
#define AGF_META_POSER_FIGURE "Poser.Figure"
#define AGF_META_POSER_GEOMETRY "Poser.Geometry"
#define AGF_META_POSER_SKIPPED_BLOCKS "Poser.SkippedBlocks"
/** Poser pose scene metadata. string "poser" (the spec's PoseConvention key); int32 1 when the
 *  skeleton is the flat stand-in built without a CR2, 0 with one; double: frames per second of
 *  an animated pose (0 for a static one); string: posed actors missing from the CR2, joined by
 *  ", " (only when there are any); uint64: the number of non-transform channels below. */
#define AGF_META_POSER_POSE_CONVENTION "PoseConvention"
#define AGF_META_POSER_APPROXIMATE "Pose.Approximate"
#define AGF_META_POSER_FPS "Poser.FramesPerSecond"
#define AGF_META_POSER_UNMATCHED_ACTORS "Poser.UnmatchedActors"
#define AGF_META_POSER_OTHER_CHANNEL_COUNT "Poser.NonTransformChannels"
/** Poser pose scene metadata, key prefixes for every non-transform channel of a posed actor
 *  (targetGeom morph dials, valueParm, visibility, deformers...), completed by
 *  ":<actor>:<channel internal name>", e.g. "Poser.Channel:head:Smile": string: the channel
 *  type as written ("targetGeom"); double: the value (the static value, else the first key's);
 *  string, only for more than one key: all keys as "frame value;frame value". */
#define AGF_META_POSER_CHANNEL_TYPE "Poser.ChannelType"
#define AGF_META_POSER_CHANNEL "Poser.Channel"
#define AGF_META_POSER_CHANNEL_KEYS "Poser.ChannelKeys"
/** Poser node metadata of every actor node (CR2 skeleton): vectors origin and endPoint in metres,
 *  figure space; vector orientation in degrees (X, Y, Z); string the complete rotation order
 *  ("YZX", first listed applied first). Flat skeletons carry only the rotation order. */
#define AGF_META_POSER_ORIGIN "Poser.Origin"
#define AGF_META_POSER_END_POINT "Poser.EndPoint"
#define AGF_META_POSER_ORIENTATION "Poser.Orientation"
#define AGF_META_POSER_ROTATION_ORDER "Poser.RotationOrder"
