/** @file PaaWriter.cpp */
#include "PaaWriter.h"

#include "ByteWriter.h"
#include "LzoWriter.h"
#include "P3dWriters.h"

#include <array>

namespace agf::testgen::paa {

namespace {

constexpr uint16_t kDxt1 = 0xFF01;
constexpr uint16_t kDxt2 = 0xFF02;
constexpr uint16_t kDxt3 = 0xFF03;
constexpr uint16_t kDxt4 = 0xFF04;
constexpr uint16_t kDxt5 = 0xFF05;
constexpr uint16_t kArgb4444 = 0x4444;
constexpr uint16_t kArgb1555 = 0x1555;
constexpr uint16_t kArgb8888 = 0x8888;
constexpr uint16_t kAi88 = 0x8080;

using Rgba = std::array<uint8_t, 4>;

void Tagg(ByteWriter &w, const char *name, const std::vector<uint8_t> &payload) {
    w.bytes("GGAT", 4);
    w.bytes(name, 4);
    w.u32(static_cast<uint32_t>(payload.size()));
    w.bytes(payload.data(), payload.size());
}

uint16_t To565(const Rgba &c) {
    return static_cast<uint16_t>(((c[0] >> 3) << 11) | ((c[1] >> 2) << 5) | (c[2] >> 3));
}

/** A 565 colour back to 8 bits per channel by bit replication, as decoders expand it. */
Rgba From565(uint16_t v, uint8_t alpha) {
    const uint32_t r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
    return {static_cast<uint8_t>((r << 3) | (r >> 2)), static_cast<uint8_t>((g << 2) | (g >> 4)),
            static_cast<uint8_t>((b << 3) | (b >> 2)), alpha};
}

/** An 8 x 8 image as four 4 x 4 blocks (top left, top right, bottom left, bottom right). */
struct BlockImage {
    std::array<std::array<Rgba, 16>, 4> blocks;

    std::vector<uint8_t> rgba() const {
        std::vector<uint8_t> out(8 * 8 * 4);
        for (size_t b = 0; b < 4; ++b) {
            for (size_t p = 0; p < 16; ++p) {
                const size_t x = (b % 2) * 4 + p % 4;
                const size_t y = (b / 2) * 4 + p / 4;
                for (size_t c = 0; c < 4; ++c) {
                    out[(y * 8 + x) * 4 + c] = blocks[b][p][c];
                }
            }
        }
        return out;
    }
};

void ColourBlock(ByteWriter &w, uint16_t c0, uint16_t c1, uint32_t indices) {
    w.u16(c0);
    w.u16(c1);
    w.u32(indices);
}

const Rgba kRed{255, 0, 0, 255}, kGreen{0, 255, 0, 255}, kBlue{0, 0, 255, 255},
    kWhite{255, 255, 255, 255};

/** DXT1: solid red, solid green (four-colour mode: c0 > c1, index 0), an interpolated block
 *  (white to black, index 2: 2/3 white) and a transparent block (c0 <= c1, index 3). */
PaaTestTexture Dxt1(bool lzo) {
    ByteWriter blocks;
    BlockImage image;
    const Rgba solids[2] = {kRed, kGreen};
    for (int b = 0; b < 2; ++b) {
        ColourBlock(blocks, To565(solids[b]), 0, 0);
        image.blocks[static_cast<size_t>(b)].fill(From565(To565(solids[b]), 255));
    }
    ColourBlock(blocks, 0xFFFF, 0x0000, 0xAAAAAAAA);
    image.blocks[2].fill(Rgba{170, 170, 170, 255});
    ColourBlock(blocks, 0x0000, 0xFFFF, 0xFFFFFFFF);
    image.blocks[3].fill(Rgba{0, 0, 0, 0});
    PaaLevelData level{8, 8, lzo, blocks.data()};
    if (lzo) {
        level.stored = LzoCompress(blocks.data());
    }
    PaaWriteOptions options;
    options.alphaFlag = true;
    return {lzo ? "dxt1_lzo" : "dxt1",        kDxt1, 8, 8, image.rgba(),
            WritePaa(kDxt1, {level}, options)};
}

/** DXT2/3: explicit 4-bit alpha (the same nibble for every pixel of a block), solid colours. */
PaaTestTexture Dxt3(uint16_t tag) {
    ByteWriter blocks;
    BlockImage image;
    const Rgba colours[4] = {kRed, kGreen, kBlue, kWhite};
    const uint8_t nibbles[4] = {15, 8, 3, 0};
    for (size_t b = 0; b < 4; ++b) {
        const uint8_t pair = static_cast<uint8_t>(nibbles[b] | (nibbles[b] << 4));
        for (int i = 0; i < 8; ++i) {
            blocks.u8(pair);
        }
        ColourBlock(blocks, To565(colours[b]), 0, 0);
        image.blocks[b].fill(From565(To565(colours[b]), static_cast<uint8_t>(nibbles[b] * 17)));
    }
    return {tag == kDxt2 ? "dxt2" : "dxt3",
            tag,
            8,
            8,
            image.rgba(),
            WritePaa(tag, {PaaLevelData{8, 8, false, blocks.data()}})};
}

/** DXT4/5: interpolated alpha, index 0 (= a0) everywhere; one block uses the six-alpha mode's
 *  code 7 (255) and one its code 6 (0). */
PaaTestTexture Dxt5(uint16_t tag, bool lzo) {
    ByteWriter blocks;
    BlockImage image;
    const Rgba colours[4] = {kRed, kGreen, kBlue, kWhite};
    struct AlphaBlock {
        uint8_t a0, a1;
        uint64_t indices; // 48 bits, 3 per pixel
        uint8_t expected;
    };
    const AlphaBlock alphas[4] = {{200, 100, 0, 200},
                                  {128, 64, 0, 128},
                                  {10, 20, 0xFFFFFFFFFFFFull, 255}, // code 7 everywhere
                                  {10, 20, 0xDB6DB6DB6DB6ull, 0}};  // code 6 everywhere
    for (size_t b = 0; b < 4; ++b) {
        blocks.u8(alphas[b].a0);
        blocks.u8(alphas[b].a1);
        for (int k = 0; k < 6; ++k) {
            blocks.u8(static_cast<uint8_t>(alphas[b].indices >> (8 * k)));
        }
        ColourBlock(blocks, To565(colours[b]), 0, 0);
        image.blocks[b].fill(From565(To565(colours[b]), alphas[b].expected));
    }
    PaaLevelData level{8, 8, lzo, blocks.data()};
    if (lzo) {
        level.stored = LzoCompress(blocks.data());
    }
    PaaWriteOptions options;
    options.alphaFlag = true;
    std::string name = tag == kDxt4 ? "dxt4" : "dxt5";
    return {lzo ? name + "_lzo" : name, tag, 8, 8, image.rgba(), WritePaa(tag, {level}, options)};
}

/** A 4 x 4 pattern of the 16-bit and 32-bit formats: each pixel different. */
PaaTestTexture Uncompressed(uint16_t tag, int compression /* 0 raw, 1 signed, 2 unsigned */) {
    const uint32_t side = 4;
    std::vector<uint8_t> stored;
    std::vector<uint8_t> rgba;
    for (uint32_t i = 0; i < side * side; ++i) {
        const uint32_t a = (i * 3 + 1) & 15, r = (i * 5 + 2) & 15, g = (i * 7 + 3) & 15,
                       b = (i * 11 + 4) & 15;
        switch (tag) {
        case kArgb4444: {
            const uint32_t v = (a << 12) | (r << 8) | (g << 4) | b;
            stored.push_back(static_cast<uint8_t>(v));
            stored.push_back(static_cast<uint8_t>(v >> 8));
            rgba.insert(rgba.end(), {static_cast<uint8_t>(r * 17), static_cast<uint8_t>(g * 17),
                                     static_cast<uint8_t>(b * 17), static_cast<uint8_t>(a * 17)});
            break;
        }
        case kArgb1555: {
            const uint32_t r5 = (i * 5 + 2) & 31, g5 = (i * 7 + 3) & 31, b5 = (i * 11 + 4) & 31;
            const uint32_t bit = i & 1;
            const uint32_t v = (bit << 15) | (r5 << 10) | (g5 << 5) | b5;
            stored.push_back(static_cast<uint8_t>(v));
            stored.push_back(static_cast<uint8_t>(v >> 8));
            auto expand = [](uint32_t x) { return static_cast<uint8_t>((x << 3) | (x >> 2)); };
            rgba.insert(rgba.end(),
                        {expand(r5), expand(g5), expand(b5), static_cast<uint8_t>(bit ? 255 : 0)});
            break;
        }
        case kArgb8888: {
            const uint8_t R = static_cast<uint8_t>(i * 16 + 1), G = static_cast<uint8_t>(200 - i),
                          B = static_cast<uint8_t>(i * 7), A = static_cast<uint8_t>(255 - i * 9);
            stored.insert(stored.end(), {B, G, R, A});
            rgba.insert(rgba.end(), {R, G, B, A});
            break;
        }
        default: { // AI88
            const uint8_t intensity = static_cast<uint8_t>(i * 15 + 3);
            const uint8_t alpha = static_cast<uint8_t>(250 - i * 11);
            stored.insert(stored.end(), {intensity, alpha});
            rgba.insert(rgba.end(), {intensity, intensity, intensity, alpha});
            break;
        }
        }
    }
    // The half-size level below it, so that the walk reaches a second record.
    const size_t bytesPerPixel = tag == kArgb8888 ? 4 : 2;
    std::vector<uint8_t> small(2 * 2 * bytesPerPixel, 0x11);
    std::vector<PaaLevelData> levels = {
        PaaLevelData{4, 4, false, compression == 0 ? stored : PaaLzss(stored, compression == 1)},
        PaaLevelData{2, 2, false, PaaLzss(small, true)}};
    std::string name = tag == kArgb4444   ? "argb4444"
                       : tag == kArgb1555 ? "argb1555"
                       : tag == kArgb8888 ? "argb8888"
                                          : "ai88";
    name += compression == 0 ? "" : compression == 1 ? "_lzss" : "_lzss_unsigned";
    return {name, tag, side, side, rgba, WritePaa(tag, levels)};
}

/** ARGB8888 with a normal map's swizzle (05 04 02 03): stored A = 255 - R, stored R = 255 - A.
 */
PaaTestTexture Swizzled() {
    const std::vector<uint8_t> stored = {30, 20, 10, 40}; // B G R A of one pixel
    PaaWriteOptions options;
    options.swizzle = true;
    const uint8_t codes[4] = {5, 4, 2, 3};
    std::copy(codes, codes + 4, options.swizzleCodes);
    return {"argb8888_swizzled",
            kArgb8888,
            1,
            1,
            {215, 20, 30, 245},
            WritePaa(kArgb8888, {PaaLevelData{1, 1, false, stored}}, options)};
}

} // namespace

std::vector<uint8_t> PaaLzss(const std::vector<uint8_t> &data, bool signedChecksum) {
    std::vector<uint8_t> stream = p3d::LzssCompress(data);
    stream.resize(stream.size() - 4);
    uint32_t sum = 0;
    for (uint8_t b : data) {
        sum += signedChecksum ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(b)))
                              : b;
    }
    for (int shift = 0; shift < 32; shift += 8) {
        stream.push_back(static_cast<uint8_t>(sum >> shift));
    }
    return stream;
}

std::vector<uint8_t> WritePaa(uint16_t typeTag, const std::vector<PaaLevelData> &levels,
                              const PaaWriteOptions &options) {
    ByteWriter w;
    w.u16(typeTag);
    Tagg(w, "CGVA", {0x80, 0x80, 0x80, 0xFF});
    Tagg(w, "CXAM", {0xFF, 0xFF, 0xFF, 0xFF});
    if (options.alphaFlag) {
        Tagg(w, "GALF", {1, 0, 0, 0});
    }
    if (options.swizzle) {
        Tagg(w, "ZIWS", std::vector<uint8_t>(options.swizzleCodes, options.swizzleCodes + 4));
    }
    // SFFO: the level records start after this tag and the palette count.
    size_t offset = w.data().size() + 12 + 64 + 2;
    std::vector<uint8_t> offsets(64, 0);
    for (size_t i = 0; i < levels.size() && i < 16; ++i) {
        for (int k = 0; k < 4; ++k) {
            offsets[i * 4 + static_cast<size_t>(k)] = static_cast<uint8_t>(offset >> (8 * k));
        }
        offset += 7 + levels[i].stored.size();
    }
    Tagg(w, "SFFO", offsets);
    w.u16(0); // palette
    for (const PaaLevelData &level : levels) {
        w.u16(static_cast<uint16_t>(level.width | (level.lzo ? 0x8000 : 0)));
        w.u16(level.height);
        const uint32_t size = static_cast<uint32_t>(level.stored.size());
        w.u8(static_cast<uint8_t>(size));
        w.u8(static_cast<uint8_t>(size >> 8));
        w.u8(static_cast<uint8_t>(size >> 16));
        w.bytes(level.stored.data(), level.stored.size());
    }
    w.u16(0);
    w.u16(0);
    w.u16(0);
    return w.data();
}

std::vector<PaaTestTexture> PaaTestTextures() {
    return {Dxt1(false),
            Dxt1(true),
            Dxt3(kDxt2),
            Dxt3(kDxt3),
            Dxt5(kDxt4, false),
            Dxt5(kDxt5, false),
            Dxt5(kDxt5, true),
            Uncompressed(kArgb4444, 0),
            Uncompressed(kArgb4444, 1),
            Uncompressed(kArgb1555, 0),
            Uncompressed(kArgb1555, 1),
            Uncompressed(kArgb8888, 0),
            Uncompressed(kArgb8888, 1),
            Uncompressed(kArgb8888, 2),
            Uncompressed(kAi88, 0),
            Uncompressed(kAi88, 1),
            Swizzled()};
}

} // namespace agf::testgen::paa
