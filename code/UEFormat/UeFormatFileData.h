/** @file UeFormatFileData.h
 *  UEFormat files (.uemodel, .ueanim, .uepose) in the file's own terms: values as stored, in
 *  Unreal's axes for version 8 and later (left-handed, Z up, centimetres) and already mirrored
 *  by the writer before that (UeFormatVersions.h). No mirroring, no Assimp types here. See
 *  docs/specs/ueformat.md.
 */
#pragma once

#include "Common/FileVectors.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::ueformat {

/** What the header says. */
struct Header {
    std::string identifier; ///< "UEMODEL", "UEANIM" or "UEPOSE"
    uint8_t version = 0;
    std::string objectName;
    std::string objectPath;       ///< version 10 on; empty before
    std::string compression;      ///< "" when not compressed, else as written ("GZIP", "ZSTD")
    int32_t uncompressedSize = 0; ///< when compressed
    int32_t compressedSize = 0;   ///< when compressed
    uint64_t bodyOffset = 0;      ///< where the (compressed) body starts in the file
};

struct Normal {
    float binormalSign = 1; ///< absent (1) in version 0
    Float3 normal;
};

struct UvSet {
    std::string name; ///< version 10 on; empty before
    std::vector<Float2> uvs;
};

struct Color {
    uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct ColorSet {
    std::string name;
    std::vector<Color> colors;
};

struct Material {
    std::string name;
    std::string path; ///< version 6 on; empty before
    int32_t firstIndex = 0;
    int32_t faceCount = 0;
};

struct Weight {
    uint16_t bone = 0;
    int32_t vertex = 0;
    float weight = 0;
};

struct MorphDelta {
    Float3 position;
    Float3 normal; ///< TangentZ delta
    uint32_t vertex = 0;
};

struct MorphTarget {
    std::string name;
    std::vector<MorphDelta> deltas;
};

struct Lod {
    std::string name;
    std::vector<Float3> vertices;
    std::vector<Normal> normals;
    std::vector<Float3> tangents;
    std::vector<UvSet> uvSets;
    std::vector<uint32_t> indices;
    std::vector<ColorSet> colorSets;
    std::vector<Material> materials;
    std::vector<Weight> weights;
    std::vector<MorphTarget> morphs;
};

struct Bone {
    std::string name;
    int32_t parent = -1;
    Float3 position;
    Float4 rotation; ///< x, y, z, w; the local rotation (not conjugated, unlike ActorX)
};

struct Socket {
    std::string name;
    std::string bone;
    Float3 location;
    Float4 rotation;
    Float3 scale{1, 1, 1};
};

struct VirtualBone {
    std::string source;
    std::string target;
    std::string name;
};

struct Skeleton {
    std::string path; ///< METADATA: the skeleton asset's path (version 7 on)
    std::vector<Bone> bones;
    std::vector<Socket> sockets;
    std::vector<VirtualBone> virtualBones;
};

struct ConvexCollision {
    std::string name;
    std::vector<Float3> vertices;
    std::vector<int32_t> indices;
};

struct Model {
    std::vector<Lod> lods;
    bool hasSkeleton = false;
    Skeleton skeleton;
    std::vector<ConvexCollision> collisions;
};

template <typename Value> struct Key {
    int32_t frame = 0;
    Value value;
};

struct Track {
    std::string bone;
    std::vector<Key<Float3>> positions;
    std::vector<Key<Float4>> rotations;
    std::vector<Key<Float3>> scales;
};

struct Curve {
    std::string name;
    std::vector<Key<float>> keys;
};

/** EAdditiveAnimationType as stored. */
enum AdditiveType : uint8_t {
    kNotAdditive = 0,
    kLocalSpaceAdditive = 1,
    kMeshSpaceRotationAdditive = 2,
};

/** EAdditiveBasePoseType as stored. */
enum BasePoseType : uint8_t {
    kNoBasePose = 0,
    kReferencePose = 1,
    kScaledAnimation = 2,
    kAnimationFrame = 3,
    kLocalAnimationFrame = 4,
};

struct AnimMetadata {
    int32_t frameCount = 0;
    float framesPerSecond = 0;
    std::string refPosePath;
    uint8_t additiveType = kNotAdditive;
    uint8_t refPoseType = kNoBasePose;
    int32_t refFrameIndex = 0;
};

struct Anim {
    AnimMetadata metadata;
    bool hasMetadata = false;
    std::vector<Track> tracks;
    std::vector<Curve> curves;
};

struct PoseKey {
    std::string bone;
    Float3 location;
    Float4 rotation;
    Float3 scale; ///< an additive scale: 0 is no change
};

struct PoseCurveInfluence {
    int32_t curve = 0;
    float influence = 0;
};

struct Pose {
    std::string name;
    std::vector<PoseKey> keys;
    std::vector<PoseCurveInfluence> curves;
};

struct PoseFile {
    std::vector<Pose> poses;
    std::vector<std::string> curveNames;
};

} // namespace agf::ueformat
