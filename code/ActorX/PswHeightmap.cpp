/** @file PswHeightmap.cpp */
#include "PswHeightmap.h"

#include "Common/ImportError.h"
#include "Common/StbImages.h"

#include <algorithm>

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

Heightmap DecodeHeightmapPng(const std::vector<uint8_t> &bytes, const std::string &fileName) {
    if (!IsPngFile(bytes.data(), bytes.size())) {
        ThrowImportError(fileName, "image", 0, "not a PNG file");
    }
    Grey16Image image = StbDecodeGrey16(bytes.data(), bytes.size(), fileName);
    Heightmap heightmap;
    heightmap.width = static_cast<int>(image.width);
    heightmap.height = static_cast<int>(image.height);
    heightmap.samples = std::move(image.samples);
    return heightmap;
}

} // namespace agf::psw
