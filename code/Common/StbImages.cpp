/** @file StbImages.cpp */
#include "StbImages.h"

#include "Common/ImportError.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <zlib.h>

namespace agf {
namespace {

// stb_image_write's hook: a deflate stream with zlib's header, in a block it frees with
// STBIW_FREE (free); nullptr when zlib fails.
unsigned char *DeflateForPng(unsigned char *data, int length, int *outLength, int /*quality*/) {
    uLongf size = compressBound(static_cast<uLong>(length));
    auto *out = static_cast<unsigned char *>(std::malloc(size));
    if (out == nullptr) {
        return nullptr;
    }
    if (compress2(out, &size, data, static_cast<uLong>(length), Z_BEST_SPEED) != Z_OK) {
        std::free(out);
        return nullptr;
    }
    *outLength = static_cast<int>(size);
    return out;
}

} // namespace
} // namespace agf

// stb_image and stb_image_write are header-only; this is the one place their implementations
// are compiled, static, so that no symbol can clash with libassimp's copy. Every decode is
// bounded by kMaxTextureSide in CheckBeforeDecoding, from the header, before anything is
// decoded: not by STBI_MAX_DIMENSIONS, with which stb_image would refuse such a header as if it
// were damaged, and a caller could not tell a size limit from damage.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_NO_STDIO
// PNG's deflate through zlib at its fastest level instead of stb's own compressor: textures are
// embedded for conversion, where stb's level-8 search cost most of the time of a textured
// model (a 1024 x 1024 TGA: 0.9 s), for files some 10 % larger.
#define STBIW_ZLIB_COMPRESS agf::DeflateForPng
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#define STBI_WRITE_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wtype-limits"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#endif
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace agf {

namespace {

void AppendBytes(void *context, void *data, int size) {
    auto *out = static_cast<std::vector<uint8_t> *>(context);
    const auto *bytes = static_cast<const uint8_t *>(data);
    if (size > 0) {
        out->insert(out->end(), bytes, bytes + size);
    }
}

uint32_t BigEndian32(const uint8_t *bytes) {
    return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) |
           uint32_t{bytes[3]};
}

/** Channels of a PNG colour type (palette indices count as one), 0 for an unknown type. */
uint64_t PngChannels(uint8_t colourType) {
    switch (colourType) {
    case 0: // grey
    case 3: // palette
        return 1;
    case 4: // grey and alpha
        return 2;
    case 2: // RGB
        return 3;
    case 6: // RGBA
        return 4;
    default:
        return 0;
    }
}

/** stb_image trusts a PNG's declared sizes before it has the bytes: it grows its buffer to each
 *  chunk's declared length before reading the chunk (a length of 1.7 GB in 13 KB became a
 *  1.7 GB allocation, found by fuzzing, also when only the chunk's length and type are left at
 *  the end), and it allocates the inflated image from the header's size before inflating. The
 *  chunks are walked first: each must fit in the bytes that are there, and the image data must
 *  be able to hold the header's pixels, since deflate cannot expand more than 1032 to 1.
 *  Returns the problem, or an empty string. */
std::string PngChunkProblem(const uint8_t *data, size_t size) {
    const size_t kSignatureBytes = 8;
    const size_t kChunkHeaderBytes = 8; // length, type
    const size_t kChunkCrcBytes = 4;
    const size_t kIhdrBytes = 13;
    const uint64_t kDeflateMaxExpansion = 1032;
    const uint64_t kSideCap = uint64_t{1} << 20; // keeps the product below 2^64; the side
                                                 // limit itself is checked from stb's header
    uint64_t imageBytes = 0; // the pixels' bytes without filter bytes: less than inflated
    uint64_t compressedBytes = 0;
    size_t at = kSignatureBytes;
    while (at < size) {
        if (size - at < kChunkHeaderBytes) {
            return "PNG ends inside the chunk header at byte " + std::to_string(at);
        }
        const size_t length = BigEndian32(&data[at]);
        const uint8_t *type = &data[at + 4];
        if (std::memcmp(type, "IEND", 4) == 0) {
            break; // stb_image stops here, without reading the CRC
        }
        const size_t left = size - at - kChunkHeaderBytes;
        if (left < kChunkCrcBytes || length > left - kChunkCrcBytes) {
            return "PNG chunk at byte " + std::to_string(at) + " declares " +
                   std::to_string(length) + " bytes; only " +
                   std::to_string(left < kChunkCrcBytes ? 0 : left - kChunkCrcBytes) + " follow";
        }
        const uint8_t *body = &data[at + kChunkHeaderBytes];
        if (std::memcmp(type, "IHDR", 4) == 0 && length == kIhdrBytes) {
            const uint64_t width = std::min<uint64_t>(BigEndian32(body), kSideCap);
            const uint64_t height = std::min<uint64_t>(BigEndian32(body + 4), kSideCap);
            const uint64_t bitDepth = body[8];
            imageBytes = width * height * PngChannels(body[9]) * bitDepth / 8;
        } else if (std::memcmp(type, "IDAT", 4) == 0) {
            compressedBytes += length;
        }
        at += kChunkHeaderBytes + length + kChunkCrcBytes;
    }
    if (imageBytes > kDeflateMaxExpansion * compressedBytes + 1024) {
        return "PNG declares " + std::to_string(imageBytes) + " bytes of pixels in " +
               std::to_string(compressedBytes) + " bytes of image data";
    }
    return {};
}

/** The image's size from its header, after every check that comes before decoding: the size
 *  stb_image can take, a header it reads, the one limit, and PNG chunks that fit. */
void CheckBeforeDecoding(const uint8_t *data, size_t size, const std::string &fileName, int &width,
                         int &height) {
    if (size == 0 || size > static_cast<size_t>(INT_MAX)) {
        ThrowImportError(fileName, "image", 0, "empty or larger than 2 GB");
    }
    int channels = 0;
    if (stbi_info_from_memory(data, static_cast<int>(size), &width, &height, &channels) == 0) {
        ThrowImportError(fileName, "image", 0, "not an image file stb_image reads");
    }
    const std::string dimensions = std::to_string(width) + " x " + std::to_string(height);
    if (width <= 0 || height <= 0) {
        ThrowImportError(fileName, "image header", 0, "image of " + dimensions + " pixels");
    }
    if (static_cast<uint32_t>(width) > kMaxTextureSide ||
        static_cast<uint32_t>(height) > kMaxTextureSide) {
        ThrowImportLimitError(FilePlace{fileName, "image header", 0, 0},
                              "image of " + dimensions + " pixels (at most " +
                                  std::to_string(kMaxTextureSide) + " a side)");
    }
    if (IsPngFile(data, size)) {
        const std::string problem = PngChunkProblem(data, size);
        if (!problem.empty()) {
            ThrowImportError(fileName, "image", 0, problem);
        }
    }
}

[[noreturn]] void ThrowDecodingFailed(const std::string &fileName) {
    ThrowImportError(fileName, "image", 0, std::string("cannot decode: ") + stbi_failure_reason());
}

} // namespace

bool StbRecognises(const uint8_t *data, size_t size) {
    if (size == 0 || size > static_cast<size_t>(INT_MAX)) {
        return false;
    }
    int width = 0, height = 0, channels = 0;
    return stbi_info_from_memory(data, static_cast<int>(size), &width, &height, &channels) != 0 &&
           stbi_is_hdr_from_memory(data, static_cast<int>(size)) == 0;
}

RgbaImage StbDecode(const uint8_t *data, size_t size, const std::string &fileName) {
    int width = 0, height = 0, channels = 0;
    CheckBeforeDecoding(data, size, fileName, width, height);
    stbi_uc *pixels =
        stbi_load_from_memory(data, static_cast<int>(size), &width, &height, &channels, 4);
    if (pixels == nullptr) {
        ThrowDecodingFailed(fileName);
    }
    RgbaImage image;
    image.width = static_cast<uint32_t>(width);
    image.height = static_cast<uint32_t>(height);
    image.pixels.assign(pixels, pixels + size_t{image.width} * image.height * 4);
    stbi_image_free(pixels);
    return image;
}

Grey16Image StbDecodeGrey16(const uint8_t *data, size_t size, const std::string &fileName) {
    int width = 0, height = 0, channels = 0;
    CheckBeforeDecoding(data, size, fileName, width, height);
    stbi_us *pixels =
        stbi_load_16_from_memory(data, static_cast<int>(size), &width, &height, &channels, 1);
    if (pixels == nullptr) {
        ThrowDecodingFailed(fileName);
    }
    Grey16Image image;
    image.width = static_cast<uint32_t>(width);
    image.height = static_cast<uint32_t>(height);
    image.samples.assign(pixels, pixels + size_t{image.width} * image.height);
    stbi_image_free(pixels);
    return image;
}

std::vector<uint8_t> EncodeImageFile(ImageFileType type, uint32_t width, uint32_t height,
                                     unsigned channels, const std::vector<uint8_t> &pixels) {
    std::vector<uint8_t> file;
    if (width == 0 || height == 0 || width > kMaxTextureSide || height > kMaxTextureSide ||
        (channels != 3 && channels != 4) || pixels.size() != size_t{width} * height * channels) {
        return file;
    }
    const int w = static_cast<int>(width);
    const int h = static_cast<int>(height);
    const int c = static_cast<int>(channels);
    int written = 0;
    switch (type) {
    case ImageFileType::Png:
        written = stbi_write_png_to_func(AppendBytes, &file, w, h, c, pixels.data(), w * c);
        break;
    case ImageFileType::Tga:
        written = stbi_write_tga_to_func(AppendBytes, &file, w, h, c, pixels.data());
        break;
    case ImageFileType::Bmp:
        written = stbi_write_bmp_to_func(AppendBytes, &file, w, h, c, pixels.data());
        break;
    }
    if (written == 0) {
        file.clear();
    }
    return file;
}

std::vector<uint8_t> EncodePng(const RgbaImage &image) {
    return EncodeImageFile(ImageFileType::Png, image.width, image.height, 4, image.pixels);
}

bool IsPngFile(const uint8_t *data, size_t size) {
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    return size >= 8 && std::memcmp(data, kSignature, 8) == 0;
}

bool IsJpegFile(const uint8_t *data, size_t size) {
    return size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

} // namespace agf
