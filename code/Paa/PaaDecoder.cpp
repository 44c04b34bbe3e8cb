/** @file PaaDecoder.cpp
 *  One PAA level to RGBA: unpacking (specs/paa.md 6) and the pixel formats (7), then the
 *  swizzle (3.3).
 */
#include "PaaParser.h"

#include "Common/BinaryReader.h"
#include "Common/DxtBlocks.h"
#include "Common/Lzo.h"
#include "Common/Lzss.h"

namespace agf::paa {

namespace {

DxtKind DxtKindOf(PaaFormat format) {
    switch (format) {
    case PaaFormat::Dxt1:
        return DxtKind::Dxt1;
    case PaaFormat::Dxt2:
    case PaaFormat::Dxt3:
        return DxtKind::Dxt3;
    default:
        return DxtKind::Dxt5;
    }
}

uint32_t BytesPerPixel(PaaFormat format) {
    return format == PaaFormat::Argb8888 ? 4 : 2;
}

/** n-bit channel to 8 bits by bit replication. */
uint8_t Expand4(uint32_t value) {
    return static_cast<uint8_t>(value * 17);
}
uint8_t Expand5(uint32_t value) {
    return static_cast<uint8_t>((value << 3) | (value >> 2));
}

RgbaImage ConvertPixels(PaaFormat format, uint32_t width, uint32_t height,
                        const std::vector<uint8_t> &stored) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    const size_t count = size_t{width} * height;
    image.pixels.resize(count * 4);
    uint8_t *out = image.pixels.data();
    const uint8_t *in = stored.data();
    for (size_t i = 0; i < count; ++i, out += 4) {
        switch (format) {
        case PaaFormat::Argb4444: {
            // Direct3D order, A in the high nibble of the second byte (7.4).
            const uint32_t v = in[2 * i] | (in[2 * i + 1] << 8);
            out[0] = Expand4((v >> 8) & 0xF);
            out[1] = Expand4((v >> 4) & 0xF);
            out[2] = Expand4(v & 0xF);
            out[3] = Expand4(v >> 12);
            break;
        }
        case PaaFormat::Argb1555: {
            const uint32_t v = in[2 * i] | (in[2 * i + 1] << 8);
            out[0] = Expand5((v >> 10) & 0x1F);
            out[1] = Expand5((v >> 5) & 0x1F);
            out[2] = Expand5(v & 0x1F);
            out[3] = (v & 0x8000) != 0 ? 255 : 0;
            break;
        }
        case PaaFormat::Argb8888:
            out[0] = in[4 * i + 2];
            out[1] = in[4 * i + 1];
            out[2] = in[4 * i];
            out[3] = in[4 * i + 3];
            break;
        default: // AI88: intensity, alpha
            out[0] = out[1] = out[2] = in[2 * i];
            out[3] = in[2 * i + 1];
            break;
        }
    }
    return image;
}

/** Undoes a ZIWS swizzle (3.3): codes 0-3 name the source channel A, R, G, B that a stored
 *  channel holds, 4-7 the same inverted; 8 and 9 (constants) carry nothing back. */
void Unswizzle(const std::array<uint8_t, 4> &codes, RgbaImage &image) {
    // Stored channel order of the codes is A, R, G, B; RGBA byte positions of A, R, G, B.
    static const int kByteOf[4] = {3, 0, 1, 2};
    for (size_t at = 0; at + 4 <= image.pixels.size(); at += 4) {
        uint8_t *pixel = &image.pixels[at];
        const uint8_t stored[4] = {pixel[3], pixel[0], pixel[1], pixel[2]};
        for (int channel = 0; channel < 4; ++channel) {
            const uint8_t code = codes[static_cast<size_t>(channel)];
            if (code > 7) {
                continue;
            }
            const uint8_t value = stored[channel];
            pixel[kByteOf[code & 3]] = code >= 4 ? static_cast<uint8_t>(255 - value) : value;
        }
    }
}

} // namespace

RgbaImage DecodePaaLevel(const uint8_t *data, size_t size, const std::string &fileName,
                         const PaaFile &file, size_t levelIndex, bool unswizzle) {
    if (levelIndex >= file.levels.size() || data == nullptr) {
        ThrowImportError(fileName, "level " + std::to_string(levelIndex), 0, "no such level");
    }
    const PaaLevel &level = file.levels[levelIndex];
    if (level.dataOffset > size || level.storedSize > size - level.dataOffset) {
        ThrowImportError(fileName, "level " + std::to_string(levelIndex), level.dataOffset,
                         "data runs past the end of the file");
    }
    BinaryReader reader(data + level.dataOffset, level.storedSize, fileName, level.dataOffset);
    reader.setStructure("level " + std::to_string(levelIndex) + " data");
    RgbaImage image;
    if (IsDxt(file.format)) {
        const DxtKind kind = DxtKindOf(file.format);
        const uint64_t expected = DxtImageBytes(kind, level.width, level.height);
        if (level.lzo) {
            std::vector<uint8_t> blocks;
            LzoDecode(reader, static_cast<size_t>(expected), blocks);
            image = DecodeDxt(kind, level.width, level.height, blocks.data());
        } else {
            if (level.storedSize != expected) {
                reader.fail("raw " + std::string(PaaFormatName(file.format)) + " level of " +
                            std::to_string(level.storedSize) + " bytes; " +
                            std::to_string(level.width) + " x " + std::to_string(level.height) +
                            " pixels need " + std::to_string(expected));
            }
            image = DecodeDxt(kind, level.width, level.height, reader.view(level.storedSize));
        }
    } else {
        const uint64_t expected = uint64_t{level.width} * level.height * BytesPerPixel(file.format);
        std::vector<uint8_t> stored;
        if (level.storedSize == expected) {
            // Stored raw: only when the size says so (6.1).
            const uint8_t *raw = reader.view(level.storedSize);
            stored.assign(raw, raw + level.storedSize);
        } else {
            LzssDecode(reader, static_cast<size_t>(expected), stored,
                       LzssChecksumRule::SignedOrUnsigned);
        }
        image = ConvertPixels(file.format, level.width, level.height, stored);
    }
    if (unswizzle && file.hasSwizzle) {
        Unswizzle(file.swizzle, image);
    }
    return image;
}

} // namespace agf::paa
