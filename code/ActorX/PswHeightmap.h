/** @file PswHeightmap.h
 *  Decoding a landscape heightmap PNG into normalised samples.
 *
 *  Ada's world exporter writes each heightmap as a PNG whose channels all hold the same value
 *  (Unreal's 16-bit height, high byte in R and low byte in G, turned into a fraction in [0, 1])
 *  as 16-bit RGBA. Decoding goes through code/Common's stb_image (StbImages.h), with its limit
 *  of kMaxTextureSide pixels a side.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::psw {

struct Heightmap {
    int width = 0;
    int height = 0;
    std::vector<uint16_t> samples; ///< row-major, row 0 at the top of the image

    /** The sample at (x, y) as a fraction in [0, 1]; coordinates are clamped to the image. */
    float valueAt(int64_t x, int64_t y) const;
};

/** Decodes a PNG (8 or 16 bits, any colour type) to one channel: grey, or the luminance of RGB
 *  (which equals the channel value when R = G = B). Throws ImportError naming `fileName` when
 *  the bytes are not a PNG it can decode, ImportLimitError for one larger than kMaxTextureSide
 *  on a side. */
Heightmap DecodeHeightmapPng(const std::vector<uint8_t> &bytes, const std::string &fileName);

} // namespace agf::psw
