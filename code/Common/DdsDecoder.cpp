/** @file DdsDecoder.cpp */
#include "DdsDecoder.h"

#include "Common/BinaryReader.h"
#include "Common/DxtBlocks.h"

#include <cstring>

namespace agf {

namespace {

constexpr size_t kHeaderBytes = 4 + 124; // magic and DDS_HEADER
constexpr uint32_t kPixelFormatAlpha = 0x1;
constexpr uint32_t kPixelFormatFourCc = 0x4;
constexpr uint32_t kPixelFormatRgb = 0x40;

uint32_t FourCc(const char (&text)[5]) {
    return static_cast<uint32_t>(text[0]) | (static_cast<uint32_t>(text[1]) << 8) |
           (static_cast<uint32_t>(text[2]) << 16) | (static_cast<uint32_t>(text[3]) << 24);
}

/** The channel a bit mask selects, scaled to 8 bits. */
uint8_t MaskedChannel(uint32_t pixel, uint32_t mask) {
    if (mask == 0) {
        return 255;
    }
    int shift = 0;
    while (((mask >> shift) & 1u) == 0) {
        ++shift;
    }
    const uint32_t maximum = mask >> shift;
    const uint32_t value = (pixel & mask) >> shift;
    return static_cast<uint8_t>((uint64_t{value} * 255 + maximum / 2) / maximum);
}

} // namespace

bool IsDdsFile(const uint8_t *data, size_t size) {
    return size >= 4 && std::memcmp(data, "DDS ", 4) == 0;
}

RgbaImage DecodeDds(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("DDS header");
    if (!IsDdsFile(data, size)) {
        reader.fail("no DDS signature");
    }
    reader.skip(4);
    const uint32_t headerSize = reader.u32();
    if (headerSize != 124) {
        reader.failAt(4, "header size " + std::to_string(headerSize) + ", not 124");
    }
    reader.skip(4); // flags
    const uint32_t height = reader.u32();
    const uint32_t width = reader.u32();
    const std::string dimensions = std::to_string(width) + " x " + std::to_string(height);
    const std::string limit = " pixels (1 to " + std::to_string(kMaxTextureSide) + " a side)";
    if (width == 0 || height == 0) {
        reader.failAt(12, "image of " + dimensions + limit);
    }
    if (width > kMaxTextureSide || height > kMaxTextureSide) {
        ThrowImportLimitError(FilePlace{reader.fileName(), reader.structure(), 12, 0},
                              "image of " + dimensions + limit);
    }
    reader.seek(76);
    reader.setStructure("DDS pixel format");
    reader.skip(4); // its size
    const uint32_t flags = reader.u32();
    const uint32_t fourCc = reader.u32();
    const uint32_t bitCount = reader.u32();
    uint32_t masks[4];
    for (uint32_t &mask : masks) {
        mask = reader.u32();
    }
    reader.seek(kHeaderBytes);
    reader.setStructure("DDS pixels");
    if ((flags & kPixelFormatFourCc) != 0) {
        DxtKind kind;
        if (fourCc == FourCc("DXT1")) {
            kind = DxtKind::Dxt1;
        } else if (fourCc == FourCc("DXT2") || fourCc == FourCc("DXT3")) {
            kind = DxtKind::Dxt3;
        } else if (fourCc == FourCc("DXT4") || fourCc == FourCc("DXT5")) {
            kind = DxtKind::Dxt5;
        } else {
            const char name[5] = {
                static_cast<char>(fourCc & 0xFF), static_cast<char>((fourCc >> 8) & 0xFF),
                static_cast<char>((fourCc >> 16) & 0xFF), static_cast<char>(fourCc >> 24), 0};
            reader.failAt(84,
                          std::string("compression '") + name + "' is not read (DXT1 to DXT5 are)");
        }
        const uint64_t bytes = DxtImageBytes(kind, width, height);
        if (bytes > reader.remaining()) {
            reader.fail("pixel data of " + std::to_string(bytes) + " bytes runs past the end (" +
                        std::to_string(reader.remaining()) + " bytes left)");
        }
        return DecodeDxt(kind, width, height, reader.view(static_cast<size_t>(bytes)));
    }
    if ((flags & kPixelFormatRgb) == 0 || (bitCount != 16 && bitCount != 24 && bitCount != 32)) {
        reader.failAt(80, "pixel format is neither DXT nor 16, 24 or 32-bit RGB");
    }
    const uint32_t bytesPerPixel = bitCount / 8;
    const uint64_t bytes = uint64_t{width} * height * bytesPerPixel;
    if (bytes > reader.remaining()) {
        reader.fail("pixel data of " + std::to_string(bytes) + " bytes runs past the end (" +
                    std::to_string(reader.remaining()) + " bytes left)");
    }
    const uint8_t *in = reader.view(static_cast<size_t>(bytes));
    const uint32_t alphaMask = (flags & kPixelFormatAlpha) != 0 ? masks[3] : 0;
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(size_t{width} * height * 4);
    for (size_t i = 0; i < size_t{width} * height; ++i) {
        uint32_t pixel = 0;
        for (uint32_t b = 0; b < bytesPerPixel; ++b) {
            pixel |= static_cast<uint32_t>(in[i * bytesPerPixel + b]) << (8 * b);
        }
        image.pixels[4 * i] = MaskedChannel(pixel, masks[0]);
        image.pixels[4 * i + 1] = MaskedChannel(pixel, masks[1]);
        image.pixels[4 * i + 2] = MaskedChannel(pixel, masks[2]);
        image.pixels[4 * i + 3] = MaskedChannel(pixel, alphaMask);
    }
    return image;
}

} // namespace agf
