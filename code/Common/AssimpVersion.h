/** @file AssimpVersion.h
 *  The Assimp that this process runs on, and which of our repairs of Assimp's behaviour it
 *  needs (docs/assimp-versions.md).
 *
 *  The version is read from the library at run time (aiGetVersionMajor/Minor/Patch), never
 *  from the headers we were compiled with: an application may load a newer libassimp than it
 *  was built against, and a repair made for an older writer can spoil a newer writer's output.
 *  Every version check of the library is here, one name per behaviour; the code that repairs
 *  asks `AssimpNeeds(AssimpRepair::X)`.
 */
#pragma once

#include <string>
#include <vector>

namespace agf {

struct AssimpVersion {
    unsigned major = 0;
    unsigned minor = 0;
    unsigned patch = 0;

    /** "6.0.5" */
    std::string text() const;
};

bool operator<(const AssimpVersion &a, const AssimpVersion &b);

/** The libassimp loaded in this process. Debian 12's 5.2.5 reports itself as 5.2.4. */
AssimpVersion LoadedAssimpVersion();

/** Behaviours of Assimp's writers and of its scene copy that our code repairs. */
enum class AssimpRepair {
    /** Binary FBX: nested lists end without their 25-byte null record, and childless objects
     *  (AnimationLayer) get no scope; no reader accepts the file (FbxBinaryRepair.h). */
    FbxNullRecords,
    /** Binary FBX: shape geometries named "<name>\x00\x01Blendshape", which Blender refuses. */
    FbxShapeGeometryNames,
    /** Binary FBX: a blend-shape channel's FullWeights has one entry whatever its shape's size;
     *  Blender refuses the file when a shape moves no vertex. */
    FbxFullWeights,
    /** FBX: key times and lengths not in seconds (5.2 writes mTime as if it were seconds),
     *  animation lengths truncated to whole seconds (AnimationRetiming.h, FbxTakeLength.h). */
    FbxAnimationTiming,
    /** FBX: every key time is cut to the whole second below it (`int64(mTime /
     *  mTicksPerSecond)` seconds), so a short animation's keys all fall on 0 (FbxKeyTimes.h). */
    FbxWholeSecondKeyTimes,
    /** Collada: key times written as if they were seconds (mTicksPerSecond ignored). */
    ColladaAnimationTiming,
    /** FBX: a shape is written with normals only when its target has normals and only for
     *  the vertices it moves, and the same version's reader drops every shape without a
     *  Normals array (MorphTargetNormals.h, FbxBinaryRepair.h item 6). */
    MorphTargetNormals,
    /** FBX: morph-weight animation (aiMeshMorphAnim) is not written (FbxMorphAnimation.h). */
    FbxMorphAnimation,
    /** FBX: node and scene metadata are not written as user properties, the only properties
     *  Blender imports (FbxMetadata.h). 5.2 writes neither; 5.4 and 6.0 write node metadata as
     *  plain properties (vectors left out, uint64 as text) and no scene metadata. */
    FbxMetadata,
    /** FBX: all meshes of a node go into one Model and one Geometry, and the reader gives each
     *  of that mesh's materials its own aiMesh with the whole geometry's shapes: morph targets
     *  doubled, mesh nodes gone (FbxMeshNodes.h). */
    FbxOneGeometryPerNode,
    /** Collada: channels whose position, rotation and scaling keys differ in number are left
     *  out but still referenced; the file cannot be read back (ChannelKeyAlignment.h). */
    ColladaUnevenKeys,
    /** glTF 2: morph-weight animation is not written (GltfMorphWeights.h). */
    GltfMorphWeights,
    /** glTF 2: lights are not written (GltfLights.h). */
    GltfLights,
    /** glTF 2: node and scene metadata are not written as extras (GltfExtras.h). */
    GltfExtras,
    /** FBX: a UV set after the first gets the index of an equal value of an earlier set, which
     *  points into its own table at another value (FbxUvSets.h). */
    FbxUvSetIndices,
    /** FBX reader: a scene with meshes gets the axes its file declares on its root node, turned
     *  to Y-up (5.2 leaves the data in the file's axes). Not a repair but a reading: the ActorX
     *  writers take such a scene as Y-up (ActorXExportSkeleton.cpp). */
    FbxReaderTurnsRoot,
    /** DefaultIOSystem::Exists (POSIX) ignores stat's result and tests an uninitialised
     *  struct: a missing file is now and then reported present, and a lookup that stops at the
     *  first candidate present misses the real file (FileExists in FileLoading.h). */
    DefaultIoExists,
    /** SceneCombiner::Copy, which every exporter runs first, asserts (aborts the process) on
     *  nested aiMetadata (FlattenNestedMetadata). */
    NestedMetadataCopy,
};

/** One repair: its name (as `assimp version` and the docs show it) and the versions that need
 *  it, [since, until) (until 0.0.0: every later version too). Where the upstream release that
 *  changed a behaviour is not known, `until` is the first version measured without it: the
 *  repairs change nothing in output that is already right. */
struct AssimpRepairInfo {
    AssimpRepair repair;
    const char *name;
    AssimpVersion since;
    AssimpVersion until;
};

/** Every repair, in the enum's order. */
const std::vector<AssimpRepairInfo> &AssimpRepairs();

/** Whether Assimp `version` has the behaviour `repair` repairs. */
bool AssimpNeeds(AssimpRepair repair, const AssimpVersion &version);

/** Whether the loaded Assimp has it. */
bool AssimpNeeds(AssimpRepair repair);

} // namespace agf
