/** @file P3dWriters.h
 *  Writers for Bohemia P3D test files: MLOD (P3DM and SP3X LODs), ODOL v7 and v40 (the v40 to
 *  v75 writer is OdolV4xWriter.h), and a BI-LZSS compressor. The ODOL writers follow
 *  specs/p3d.md field by field; they are the reference the importer is tested against, not
 *  evidence that the layout matches the game.
 *
 *  Descriptions are in the file's own terms (engine space: left-handed, Y up; V from the top).
 */
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace agf::testgen::p3d {

using Vec3 = std::array<float, 3>;
using Uv = std::array<float, 2>;

/** BI-LZSS stream of `data` followed by its u32 checksum (sum of the bytes). Greedy matching,
 *  distances 1-4095 back, lengths 3-18, never reaching before the start. */
std::vector<uint8_t> LzssCompress(const std::vector<uint8_t> &data);

// ---- MLOD ------------------------------------------------------------------------------------

struct MlodFace {
    std::vector<uint32_t> points;  ///< 3 or 4
    std::vector<uint32_t> normals; ///< one per corner
    std::vector<Uv> uvs;           ///< one per corner
    std::string texture;
    std::string material;
    uint32_t flags = 0;
};

struct MlodSelection {
    std::string name;
    std::vector<std::pair<uint32_t, uint8_t>> points; ///< point, weight byte (1 = full)
    std::vector<uint32_t> faces;
};

struct MlodLod {
    float resolution = 0;
    std::vector<Vec3> points;
    std::vector<uint32_t> pointFlags; ///< empty: all 0
    std::vector<Vec3> normals;
    std::vector<MlodFace> faces;
    std::vector<MlodSelection> selections;
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<float> mass; ///< empty: no #Mass#
    std::vector<std::pair<uint32_t, uint32_t>> sharpEdges;
    bool writeUvSet0 = true;
    /** Extra #UVSet# taggs: id and one UV per face corner. */
    std::vector<std::pair<uint32_t, std::vector<Uv>>> extraUvSets;
    /** #Animation# frames: time and one position per point. */
    std::vector<std::pair<float, std::vector<Vec3>>> frames;
    bool sp3x = false; ///< write an SP3X LOD (OFP): texture char[32] first, 64-byte tagg names
};

std::vector<uint8_t> WriteMlod(const std::vector<MlodLod> &lods, bool sp3xDefaultPath = false);

// ---- ODOL ------------------------------------------------------------------------------------

struct OdolVertex {
    Vec3 position{};
    Vec3 normal{};
    Uv uv{};
    Uv uv1{};
    uint32_t pointFlags = 0;
    /** (LOD-local bone, weight byte) pairs, at most 4. */
    std::vector<std::pair<uint8_t, uint8_t>> bones;
    uint16_t point = 0; ///< vertexToPoint
};

struct OdolSection {
    uint32_t firstFace = 0, endFace = 0; ///< face index range
    int16_t textureIndex = -1;
    int32_t materialIndex = -1; ///< v40 embedded material, -1 none
    uint32_t faceFlags = 0;
};

struct OdolStage {
    std::string texture;
    uint32_t filter = 3;
    uint32_t uvSource = 1;
};

/** An embedded rvmat; its version follows the ODOL version (10, or 11 from v70). */
struct OdolMaterial {
    std::string path;
    std::array<std::array<float, 4>, 6> colors{};
    float specularPower = 0;
    uint32_t pixelShader = 0, vertexShader = 0;
    std::string surface;
    std::vector<OdolStage> stages;
};

struct OdolSelection {
    std::string name;
    std::vector<uint16_t> faces;
    std::vector<uint16_t> vertices;
    std::vector<uint8_t> weights; ///< empty or one per vertex
    bool sectional = false;
    std::vector<uint32_t> sections;
};

struct OdolProxy {
    std::string path;
    std::array<Vec3, 4> rows{}; ///< orientation rows, then position
    int32_t id = 1;
    int32_t selection = -1;
    int32_t bone = -1;
    int32_t section = -1;
};

struct OdolLod {
    float resolution = 0;
    std::vector<OdolVertex> vertices;
    std::vector<std::vector<uint16_t>> faces;
    std::vector<uint32_t> faceTextures; ///< v7: per-face texture index (0xFFFF none)
    std::vector<std::string> textures;
    std::vector<OdolMaterial> materials; ///< v40 only
    std::vector<OdolSection> sections;
    std::vector<OdolSelection> selections;
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<OdolProxy> proxies;
    std::vector<int32_t> subSkeleton; ///< v40: LOD bone -> skeleton bone
    bool twoUvSets = false;           ///< v40: write UV set 1 too
    /** v40: UV sets after the written ones that store no values (count 0), as a hostile file
     *  claims them. */
    uint32_t emptyUvSets = 0;
    bool skinned = false; ///< v40: write vertexBoneRef
    std::vector<std::pair<float, std::vector<Vec3>>> frames;
};

struct OdolAnimation {
    uint32_t type = 1;
    std::string name, source;
    float minPhase = 0, maxPhase = 1, minValue = 0, maxValue = 1;
    std::vector<float> parameters; ///< 2 for rotation/translation
    int32_t bone = -1;
    Vec3 axisPosition{}, axisDirection{};
};

struct OdolModel {
    std::vector<OdolLod> lods;
    std::string skeletonName;
    std::vector<std::pair<std::string, std::string>> bones; ///< name, parent
    std::vector<OdolAnimation> animations;
    float mass = 0;
    std::string className, damage;
};

/** ODOL v40 (ArmA 1): WriteOdolV4x of OdolV4xWriter.h at version 40 with its Plain values. */
std::vector<uint8_t> WriteOdolV40(const OdolModel &model);
std::vector<uint8_t> WriteOdolV7(const OdolModel &model);

} // namespace agf::testgen::p3d
