/** @file OdolV4xWriter.h
 *  Writes ODOL v40 to v75 test files (ArmA 1, ArmA 2, ArmA 2 OA / DayZ mod, Arma 3) from the
 *  model descriptions of P3dWriters.h: one writer whose records grow by version, field by field
 *  after specs/p3d.md sections 3 to 5, with our own LZO writer (LzoWriter.h). It is the
 *  reference the v40 to v75 reader is tested against; the real samples are the evidence that
 *  the layout matches the game.
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
    /** The values of the fields the importer only reports or skips, and which LODs are
     *  permanent. Observed: as the real ArmA 2 and Arma 3 files have them (sbSource and
     *  preferShadowVolume 1, areaOverTex 1 and -1000, LOD bounds left zero), with two masses,
     *  an inline material path and only LOD 0 loadable, so that those paths are read. Plain: as
     *  the v40 file is written (zeros, the LOD's own bounds, areaOverTex 1 and 1000, no masses,
     *  empty inline material names, every LOD loadable). */
    enum class Values { Observed, Plain } values = Values::Observed;
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
