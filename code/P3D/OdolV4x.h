/** @file OdolV4x.h
 *  ODOL v40 to v75 (ArmA 1, ArmA 2, ArmA 2 OA / DayZ mod, Arma 3): the "4x" layout family of
 *  specs/p3d.md sections 4 and 5, one reader for every version. Each record reader takes the
 *  Layout and reads a field only from the version that added it, so the version gates stand
 *  where the layouts differ and nowhere else. v48, v50 and v73 are checked on real files; v40
 *  and the other versions follow the spec's tables and our generated files. Internal to the
 *  P3D folder.
 *
 *  Order in the file: header, ModelInfo, animations, LOD directory (OdolV4xModel.cpp), LOD
 *  bodies located by the directory's offsets (OdolV4xParser.cpp); a LOD body (OdolV4xLod.cpp)
 *  ends with a sized block of per-vertex arrays (OdolV4xVertices.cpp). Arrays are raw or
 *  compressed by the version's ArrayCoding (OdolArrays.h).
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

constexpr uint32_t kFirstVersion = 40;
constexpr uint32_t kLastVersion = 75;
/** From v75 the header carries two u32 before appID; non-zero means the file is encrypted. */
constexpr uint32_t kEncryptionFieldsVersion = 75;

/** The gates that more than one record reader asks (specs/p3d.md section 5); a field that
 *  only one record has is gated where that record reads it. */
struct Layout {
    uint32_t version = 0;
    bool lzo() const { return version >= 44; }
    bool arrayFlag() const { return version >= 64; }
    ArrayCoding arrays() const { return ArrayCoding{lzo(), arrayFlag()}; }
    bool packedVertices() const { return version >= 45; } ///< packed normals, quantised UVs, ST 8 B
    bool wideIndices() const { return version >= 69; }
    size_t indexSize() const { return wideIndices() ? 4 : 2; }
    bool clipFlagsInVertexBlock() const { return version >= 50; }
    bool faceArea() const { return version >= 51; } ///< in the LOD body and LoadableLodInfo
    bool lodTrailingU32() const { return version >= 67; }
};

/** The LOD directory: where each body lies, and which LODs the engine keeps loaded. */
struct LodDirectory {
    uint64_t offset = 0; ///< of the first lodStart, for messages
    std::vector<uint32_t> starts, ends;
    std::vector<bool> permanent;
    std::vector<int32_t> loadableFaceCounts; ///< from LoadableLodInfo, -1 for permanent LODs
};

/** Compressed array (spec 3.4) stored by this version's rule. `elementSize` bytes per element;
 *  the count is checked against the bytes left. With `storage` the bytes go there instead of
 *  ArrayBytes::bytes. */
inline ArrayBytes ReadArray(BinaryReader &reader, const Layout &layout, size_t elementSize,
                            const char *what, const PayloadStorage &storage = {}) {
    return ReadCompressedArray(reader, elementSize, what, storage, layout.arrays());
}

/** Reads past a compressed array the importer does not use: its stream is followed, not
 *  decoded. The result has the count and no bytes. */
inline ArrayBytes SkipArray(BinaryReader &reader, const Layout &layout, size_t elementSize,
                            const char *what) {
    return SkipCompressedArray(reader, elementSize, what, layout.arrays());
}

/** Condensed array (spec 3.5): count, default-fill flag, one element or a compressed payload
 *  (into `storage` when given; a default fill's element stays in ArrayBytes::bytes). */
inline ArrayBytes ReadCondensed(BinaryReader &reader, const Layout &layout, size_t elementSize,
                                const char *what, const PayloadStorage &storage = {}) {
    return ReadCondensedArray(reader, elementSize, what, storage, layout.arrays());
}

/** Reads past a condensed array the importer does not use, without decoding it. */
inline void SkipCondensed(BinaryReader &reader, const Layout &layout, size_t elementSize,
                          const char *what) {
    SkipCondensedArray(reader, elementSize, what, layout.arrays());
}

/** Index arrays: u16 before v69, u32 from v69. */
inline std::vector<uint32_t> DecodeIndices(const ArrayBytes &array, const Layout &layout) {
    return layout.wideIndices() ? DecodeU32(array) : DecodeU16AsIndices(array);
}

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
    /** The clip flags, v50 on (the LOD head has them before); their stored values are read
     *  into `clipFlagValues`, a default fill stays in the ArrayBytes. */
    ArrayBytes clipFlags;
    std::vector<uint32_t> clipFlagValues;
    /** Undecoded until their counts are checked, but for the float UVs (before v45), whose
     *  stored values are read straight into `floatUvs`. */
    std::vector<ArrayBytes> uvArrays;
    std::vector<std::vector<std::array<float, 2>>> floatUvs;
    /** v45+: each set's minU, minV, maxU, maxV, which the i16 values are spread over. */
    std::vector<std::array<float, 4>> uvRanges;
    /** The sets after the first kMaxUvSets, read past: a set of no values costs the file 5
     *  bytes (21 from v45) and would cost the LOD a pair per vertex. */
    size_t uvSetsLeftOut = 0;
    uint64_t firstSetLeftOut = 0; ///< its offset
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

/** Parses ODOL v40 to v75 (ParseOdol dispatches here), the LOD bodies on up to `threads`
 *  threads. Encrypted files fail with an ImportError naming the version. */
Model ParseOdolV4x(const uint8_t *data, size_t size, const std::string &fileName, uint32_t version,
                   Warnings &warnings, unsigned threads);

} // namespace agf::p3d
