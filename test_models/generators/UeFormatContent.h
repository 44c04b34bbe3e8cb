/** @file UeFormatContent.h
 *  The content of our generated UEFormat files, in Assimp's conventions (right-handed, Unreal's
 *  Z up and centimetres kept, UV origin at the bottom left, triangles counter-clockwise). The
 *  writers (UeFormatModels.h) store it the way each file version does; the tests compare the
 *  imported scene with this truth.
 *
 *  The additive clips are made as Unreal makes them: from a known target pose and a base pose,
 *  a delta per bone and frame (local: t - tb, r * rb^-1, s / sb - 1; mesh space: the rotation
 *  delta taken between component-space rotations). A restored clip must give the target back.
 */
#pragma once

#include <assimp/quaternion.h>
#include <assimp/vector2.h>
#include <assimp/vector3.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::ueformat {

struct Transform {
    aiVector3D position;
    aiQuaternion rotation;
    aiVector3D scale{1, 1, 1};
};

struct Bone {
    std::string name;
    int32_t parent;
    Transform bind; ///< local, scale 1
};

struct Material {
    std::string name;
    std::string path;
    int32_t firstIndex;
    int32_t faceCount;
};

struct Weight {
    uint16_t bone;
    int32_t vertex;
    float weight;
};

struct MorphDelta {
    uint32_t vertex;
    aiVector3D position;
    aiVector3D normal;
};

struct Morph {
    std::string name;
    std::vector<MorphDelta> deltas;
};

struct ColorSet {
    std::string name;
    std::vector<std::array<uint8_t, 4>> colors;
};

struct UvSet {
    std::string name;
    std::vector<aiVector2D> uvs;
};

struct Lod {
    std::string name;
    std::vector<aiVector3D> positions;
    std::vector<aiVector3D> normals;
    std::vector<aiVector3D> tangents;
    std::vector<float> binormalSigns;
    std::vector<UvSet> uvSets;
    std::vector<ColorSet> colorSets;
    std::vector<uint32_t> indices;
    std::vector<Material> materials;
    std::vector<Weight> weights;
    std::vector<Morph> morphs;
};

struct Socket {
    std::string name;
    std::string bone;
    Transform transform;
};

struct VirtualBone {
    std::string source;
    std::string target;
    std::string name;
};

struct Hull {
    std::string name;
    std::vector<aiVector3D> vertices;
    std::vector<int32_t> indices;
};

struct Model {
    std::vector<Lod> lods;
    std::vector<Bone> bones;
    std::vector<Socket> sockets;
    std::vector<VirtualBone> virtualBones;
    std::vector<Hull> hulls;
    std::string skeletonPath;
};

/** "Knight": LOD0 a closed box of 24 vertices (two materials, normals, tangents, two UV sets, two
 *  colour sets, skin weights on Root, Spine and Head, morph targets Smile and Blink), LOD1 a
 *  tetrahedron; the skeleton Root > Spine > {Head, Arm}; socket hand_r on Arm; virtual bone
 *  "VB Spine_Arm"; one convex hull. */
const Model &KnightModel();

/** The known animation: 5 frames at 30 fps, every bone keyed on every frame (scales on the
 *  first and last frame), curves Smile (a morph target of the model) and Brow (none). */
constexpr unsigned kAnimationFrames = 5;
constexpr float kAnimationRate = 30.0f;
Transform KnightPoseAt(unsigned frame, unsigned bone);

struct CurveKey {
    int32_t frame;
    float value;
};
struct Curve {
    std::string name;
    std::vector<CurveKey> keys;
};
const std::vector<Curve> &KnightCurves();

/** Where an additive clip's deltas are taken from. */
enum class AdditiveBase {
    Bind,             ///< the model's bind pose
    KnightFirstFrame, ///< frame 0 of the known animation
    KnightFrame,      ///< frame kAdditiveBaseFrame of the known animation
};
constexpr unsigned kAdditiveBaseFrame = 2;

/** The pose a restored additive clip must show: different from KnightPoseAt, scale included. */
Transform AdditiveTargetAt(unsigned frame, unsigned bone);

/** The base pose of `bone` for `base`. */
Transform BasePose(AdditiveBase base, unsigned bone);

/** The delta of `bone` at `frame` that takes `base` to AdditiveTargetAt, in local space or in
 *  mesh space (rotations between component-space rotations). */
Transform AdditiveDeltaAt(unsigned frame, unsigned bone, AdditiveBase base, bool meshSpace);

/** The poses of the known .uepose: "Smile" (Spine, Head and the curve Smile at 1) and "Frown"
 *  (Head and Arm), each a target pose over the bind pose. */
struct PoseTarget {
    std::string name;
    std::vector<unsigned> bones;
    std::vector<Transform> targets; ///< absolute local poses, one per bone
    std::vector<std::pair<std::string, float>> curves;
};
const std::vector<PoseTarget> &KnightPoses();

/** The additive (local space) delta of a pose target over the bind pose of `bone`. */
Transform PoseDelta(const Transform &target, unsigned bone);

} // namespace agf::testgen::ueformat
