/** @file PsaWriter.cpp */
#include "PsaWriter.h"

#include "ActorXChunkWriter.h"
#include "ActorXChunks.h"
#include "ActorXRecords.h"

namespace agf::actorx {

namespace {

constexpr int32_t kUeViewerTypeFlag = 20100422;

void WriteBoneNames(const std::vector<PsaBone> &bones, ChunkWriter &out) {
    std::vector<int32_t> children(bones.size(), 0);
    for (size_t b = 1; b < bones.size(); ++b) {
        if (bones[b].parentIndex >= 0 && size_t(bones[b].parentIndex) < bones.size()) {
            ++children[size_t(bones[b].parentIndex)];
        }
    }
    out.begin("BONENAMES", kPsaBoneRecordSize, bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        out.name(bones[b].name, kNameFieldSize);
        out.u32(0);
        out.i32(children[b]);
        out.i32(bones[b].parentIndex);
        out.float4(bones[b].orientation);
        out.float3(bones[b].position);
        out.f32(1.0f);         // Length
        out.float3({1, 1, 1}); // Size: CUE4Parse puts the scale here
    }
}

} // namespace

std::vector<uint8_t> SerialisePsa(const DensePsa &psa) {
    ChunkWriter out;
    out.begin(kAnimMagic, 0, 0, kUeViewerTypeFlag);
    WriteBoneNames(psa.bones, out);
    out.begin("ANIMINFO", kPsaSequenceRecordSize, psa.sequences.size());
    for (const PsaSequence &sequence : psa.sequences) {
        out.name(sequence.name, kNameFieldSize);
        out.name("None", kNameFieldSize);
        out.i32(sequence.totalBones);
        out.i32(sequence.rootInclude);
        out.i32(0);                                           // KeyCompressionStyle
        out.i32(sequence.numRawFrames * sequence.totalBones); // KeyQuotum
        out.f32(1.0f);                                        // KeyReduction
        out.f32(static_cast<float>(sequence.numRawFrames));   // TrackTime: frames, as UEViewer
        out.f32(sequence.animRate);
        out.i32(0); // StartBone
        out.i32(sequence.firstRawFrame);
        out.i32(sequence.numRawFrames);
    }
    out.begin("ANIMKEYS", kPsaKeyRecordSize, psa.keys.size());
    for (const PsaKeyRecord &key : psa.keys) {
        out.float3(key.position);
        out.float4(key.orientation);
        out.f32(1.0f);
    }
    out.begin("SCALEKEYS", kPsaScaleKeyRecordSize, psa.scales.size());
    for (const PsaVector &scale : psa.scales) {
        out.float3(scale);
        out.f32(1.0f);
    }
    out.end();
    return out.take();
}

std::string PsaConfigText(const DensePsa &psa) {
    std::string text = "[AnimSet]\nbAnimRotationOnly=0\n\n[UseTranslationBoneNames]\n\n"
                       "[ForceMeshTranslationBoneNames]\n\n[RemoveTracks]\n";
    for (const PsaTrackRemoval &removal : psa.removals) {
        const char *what = removal.translation && removal.rotation ? "all"
                           : removal.translation                   ? "trans"
                                                                   : "rot";
        text += removal.sequence + "." + std::to_string(removal.bone) + "=" + what + "\n";
    }
    return text;
}

std::vector<uint8_t> SerialisePsax(const PsaxFile &psax) {
    ChunkWriter out;
    out.begin(kSparseAnimMagic, 0, 0);
    WriteBoneNames(psax.bones, out);
    out.begin("SEQUENCES", kPsaxSequenceRecordSize, psax.sequences.size());
    for (const PsaxSequence &sequence : psax.sequences) {
        out.name(sequence.name, kNameFieldSize);
        out.f32(sequence.fps);
        out.i32(sequence.additive);
    }
    for (const auto &[id, track] : psax.tracks) {
        const std::string suffix = std::to_string(id.first) + ":" + std::to_string(id.second);
        out.begin("POSTRACK" + suffix, kPsaxVectorTrackRecordSize, track.positions.size());
        for (const PsaxVectorKey &key : track.positions) {
            out.f32(key.time);
            out.float3(key.value);
        }
        out.begin("SCLTRACK" + suffix, kPsaxVectorTrackRecordSize, track.scales.size());
        for (const PsaxVectorKey &key : track.scales) {
            out.f32(key.time);
            out.float3(key.value);
        }
        out.begin("ROTTRACK" + suffix, kPsaxRotationTrackRecordSize, track.rotations.size());
        for (const PsaxRotationKey &key : track.rotations) {
            out.f32(key.time);
            out.float4(key.value);
        }
    }
    out.end();
    return out.take();
}

} // namespace agf::actorx
