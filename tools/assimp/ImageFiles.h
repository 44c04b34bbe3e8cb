/** @file ImageFiles.h
 *  Decoding and encoding image files for the command's verbs (the viewer's textures, the
 *  textures `extract` writes), through Debian's stb_image and stb_image_write.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::cli {

/** Pixels row by row from the top, 8 bits per channel, `channels` (3 or 4) per pixel. */
struct Image {
    int width = 0;
    int height = 0;
    int channels = 4;
    std::vector<uint8_t> pixels;
};

enum class ImageFileType { Png, Tga, Bmp };

/** Decodes any format stb_image reads (PNG, JPEG, TGA, BMP, PSD, GIF, HDR, PIC, PNM) to RGBA.
 *  Images above 8192 pixels a side are refused. Returns false with `problem` set on failure. */
bool DecodeImage(const std::string &fileBytes, Image &image, std::string &problem);

/** The file bytes of `image` in `type`; empty when stb_image_write refuses it. A BMP of four
 *  channels is written with its alpha (a BITMAPV4 header), of three without. */
std::string EncodeImage(const Image &image, ImageFileType type);

} // namespace agf::cli
