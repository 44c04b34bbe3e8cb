// The one stb_image setup of code/Common: one limit for every decode (textures, PSW heightmaps,
// the command's images), the image files it writes, and what it refuses before decoding.
#include "TestSupport.h"

#include "ActorX/PswHeightmap.h"
#include "Common/ImportError.h"
#include "Common/StbImages.h"

#include <cstring>
#include <functional>
#include <string>

namespace {

using agf::ImageFileType;
using agf::kMaxTextureSide;

/** A grey gradient of `width` x `height` as an RGBA PNG. */
std::vector<uint8_t> GradientPng(uint32_t width, uint32_t height) {
    std::vector<uint8_t> pixels;
    for (uint32_t y = 0; y < height; ++y) {
        for (uint32_t x = 0; x < width; ++x) {
            const auto grey = static_cast<uint8_t>((x + y) % 256);
            pixels.insert(pixels.end(), {grey, grey, grey, 255});
        }
    }
    return agf::EncodeImageFile(ImageFileType::Png, width, height, 4, pixels);
}

/** The PNG with its IHDR width replaced (stb_image does not check the chunk's CRC). */
std::vector<uint8_t> WithWidth(std::vector<uint8_t> png, uint32_t width) {
    const size_t at = 16; // signature (8), IHDR length (4) and type (4)
    for (int b = 0; b < 4; ++b) {
        png[at + size_t(b)] = static_cast<uint8_t>(width >> (24 - 8 * b));
    }
    return png;
}

enum class Outcome { Decoded, OverTheLimit, Refused };

Outcome Decode(const std::function<void()> &decode) {
    try {
        decode();
        return Outcome::Decoded;
    } catch (const agf::ImportLimitError &) {
        return Outcome::OverTheLimit;
    } catch (const agf::ImportError &) {
        return Outcome::Refused;
    }
}

TEST(StbImages, OneSideLimitForTexturesAndHeightmaps) {
    const std::vector<uint8_t> widest = GradientPng(kMaxTextureSide, 1);
    ASSERT_FALSE(widest.empty());
    const std::vector<uint8_t> tooWide = WithWidth(widest, kMaxTextureSide + 1);
    using Png = std::vector<uint8_t>;
    const std::function<void(const Png &)> decoders[] = {
        [](const Png &png) { agf::StbDecode(png.data(), png.size(), "t.png"); },
        [](const Png &png) { agf::StbDecodeGrey16(png.data(), png.size(), "t.png"); },
        [](const Png &png) { agf::psw::DecodeHeightmapPng(png, "h.png"); },
    };
    for (const auto &decode : decoders) {
        EXPECT_EQ(Decode([&] { decode(widest); }), Outcome::Decoded);
        EXPECT_EQ(Decode([&] { decode(tooWide); }), Outcome::OverTheLimit);
    }
    const agf::RgbaImage image = agf::StbDecode(widest.data(), widest.size(), "t.png");
    EXPECT_EQ(image.width, kMaxTextureSide);
    EXPECT_EQ(image.pixels[4 * 300], 300 % 256);
}

TEST(StbImages, HeightmapsAreSixteenBitGreyFromPngsOnly) {
    const std::vector<uint8_t> png = GradientPng(4, 2);
    const agf::psw::Heightmap heightmap = agf::psw::DecodeHeightmapPng(png, "h.png");
    ASSERT_EQ(heightmap.width, 4);
    ASSERT_EQ(heightmap.height, 2);
    EXPECT_EQ(heightmap.samples[5], 2 * 257); // x 1, y 1: grey 2, widened to 16 bits
    const std::vector<uint8_t> tga =
        agf::EncodeImageFile(ImageFileType::Tga, 1, 1, 4, std::vector<uint8_t>{10, 20, 30, 255});
    EXPECT_EQ(Decode([&] { agf::psw::DecodeHeightmapPng(tga, "h.tga"); }), Outcome::Refused);
}

TEST(StbImages, AChunkLongerThanTheFileIsRefusedBeforeDecoding) {
    std::vector<uint8_t> png = GradientPng(8, 8);
    // IHDR is 13 bytes from byte 8; the next chunk's length follows it and its CRC.
    const size_t idatLength = 8 + 12 + 13;
    png[idatLength] = 0x7F; // about 2 GB
    EXPECT_EQ(Decode([&] { agf::StbDecode(png.data(), png.size(), "t.png"); }), Outcome::Refused);
}

/** The message of the ImportError the decode throws, or "decoded". */
std::string DecodeMessage(const std::vector<uint8_t> &png) {
    try {
        agf::StbDecode(png.data(), png.size(), "t.png");
        return "decoded";
    } catch (const agf::ImportError &error) {
        return error.what();
    }
}

bool Contains(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

void PutBigEndian32(std::vector<uint8_t> &bytes, size_t at, uint32_t value) {
    for (size_t b = 0; b < 4; ++b) {
        bytes[at + b] = static_cast<uint8_t>(value >> (24 - 8 * b));
    }
}

TEST(StbImages, AChunkHeaderAtTheEndIsCheckedLikeAnyOther) {
    // Only a chunk's length and type at the end (no body, no CRC): stb_image grew its buffer to
    // the declared length before finding the bytes missing.
    std::vector<uint8_t> png = GradientPng(8, 8);
    const size_t afterIhdr = 8 + 12 + 13;
    png.resize(afterIhdr + 8);
    PutBigEndian32(png, afterIhdr, 0x66000035);
    std::memcpy(&png[afterIhdr + 4], "IDAT", 4);
    EXPECT_PRED2(Contains, DecodeMessage(png), "PNG chunk at byte 33 declares 1711276085 bytes");
    png.resize(afterIhdr + 5);
    EXPECT_PRED2(Contains, DecodeMessage(png), "PNG ends inside the chunk header at byte 33");
}

TEST(StbImages, APngHeaderLargerThanItsImageDataCanHoldIsRefusedBeforeDecoding) {
    // 16384 x 16384 RGBA pixels declared over a few bytes of image data: stb_image would
    // allocate the 1 GB it expects to inflate before inflating.
    std::vector<uint8_t> png = GradientPng(8, 8);
    PutBigEndian32(png, 16, kMaxTextureSide);
    PutBigEndian32(png, 20, kMaxTextureSide);
    EXPECT_PRED2(Contains, DecodeMessage(png), "PNG declares 1073741824 bytes of pixels in");

    // Deflate's own limit is not refused: a flat image compressed as far as zlib goes.
    const uint32_t side = 2048;
    const std::vector<uint8_t> flat = agf::EncodeImageFile(
        ImageFileType::Png, side, side, 4, std::vector<uint8_t>(size_t{side} * side * 4, 7));
    ASSERT_FALSE(flat.empty());
    EXPECT_EQ(DecodeMessage(flat), "decoded");
}

TEST(StbImages, APngWithoutTheCrcOfItsEndChunkStillDecodes) {
    std::vector<uint8_t> png = GradientPng(8, 8);
    ASSERT_EQ(std::memcmp(&png[png.size() - 8], "IEND", 4), 0);
    png.resize(png.size() - 4);
    EXPECT_EQ(DecodeMessage(png), "decoded");
}

TEST(StbImages, WritesEachFileTypeWithThreeOrFourChannels) {
    const std::vector<uint8_t> rgb = {255, 0, 0, 0, 255, 0};
    const std::vector<uint8_t> rgba = {255, 0, 0, 128, 0, 255, 0, 255};
    for (const ImageFileType type : {ImageFileType::Png, ImageFileType::Tga, ImageFileType::Bmp}) {
        const std::vector<uint8_t> three = agf::EncodeImageFile(type, 2, 1, 3, rgb);
        const std::vector<uint8_t> four = agf::EncodeImageFile(type, 2, 1, 4, rgba);
        ASSERT_FALSE(three.empty());
        ASSERT_FALSE(four.empty());
        const agf::RgbaImage fromThree = agf::StbDecode(three.data(), three.size(), "three");
        const agf::RgbaImage fromFour = agf::StbDecode(four.data(), four.size(), "four");
        EXPECT_EQ(fromThree.pixels, (std::vector<uint8_t>{255, 0, 0, 255, 0, 255, 0, 255}));
        EXPECT_EQ(fromFour.pixels, rgba);
    }
    // Sizes that do not fit the pixels, or no channel count stb_image_write takes: nothing.
    EXPECT_TRUE(agf::EncodeImageFile(ImageFileType::Png, 3, 1, 3, rgb).empty());
    EXPECT_TRUE(agf::EncodeImageFile(ImageFileType::Png, 3, 1, 2, rgb).empty());
}

} // namespace
