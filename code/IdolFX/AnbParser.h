/** @file AnbParser.h
 *  Reads an Idol FX ANB vertex-morph animation into AnbFile.
 */
#pragma once

#include "Common/Warnings.h"

#include "IdolFxFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::idolfx {

/** Parses a whole ANB file: per-submesh counts (never one global set), separate position and
 *  UV indexing, then frame-major morph frames with each submesh's own vertex count. Throws
 *  ImportError on bad counts, indices past their arrays and truncation. */
AnbFile ParseAnb(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings);

/** The signature check behind CanRead: walks the per-submesh counts without reading the data
 *  and requires the layout to account for the file size exactly. */
bool LooksLikeAnb(const uint8_t *data, size_t size);

} // namespace agf::idolfx
