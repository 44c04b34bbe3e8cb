/** @file PaaParser.h
 *  Reads a PAA/PAC texture (specs/paa.md): the header walk (type tag, TAGGs, palette, level
 *  records) and the decoding of one level to RGBA. Every read is bounds-checked; problems that
 *  make the largest level unreadable throw ImportError naming the file, the structure and the
 *  byte offset; damage after it (a later level, the trailer) is a warning.
 *
 *  Not read: untagged OFP palette (P8) files, which no sample shows (specs/paa.md 2.2, 13).
 */
#pragma once

#include "Common/RgbaImage.h"
#include "Common/Warnings.h"
#include "PaaFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::paa {

/** True when the bytes start with a known type tag followed by a TAGG or a palette count. */
bool LooksLikePaa(const uint8_t *data, size_t size);

/** Walks the header and the level records. Throws ImportError when the type tag is unknown,
 *  when the first level is missing or damaged, larger than kMaxTextureSide on a side, or when
 *  its stored data runs past the end of the file. */
PaaFile ParsePaa(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings);

/** Decodes level `levelIndex` of a parsed file to RGBA: unpacks LZO (DXT) or LZSS (the 16- and
 *  32-bit formats), then converts the pixels. With `unswizzle`, a ZIWS swizzle is undone
 *  (normal maps then hold the normal in R, G, B, as glTF expects); without, the stored
 *  channels are returned, as the engine samples them. */
RgbaImage DecodePaaLevel(const uint8_t *data, size_t size, const std::string &fileName,
                         const PaaFile &file, size_t levelIndex, bool unswizzle);

/** ParsePaa, then DecodePaaLevel of the largest level, un-swizzled. */
RgbaImage DecodePaa(const uint8_t *data, size_t size, const std::string &fileName,
                    Warnings &warnings);

} // namespace agf::paa
