/** @file ActorXRecords.h
 *  The on-disk record sizes of every ActorX chunk we read or write (specs/actorx.md, sections 2,
 *  4 and 6), shared by the parsers and the writers so that each layout is written down once.
 */
#pragma once

#include <cstddef>
#include <cstdint>

namespace agf::actorx {

/** Every fixed-size name field (bones, materials, morphs, sockets, sequences). */
constexpr size_t kNameFieldSize = 64;
/** The longest name our writers store: one byte short of the field, so that every name ends in
 *  a NUL (readers written in C expect one). */
constexpr size_t kMaxNameBytes = kNameFieldSize - 1;

// ---- PSK / PSKX ----
constexpr size_t kPointRecordSize = 12;         ///< PNTS0000: float3
constexpr size_t kWedgeRecordSize = 16;         ///< VTXW0000: point, u, v, material, pad
constexpr size_t kFace16RecordSize = 12;        ///< FACE0000: uint16 wedges[3], mat, aux, smooth
constexpr size_t kFace32RecordSize = 18;        ///< FACE3200: uint32 wedges[3], mat, aux, smooth
constexpr size_t kMaterialRecordSize = 88;      ///< MATT0000
constexpr size_t kBoneRecordSize = 120;         ///< REFSKELT and BONENAMES
constexpr size_t kWeightRecordSize = 12;        ///< RAWWEIGHTS: weight, point, bone
constexpr size_t kColorRecordSize = 4;          ///< VERTEXCOLOR: 4 bytes per wedge
constexpr size_t kUvRecordSize = 8;             ///< EXTRAUVS<n>: u, v per wedge
constexpr size_t kNormalRecordSize = 12;        ///< VTXNORMS: float3 per point
constexpr size_t kMorphInfoRecordSize = 68;     ///< MRPHINFO: name, vertex count
constexpr size_t kMorphDataRecordSize = 28;     ///< MRPHDATA: delta, normal delta, point
constexpr size_t kMorphTargetRecordSize = 16;   ///< MORPHTARGET<n>: wedge, position
constexpr size_t kSocketRecordSize = 164;       ///< SKELSOCK (whatever the header says)
constexpr size_t kPhysicsRecordSize = 101;      ///< PHYSICS0 (speculative)
constexpr size_t kShapeElementRecordSize = 108; ///< SHAPEELEMS (speculative)
/** Writers use FACE0000 up to this many wedges and FACE3200 above (specs 2.2). */
constexpr size_t kMaxWedgesFor16BitFaces = 65536;

// ---- PSA ----
constexpr size_t kPsaSequenceRecordSize = 168;         ///< ANIMINFO
constexpr size_t kPsaKeyRecordSize = 32;               ///< ANIMKEYS: position, quaternion, time
constexpr size_t kPsaScaleKeyRecordSize = 16;          ///< SCALEKEYS: scale, time
constexpr size_t kPsaBoneRecordSize = kBoneRecordSize; ///< BONENAMES

// ---- PSAX ----
constexpr size_t kPsaxSequenceRecordSize = 72;      ///< SEQUENCES: name, fps, int32 additive
constexpr size_t kPsaxVectorTrackRecordSize = 16;   ///< POSTRACK / SCLTRACK: time, float3
constexpr size_t kPsaxRotationTrackRecordSize = 20; ///< ROTTRACK: time, quaternion

} // namespace agf::actorx
