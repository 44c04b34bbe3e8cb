/** @file RgbaImage.h
 *  A decoded image as texture decoders hand it on: 8-bit R, G, B, A per pixel, rows top to
 *  bottom. Plain data, no Assimp types, so that format folders (PAA) can produce it.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace agf {

/** The largest side a decoded texture may have; anything bigger is refused (1 GiB of RGBA). */
constexpr uint32_t kMaxTextureSide = 16384;

struct RgbaImage {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> pixels; ///< width * height * 4 bytes: R, G, B, A

    /** True when some pixel is not fully opaque. */
    bool hasAlpha() const {
        for (size_t i = 3; i < pixels.size(); i += 4) {
            if (pixels[i] != 255) {
                return true;
            }
        }
        return false;
    }

    /** True when every alpha is 0 or 255 (cut-outs rather than blending). */
    bool alphaIsBinary() const {
        for (size_t i = 3; i < pixels.size(); i += 4) {
            if (pixels[i] != 0 && pixels[i] != 255) {
                return false;
            }
        }
        return true;
    }
};

} // namespace agf
