/** @file IdolFxFileData.h
 *  The Idol FX model files (Nosferatu: The Wrath of Malachi) in their own terms: FXM meshes,
 *  MOT motions and ANB morph animations, as the parsers read them. Everything is still in the
 *  file's Direct3D convention (left-handed, row-vector matrices, V origin at the top, clockwise
 *  front faces); the converters apply the coordinate policy.
 */
#pragma once

#include "Common/FileVectors.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::idolfx {

// ---- FXM ---------------------------------------------------------------------------------------

/** Sanity limits of the format (spec §2.1): larger values mean a damaged or foreign file. */
constexpr uint32_t kMaxFxmJoints = 256;
constexpr uint32_t kMaxFxmSubmeshes = 4096;
constexpr uint32_t kMaxIdolFxStringLength = 4096;
/** 16-bit indices address at most this many vertices. */
constexpr uint32_t kMaxFxmVertices = 65536;
/** The smallest stride that holds position, normal and one UV set. */
constexpr uint32_t kMinFxmStride = 32;
constexpr uint32_t kFxmSkinRecordSize = 56;
constexpr uint32_t kFxmMaxInfluences = 4;

/** Direct3D FVF bits that FXM files use. */
constexpr uint32_t kFvfPositionXyz = 0x002;
constexpr uint32_t kFvfNormal = 0x010;
constexpr uint32_t kFvfTexCountMask = 0xF00;
constexpr uint32_t kFvfTexCountShift = 8;

struct FxmJoint {
    std::string name;    ///< UTF-8
    int32_t parent = -1; ///< index into the joint table, -1 for a root; validated
    /** The inverse bind matrix as stored: 16 floats, Direct3D row-vector layout (translation in
     *  elements 12, 13, 14). */
    std::array<float, 16> inverseBindRowMajor{};
    uint64_t fileOffset = 0; ///< where the record starts, for messages
};

struct FxmInfluence {
    uint8_t joint = 0; ///< index into FxmFile::joints; validated
    float weight = 0;  ///< finite and > 0; a vertex's weights sum to 1
};

struct FxmVertex {
    Float3 position;
    Float3 normal;
    Float2 uv0;
    Float2 uv1; ///< only meaningful when FxmSubmesh::hasSecondUv
};

struct FxmSubmesh {
    std::string name; ///< UTF-8; the texture / material base name
    uint32_t fvf = 0;
    uint32_t stride = 0;
    uint32_t streamConstant = 0; ///< the unknown "1" after the stride
    bool hasSecondUv = false;
    std::vector<std::array<uint16_t, 3>> triangles; ///< clockwise, validated < vertices.size()
    std::vector<FxmVertex> vertices;
    /** Skinned files only: the influences of vertex v are
     *  influences[influenceStart[v] .. influenceStart[v + 1]). */
    std::vector<uint32_t> influenceStart;
    std::vector<FxmInfluence> influences;
    uint64_t fileOffset = 0; ///< where the record starts, for messages
};

struct FxmFile {
    uint32_t version = 0;
    uint32_t skeletonFlag = 0; ///< 0 static, 1 skinned ("keypose")
    std::vector<FxmJoint> joints;
    std::vector<FxmSubmesh> submeshes;
    bool hasJoints() const { return !joints.empty(); }
};

// ---- MOT ---------------------------------------------------------------------------------------

constexpr uint32_t kMotHeaderSize = 28;
constexpr uint32_t kMaxMotTracks = 4096;

struct MotRotationKey {
    float time = 0;
    float x = 0, y = 0, z = 0, w = 1; ///< as stored (D3DX order)
};

struct MotVectorKey {
    float time = 0;
    Float3 value;
};

struct MotTrack {
    float unknownValue = 0; ///< the per-track float before the name (1/6 where seen)
    std::string name;       ///< UTF-8 bone name
    std::vector<MotRotationKey> rotations;
    std::vector<MotVectorKey> positions;
    std::vector<MotVectorKey> scalings;
    uint32_t matrixKeyCount = 0; ///< read and ignored
};

struct MotFile {
    std::array<uint8_t, kMotHeaderSize> header{};
    std::vector<MotTrack> tracks;
};

// ---- ANB ---------------------------------------------------------------------------------------

constexpr uint32_t kMaxAnbSubmeshes = 4096;
constexpr uint32_t kMaxAnbFrames = 1u << 20;

struct AnbPoint {
    Float3 position;
    Float3 normal;
};

struct AnbSubmesh {
    std::vector<AnbPoint> basePoints;                 ///< frame 0
    std::vector<std::array<uint16_t, 3>> triangles;   ///< into the points, clockwise
    std::vector<Float2> uvs;                          ///< V origin at the top
    std::vector<std::array<uint16_t, 3>> uvTriangles; ///< into uvs, corner by corner
    /** Frames 1 .. frameCount-1: one point array each, as long as basePoints; none when
     *  basePoints is empty. */
    std::vector<std::vector<AnbPoint>> framePoints;
};

struct AnbFile {
    uint32_t frameCount = 0; ///< including the base shape
    std::vector<AnbSubmesh> submeshes;
};

} // namespace agf::idolfx
