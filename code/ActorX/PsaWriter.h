/** @file PsaWriter.h
 *  PSA and PSAX contents in the file's terms, and their bytes (specs/actorx.md, sections 4 and
 *  6; record sizes from ActorXRecords.h).
 *
 *  PSA: ANIMHEAD (TypeFlag 20100422, UEViewer's), BONENAMES, ANIMINFO, ANIMKEYS, SCALEKEYS
 *  (always present, as UEViewer writes it: empty when no scale differs from 1, else one record
 *  per key, since the UE3 importer expects the chunk for TypeFlags from 20090127 on).
 *  PSAX: ANIXHEAD, BONENAMES, SEQUENCES (72-byte records), then per sequence and bone
 *  POSTRACK<s>:<b>, SCLTRACK<s>:<b>, ROTTRACK<s>:<b>.
 */
#pragma once

#include "PsaConfig.h"
#include "PsaFileData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::actorx {

/** One ANIMKEYS record (the Time field is written as 1, as every known writer does). */
struct PsaKeyRecord {
    PsaVector position;
    PsaQuaternion orientation; ///< as stored: bone 0 as is, other bones conjugated
};

/** A dense PSA to write. */
struct DensePsa {
    std::vector<PsaBone> bones;
    std::vector<PsaSequence> sequences; ///< FirstRawFrame cumulative
    std::vector<PsaKeyRecord> keys;     ///< sequence by sequence, frame by frame, bone by bone
    std::vector<PsaVector> scales;      ///< empty, or one per key
    /** Tracks the scene does not animate: the UEViewer .config [RemoveTracks] entries. */
    std::vector<PsaTrackRemoval> removals;
};

std::vector<uint8_t> SerialisePsa(const DensePsa &psa);

/** The UEViewer-style .config for `psa`: [AnimSet] bAnimRotationOnly=0, the empty
 *  [UseTranslationBoneNames] and [ForceMeshTranslationBoneNames] sections, and [RemoveTracks]
 *  with one "<Sequence>.<bone>=trans|rot|all" line per removal. */
std::string PsaConfigText(const DensePsa &psa);

/** A sparse PSAX to write: PsaxFile as the parser fills it (times are frame numbers). */
std::vector<uint8_t> SerialisePsax(const PsaxFile &psax);

} // namespace agf::actorx
