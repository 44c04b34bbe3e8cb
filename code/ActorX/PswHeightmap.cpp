/** @file PswHeightmap.cpp */
#include "PswHeightmap.h"

#include <algorithm>
#include <climits>
#include <cstring>

// stb_image is a header-only library; its implementation is compiled here, static, so that
// no symbol can clash with another copy (libassimp carries its own).
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS 8192
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#endif
#include <stb/stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace agf::psw {

float Heightmap::valueAt(int64_t x, int64_t y) const {
    if (width <= 0 || height <= 0) {
        return 0.5f;
    }
    x = std::clamp<int64_t>(x, 0, width - 1);
    y = std::clamp<int64_t>(y, 0, height - 1);
    return samples[static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)] /
           65535.0f;
}

namespace {

/** stb_image grows its buffer to each chunk's declared length before it reads the chunk, so a
 *  damaged length of 1.7 GB in 13 KB of PNG becomes a 1.7 GB allocation (found by fuzzing). The
 *  chunks are walked first: each must fit in the bytes that are there. Returns the problem, or
 *  an empty string. */
std::string PngChunkProblem(const std::vector<uint8_t> &bytes) {
    const size_t kSignatureBytes = 8;
    const size_t kChunkFrameBytes = 12; // length, type, CRC
    size_t at = kSignatureBytes;
    while (at + kChunkFrameBytes <= bytes.size()) {
        const size_t length = (size_t{bytes[at]} << 24) | (size_t{bytes[at + 1]} << 16) |
                              (size_t{bytes[at + 2]} << 8) | size_t{bytes[at + 3]};
        if (length > bytes.size() - at - kChunkFrameBytes) {
            return "PNG chunk at byte " + std::to_string(at) + " declares " +
                   std::to_string(length) + " bytes; only " +
                   std::to_string(bytes.size() - at - kChunkFrameBytes) + " follow";
        }
        if (std::memcmp(&bytes[at + 4], "IEND", 4) == 0) {
            break;
        }
        at += kChunkFrameBytes + length;
    }
    return {};
}

} // namespace

bool DecodeHeightmapPng(const std::vector<uint8_t> &bytes, Heightmap &out, std::string &problem) {
    if (bytes.empty() || bytes.size() > static_cast<size_t>(INT_MAX)) {
        problem = "empty or oversized file";
        return false;
    }
    const auto *data = bytes.data();
    const int length = static_cast<int>(bytes.size());
    int width = 0;
    int height = 0;
    int channels = 0;
    if (!stbi_info_from_memory(data, length, &width, &height, &channels)) {
        problem = std::string("not a readable PNG (") + stbi_failure_reason() + ")";
        return false;
    }
    if (width <= 0 || height <= 0 || int64_t(width) * height > kMaxHeightmapPixels) {
        problem = "image of " + std::to_string(width) + " x " + std::to_string(height) +
                  " pixels is empty or too large";
        return false;
    }
    if (const std::string damaged = PngChunkProblem(bytes); !damaged.empty()) {
        problem = damaged;
        return false;
    }
    // One channel, always widened to 16 bits (an 8-bit value v becomes v * 257, so the fraction
    // v / 255 is kept exactly).
    stbi_us *pixels = stbi_load_16_from_memory(data, length, &width, &height, &channels, 1);
    if (pixels == nullptr) {
        problem = std::string("PNG decoding failed (") + stbi_failure_reason() + ")";
        return false;
    }
    out.width = width;
    out.height = height;
    out.samples.assign(pixels, pixels + static_cast<size_t>(width) * static_cast<size_t>(height));
    stbi_image_free(pixels);
    return true;
}

} // namespace agf::psw
