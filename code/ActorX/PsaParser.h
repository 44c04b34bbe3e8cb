/** @file PsaParser.h
 *  Bytes of a PSA (ANIMHEAD) or PSAX (ANIXHEAD) file to the plain structs of PsaFileData.h.
 *
 *  The chunks are found by ActorXChunks' walker. Counts are checked against the bytes before
 *  anything is allocated. Damage that leaves usable data (a key count shorter than the
 *  sequences need, a partial SCALEKEYS, a track with a bad suffix) becomes a warning in the
 *  result; anything else throws ImportError naming the file, chunk and byte offset.
 */
#pragma once

#include "ActorXChunks.h"
#include "PsaFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::actorx {

/** Size of an ANIMINFO record. */
constexpr size_t kPsaSequenceRecordSize = 168;
/** Size of an ANIMKEYS record. */
constexpr size_t kPsaKeyRecordSize = 32;
/** Size of a SCALEKEYS record. */
constexpr size_t kPsaScaleKeyRecordSize = 16;
/** Size of a BONENAMES record (the REFSKELT layout). */
constexpr size_t kPsaBoneRecordSize = 120;

/** True when the data starts with an ANIMHEAD chunk. */
bool IsPsa(const uint8_t *data, size_t size);
/** True when the data starts with an ANIXHEAD chunk. */
bool IsPsax(const uint8_t *data, size_t size);

/** Reads the BONENAMES chunk shared by PSA and PSAX. At least one bone is required. */
std::vector<PsaBone> ParsePsaBoneNames(const ChunkList &chunks, const std::string &fileName);

/** Parses a standard PSA. */
PsaFile ParsePsa(const uint8_t *data, size_t size, const std::string &fileName);

/** Parses a sparse PSAX. */
PsaxFile ParsePsax(const uint8_t *data, size_t size, const std::string &fileName);

/** Parses a track id suffix "<sequence>:<bone>" (decimal, nothing else). */
bool ParseTrackSuffix(const std::string &suffix, uint32_t &sequence, uint32_t &bone);

/** Reads a float3 record field (x, y, z), shared by the PSA and PSAX parsers. */
PsaVector ReadVector(BinaryReader &reader);

/** Reads a quaternion stored as (x, y, z, w). */
PsaQuaternion ReadQuaternion(BinaryReader &reader);

} // namespace agf::actorx
