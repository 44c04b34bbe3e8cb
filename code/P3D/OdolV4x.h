/** @file OdolV4x.h
 *  ODOL v41 to v75 (ArmA 2, ArmA 2 OA / DayZ mod, Arma 3): the layout of v40 grown field by
 *  field, following the delta table of specs/p3d.md section 5. v48, v50 and v73 are checked on
 *  real files; the other versions follow the table. Internal to the P3D folder.
 *
 *  Order in the file: header, ModelInfo, animations, LOD directory, LOD bodies located by the
 *  directory's offsets (OdolV4xModel.cpp); a LOD body (OdolV4xLod.cpp) ends with a sized block
 *  of per-vertex arrays (OdolV4xVertices.cpp); arrays are raw, LZSS (v < 44) or LZO (v >= 44),
 *  with a per-array flag from v64 (OdolV4xArrays.cpp).
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/Warnings.h"
#include "OdolArrays.h"
#include "P3dFileData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::p3d::odol4x {

constexpr uint32_t kFirstVersion = 41;
constexpr uint32_t kLastVersion = 75;
/** From v75 the header carries two u32 before appID; non-zero means the file is encrypted. */
constexpr uint32_t kEncryptionFieldsVersion = 75;

/** Which fields a version has (specs/p3d.md section 5). */
struct Layout {
    uint32_t version = 0;
    bool lzo() const { return version >= 44; }
    bool arrayFlag() const { return version >= 64; }
    bool packedVertices() const { return version >= 45; } ///< packed normals, quantised UVs, ST 8 B
    bool wideIndices() const { return version >= 69; }
    size_t indexSize() const { return wideIndices() ? 4 : 2; }
    bool clipFlagsInVertexBlock() const { return version >= 50; }
    bool faceArea() const { return version >= 51; }
    bool sectionExtras() const { return version >= 67; }
    bool lodTrailingU32() const { return version >= 67; }
    bool lodTrailingByte() const { return version >= 68; }
};

/** The LOD directory: where each body lies, and which LODs the engine keeps loaded. */
struct LodDirectory {
    std::vector<uint32_t> starts, ends;
    std::vector<bool> permanent;
    std::vector<int32_t> loadableFaceCounts; ///< from LoadableLodInfo, -1 for permanent LODs
};

/** Compressed array (spec 3.4) for this version: LZSS before v44, LZO from v44, a flag byte
 *  from v64. `elementSize` bytes per element; the count is checked against the bytes left.
 *  With `storage` the bytes go there instead of ArrayBytes::bytes. */
ArrayBytes ReadArray(BinaryReader &reader, const Layout &layout, size_t elementSize,
                     const char *what, const PayloadStorage &storage = {});

/** Reads past a compressed array the importer does not use: its stream is followed, not decoded
 *  (LzoSkip, or SkipCompressedArray before v44). The result has the count and no bytes. */
ArrayBytes SkipArray(BinaryReader &reader, const Layout &layout, size_t elementSize,
                     const char *what);

/** Condensed array (spec 3.5): count, default-fill flag, one element or a compressed payload
 *  (into `storage` when given; a default fill's element stays in ArrayBytes::bytes). */
ArrayBytes ReadCondensed(BinaryReader &reader, const Layout &layout, size_t elementSize,
                         const char *what, const PayloadStorage &storage = {});

/** Index arrays: u16 before v69, u32 from v69. */
std::vector<uint32_t> DecodeIndices(const ArrayBytes &array, const Layout &layout);

/** Reads ModelInfo (spec 4.2 with the section 5 growth) into `model`. Returns the offset the
 *  binarizer subtracted from every position: boundingCenter when autoCenter is set, else 0. */
Vec3 ReadModelInfo(BinaryReader &reader, const Layout &layout, size_t lodCount, Model &model);

/** Reads the LOD directory (spec 4.4). */
LodDirectory ReadLodDirectory(BinaryReader &reader, const Layout &layout, size_t lodCount);

/** Reads one LOD body from a reader spanning exactly that body. */
Lod ReadLodBody(BinaryReader &reader, const Layout &layout, size_t index, float resolution,
                const Model &model, Warnings &warnings);

/** The arrays of the sized per-vertex block at the end of a LOD body (fields 19 to 27). */
struct VertexBlock {
    ArrayBytes clipFlags;
    /** Undecoded until their counts are checked, but for the float UVs (before v45), whose
     *  stored values are read straight into `floatUvs`. */
    std::vector<ArrayBytes> uvArrays;
    std::vector<std::vector<std::array<float, 2>>> floatUvs;
    /** v45+: each set's minU, minV, maxU, maxV, which the i16 values are spread over. */
    std::vector<std::array<float, 4>> uvRanges;
    /** Their stored values are read into `points` and `normals` (float normals before v45) or
     *  `packedNormals` (from v45); a default fill stays in the ArrayBytes. */
    ArrayBytes positions, normals, tangents, boneRefs;
    std::vector<Vec3> points, normalVectors;
    std::vector<uint32_t> packedNormals;
};

/** Reads fields 20 to 27 (and the v50+ clip flags) after sizeOfRestData. */
VertexBlock ReadVertexBlock(BinaryReader &reader, const Layout &layout,
                            const std::string &structurePrefix);

/** Turns the vertex block into the LOD's positions, normals and UVs, checking every count
 *  against the position count. */
void FillVertices(const BinaryReader &reader, const Layout &layout, VertexBlock &block, Lod &lod);

} // namespace agf::p3d::odol4x

namespace agf::p3d {

/** Parses ODOL v41 to v75 (ParseOdol dispatches here), the LOD bodies on up to `threads`
 *  threads. Encrypted files and versions this layout does not describe fail with an ImportError
 *  naming the version. */
Model ParseOdolV4x(const uint8_t *data, size_t size, const std::string &fileName, uint32_t version,
                   Warnings &warnings, unsigned threads);

} // namespace agf::p3d
