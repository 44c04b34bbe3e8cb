// Damaged Idol FX files: each gives an ImportError that names the problem (and, through Assimp,
// a failed import with that message) instead of a crash, a hang or an assert.
#include "utIdolFxSupport.h"

#include "Common/ImportError.h"
#include "IdolFX/AnbParser.h"
#include "IdolFX/FxmParser.h"
#include "IdolFX/MotParser.h"

#include <cstring>
#include <functional>
#include <limits>

namespace {

using namespace agf::test::idolfx;

void PatchU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
    std::memcpy(bytes.data() + offset, &value, 4);
}

// Offsets in the one-submesh static file: 44-byte header, submesh count, then the "Crate"
// record: name (4 + 5 bytes), 3 zeros, FVF, stride, constant, face count, vertex count.
constexpr size_t kSubmeshCountOffset = 44;
constexpr size_t kStrideOffset = 48 + 9 + 12 + 4;

std::vector<uint8_t> StaticFile() {
    return gen::WriteFxm(gen::StaticFxmSpec(1, 1));
}

void ExpectImportFails(const std::vector<uint8_t> &bytes, const char *extension,
                       const std::string &expected) {
    const std::string error = ImportFailure(bytes, extension);
    EXPECT_NE(error.find(expected), std::string::npos) << "error: \"" << error << "\"";
    EXPECT_NE(error.find("at byte"), std::string::npos) << "error: \"" << error << "\"";
}

TEST(IdolFxInvalid, BadSubmeshCounts) {
    std::vector<uint8_t> bytes = StaticFile();
    PatchU32(bytes, kSubmeshCountOffset, 0);
    ExpectImportFails(bytes, "fxm", "submesh count 0");
    PatchU32(bytes, kSubmeshCountOffset, 5000);
    ExpectImportFails(bytes, "fxm", "submesh count 5000");
    PatchU32(bytes, kSubmeshCountOffset, 3); // only one is there
    ExpectImportFails(bytes, "fxm", "unexpected end of data");
    PatchU32(bytes, kSubmeshCountOffset, 100); // cannot fit, caught before reading
    ExpectImportFails(bytes, "fxm", "submesh count 100 needs");
}

TEST(IdolFxInvalid, StrideSmallerThan32) {
    std::vector<uint8_t> bytes = StaticFile();
    PatchU32(bytes, kStrideOffset, 24);
    ExpectImportFails(bytes, "fxm", "vertex stride 24 is smaller than 32");
}

TEST(IdolFxInvalid, IndexPastTheVertices) {
    gen::FxmSpec spec = gen::StaticFxmSpec(2, 2);
    spec.submeshes[1].triangles[3][1] = 24;
    ExpectImportFails(gen::WriteFxm(spec), "fxm", "index 24 past the vertices (24 vertices)");
}

TEST(IdolFxInvalid, BoneIndexPastTheJoints) {
    gen::FxmSpec spec = gen::KeyposeFxmSpec(3);
    spec.submeshes[0].skin[1].joints[1] = 3; // n = 2: slot 1 is used
    ExpectImportFails(gen::WriteFxm(spec), "fxm", "joint index 3 past the joint table (3 joints)");
}

TEST(IdolFxInvalid, NaNWeightInAUsedSlot) {
    gen::FxmSpec spec = gen::KeyposeFxmSpec(4);
    spec.submeshes[0].skin[2].weights[2] = std::numeric_limits<float>::quiet_NaN(); // n = 3
    ExpectImportFails(gen::WriteFxm(spec), "fxm", "weight 2 is not a finite number");
}

TEST(IdolFxInvalid, JointParentsOutOfRangeOrCyclic) {
    // The writer computes bind matrices from the parents, so patch after writing instead.
    const std::vector<uint8_t> good = gen::WriteFxm(gen::KeyposeFxmSpec(3));
    // Joint 0 starts at byte 12: 8 unknown bytes, "Bip01" (4 + 5 bytes), then the parent.
    constexpr size_t kRootParentOffset = 12 + 8 + 9;
    std::vector<uint8_t> bytes = good;
    PatchU32(bytes, kRootParentOffset, 7);
    ExpectImportFails(bytes, "fxm", "parent index 7 out of range (3 joints");
    PatchU32(bytes, kRootParentOffset, 0);
    ExpectImportFails(bytes, "fxm", "joint is its own parent");
    PatchU32(bytes, kRootParentOffset, 2); // 0 -> 2 -> 1 -> 0
    const std::string error = ImportFailure(bytes, "fxm");
    EXPECT_NE(error.find("cycle"), std::string::npos) << error;
}

TEST(IdolFxInvalid, UnknownVersion) {
    std::vector<uint8_t> bytes = StaticFile();
    PatchU32(bytes, 0, 7);
    ExpectImportFails(bytes, "fxm", "version 7 is not an Idol FX FXM version");
}

TEST(IdolFxInvalid, MotAndAnbCounts) {
    std::vector<uint8_t> mot = gen::WriteMot(gen::ChainMotSpec(3));
    PatchU32(mot, 28, 0x7FFFFFFF);
    const std::string motError = [&] {
        try {
            agf::Warnings warnings;
            agf::idolfx::ParseMot(mot.data(), mot.size(), "huge.mot", warnings);
        } catch (const agf::ImportError &error) {
            return std::string(error.what());
        }
        return std::string();
    }();
    EXPECT_NE(motError.find("track count 2147483647"), std::string::npos) << motError;

    std::vector<uint8_t> anb = gen::WriteAnb(gen::TwoSubmeshAnbSpec());
    PatchU32(anb, 0, 0);
    ExpectImportFails(anb, "anb", "frame count 0");
    // The first submesh's UV triangles start after its header, points, triangles and UVs.
    const gen::AnbSpec spec = gen::TwoSubmeshAnbSpec();
    const size_t uvTriangles = 8 + 12 + 24 * spec.submeshes[0].basePoints.size() +
                               6 * spec.submeshes[0].triangles.size() +
                               8 * spec.submeshes[0].uvs.size();
    anb = gen::WriteAnb(spec);
    anb[uvTriangles + 2] = 40;
    ExpectImportFails(anb, "anb", "UV triangle 0: index 40 past the end (6 entries)");
}

// Every strict prefix of every generated file is rejected by its parser with a located error.
TEST(IdolFxInvalid, EveryTruncationIsAClearError) {
    using Parse = std::function<void(const uint8_t *, size_t)>;
    const std::vector<std::pair<std::vector<uint8_t>, Parse>> files = {
        {gen::WriteFxm(gen::StaticFxmSpec(3, 2)),
         [](const uint8_t *d, size_t n) {
             agf::Warnings warnings;
             agf::idolfx::ParseFxm(d, n, "cut.fxm", warnings);
         }},
        {gen::WriteFxm(gen::KeyposeFxmSpec(5)),
         [](const uint8_t *d, size_t n) {
             agf::Warnings warnings;
             agf::idolfx::ParseFxm(d, n, "cut.fxm", warnings);
         }},
        {gen::WriteMot(gen::ChainMotSpec(4)),
         [](const uint8_t *d, size_t n) {
             agf::Warnings warnings;
             agf::idolfx::ParseMot(d, n, "cut.mot", warnings);
         }},
        {gen::WriteAnb(gen::TwoSubmeshAnbSpec()),
         [](const uint8_t *d, size_t n) {
             agf::Warnings warnings;
             agf::idolfx::ParseAnb(d, n, "cut.anb", warnings);
         }},
    };
    for (const auto &[bytes, parse] : files) {
        ASSERT_NO_THROW(parse(bytes.data(), bytes.size()));
        for (size_t length = 0; length < bytes.size(); ++length) {
            // A copy of exactly `length` bytes, so that a read past it is a real overrun.
            const std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + length);
            try {
                parse(prefix.data(), prefix.size());
                ADD_FAILURE() << "a prefix of " << length << " bytes was accepted";
            } catch (const agf::ImportError &error) {
                const std::string message = error.what();
                EXPECT_NE(message.find("cut."), std::string::npos) << message;
                EXPECT_NE(message.find("at byte"), std::string::npos) << message;
            }
        }
    }
    // And through Assimp: a failed import, not a crash.
    const std::vector<uint8_t> fxm = gen::WriteFxm(gen::KeyposeFxmSpec(3));
    const std::vector<uint8_t> half(fxm.begin(), fxm.begin() + fxm.size() / 2);
    const std::string error = ImportFailure(half, "fxm");
    EXPECT_NE(error.find("at byte"), std::string::npos) << error;
}

} // namespace
