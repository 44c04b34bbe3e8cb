/** @file ImageDecoding.cpp */
#include "ImageDecoding.h"

#include "TestSupport.h"

#include "Common/ImportError.h"
#include "Common/StbImages.h"

namespace agf::test {

DecodedImage DecodeImageFile(const std::filesystem::path &path) {
    const std::vector<uint8_t> bytes = ReadBytes(path);
    DecodedImage image;
    try {
        RgbaImage decoded = StbDecode(bytes.data(), bytes.size(), path.filename().string());
        image.width = static_cast<int>(decoded.width);
        image.height = static_cast<int>(decoded.height);
        image.rgba = std::move(decoded.pixels);
    } catch (const ImportError &) {
        // width 0: not decoded
    }
    return image;
}

} // namespace agf::test
