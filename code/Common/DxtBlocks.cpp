/** @file DxtBlocks.cpp */
#include "DxtBlocks.h"

#include <squish.h>

namespace agf {

namespace {

int SquishFlags(DxtKind kind) {
    switch (kind) {
    case DxtKind::Dxt1:
        return squish::kDxt1;
    case DxtKind::Dxt3:
        return squish::kDxt3;
    case DxtKind::Dxt5:
        return squish::kDxt5;
    }
    return squish::kDxt1;
}

uint64_t BlockBytes(DxtKind kind) {
    return kind == DxtKind::Dxt1 ? 8 : 16;
}

} // namespace

uint64_t DxtImageBytes(DxtKind kind, uint32_t width, uint32_t height) {
    const uint64_t across = (uint64_t{width} + 3) / 4;
    const uint64_t down = (uint64_t{height} + 3) / 4;
    return across * down * BlockBytes(kind);
}

RgbaImage DecodeDxt(DxtKind kind, uint32_t width, uint32_t height, const uint8_t *blocks) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.assign(size_t{width} * height * 4, 0);
    if (width == 0 || height == 0) {
        return image;
    }
    // squish::DecompressImage takes int sizes; ours are at most kMaxTextureSide (callers check),
    // and it clips the blocks at the edges itself.
    squish::DecompressImage(image.pixels.data(), static_cast<int>(width), static_cast<int>(height),
                            blocks, SquishFlags(kind));
    return image;
}

} // namespace agf
