/** @file StbImages.h
 *  Image files through Debian's stb_image and stb_image_write, set up once for everything that
 *  decodes or writes an image: the texture pass (StbRecognises, StbDecode, EncodePng), PSW
 *  heightmaps (StbDecodeGrey16) and the `assimp` command's viewer and `extract`
 *  (EncodeImageFile). One limit holds for every decode: kMaxTextureSide (RgbaImage.h) pixels a
 *  side.
 */
#pragma once

#include "Common/RgbaImage.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

/** True when stb_image reads the bytes as an image the texture pass embeds: every format it
 *  reads but Radiance HDR, whose 8-bit rendering would be a guess at an exposure rather than the
 *  file's data. */
bool StbRecognises(const uint8_t *data, size_t size);

/** Decodes any format stb_image reads (PNG, JPEG, TGA, BMP, PSD, GIF, HDR, PIC, PNM) to RGBA.
 *  Throws ImportError (naming `fileName`) when it cannot, and ImportLimitError when the image is
 *  larger than kMaxTextureSide on a side. */
RgbaImage StbDecode(const uint8_t *data, size_t size, const std::string &fileName);

/** One channel of 16 bits per pixel: grey, or the luminance of RGB (which is the channel value
 *  when R = G = B). An 8-bit value v becomes v * 257, so that v / 255 is kept exactly. */
struct Grey16Image {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint16_t> samples; ///< row-major, row 0 at the top of the image
};

/** Decodes to one 16-bit channel; throws as StbDecode. */
Grey16Image StbDecodeGrey16(const uint8_t *data, size_t size, const std::string &fileName);

enum class ImageFileType { Png, Tga, Bmp };

/** The file bytes of an image of `channels` (3: RGB, 4: RGBA) bytes a pixel, rows from the top,
 *  in `type`; empty when stb_image_write refuses it or the sizes do not fit the pixels. A BMP of
 *  four channels keeps its alpha (a BITMAPV4 header). */
std::vector<uint8_t> EncodeImageFile(ImageFileType type, uint32_t width, uint32_t height,
                                     unsigned channels, const std::vector<uint8_t> &pixels);

/** The image as a PNG file; empty when encoding fails. */
std::vector<uint8_t> EncodePng(const RgbaImage &image);

/** True for the file signatures of PNG and JPEG, the two formats glTF embeds as they are. */
bool IsPngFile(const uint8_t *data, size_t size);
bool IsJpegFile(const uint8_t *data, size_t size);

} // namespace agf
