/** @file TextureDecoder.h
 *  What the texture pass (TextureEmbedding.h) needs from an image format: recognise its bytes
 *  and decode them to RGBA. Format folders provide decoders without knowing of the pass (PAA in
 *  code/Paa); the top of code/ hands the table to the importers (TextureDecoders.cpp).
 */
#pragma once

#include "Common/RgbaImage.h"
#include "Common/Warnings.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

struct TextureDecoder {
    const char *name; ///< "PAA", "DDS", ... for messages
    /** True when the bytes are this format (by signature; the file name's extension helps
     *  formats without one, such as TGA). */
    bool (*recognises)(const uint8_t *data, size_t size, const std::string &fileName);
    /** The largest image of the file. Throws ImportError when the file cannot be decoded, or
     *  would decode to more than kMaxTextureSide on a side. */
    RgbaImage (*decode)(const uint8_t *data, size_t size, const std::string &fileName,
                        Warnings &warnings);
};

using TextureDecoderTable = std::vector<TextureDecoder>;

/** The decoders of code/Common: DDS (DXT1-5 and uncompressed RGB(A)), then everything
 *  stb_image reads (TGA, BMP, PSD, GIF, PNG, JPEG...). */
const TextureDecoderTable &CommonTextureDecoders();

} // namespace agf
