/** @file ImageDecoding.h
 *  Decoding the images the tests read back (screenshots, extracted textures) with the library's
 *  stb_image setup (code/Common/StbImages.h).
 */
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace agf::test {

struct DecodedImage {
    int width = 0; ///< 0 when the file could not be decoded
    int height = 0;
    std::vector<uint8_t> rgba; ///< rows from the top, 4 bytes per pixel
};

/** Any format stb_image reads (PNG, TGA, BMP, JPEG...), as RGBA; at most kMaxTextureSide a
 *  side. */
DecodedImage DecodeImageFile(const std::filesystem::path &path);

} // namespace agf::test
