/** @file DdsDecoder.h
 *  DirectDraw Surface textures: the largest image of a DXT1-5 (FourCC) or uncompressed
 *  16/24/32-bit RGB(A) file. DXT blocks go through DxtBlocks.h, as PAA's do. Not read: the DX10
 *  header (BC4 and later), cube maps and volume textures beyond their first face or slice.
 */
#pragma once

#include "Common/RgbaImage.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf {

/** "DDS " at byte 0. */
bool IsDdsFile(const uint8_t *data, size_t size);

/** Throws ImportError naming the file, the structure and the byte offset when the file is
 *  not one of the kinds above, is larger than kMaxTextureSide on a side, or its pixel data
 *  runs past the end. */
RgbaImage DecodeDds(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace agf
