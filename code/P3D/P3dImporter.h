/** @file P3dImporter.h
 *  Reading a whole P3D file into the parser's structs, and the signature check the importer
 *  (P3dImporter.cpp) and the tests share.
 */
#pragma once

#include "Common/Warnings.h"
#include "P3dFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::p3d {

/** What the first bytes of a file say it is. */
enum class Signature { None, Mlod, Odol, BareLod, Packed };

/** Recognises a P3D by its first four bytes (spec 1). */
Signature DetectSignature(const uint8_t *data, size_t size);

/** Parses a whole P3D file in memory (unpacking a whole-file-packed one first). Recoverable
 *  problems go to `warnings`; a file that cannot be read throws ImportError. The LODs are read
 *  on up to `threads` threads where they can be located first, with the same result. ODOL
 *  polygons and MLOD #UVSet# UV sets stay in `data`, which must outlive the model. */
Model ParseP3d(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
               unsigned threads = 1);

} // namespace agf::p3d
