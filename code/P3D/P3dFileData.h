/** @file P3dFileData.h
 *  Plain structs for Bohemia Interactive P3D models (MLOD, ODOL v7, ODOL v40), in the file's own
 *  terms: engine space (left-handed, Y up, metres), top-origin UVs, indices as stored. The
 *  converter (P3dConverter) turns them into Assimp's conventions. See specs/p3d.md.
 */
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace agf::p3d {

struct Vec3 {
    float x = 0, y = 0, z = 0;
};

/** Which family and version the model came from. */
enum class FileKind { Mlod, OdolV7, OdolV40 };

/** A named selection: MLOD points or ODOL render vertices, each with a weight, and faces. */
struct Selection {
    std::string name;
    std::vector<uint32_t> points;   ///< MLOD: point indices; ODOL: vertex indices
    std::vector<float> weights;     ///< one per entry of `points`, in (0, 1]
    std::vector<uint32_t> faces;    ///< face indices
    std::vector<uint32_t> sections; ///< ODOL: section indices of a sectional selection
    bool sectional = false;
};

/** A proxy: a reference to another model placed with a transform. */
struct Proxy {
    std::string path;     ///< virtual game path without ".p3d"
    int32_t instance = 0; ///< the NNN of "proxy:path.NNN", or ODOL sequence id
    /** Engine-space affine transform in row-vector form: rows 0-2 are the images of the X, Y
     *  and Z axes, row 3 the position (as ODOL stores it). */
    std::array<Vec3, 4> rows{};
    int32_t selectionIndex = -1;
    int32_t boneIndex = -1;
    int32_t sectionIndex = -1;
};

/** One polygon: 3 or 4 corners. MLOD corners index points (their normals are in
 *  Lod::faceNormals); ODOL v7 corners index render vertices, which carry their own normals. */
struct Face {
    uint8_t count = 0;
    std::array<uint32_t, 4> vertices{};
    uint32_t material = 0; ///< index into Lod::materials
    uint32_t flags = 0;
};

/** ODOL v40 to v75 polygons left where the file's bytes hold them: `count` records, each a
 *  corner count byte (3 or 4) and that many render vertex indices of `indexSize` bytes
 *  (little-endian), one after another. The parser has checked every record: the counts, and
 *  each index against the vertices. A face's material and flags are its section's. Unpacked,
 *  these were a 28-byte Face each, 11 MB for the ODOL benchmark's 396,000 faces; the records
 *  are 7 bytes and already in memory. They live as long as the
 *  bytes the model was parsed from (Model::unpackedBytes, or the caller's buffer). */
struct PackedFaces {
    const uint8_t *records = nullptr;
    size_t count = 0;
    uint8_t indexSize = 2;
};

/** The (u, v) pair at `index` of UV pairs laid out one after another, 8 bytes each in host
 *  byte order (UvSet::pairs); they need not be aligned. */
inline std::array<float, 2> LoadUv(const uint8_t *pairs, size_t index) {
    std::array<float, 2> uv;
    std::memcpy(uv.data(), pairs + 8 * index, sizeof uv);
    return uv;
}

/** The UV sets a LOD keeps: an aiMesh holds no more (Assimp's AI_MAX_NUMBER_OF_TEXTURECOORDS,
 *  which the converter checks), and every set kept costs a pair per vertex, however few bytes
 *  the file spent on it. */
constexpr size_t kMaxUvSets = 8;

/** One UV set: a (u, v) pair per MLOD face corner or ODOL vertex, top-origin. A parser that
 *  decodes the pairs gives them to the set; an MLOD #UVSet# tagg's pairs (two little-endian
 *  floats each, the decoded layout on a little-endian host) stay where the file's bytes hold
 *  them, as PackedFaces do, and live as long as those bytes. Copied, they were 8 bytes a
 *  corner written once and read once. */
class UvSet {
public:
    UvSet() = default;
    explicit UvSet(std::vector<std::array<float, 2>> pairs) : mOwned(std::move(pairs)) {}

    /** The `count` pairs at `bytes` in the file's byte order: borrowed on a little-endian host,
     *  decoded into the set on another. */
    static UvSet InFileBytes(const uint8_t *bytes, size_t count);

    size_t size() const { return mBorrowed != nullptr ? mBorrowedCount : mOwned.size(); }
    /** The pairs, for LoadUv: loops take this once rather than index the set per pair. */
    const uint8_t *pairs() const {
        return mBorrowed != nullptr ? mBorrowed : reinterpret_cast<const uint8_t *>(mOwned.data());
    }
    std::array<float, 2> operator[](size_t index) const { return LoadUv(pairs(), index); }

private:
    std::vector<std::array<float, 2>> mOwned;
    const uint8_t *mBorrowed = nullptr;
    size_t mBorrowedCount = 0;
};

/** A stage texture of an embedded (binarized) rvmat. */
struct StageTexture {
    uint32_t filter = 0;
    std::string texture;
    uint32_t transformIndex = 0;
    bool useWorldEnvMap = false;
};

/** A UV transform of an embedded rvmat: uv source and a 4x3 matrix (row-vector form). */
struct StageTransform {
    uint32_t uvSource = 0;
    std::array<float, 12> matrix{};
};

/** An rvmat baked into an ODOL LOD. Colours are RGBA. */
struct EmbeddedMaterial {
    std::string path;
    uint32_t version = 0;
    std::array<std::array<float, 4>, 6> colors{}; ///< emissive, ambient, diffuse, forcedDiffuse,
                                                  ///< specular, specular2
    float specularPower = 0;
    uint32_t pixelShader = 0, vertexShader = 0, mainLight = 0, fogMode = 0;
    std::string surface;
    uint32_t renderFlags = 0;
    std::vector<StageTexture> stages;
    std::vector<StageTransform> transforms;
    bool hasStageTI = false;
    StageTexture stageTI;
};

/** The (texture, material) pair a face uses. */
struct LodMaterial {
    std::string texture;   ///< verbatim, may be procedural ("#(argb,...)")
    std::string rvmat;     ///< verbatim path, may be empty
    int32_t embedded = -1; ///< ODOL: index into Lod::embeddedMaterials
};

/** ODOL section: a contiguous face range with texture, material and flags. */
struct Section {
    uint32_t firstFace = 0, endFace = 0; ///< face index range [firstFace, endFace)
    int32_t textureIndex = -1;
    int32_t materialIndex = -1;
    uint32_t faceFlags = 0;
    int32_t minBoneIndex = 0, bonesCount = 0;
    uint32_t material = 0; ///< v40 on: index into Lod::materials of the section's faces
};

/** One frame of a point cache (`#Animation#` or ODOL frames). */
struct Frame {
    float time = 0;
    std::vector<Vec3> positions;
};

/** A bone influence on a vertex: skeleton bone index and weight (0..1). */
struct Influence {
    uint32_t bone = 0;
    float weight = 0;
};

/** An ODOL animation class (model.cfg controller animation). */
struct AnimationClass {
    uint32_t type = 0; ///< 0-3 rotation, 4-7 translation, 8 direct, 9 hide
    std::string name;
    std::string source;
    float minPhase = 0, maxPhase = 0, minValue = 0, maxValue = 0;
    uint32_t sourceAddress = 0;
    std::vector<float> parameters; ///< angles, offsets, axis data or hide value
    int32_t bone = -1;             ///< skeleton bone it drives in the first LOD, or -1
    Vec3 axisPosition, axisDirection;
};

struct Lod {
    float resolution = 0;
    std::vector<Vec3> points; ///< MLOD points or ODOL render vertices
    std::vector<uint32_t> pointFlags;
    std::vector<Vec3> normals;
    /** MLOD and ODOL v7 faces; ODOL v40 on leaves them in packedFaces (P3dFaces.h visits either
     *  form). */
    std::vector<Face> faces;
    PackedFaces packedFaces;
    /** MLOD: the normal index of each face's corners (ODOL leaves it empty: its vertices carry
     *  their normals, and a second index per corner would be 16 bytes a face for nothing). */
    std::vector<std::array<uint32_t, 4>> faceNormals;
    /** UV sets. MLOD: one entry per face corner, corners numbered over the faces in order
     *  (face slots), set 0 first. ODOL: one entry per vertex. */
    std::vector<UvSet> uvSets;
    std::vector<uint32_t> uvSetIds; ///< the index each set has in the file
    uint32_t uvSetTaggCount = 0;    ///< MLOD: how many #UVSet# taggs the LOD has
    bool perVertex = false;         ///< ODOL layout: UVs and normals indexed like positions
    std::vector<LodMaterial> materials;
    std::vector<EmbeddedMaterial> embeddedMaterials;
    std::vector<Selection> selections;
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<float> mass;
    std::vector<std::pair<uint32_t, uint32_t>> sharpEdges;
    std::vector<Frame> frames;
    std::vector<Proxy> proxies;
    std::vector<Section> sections;
    /** ODOL skin: influences of vertex v are skin[skinStart[v] .. skinStart[v + 1]), bones are
     *  skeleton indices. Empty when the LOD is not skinned. */
    std::vector<uint32_t> skinStart;
    std::vector<Influence> skin;
    std::vector<uint32_t> vertexToPoint; ///< ODOL: original MLOD point of each vertex
    uint64_t fileOffset = 0;             ///< where the LOD starts in the file, for messages
};

struct Bone {
    std::string name;
    std::string parent; ///< "" for a root
};

/** A whole model. */
struct Model {
    FileKind kind = FileKind::Mlod;
    uint32_t version = 0;
    std::vector<Lod> lods;
    std::string skeletonName;
    bool skeletonDiscrete = false;
    std::vector<Bone> bones;
    std::vector<AnimationClass> animations;
    /** ModelInfo values kept as metadata, in file order (name, value as text). */
    std::vector<std::pair<std::string, std::string>> info;
    bool wasCompressed = false; ///< the whole file was LZSS-packed (old OFP)
    /** The unpacked bytes of such a file, which packed faces and MLOD UV sets point into;
     *  empty otherwise (they then point into the caller's buffer, which must outlive the
     *  model). */
    std::vector<uint8_t> unpackedBytes;
};

} // namespace agf::p3d
