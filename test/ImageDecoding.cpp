/** @file ImageDecoding.cpp */
#include "ImageDecoding.h"

#include "TestSupport.h"

// The implementation is compiled here, static, so that no symbol clashes with the library's or
// libassimp's copies.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_NO_STDIO
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
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace agf::test {

DecodedImage DecodeImageFile(const std::filesystem::path &path) {
    const std::vector<uint8_t> bytes = ReadBytes(path);
    DecodedImage image;
    int channels = 0;
    stbi_uc *pixels = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()),
                                            &image.width, &image.height, &channels, 4);
    if (pixels == nullptr) {
        image.width = image.height = 0;
        return image;
    }
    image.rgba.assign(pixels, pixels + size_t(image.width) * size_t(image.height) * 4);
    stbi_image_free(pixels);
    return image;
}

} // namespace agf::test
