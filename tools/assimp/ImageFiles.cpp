/** @file ImageFiles.cpp */
#include "ImageFiles.h"

// stb_image and stb_image_write are header-only; their implementations are compiled here,
// static, so that no symbol can clash with the library's copy or libassimp's.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_NO_STDIO
#define STBI_MAX_DIMENSIONS 8192
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
#endif
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <limits>

namespace agf::cli {

bool DecodeImage(const std::string &fileBytes, Image &image, std::string &problem) {
    if (fileBytes.size() > size_t(std::numeric_limits<int>::max())) {
        problem = "the file is too large to decode";
        return false;
    }
    int width = 0, height = 0, channels = 0;
    stbi_uc *pixels =
        stbi_load_from_memory(reinterpret_cast<const stbi_uc *>(fileBytes.data()),
                              static_cast<int>(fileBytes.size()), &width, &height, &channels, 4);
    if (pixels == nullptr) {
        problem = std::string("cannot decode: ") + stbi_failure_reason();
        return false;
    }
    image.width = width;
    image.height = height;
    image.channels = 4;
    image.pixels.assign(pixels, pixels + size_t(width) * size_t(height) * 4);
    stbi_image_free(pixels);
    return true;
}

std::string EncodeImage(const Image &image, ImageFileType type) {
    std::string bytes;
    auto append = [](void *context, void *data, int length) {
        static_cast<std::string *>(context)->append(static_cast<const char *>(data),
                                                    static_cast<size_t>(length));
    };
    const void *pixels = image.pixels.data();
    int written = 0;
    switch (type) {
    case ImageFileType::Png:
        written = stbi_write_png_to_func(append, &bytes, image.width, image.height, image.channels,
                                         pixels, image.width * image.channels);
        break;
    case ImageFileType::Tga:
        written = stbi_write_tga_to_func(append, &bytes, image.width, image.height, image.channels,
                                         pixels);
        break;
    case ImageFileType::Bmp:
        written = stbi_write_bmp_to_func(append, &bytes, image.width, image.height, image.channels,
                                         pixels);
        break;
    }
    return written != 0 ? bytes : std::string();
}

} // namespace agf::cli
