/** @file MlodParser.h
 *  Parser for editable P3D files (MLOD with P3DM or SP3X LODs, and bare P3DM / SP3X LODs),
 *  specs/p3d.md section 2.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/Warnings.h"
#include "P3dFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::p3d {

/** MLOD LODs are read on several threads only when they average this size or more. Their
 *  bounds are found by a walk over the file before they can be read apart, and the walk is
 *  dear next to the read: 2.2-2.5 ms of the 10-LOD benchmark file (1.4 MB a LOD, the walk being
 *  the first to touch the file's pages), whose whole read takes 4.6 ms on one thread. Measured,
 *  the read of 10-LOD files on two threads against one: 20-27% slower at 1.4 to 5.5 MB a LOD,
 *  14% faster at 12 MB. */
constexpr size_t kMinimumMlodLodBytesForThreads = size_t(8) << 20;

/** Parses an MLOD file, or a file that is one bare P3DM / SP3X LOD. Damage in a LOD after the
 *  first keeps the LODs before it and records a warning; damage in the first LOD, or a file that
 *  is not MLOD, throws ImportError. Recoverable problems go to `warnings`. The LODs are read on
 *  up to `threads` threads when they average `minimumLodBytesForThreads` or more and can be
 *  located first; the model and the warnings do not depend on the count. The model's #UVSet#
 *  UV sets point into `data` (UvSet), which must outlive it. */
Model ParseMlod(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
                unsigned threads = 1,
                size_t minimumLodBytesForThreads = kMinimumMlodLodBytesForThreads);

/** Reads one P3DM or SP3X LOD from the reader's position (MlodParser.cpp); ParseMlod
 *  (MlodModel.cpp) calls it for each LOD. The LOD reader keeps a file of its own: with the
 *  model's threading code in the same file, GCC -O3 inlined less of it (1.3% more instructions
 *  on the 10-LOD benchmark input); apart, it compiles to the same count as before. */
Lod ParseMlodLod(BinaryReader &reader, Warnings &warnings, size_t lodIndex);

/** The layout sizes both files need (spec 2). */
namespace mlod {
constexpr size_t kPointRecordSize = 16;
constexpr size_t kNormalRecordSize = 12;
constexpr size_t kSlotCount = 4;
constexpr size_t kSlotSize = 16;
/** A P3DM face without its two strings: nVerts, slots, flags. */
constexpr size_t kP3dmFaceRecordSize = 4 + kSlotCount * kSlotSize + 4;
// Smallest face records: P3DM nVerts + slots + flags + two empty strings; SP3X adds char[32].
constexpr size_t kMinP3dmFaceSize = kP3dmFaceRecordSize + 2;
constexpr size_t kSp3xFaceSize = 32 + 4 + kSlotCount * kSlotSize + 4;
constexpr size_t kSp3xTaggNameSize = 64;
// The old SP3X files end with a default path field after the last LOD.
constexpr size_t kSp3xDefaultPathSize = 32;
} // namespace mlod

/** Splits a proxy selection name "proxy:<path>.<NNN>" into path and instance number. Returns
 *  false when `name` is not a proxy selection. */
bool SplitProxyName(const std::string &name, std::string &path, int32_t &instance);

} // namespace agf::p3d
