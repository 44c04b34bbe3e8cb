/** @file ImportOptions.h
 *  Every option of our importers (and of our writers: glTF, ActorX): the AI_CONFIG_* keys,
 *  each with its type, default and meaning, and agf::ListImportOptions(), which lists them with
 *  their defaults for programs (the `assimp` command's --set and `help options` use it).
 */
#pragma once

#include "Api.h"

#include <string>
#include <vector>

namespace agf {

/** One option: what agf::ListImportOptions returns. */
struct ImportOption {
    std::string key;           ///< the property name, e.g. "IMPORT_PSK_SCALE"
    std::string type;          ///< "bool", "int", "float" or "string"
    std::string defaultValue;  ///< as text: "true", "1", "256", "" ...
    std::string formats;       ///< the extensions it applies to, e.g. "psk pskx"; "glb gltf" for
                               ///< the writer's option
    std::string summary;       ///< one line
    bool exportOption = false; ///< set on Assimp::ExportProperties, not on the Importer
};

/** Every option, in the order of this header. The one place their defaults are written: the
 *  importers read them from here. */
AGF_API const std::vector<ImportOption> &ListImportOptions();

/** The option with this key, or nullptr. */
AGF_API const ImportOption *FindImportOption(const std::string &key);

} // namespace agf

// ================================================================================================
// Import options. Set them with Importer::SetPropertyInteger / SetPropertyFloat /
// SetPropertyBool / SetPropertyString before ReadFile.
// ================================================================================================

// ---- Textures (every importer) -----------------------------------------------------------------
// After its scene is built, every importer finds the textures its materials reference, decodes
// them (PAA/PAC, DDS, TGA, BMP, PSD, GIF; PNG and JPEG are kept as they are) and embeds them as
// aiTextures that the materials reference as "*0", "*1"... (PNG-encoded, mHeight 0), so glb
// output carries them. Where a reference is looked for (code/Common/TextureResolver.h): beside
// the model (UEViewer's ../Texture2D/ for PSK), under each texture root, then its file name
// beside the model; paths that would leave those folders ('..', drive letters, UNC) are refused.
// A texture that is missing, refused, damaged or larger than 16384 x 16384 keeps its reference,
// with a warning; the model imports either way.

/** string, default "": folders to look for textures under, separated by ';' or line breaks, in
 *  order; for P3D an Arma data root (the P: drive), under which "x\cba\addons\...\a_ca.paa"
 *  is matched with '\' as the separator and ignoring case. A root may also be a PBO archive,
 *  whose entries are found under its prefix, or a folder of PBOs (a mod's addons/), whose
 *  archives together are one data root as if unpacked there (PboArchives.h). The `assimp`
 *  command's `--texture-root DIR` (repeatable) adds to it. */
#define AI_CONFIG_IMPORT_TEXTURE_ROOTS "IMPORT_TEXTURE_ROOTS"

/** bool, default false: keep the texture references as the file wrote them (nothing is
 *  looked for, decoded or embedded). */
#define AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES "IMPORT_TEXTURES_KEEP_REFERENCES"

// ---- ActorX PSK / PSKX meshes ------------------------------------------------------------------

/** float, default 1.0: scale applied to the root node (1.0 keeps Unreal units, 0.01 gives
 *  metres for UE4/5 content). Mesh data itself stays in file units. */
#define AI_CONFIG_IMPORT_PSK_SCALE "IMPORT_PSK_SCALE"

/** bool, default true: rotate the root node -90 degrees about X so that the file's Z-up content
 *  stands up in Assimp's Y-up convention. Off: the scene stays Z-up. Metadata UpAxis is 2 (the
 *  file's axis) either way; GameFormats.RootRotatedToYUp tells which was done. */
#define AI_CONFIG_IMPORT_PSK_YUP "IMPORT_PSK_YUP"

/** bool, default false: read VERTEXCOLOR as B, G, R, A (Epic's ActorX plug-in) instead of
 *  R, G, B, A (UEViewer, CUE4Parse). */
#define AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA "IMPORT_PSK_VERTEXCOLOR_BGRA"

/** bool, default false: do not import morph targets. */
#define AI_CONFIG_IMPORT_PSK_SKIP_MORPHS "IMPORT_PSK_SKIP_MORPHS"

/** bool, default false: do not import SKELSOCK sockets as nodes. */
#define AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS "IMPORT_PSK_SKIP_SOCKETS"

/** bool, default false: do not read the UEViewer sidecars (<mesh>.props.txt, <material>.mat)
 *  that add texture paths to the materials: "<mesh>.props.txt" next to the PSK names the
 *  materials, "<material>.mat" in the Material3/ folder beside it names their textures. */
#define AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS "IMPORT_PSK_SKIP_SIDECARS"

/** bool, default false: do not auto-load <mesh>.psa / <mesh>.psax next to a PSK. */
#define AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD "IMPORT_PSK_NO_ANIM_AUTOLOAD"

/** string, default "": animation files (PSA, PSAX, MOT) to load onto the imported skeleton,
 *  separated by ';' or newlines. Relative paths are relative to the imported file. Used for
 *  every importer that has a skeleton. */
#define AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES "IMPORT_GAMEFORMATS_ANIM_FILES"

/** int, default 0: the most threads one import may use, the calling thread included; 0 means
 *  the machine's cores, at most AI_GAMEFORMATS_DEFAULT_MAX_THREADS (4); 1 keeps every import
 *  on the calling thread. Where an importer splits its work (PSA keys by bone, PSK normals and
 *  skin weights...), every count gives the same scene, bit for bit. `assimp batch` gives each
 *  of its workers a share of the cores unless the count is given with --set. */
#define AI_CONFIG_IMPORT_GAMEFORMATS_THREADS "IMPORT_GAMEFORMATS_THREADS"

/** The most threads an import takes by itself (AI_CONFIG_IMPORT_GAMEFORMATS_THREADS 0): its
 *  split loops are memory-bound, and more threads gained nothing on the measured inputs. */
#define AI_GAMEFORMATS_DEFAULT_MAX_THREADS 4

/** bool, default false: on systems with POSIX mmap (Linux, macOS), a model file of 1 MiB or
 *  more that Assimp's default IO system opens (a plain file on disk: PSK, PSA, P3D, PSW, and
 *  the animation files loaded onto a skeleton) is mapped into memory, copy-on-write, instead of
 *  read into a buffer. Nothing is copied: the PSK and PSA importers use the records where the
 *  system's file cache holds them (a 1M-point PSK imports about a quarter faster). Off by
 *  default because it is not safe in a program that must outlive a bad file: when another
 *  program shortens a mapped file during the import, the first read past its new end ends the
 *  process (SIGBUS), where a read only sees a damaged file. The `assimp` command turns it on
 *  for its one-file verbs and `batch` workers, where that costs one file. Files opened through
 *  a custom or in-memory IO system are always read. */
#define AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES "IMPORT_GAMEFORMATS_MAP_FILES"

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

// ---- Additive animations (every format with animation files) ----------------------------------
// A clip the file marks additive (a PSAX sequence with Additive 1, a .ueanim whose METADATA has
// an AdditiveAnimType, every pose of a .uepose) stores each bone's difference from a base pose.
// Its animation gets GameFormats.Animations[<name>].AdditiveSpace and .AdditiveBase
// (MetadataKeys.h). How the deltas compose with the base: code/Common/AdditiveAnimation.h.

/** string, default "keep": what additive clips are applied to when they are bound to a
 *  skeleton. "keep": nothing, the keys stay deltas (a broken pose in any player, but the file's
 *  values); "bind": the bind pose (what UE Viewer's author points out is all cooked data keeps of
 *  the base); any other text names an animation of the scene (or of the animation files
 *  loaded with it) whose first frame is the base, as Unreal takes a base sequence's frame; the
 *  frame the clip's file names is used when the file names that very animation. A name that
 *  matches no animation leaves the clip as deltas, with a warning. */
#define AI_CONFIG_IMPORT_ANIMATION_ADDITIVE "IMPORT_ANIMATION_ADDITIVE"

/** string, default "local": the additive space of clips whose file does not say it (PSAX):
 *  "local" (each bone's delta composes with its base local transform) or "mesh" (rotations
 *  compose in component space and are brought back to local). A .ueanim's AdditiveAnimType
 *  says it (1 local, 2 mesh) and wins. Another value fails the import. */
#define AI_CONFIG_IMPORT_ANIMATION_ADDITIVE_SPACE "IMPORT_ANIMATION_ADDITIVE_SPACE"

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

// ---- UEFormat .uemodel / .ueanim / .uepose (FModel, CUE4Parse) ---------------------------------
// Versions 0 to 10, stored, GZIP or ZSTD (a declared size beyond 30 x the compressed bytes +
// 1 MiB, at most 512 MiB, is refused). Unreal's left-handed Z-up centimetres (version 8 on) are
// mirrored across XZ (Y negated) and V flipped; units kept; the Z-up to Y-up turn on the root
// only. Scene layout and metadata: MetadataKeys.h, "UEFormat". A .ueanim or .uepose loads onto
// a skeleton like a PSA (AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, and <model>.ueanim next to a
// .uemodel): one aiAnimation per file named after the header's object name, ticks = frames at
// the file's rate; curves go to metadata and drive the morph targets of their name; each pose of
// a .uepose is an additive one-frame animation (tick 0) named after the pose. Imported alone, a
// .ueanim gives a flat skeleton resting at its first keys; an additive .ueanim and a .uepose a
// flat skeleton at rest in the identity with the deltas applied to it (translation = delta,
// scale = 1 + delta).

/** string, default "all": which LODs of a .uemodel to import, each as a node named after it:
 *  "all" or "first". Another value fails the import. */
#define AI_CONFIG_IMPORT_UEFORMAT_LODS "IMPORT_UEFORMAT_LODS"

/** float, default 1.0: scale applied to the root node (0.01 gives metres). */
#define AI_CONFIG_IMPORT_UEFORMAT_SCALE "IMPORT_UEFORMAT_SCALE"

/** bool, default true: rotate the root node -90 degrees about X (Z-up to Y-up). */
#define AI_CONFIG_IMPORT_UEFORMAT_YUP "IMPORT_UEFORMAT_YUP"

/** bool, default false: do not auto-load <model>.ueanim next to a .uemodel. */
#define AI_CONFIG_IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD "IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD"

/** string, default "": which poses of a .uepose become animations: "" all, else one pose by
 *  name (ignoring case) or by its index in the file. A pose that is not there fails the load. */
#define AI_CONFIG_IMPORT_UEFORMAT_POSE "IMPORT_UEFORMAT_POSE"

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
// metadata Poser.Approximate = 1.
//
// A pose is one aiAnimation named after the pose file WITH its extension ("walk.pz2": Assimp
// 5.2.5's glb2 writer fails silently when an animation is named like a node, and the root node
// has the base name), keys being ABSOLUTE local transforms:
//   rotation = O * E(order, angles) * O^-1, position = rest translation + translate dials * PNU,
//   scaling = scale * (scaleX, scaleY, scaleZ) (propagatingScale* alike).
// E(order, angles), with order = the actor's rotate channels as listed in the CR2 ("YZX"; in the
// pose file without a CR2; missing axes appended in X, Y, Z order): the FIRST listed axis (the
// twist) is applied first to the geometry, each about the fixed axes of the orientation frame:
// E = R(last) * R(middle) * R(first) in column-vector form (unverified
// against Poser; a BVH CHANNELS line lists the same rotation reversed). O = E(order,
// orientation): the CR2 `orientation` composed in the actor's own order (unverified).
// Static pose (every key at frame 0): one key per channel at
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
// Export options. Set them in the Assimp::ExportProperties given to Exporter::Export (the
// `assimp` command: --set KEY=VALUE).
// ================================================================================================

/** bool, default false: our glTF writer (glb2, gltf2) keeps the file's units. By default it
 *  scales the root node by UnitScaleFactor / 100 so that the glTF is in metres, glTF's unit,
 *  and records the factor as GameFormats.ExportMetreScale. */
#define AI_CONFIG_EXPORT_GLTF_KEEP_UNITS "EXPORT_GLTF_KEEP_UNITS"

/** bool, default false: our glTF writer (glb2, gltf2) keeps texture references that the output
 *  cannot resolve: paths that are not embedded textures and name no file beside the output (a
 *  texture a partial dump does not hold), or that a URI cannot hold as they are (Windows
 *  separators, drive letters). By default they are left out of the materials, named in each
 *  material's extras as GameFormats.UnreachableTextures, with a warning: glTF-Validator reports
 *  such a URI as an error. Set it for a program that resolves the references itself. */
#define AI_CONFIG_EXPORT_GLTF_KEEP_TEXTURE_REFERENCES "EXPORT_GLTF_KEEP_TEXTURE_REFERENCES"

/** float, default 1 (ActorX writers psk, pskx, psa, psax): scene units per Unreal unit, the
 *  meaning of AI_CONFIG_IMPORT_PSK_SCALE: a scene imported with a scale is written back with the
 *  same value (0.01: the scene is in metres). When not set, the writers read the scene's units:
 *  UnitScaleFactor (centimetres per unit) and GameFormats.RootScale from our importers and
 *  Assimp's FBX importer, metres for a glTF import, else Unreal units. */
#define AI_CONFIG_EXPORT_ACTORX_SCALE "EXPORT_ACTORX_SCALE"

/** bool, default true (ActorX writers): the scene is Y-up, as Assimp's convention and our
 *  importers' default (AI_CONFIG_IMPORT_PSK_YUP) have it, and is turned to Unreal's Z-up;
 *  false: the scene is Z-up already. When not set, the writers read the scene's UpAxis and
 *  GameFormats.RootRotatedToYUp metadata, else take Y-up. */
#define AI_CONFIG_EXPORT_ACTORX_YUP "EXPORT_ACTORX_YUP"

/** float, default 0 (psa): frames per second of the written sequences. 0: the animation's
 *  ticks per second when every key lies on a whole tick (up to 240), else the spacing of its
 *  keys, else 30. PSAX keeps its keys at their own times, in frames of this rate. */
#define AI_CONFIG_EXPORT_PSA_FPS "EXPORT_PSA_FPS"
