/** @file DxtBlocks.h
 *  S3TC (DXT1 to DXT5, BC1 to BC3) blocks to RGBA, for PAA and DDS textures. The block decoding
 *  itself is Debian's libsquish (`squish::Decompress`): a maintained implementation of the
 *  standard rules (DXT1's three-colour mode with transparent black when c0 <= c1; four colours
 *  in DXT3/DXT5 colour blocks), which is what specs/paa.md section 7 asks for.
 */
#pragma once

#include "Common/RgbaImage.h"

#include <cstddef>
#include <cstdint>

namespace agf {

/** The block layouts. DXT2 and DXT4 (premultiplied alpha) decode like DXT3 and DXT5, as every
 *  PAA reader does; their colours are not divided by alpha (specs/paa.md 7.2, 7.3). */
enum class DxtKind { Dxt1, Dxt3, Dxt5 };

/** Bytes of the blocks of a width x height image: ceil(w/4) * ceil(h/4) * 8 (DXT1) or 16. */
uint64_t DxtImageBytes(DxtKind kind, uint32_t width, uint32_t height);

/** Decodes width x height pixels from `blocks`, which must hold DxtImageBytes(kind, width,
 *  height) bytes (the caller checks that against the file). Blocks that overhang the right or
 *  bottom edge are clipped. */
RgbaImage DecodeDxt(DxtKind kind, uint32_t width, uint32_t height, const uint8_t *blocks);

} // namespace agf
