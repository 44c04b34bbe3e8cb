/** @file StbImages.h
 *  Image files through Debian's stb_image (decoding TGA, BMP, PSD, GIF, PNG, JPEG...) and
 *  stb_image_write (PNG encoding of decoded textures).
 */
#pragma once

#include "Common/RgbaImage.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

/** True when stb_image recognises the bytes as an image it reads. */
bool StbRecognises(const uint8_t *data, size_t size);

/** Decodes to RGBA. Throws ImportError (naming `fileName`) when stb_image refuses the file or
 *  the image is larger than kMaxTextureSide on a side. */
RgbaImage StbDecode(const uint8_t *data, size_t size, const std::string &fileName);

/** The image as a PNG file; empty when encoding fails. */
std::vector<uint8_t> EncodePng(const RgbaImage &image);

/** True for the file signatures of PNG and JPEG, the two formats glTF embeds as they are. */
bool IsPngFile(const uint8_t *data, size_t size);
bool IsJpegFile(const uint8_t *data, size_t size);

} // namespace agf
