/** @file OdolParser.h
 *  Parser for binarized P3D files: ODOL v7 (Operation Flashpoint, specs/p3d.md section 6) and
 *  v40 to v75 (ArmA 1 to Arma 3, sections 4 and 5, OdolV4x.h), and the records they share. v7,
 *  v48, v50 and v73 are checked against real files (DEVELOPERS.md, "P3D notes"); v40 follows
 *  the spec and our generated files only.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/Warnings.h"
#include "OdolArrays.h"
#include "P3dFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::p3d {

/** Parses an ODOL file of version 7 or 40 to 75; other versions, and encrypted files, throw an
 *  ImportError that names the version and why. The LOD bodies of v40 to v75, which the LOD
 *  directory locates, are read on up to `threads` threads; the model and the warnings do not
 *  depend on the count. */
Model ParseOdol(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
                unsigned threads = 1);

/** ODOL v7, which ParseOdol dispatches here (v40 to v75: ParseOdolV4x, OdolV4x.h). */
Model ParseOdolV7(const uint8_t *data, size_t size, const std::string &fileName,
                  Warnings &warnings);

namespace odol {

/** A polygon list (every ODOL version): corners index render vertices. v7's are read into
 *  `faces`; v40 on are left in the file's bytes (`packed`, see PackedFaces). */
struct Polygons {
    std::vector<Face> faces;
    PackedFaces packed;
    /** Sections give face ranges as byte offsets into the engine's face memory (spec 4.7),
     *  where a face of n corners takes (1 + n) units of `offsetUnit` bytes (v40 on: the index
     *  size; v7: 2); `endOffset` is the total. */
    uint32_t offsetUnit = 0;
    uint32_t endOffset = 0;
    /** The largest corner index of the faces, which every reader of a polygon list keeps, so
     *  that RequireFaceIndices compares once instead of passing over every corner again. */
    uint32_t largestIndex = 0;

    size_t count() const { return faces.size() + packed.count; }
    uint32_t faceOffsetBytes(uint8_t corners) const { return offsetUnit * (1u + corners); }
};

/** Checks a polygon list whose corner indices are `indexSize` bytes (2, or 4 from v69) and
 *  leaves its records in the reader's buffer (Polygons::packed). A polygon of other than 3 or
 *  4 corners throws ImportError; an allocation size that disagrees with the faces read is a
 *  warning. */
Polygons ReadPolygons(BinaryReader &reader, size_t indexSize, Warnings &warnings);

/** Fills the LOD's skin from vertexBoneRef and the LOD-to-skeleton bone map (spec 4.9; v40
 *  and later). A LOD without local bones stays unskinned. */
void FillSkin(const BinaryReader &reader, const ArrayBytes &boneRefs,
              const std::vector<int32_t> &subToSkeleton, size_t skeletonBones, Lod &lod);

/** Checks polygon corners against the vertex count; throws ImportError naming the face. */
void RequireFaceIndices(const BinaryReader &reader, const Polygons &polygons, size_t vertexCount,
                        uint64_t offset);

/** Maps section byte ranges to face ranges. Sections must partition the faces contiguously in
 *  order; otherwise ImportError (strict) or false with a warning (lenient, v7). */
bool MapSections(const BinaryReader &reader, const Polygons &polygons,
                 std::vector<Section> &sections,
                 const std::vector<std::pair<uint32_t, uint32_t>> &byteRanges, uint64_t offset,
                 bool strict, Warnings &warnings);

/** Gives every section of `lod` (v40 on) its material, which its packed faces take: one
 *  LodMaterial per distinct texture, material path and embedded material, in order of first
 *  use (`textures` and `inlineNames` are the LOD's texture names and each section's inline
 *  material name). Faces of a LOD without sections share one default material, index 0. */
void AssignMaterials(Lod &lod, const std::vector<std::string> &textures,
                     const std::vector<std::string> &inlineNames);

/** Fills `selection` from its decoded face and vertex indices and its weight array, dropping
 *  indices out of range with a warning. The caller decodes the indices: 16-bit before v69,
 *  16- or 32-bit after (odol4x::DecodeIndices). */
void FillSelection(const BinaryReader &reader, Selection &selection,
                   const std::vector<uint32_t> &faceIndices,
                   const std::vector<uint32_t> &vertexIndices, const ArrayBytes &weights,
                   size_t faceCount, size_t vertexCount, Warnings &warnings);

/** Reads a LOD's named properties and animation frames, laid out alike in every version.
 *  `structurePrefix` ("LOD 3 ") names the LOD in error messages. Counts are signed: a negative
 *  or oversized one throws ImportError before anything is allocated. */
void ReadPropertiesAndFrames(BinaryReader &reader, Lod &lod, const std::string &structurePrefix);

/** Reads the 48-byte proxy matrix (three orientation rows and the position). */
std::array<Vec3, 4> ReadMatrix43(BinaryReader &reader);

/** A LOD's proxy list (v40 and later): path, 4x3 matrix, instance, selection, skeleton bone and
 *  section indices. */
std::vector<Proxy> ReadProxies(BinaryReader &reader);

/** A LOD's sub-skeleton-to-skeleton bone map (v40 and later); the reverse map that follows is
 *  skipped. */
std::vector<int32_t> ReadSubSkeletonMap(BinaryReader &reader);

/** Reads an embedded rvmat (spec 4.6; v40 and later). A material version above 11 throws
 *  ImportError: no layout of its fields is described. */
EmbeddedMaterial ReadEmbeddedMaterial(BinaryReader &reader);

/** Reads the animation classes and their bone maps (spec 4.3; v40 and later). A class takes
 *  its bone and axis from the first LOD that maps it to a bone. */
void ReadAnimations(BinaryReader &reader, uint32_t version, size_t lodCount, Model &model,
                    Warnings &warnings);

/** Text for ModelInfo metadata. */
std::string ToText(const Vec3 &v);

} // namespace odol

} // namespace agf::p3d
