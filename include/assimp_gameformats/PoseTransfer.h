/** @file PoseTransfer.h
 *  Carrying a pose from one file onto another skeleton: agf::SavePose, agf::ApplyPose and
 *  agf::ApplyPoseFile, after the four conventions of Blender 2.4x's PoseLib16.
 */
#pragma once

#include "Api.h"
#include "Warnings.h"

#include <string>
#include <utility>
#include <vector>

struct aiScene;

namespace Assimp {
class Importer;
} // namespace Assimp

namespace agf {

// A pose is one frame of rotations per bone name, saved from a posed scene in one of the four
// conventions of PoseLib16 (Blender 2.4x), in Assimp's column-vector form. "World" is the space
// of the scene's root, the root node's own transform included: it plays PoseLib16's armature
// space, so an up-axis rotation on a root node is taken into account:
//   convention (PoseLib16 name)      saved q_s                      loaded local rotation r
//   raw ("Blender Library", 1)       l^-1 * lp                      l * q_s
//   norool (restmatrix "No Roll", 2) R * (l^-1 * lp) * R^-1         l * R^-1 * q_s * R
//   ik (posematrix "IK", 3)          lp                             q_s
//   combined (4a: 3, then 2)         R * (l^-1 * lp) * R^-1         l * R^-1 * q_s * R
//   combined-b (4b)                  R * lp * R^-1                  R^-1 * q_s * R
// with l / lp the rest / posed local rotation of the bone and R its rest world rotation (of the
// source when saving, of the target when loading). Assimp scenes have no constraints, so the
// posed parent-relative rotation rot(Ppose^-1 * Bpose) of PoseLib16's formulas is lp, and 4a equals
// norool. Whether PoseLib16 wrote 4a or 4b is unverified. raw and ik reproduce a pose only on a
// skeleton with the same rest rotations (bone rolls); norool and combined need only the same bone
// directions in world space.

/** The PoseLib16 conventions. Names for ParsePoseConvention in brackets. */
enum class PoseConvention {
    Raw,       ///< 1 ("raw", "library", "blenderlibrary", "1")
    NoRoll,    ///< 2 ("norool", "noroll", "restmatrix", "2")
    Ik,        ///< 3 ("ik", "posematrix", "3")
    Combined,  ///< 4a ("combined", "4", "4a")
    CombinedB, ///< 4b ("combined-b", "combinedb", "4b")
};

/** The canonical name: "raw", "norool", "ik", "combined" or "combined-b". */
AGF_API const char *PoseConventionName(PoseConvention convention);

/** Parses a convention name (case-insensitive; see PoseConvention). Throws std::invalid_argument
 *  naming the accepted spellings. */
AGF_API PoseConvention ParsePoseConvention(const std::string &text);

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
     *  rotation). Off: every position key is the target's rest translation t, as in PoseLib16's
     *  table 6.2 for conventions 2 to 4. */
    bool translations = true;
    /** Target file units per pose file unit, for translations. 0: the pose's UnitScaleFactor
     *  over the target's ("UnitScaleFactor" scene metadata), or 1 when either is unknown. */
    double unitScale = 0.0;
    /** The rotation from the pose's world axes to the target's, (w, x, y, z): the axis
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
    /** The recoverable problems of the transfer (unmatched bones, skipped values), typed as an
     *  import's (Warnings.h). They are also logged once, each as Warning::text(). */
    std::vector<Warning> warnings;
};

/** Saves the pose of `source` (node tree = rest, options.sourceAnimation sampled at
 *  options.time) in options.convention: one BonePose per channel whose node exists. Throws
 *  std::runtime_error (agf::ImportError) when the scene has no such animation. */
AGF_API Pose SavePose(const aiScene &source, const PoseTransferOptions &options);

/** Loads `pose` onto `target` by bone name and appends one aiAnimation of absolute local keys
 *  (one position, rotation and scaling key per matched bone at tick 0, mTicksPerSecond 1,
 *  mDuration 0) to target.mAnimations. The pose's own convention is used (options.convention
 *  is ignored here). Matching: a ":N" instance suffix (Poser) is ignored on both sides; a
 *  name-map entry for the pose bone names its target; the target node with exactly that name
 *  is taken, else the first one (depth first) equal without case. Target bones are the nodes
 *  named by mesh bones, or every node below the root when no mesh has bones. Unmatched pose
 *  bones and unmatched target bones give one warning each (report.warnings, and the log). Scene
 * metadata (flat keys, suffixed ":<animation name>"): AGF_META_POSE_* below. Throws
 * std::runtime_error (agf::ImportError) when no bone matches or the name map cannot be read. */
AGF_API PoseTransferReport ApplyPose(aiScene &target, const Pose &pose,
                                     const PoseTransferOptions &options);

/** Imports `poseFile` (any format the Importer reads: a pose, a BVH, a PSA, a glb...) with
 *  `poseImporter` (our importers are registered on it; nullptr: a fresh Importer) and
 *  aiProcess_ValidateDataStructure, then SavePose + ApplyPose onto `target`. The name map file
 *  is read through the same Importer's IOSystem. Throws std::runtime_error (agf::ImportError)
 *  naming the file when it is missing, does not import or has no animation. */
AGF_API PoseTransferReport ApplyPoseFile(aiScene &target, const std::string &poseFile,
                                         const PoseTransferOptions &options,
                                         Assimp::Importer *poseImporter = nullptr);

/** Parses a bone-name map: UTF-8 text, one pair per line, "<pose bone> <target bone>" separated
 *  by spaces or tabs; a name with spaces is written in double quotes ("Bip01 L UpperArm"); '#'
 *  outside quotes starts a comment; blank lines are skipped. A line without exactly two names,
 *  an unterminated quote, an empty name or a pose bone listed twice throws std::runtime_error
 *  (agf::ImportError) as "<file>:<line>: <problem>". */
AGF_API std::vector<std::pair<std::string, std::string>>
ParseBoneNameMap(const std::string &text, const std::string &fileName);

} // namespace agf
