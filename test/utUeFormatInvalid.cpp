/** @file utUeFormatInvalid.cpp
 *  Damaged and foreign UEFormat files: refused with an error naming the file, the structure and
 *  the offset, or imported as far as they are sound with typed warnings.
 */
#include "utUeFormatSupport.h"

#include "Common/MorphCopyBudget.h"
#include "UEFormat/UeModelConverter.h"

namespace {

using namespace agf::test::ue;

std::vector<uint8_t> WithVersion(uint8_t version) {
    std::vector<uint8_t> bytes = KnightModelBytes();
    bytes[8 + 4 + 7] = version; // after the magic and the identifier "UEMODEL"
    return bytes;
}

std::string ErrorOf(const std::vector<uint8_t> &bytes, const char *hint = "uemodel") {
    auto importer = agf::test::MakeImporter();
    EXPECT_EQ(ImportBytes(*importer, bytes, hint), nullptr);
    return importer->GetErrorString();
}

std::vector<uint8_t> Compressed(const char *compression, int64_t declared) {
    gen::FileOptions options;
    options.compression = compression;
    options.declaredSize = declared;
    return gen::WriteKnightModel(options);
}

TEST(UeFormatInvalid, ANewerVersionIsRefusedNamingIt) {
    const std::string error = ErrorOf(WithVersion(11));
    EXPECT_NE(error.find("file version 11"), std::string::npos) << error;
    EXPECT_NE(error.find("header at byte 19"), std::string::npos) << error;
}

TEST(UeFormatInvalid, AnotherIdentifierIsRefused) {
    // A .uepose given as a model: the model importer refuses it by its identifier.
    gen::FileOptions options;
    const std::string error = ErrorOf(gen::WriteKnightPoses(options), "uemodel");
    EXPECT_FALSE(error.empty());
}

TEST(UeFormatInvalid, AnUnknownCompressionIsRefusedNamingIt) {
    const std::string error = ErrorOf(Compressed("Oodle", -1));
    EXPECT_NE(error.find("compression \"Oodle\" is not supported"), std::string::npos) << error;
}

TEST(UeFormatInvalid, ADeclaredSizeBeyondTheRatioIsRefusedBeforeAllocating) {
    const std::vector<uint8_t> bytes = Compressed("ZSTD", int64_t(1) << 30);
    const std::string error = ErrorOf(bytes);
    EXPECT_NE(error.find("decompression bomb"), std::string::npos) << error;
}

TEST(UeFormatInvalid, ADeclaredSizeThatDisagreesWithTheStreamIsRefused) {
    const size_t actual = KnightModelBytes().size(); // larger than the body: a lie either way
    for (const char *compression : {"ZSTD", "GZIP"}) {
        for (int64_t declared : {int64_t(100), int64_t(actual * 2)}) {
            const std::string error = ErrorOf(Compressed(compression, declared));
            EXPECT_NE(error.find(std::string(compression) + " body"), std::string::npos)
                << compression << " declared " << declared << ": " << error;
        }
    }
}

TEST(UeFormatInvalid, ATruncatedCompressedBodyIsRefused) {
    for (const char *compression : {"ZSTD", "GZIP"}) {
        std::vector<uint8_t> bytes = Compressed(compression, -1);
        bytes.resize(bytes.size() - 10);
        const std::string error = ErrorOf(bytes);
        EXPECT_NE(error.find("compressed byte count"), std::string::npos) << error;
    }
}

TEST(UeFormatInvalid, DamagedCompressedDataIsRefused) {
    for (const char *compression : {"ZSTD", "GZIP"}) {
        std::vector<uint8_t> bytes = Compressed(compression, -1);
        for (size_t i = bytes.size() - 40; i < bytes.size() - 8; ++i) {
            bytes[i] ^= 0x5A;
        }
        const std::string error = ErrorOf(bytes);
        EXPECT_NE(error.find(std::string(compression) + " body"), std::string::npos) << error;
    }
}

/** The known model with one part's data replaced (version 10 attribute layout). */
std::vector<uint8_t> ModelWithLodParts(const std::function<void(gen::SetWriter &)> &fillLod,
                                       const std::function<void(gen::SetWriter &)> &fillTop = {}) {
    gen::SetWriter body(10);
    body.array("LODS", 1, [&](agf::ByteWriter &out) {
        gen::WriteFString(out, "LOD0");
        gen::SetWriter lod(10);
        fillLod(lod);
        const std::vector<uint8_t> bytes = lod.bytes();
        out.bytes(bytes.data(), bytes.size());
    });
    if (fillTop) {
        fillTop(body);
    }
    return gen::WriteUeFile("UEMODEL", body.bytes(), gen::FileOptions());
}

void Triangle(gen::SetWriter &lod, std::vector<uint32_t> indices) {
    lod.array("VERTICES", 3, [](agf::ByteWriter &out) {
        for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, -1.f, 0.f}) {
            out.f32(v);
        }
    });
    lod.array("INDICES", indices.size(), [&](agf::ByteWriter &out) {
        for (uint32_t index : indices) {
            out.u32(index);
        }
    });
}

TEST(UeFormatInvalid, OutOfRangeIndicesAndWeightsAreDroppedWithWarnings) {
    const std::vector<uint8_t> bytes = ModelWithLodParts(
        [](gen::SetWriter &lod) {
            Triangle(lod, {0, 1, 2, 0, 2, 9, 1, 2});
            lod.array("WEIGHTS", 3, [](agf::ByteWriter &out) {
                for (int32_t vertex : {0, 7, 1}) {
                    out.u16(vertex == 1 ? 5 : 0);
                    out.i32(vertex);
                    out.f32(1.0f);
                }
            });
            lod.array("MORPHTARGETS", 1, [](agf::ByteWriter &out) {
                gen::WriteFString(out, "Bulge");
                out.i32(2);
                for (uint32_t vertex : {1u, 40u}) {
                    for (int k = 0; k < 6; ++k) {
                        out.f32(1.0f);
                    }
                    out.u32(vertex);
                }
            });
        },
        [](gen::SetWriter &top) {
            top.part("SKELETON", [](agf::ByteWriter &out) {
                gen::SetWriter skeleton(10);
                skeleton.array("BONES", 1, [](agf::ByteWriter &bone) {
                    gen::WriteFString(bone, "Root");
                    bone.i32(-1);
                    for (float v : {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 1.f}) {
                        bone.f32(v);
                    }
                });
                const std::vector<uint8_t> skeletonBytes = skeleton.bytes();
                out.bytes(skeletonBytes.data(), skeletonBytes.size());
            });
        });
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, bytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const agf::test::ImportWarnings warnings(*importer, "uemodel");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "LOD 0 INDICES"), 1u)
        << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::OutOfRange, "LOD 0 INDICES"), 1u);
    EXPECT_EQ(warnings.count(agf::WarningKind::OutOfRange, "LOD 0 WEIGHTS"), 1u);
    EXPECT_EQ(warnings.count(agf::WarningKind::OutOfRange, "LOD 0 MORPHTARGETS"), 1u);
    ASSERT_EQ(scene->mNumMeshes, 1u);
    EXPECT_EQ(scene->mMeshes[0]->mNumFaces, 1u);
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, 1u);
}

constexpr uint32_t kVertices = 3000;
constexpr uint32_t kTargets = 2000;

TEST(UeFormatInvalid, MorphTargetsBeyondTheCopyBudgetAreLeftOut) {
    // 2000 targets of one delta each on a LOD of 3000 vertices: a few bytes each in the file, a
    // copy of the LOD each in the scene.
    const std::vector<uint8_t> bytes = ModelWithLodParts([&](gen::SetWriter &lod) {
        lod.array("VERTICES", kVertices, [](agf::ByteWriter &out) {
            for (uint32_t v = 0; v < kVertices; ++v) {
                out.f32(float(v));
                out.f32(float(v % 7));
                out.f32(0.0f);
            }
        });
        lod.array("INDICES", 3, [](agf::ByteWriter &out) {
            for (uint32_t index : {0u, 1u, 2u}) {
                out.u32(index);
            }
        });
        lod.array("MORPHTARGETS", kTargets, [](agf::ByteWriter &out) {
            for (uint32_t m = 0; m < kTargets; ++m) {
                gen::WriteFString(out, "M" + std::to_string(m));
                out.i32(1);
                for (int k = 0; k < 6; ++k) {
                    out.f32(1.0f);
                }
                out.u32(0);
            }
        });
    });
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, bytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const size_t kept = agf::MorphCopyBudget(bytes.size()).bytesLeft() / (size_t(kVertices) * 12);
    ASSERT_LT(kept, kTargets);
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, kept);
    const agf::test::ImportWarnings warnings(*importer, "uemodel");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "MORPHTARGETS"), 1u)
        << warnings.text();
}

TEST(UeFormatInvalid, UnknownPartsAreSkippedWithAWarning) {
    const std::vector<uint8_t> bytes = ModelWithLodParts(
        [](gen::SetWriter &lod) {
            Triangle(lod, {0, 1, 2});
            lod.part("SUBSURFACE", [](agf::ByteWriter &out) { out.u32(7); });
        },
        [](gen::SetWriter &top) { top.part("PHYSICS", [](agf::ByteWriter &out) { out.u32(1); }); });
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, bytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const agf::test::ImportWarnings warnings(*importer, "uemodel");
    EXPECT_EQ(warnings.count(agf::WarningKind::Unknown), 2u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::Unknown, "LOD 0"), 1u);
}

TEST(UeFormatInvalid, APartRunningPastItsRegionIsRefusedWithItsOffset) {
    std::vector<uint8_t> bytes = ModelWithLodParts([](gen::SetWriter &lod) {
        Triangle(lod, {0, 1, 2});
    });
    bytes.resize(bytes.size() - 6);
    const std::string error = ErrorOf(bytes);
    EXPECT_NE(error.find("at byte"), std::string::npos) << error;
    EXPECT_TRUE(error.find("runs past the end") != std::string::npos ||
                error.find("unexpected end") != std::string::npos)
        << error;
}

TEST(UeFormatInvalid, ABoneCycleIsRefused) {
    const std::vector<uint8_t> bytes = ModelWithLodParts(
        [](gen::SetWriter &lod) {
            Triangle(lod, {0, 1, 2});
        },
        [](gen::SetWriter &top) {
            top.part("SKELETON", [](agf::ByteWriter &out) {
                gen::SetWriter skeleton(10);
                skeleton.array("BONES", 2, [](agf::ByteWriter &bone) {
                    for (int32_t b = 0; b < 2; ++b) {
                        gen::WriteFString(bone, "Bone" + std::to_string(b));
                        bone.i32(1 - b);
                        for (float v : {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 1.f}) {
                            bone.f32(v);
                        }
                    }
                });
                const std::vector<uint8_t> skeletonBytes = skeleton.bytes();
                out.bytes(skeletonBytes.data(), skeletonBytes.size());
            });
        });
    const std::string error = ErrorOf(bytes);
    EXPECT_NE(error.find("BONES"), std::string::npos) << error;
}

} // namespace
