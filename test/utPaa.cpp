// The PAA decoder (code/Paa): generated textures of every pixel format against the pixels
// written, the real CBA samples against values the test computes itself, and damaged files.
#include "Common/ImportError.h"
#include "Common/StbImages.h"
#include "Common/Warnings.h"
#include "Paa/PaaParser.h"
#include "PaaWriter.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <set>

namespace {

using agf::ImportError;
using agf::RgbaImage;
using agf::Warnings;
using agf::testgen::paa::PaaTestTexture;
using agf::testgen::paa::PaaTestTextures;

/** FNV-1a over the pixels and the size, so that two decodes can be compared in one value. */
uint64_t ImageHash(const RgbaImage &image) {
    uint64_t hash = 14695981039346656037ull;
    auto add = [&hash](uint8_t byte) {
        hash ^= byte;
        hash *= 1099511628211ull;
    };
    for (int shift = 0; shift < 32; shift += 8) {
        add(static_cast<uint8_t>(image.width >> shift));
        add(static_cast<uint8_t>(image.height >> shift));
    }
    for (uint8_t byte : image.pixels) {
        add(byte);
    }
    return hash;
}

RgbaImage Decode(const std::vector<uint8_t> &file, Warnings &warnings) {
    return agf::paa::DecodePaa(file.data(), file.size(), "test.paa", warnings);
}

TEST(Paa, EveryPixelFormatDecodesToThePixelsWritten) {
    const std::vector<PaaTestTexture> textures = PaaTestTextures();
    std::set<uint16_t> tags;
    for (const PaaTestTexture &texture : textures) {
        SCOPED_TRACE(texture.name);
        tags.insert(texture.typeTag);
        ASSERT_TRUE(agf::paa::LooksLikePaa(texture.file.data(), texture.file.size()));
        Warnings warnings;
        const RgbaImage image = Decode(texture.file, warnings);
        EXPECT_EQ(image.width, texture.width);
        EXPECT_EQ(image.height, texture.height);
        ASSERT_EQ(image.pixels.size(), texture.rgba.size());
        for (size_t i = 0; i < image.pixels.size(); ++i) {
            ASSERT_EQ(int(image.pixels[i]), int(texture.rgba[i]))
                << "pixel " << i / 4 << " channel " << i % 4;
        }
        EXPECT_EQ(warnings.entries().size(), 0u);
    }
    // DXT1 to DXT5, ARGB4444, ARGB1555, ARGB8888, AI88.
    EXPECT_EQ(tags.size(), 9u);
}

TEST(Paa, CompressedVariantsAreCoveredAndFlagged) {
    std::set<std::string> names;
    for (const PaaTestTexture &texture : PaaTestTextures()) {
        names.insert(texture.name);
        Warnings warnings;
        const agf::paa::PaaFile file =
            agf::paa::ParsePaa(texture.file.data(), texture.file.size(), "t.paa", warnings);
        const bool lzoName = texture.name.find("_lzo") != std::string::npos;
        EXPECT_EQ(file.levels.front().lzo, lzoName) << texture.name;
    }
    for (const char *name : {"dxt1_lzo", "dxt5_lzo", "argb4444_lzss", "argb1555_lzss",
                             "argb8888_lzss", "argb8888_lzss_unsigned", "ai88_lzss"}) {
        EXPECT_EQ(names.count(name), 1u) << name;
    }
}

TEST(Paa, SwizzleIsUndoneOnlyWhenAsked) {
    for (const PaaTestTexture &texture : PaaTestTextures()) {
        if (texture.name != "argb8888_swizzled") {
            continue;
        }
        Warnings warnings;
        const agf::paa::PaaFile file =
            agf::paa::ParsePaa(texture.file.data(), texture.file.size(), "s.paa", warnings);
        ASSERT_TRUE(file.hasSwizzle);
        const RgbaImage stored = agf::paa::DecodePaaLevel(texture.file.data(), texture.file.size(),
                                                          "s.paa", file, 0, false);
        EXPECT_EQ(stored.pixels, (std::vector<uint8_t>{10, 20, 30, 40}));
        return;
    }
    FAIL() << "no swizzled texture generated";
}

// ---- Damaged files -----------------------------------------------------------------------

std::vector<uint8_t> FirstTexture(const std::string &name) {
    for (const PaaTestTexture &texture : PaaTestTextures()) {
        if (texture.name == name) {
            return texture.file;
        }
    }
    return {};
}

/** The offset of the first level record (after the TAGGs and the palette count). */
size_t FirstLevelOffset(const std::vector<uint8_t> &file) {
    Warnings warnings;
    return agf::paa::ParsePaa(file.data(), file.size(), "x.paa", warnings).levels[0].recordOffset;
}

TEST(Paa, TruncatedFilesFailWithTheirPlaceOrDecode) {
    for (const char *name : {"dxt5_lzo", "argb4444_lzss", "dxt1"}) {
        const std::vector<uint8_t> file = FirstTexture(name);
        for (size_t cut = 0; cut < file.size(); ++cut) {
            const std::vector<uint8_t> shorter(file.begin(),
                                               file.begin() + static_cast<std::ptrdiff_t>(cut));
            Warnings warnings;
            try {
                (void)Decode(shorter, warnings);
                // Only damage after the largest level may still decode.
                EXPECT_GT(cut, FirstLevelOffset(file)) << name << " cut at " << cut;
            } catch (const ImportError &error) {
                EXPECT_EQ(error.file(), "test.paa");
                EXPECT_FALSE(error.structure().empty());
            }
        }
    }
}

TEST(Paa, DataRunningPastTheFileIsRefusedWithItsOffset) {
    std::vector<uint8_t> file = FirstTexture("dxt1");
    const size_t record = FirstLevelOffset(file);
    file[record + 6] = 0x7F; // the u24 size's high byte: 8 MB of data in a small file
    Warnings warnings;
    try {
        Decode(file, warnings);
        FAIL() << "accepted";
    } catch (const ImportError &error) {
        EXPECT_NE(std::string(error.what()).find("runs past the end of the file"),
                  std::string::npos)
            << error.what();
        EXPECT_EQ(error.structure(), "level 0");
    }
}

TEST(Paa, TexturesLargerThan16kAreRefusedBeforeAnyAllocation) {
    std::vector<uint8_t> file = FirstTexture("dxt5_lzo");
    const size_t record = FirstLevelOffset(file);
    // 0x7FFF wide (with the LZO flag) and 0xFFFF high.
    file[record] = 0xFF;
    file[record + 1] = 0xFF;
    file[record + 2] = 0xFF;
    file[record + 3] = 0xFF;
    Warnings warnings;
    try {
        Decode(file, warnings);
        FAIL() << "accepted";
    } catch (const ImportError &error) {
        EXPECT_NE(std::string(error.what()).find("larger than 16384 x 16384"), std::string::npos)
            << error.what();
    }
}

TEST(Paa, UnknownTagsBadChecksumsAndLzoOnNonDxtFail) {
    Warnings warnings;
    std::vector<uint8_t> file = FirstTexture("argb4444_lzss");
    std::vector<uint8_t> untagged = file;
    untagged[0] = 0x12;
    untagged[1] = 0x34;
    EXPECT_FALSE(agf::paa::LooksLikePaa(untagged.data(), untagged.size()));
    EXPECT_THROW(Decode(untagged, warnings), ImportError);

    std::vector<uint8_t> lzoFlag = file;
    lzoFlag[FirstLevelOffset(file) + 1] |= 0x80;
    EXPECT_THROW(Decode(lzoFlag, warnings), ImportError);

    // The level's checksum is its last 4 bytes, just before the next record.
    std::vector<uint8_t> checksum = file;
    Warnings walk;
    const agf::paa::PaaFile parsed = agf::paa::ParsePaa(file.data(), file.size(), "c.paa", walk);
    const size_t checksumAt = parsed.levels[0].dataOffset + parsed.levels[0].storedSize - 4;
    checksum[checksumAt] ^= 0x55;
    EXPECT_THROW(Decode(checksum, warnings), ImportError);
}

// ---- Real samples (CBA's DXT5 textures) -------------------------------------------------

struct RealTexture {
    const char *path; ///< under ../shared/samples/p3d/data-root/
    uint32_t side;
    size_t levels;
};

TEST(PaaSamples, CbaTexturesDecodeWithAlphaAndContentTheSameByEveryPath) {
    AGF_REQUIRE_SAMPLE(root, "p3d/data-root");
    const RealTexture textures[] = {
        {"x/cba/addons/main/logo_cba_ca.paa", 512, 8},
        {"x/cba/addons/optics/reticles/scopeblack_ca.paa", 2048, 10},
        {"x/cba/addons/optics/reticles/scopeblack_small_70_ca.paa", 1024, 9},
        {"x/cba/addons/ai/IconInvisibleTarget.paa", 64, 5},
    };
    for (const RealTexture &texture : textures) {
        SCOPED_TRACE(texture.path);
        const std::vector<uint8_t> bytes = agf::test::ReadBytes(root / texture.path);
        ASSERT_TRUE(agf::paa::LooksLikePaa(bytes.data(), bytes.size()));
        Warnings warnings;
        const agf::paa::PaaFile file =
            agf::paa::ParsePaa(bytes.data(), bytes.size(), "real.paa", warnings);
        EXPECT_EQ(file.format, agf::paa::PaaFormat::Dxt5);
        EXPECT_EQ(file.alphaFlags, agf::paa::kAlphaBlended);
        EXPECT_EQ(file.levels.size(), texture.levels);
        EXPECT_EQ(warnings.entries().size(), 0u) << "the file walks to its exact end";
        // Every level decodes (LZO on the big ones, raw on the small ones).
        for (size_t level = 0; level < file.levels.size(); ++level) {
            const RgbaImage image =
                agf::paa::DecodePaaLevel(bytes.data(), bytes.size(), "real.paa", file, level, true);
            EXPECT_EQ(image.width, std::max<uint32_t>(texture.side >> level, 1u));
        }
        const RgbaImage image =
            agf::paa::DecodePaa(bytes.data(), bytes.size(), "real.paa", warnings);
        ASSERT_EQ(image.width, texture.side);
        ASSERT_EQ(image.height, texture.side);
        EXPECT_TRUE(image.hasAlpha());
        // Content, not a flat fill: several distinct colours and both opaque and clear pixels.
        std::set<uint32_t> colours;
        size_t opaque = 0, clear = 0;
        for (size_t p = 0; p < image.pixels.size(); p += 4) {
            colours.insert(uint32_t(image.pixels[p]) | uint32_t(image.pixels[p + 1]) << 8 |
                           uint32_t(image.pixels[p + 2]) << 16 |
                           uint32_t(image.pixels[p + 3]) << 24);
            opaque += image.pixels[p + 3] == 255;
            clear += image.pixels[p + 3] == 0;
        }
        EXPECT_GT(colours.size(), 4u);
        EXPECT_GT(opaque + clear, 0u);
        // The reference checksum, computed here: the same pixels through PNG and back.
        const std::vector<uint8_t> png = agf::EncodePng(image);
        ASSERT_FALSE(png.empty());
        const RgbaImage back = agf::StbDecode(png.data(), png.size(), "real.png");
        EXPECT_EQ(ImageHash(back), ImageHash(image));
        // And decoding twice gives the same hash.
        EXPECT_EQ(ImageHash(agf::paa::DecodePaa(bytes.data(), bytes.size(), "real.paa", warnings)),
                  ImageHash(image));
    }
}

} // namespace
