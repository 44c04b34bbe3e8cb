/** @file OdolV4xWriter.h
 *  Writes ODOL v41 to v73 test files (ArmA 2, ArmA 2 OA / DayZ mod, Arma 3) from the same
 *  descriptions as the v40 writer, field by field after specs/p3d.md sections 3 to 5, with our
 *  own LZO writer (LzoWriter.h). It is the reference the v4x reader is tested against; the real
 *  samples are the evidence that the layout matches the game.
 */
#pragma once

#include "P3dWriters.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::p3d {

struct OdolV4xOptions {
    uint32_t version = 73;
    /** How compressed arrays are stored. ByVersion: before v64 the 1024-byte rule; from v64
     *  LZO (flag 2) for arrays of 1024 bytes and more, raw (flag 0) below. AllLzo / AllRaw /
     *  Alternate only differ from ByVersion from v64, where the flag decides per array. */
    enum class Packing { ByVersion, AllLzo, AllRaw, Alternate } packing = Packing::ByVersion;
    /** autoCenter: positions are written minus this, and ModelInfo keeps it as boundingCenter,
     *  as the binarizer does. */
    Vec3 boundingCenter{0, 0, 0};
};

/** One committed test file: test_models/<relativePath>, the v40 file's skinned model
 *  (OdolV40SkinnedModel) written with `options`. */
struct OdolV4xVariant {
    std::string relativePath;
    std::string description;
    OdolV4xOptions options;
};
std::vector<OdolV4xVariant> OdolV4xVariants();

std::vector<uint8_t> WriteOdolV4x(const OdolModel &model, const OdolV4xOptions &options);

/** The i16 a UV coordinate is stored as in [low, high] (v45+). */
int16_t QuantiseUv(float value, float low, float high);

/** The packed u32 of a normal (v45+): 10:10:10 of -511 * n. */
uint32_t PackNormal(const Vec3 &normal);

} // namespace agf::testgen::p3d
