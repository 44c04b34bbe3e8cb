/** @file IdolFxContent.h
 *  The exact content of the generated Idol FX test files (FXM, MOT, ANB), in the files' own
 *  Direct3D terms, plus the writers that turn it into bytes. Tests use the same descriptions
 *  to know what an import must produce.
 */
#pragma once

#include <assimp/matrix4x4.h>
#include <assimp/types.h> // the .inl definitions of the vector, matrix and quaternion templates

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::idolfx {

// ---- FXM ---------------------------------------------------------------------------------------

struct FxmVertexSpec {
    std::array<float, 3> position{};
    std::array<float, 3> normal{};
    std::array<float, 2> uv0{};
    std::array<float, 2> uv1{}; ///< written only when the stride has room for it
};

/** One 56-byte skin record exactly as written, garbage in the unused slots included. */
struct FxmSkinSpec {
    uint8_t influenceCount = 0; ///< n; 0 means one influence
    std::array<float, 4> weights{};
    std::array<uint8_t, 4> joints{};
};

struct FxmSubmeshSpec {
    std::string name;
    uint32_t fvf = 0x112;
    uint32_t stride = 32; ///< bytes past 32 (or 40 with a second UV set) are filled with 0xCD
    std::vector<std::array<uint16_t, 3>> triangles; ///< clockwise front faces (Direct3D)
    std::vector<FxmVertexSpec> vertices;
    std::vector<FxmSkinSpec> skin; ///< one per vertex in skinned files
};

/** A joint described by its transform relative to its parent, in Direct3D space; the writer
 *  stores the inverse of its world matrix in row-vector layout. */
struct FxmJointSpec {
    std::string name;
    int32_t parent = -1;
    std::array<float, 3> translation{};
    std::array<float, 3> rotationAxis{0, 1, 0};
    float rotationRadians = 0;
};

struct FxmSpec {
    uint32_t version = 2;
    uint32_t skeletonFlag = 0;
    std::vector<FxmJointSpec> joints;
    std::vector<FxmSubmeshSpec> submeshes;
};

/** The joint's world (bind) transform in Direct3D space, in column-vector form. */
aiMatrix4x4 JointWorldMatrix(const FxmSpec &spec, size_t joint);

std::vector<uint8_t> WriteFxm(const FxmSpec &spec);

/** A unit cube (one submesh, 24 vertices, 12 triangles) centred on `centre`, half size `half`. */
FxmSubmeshSpec CubeSubmesh(const std::string &name, std::array<float, 3> centre, float half,
                           uint32_t fvf, uint32_t stride);

/** Static FXMs: 1 to 3 submeshes (cubes side by side), strides 32, 40 and 36. */
FxmSpec StaticFxmSpec(unsigned submeshCount, uint32_t version);
/** A skinned "keypose" FXM: a chain of `jointCount` joints (3 to 5) and one submesh of two
 *  vertices per joint, whose skin records cycle through n = 0, 2, 3, 4 with garbage (NaN,
 *  huge values, joint indices past the table) in the unused slots. */
FxmSpec KeyposeFxmSpec(unsigned jointCount);

// ---- MOT ---------------------------------------------------------------------------------------

struct MotRotationKeySpec {
    float time = 0;
    std::array<float, 4> xyzw{0, 0, 0, 1}; ///< as stored (D3DX order)
};

struct MotVectorKeySpec {
    float time = 0;
    std::array<float, 3> value{};
};

struct MotTrackSpec {
    std::string name;
    std::vector<MotRotationKeySpec> rotations;
    std::vector<MotVectorKeySpec> positions;
    std::vector<MotVectorKeySpec> scalings;
};

struct MotSpec {
    std::vector<MotTrackSpec> tracks;
};

std::vector<uint8_t> WriteMot(const MotSpec &spec);

/** A motion for KeyposeFxmSpec(jointCount): root with position, rotation and scale keys over
 *  one second, the other joints with rotation keys only. */
MotSpec ChainMotSpec(unsigned jointCount);

// ---- ANB ---------------------------------------------------------------------------------------

struct AnbSubmeshSpec {
    std::vector<std::array<float, 6>> basePoints; ///< position, normal
    std::vector<std::array<uint16_t, 3>> triangles;
    std::vector<std::array<float, 2>> uvs;
    std::vector<std::array<uint16_t, 3>> uvTriangles;
    std::vector<std::vector<std::array<float, 6>>> frames; ///< frames 1..n-1
};

struct AnbSpec {
    std::vector<AnbSubmeshSpec> submeshes;
    uint32_t frameCount() const {
        return submeshes.empty() ? 1 : static_cast<uint32_t>(submeshes[0].frames.size() + 1);
    }
};

std::vector<uint8_t> WriteAnb(const AnbSpec &spec);

/** Two submeshes whose UV counts differ from their vertex counts (a quad with a UV seam per
 *  triangle: 4 points, 6 UVs; a pyramid sharing 3 UVs among 5 points), 4 frames in all. */
AnbSpec TwoSubmeshAnbSpec();

} // namespace agf::testgen::idolfx
