/** @file StbImages.cpp */
#include "StbImages.h"

#include "Common/ImportError.h"

#include <climits>
#include <cstring>

// stb_image and stb_image_write are header-only; their implementations are compiled here,
// static, so that no symbol can clash with another copy (libassimp and PswHeightmap.cpp carry
// their own).
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS 16384
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

} // namespace

bool StbRecognises(const uint8_t *data, size_t size) {
    if (size == 0 || size > static_cast<size_t>(INT_MAX)) {
        return false;
    }
    int width = 0, height = 0, channels = 0;
    return stbi_info_from_memory(data, static_cast<int>(size), &width, &height, &channels) != 0;
}

RgbaImage StbDecode(const uint8_t *data, size_t size, const std::string &fileName) {
    if (size == 0 || size > static_cast<size_t>(INT_MAX)) {
        ThrowImportError(fileName, "image", 0, "empty or larger than 2 GB");
    }
    int width = 0, height = 0, channels = 0;
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
    stbi_uc *pixels =
        stbi_load_from_memory(data, static_cast<int>(size), &width, &height, &channels, 4);
    if (pixels == nullptr) {
        ThrowImportError(fileName, "image", 0,
                         std::string("cannot decode: ") + stbi_failure_reason());
    }
    RgbaImage image;
    image.width = static_cast<uint32_t>(width);
    image.height = static_cast<uint32_t>(height);
    image.pixels.assign(pixels, pixels + size_t{image.width} * image.height * 4);
    stbi_image_free(pixels);
    return image;
}

std::vector<uint8_t> EncodePng(const RgbaImage &image) {
    std::vector<uint8_t> png;
    if (image.width == 0 || image.height == 0 || image.width > kMaxTextureSide ||
        image.height > kMaxTextureSide ||
        image.pixels.size() != size_t{image.width} * image.height * 4) {
        return png;
    }
    const int width = static_cast<int>(image.width);
    if (stbi_write_png_to_func(AppendBytes, &png, width, static_cast<int>(image.height), 4,
                               image.pixels.data(), width * 4) == 0) {
        png.clear();
    }
    return png;
}

bool IsPngFile(const uint8_t *data, size_t size) {
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    return size >= 8 && std::memcmp(data, kSignature, 8) == 0;
}

bool IsJpegFile(const uint8_t *data, size_t size) {
    return size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

} // namespace agf
