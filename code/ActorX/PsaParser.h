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
#include "ActorXRecords.h"
#include "Common/Warnings.h"
#include "PsaFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::actorx {

/** True when the data starts with an ANIMHEAD chunk. */
bool IsPsa(const uint8_t *data, size_t size);
/** True when the data starts with an ANIXHEAD chunk. */
bool IsPsax(const uint8_t *data, size_t size);

/** Reads the BONENAMES chunk shared by PSA and PSAX. At least one bone is required. */
std::vector<PsaBone> ParsePsaBoneNames(const ChunkList &chunks, const std::string &fileName);

/** Parses a standard PSA; recoverable problems go to `warnings`. */
PsaFile ParsePsa(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings);

/** The fewest keys a thread is given when a PSA or PSAX is split over threads (Parallel.h):
 *  below that, starting the thread costs more than it saves, so small files are read and
 *  converted on the calling thread. */
constexpr uint64_t kPsaMinimumKeysPerThread = 32768;

/** Parses a sparse PSAX; recoverable problems go to `warnings`. Every chunk is checked on the
 *  calling thread; then the track keys are read by up to `threads` threads. */
PsaxFile ParsePsax(const uint8_t *data, size_t size, const std::string &fileName,
                   Warnings &warnings, unsigned threads);

/** Parses a track id suffix "<sequence>:<bone>" (decimal, nothing else). */
bool ParseTrackSuffix(const std::string &suffix, uint32_t &sequence, uint32_t &bone);

} // namespace agf::actorx
