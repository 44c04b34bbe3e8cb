// Broken PSK files: each must fail with a clear message (file, structure, byte offset) and no
// crash, or, where the damage is recoverable, import what is sound.
#include "utPskSupport.h"

#include "PskModels.h"

#include <cstring>

namespace {

using namespace agf::test::psk;
namespace gen = agf::testgen::psk;

// Imports bytes that must fail; returns the error message.
std::string ImportError(const std::vector<uint8_t> &bytes) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, bytes);
    EXPECT_EQ(scene, nullptr);
    return importer->GetErrorString();
}

void PatchI32(std::vector<uint8_t> &bytes, size_t offset, int32_t value) {
    std::memcpy(&bytes.at(offset), &value, 4);
}

const RawChunk &ChunkNamed(const std::vector<RawChunk> &chunks, const std::string &id) {
    for (const RawChunk &chunk : chunks) {
        if (chunk.id == id) {
            return chunk;
        }
    }
    throw std::runtime_error("no chunk " + id);
}

TEST(PskInvalid, TruncatedInEveryChunk) {
    for (const auto &content :
         {gen::SkinnedBox(), gen::Face3200Tetrahedron(), gen::SocketSkeleton(164)}) {
        const std::vector<uint8_t> full = gen::WritePsk(content);
        for (const RawChunk &chunk : RawChunks(full)) {
            const size_t payload = chunk.recordSize * size_t(chunk.dataCount);
            // Inside the header, and inside the records (the middle and one byte short).
            std::vector<size_t> cuts{chunk.headerOffset + 10};
            if (payload != 0) {
                cuts.push_back(chunk.payloadOffset + payload / 2);
                cuts.push_back(chunk.payloadOffset + payload - 1);
            }
            for (size_t cut : cuts) {
                const std::vector<uint8_t> bytes(full.begin(),
                                                 full.begin() + static_cast<std::ptrdiff_t>(cut));
                const std::string error = ImportError(bytes);
                SCOPED_TRACE(chunk.id + " cut at " + std::to_string(cut) + ": " + error);
                EXPECT_NE(error.find("at byte"), std::string::npos);
                if (chunk.headerOffset == 0) {
                    EXPECT_NE(error.find("ACTRHEAD"), std::string::npos);
                } else if (cut > chunk.payloadOffset) {
                    EXPECT_NE(error.find(chunk.id), std::string::npos);
                    EXPECT_NE(error.find("truncated"), std::string::npos);
                } else {
                    EXPECT_NE(error.find("truncated"), std::string::npos);
                }
            }
        }
    }
}

TEST(PskInvalid, CountLargerThanTheFile) {
    std::vector<uint8_t> bytes = gen::WritePsk(gen::SkinnedBox());
    const RawChunk points = ChunkNamed(RawChunks(bytes), "PNTS0000");
    PatchI32(bytes, points.headerOffset + 28, 0x7FFFFFFF);
    const std::string error = ImportError(bytes);
    EXPECT_NE(error.find("PNTS0000"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte " + std::to_string(points.headerOffset)), std::string::npos)
        << error;
}

TEST(PskInvalid, NegativeCount) {
    std::vector<uint8_t> bytes = gen::WritePsk(gen::SkinnedBox());
    const RawChunk faces = ChunkNamed(RawChunks(bytes), "FACE0000");
    PatchI32(bytes, faces.headerOffset + 28, -5);
    // The chunks before FACE0000 are sound; without faces there is no mesh to build, but the
    // walk's stop is reported, not a crash. The importer treats the rest as unreadable.
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, bytes);
    if (scene != nullptr) {
        EXPECT_EQ(scene->mNumMeshes, 0u);
    }
}

TEST(PskInvalid, WedgePointingPastThePoints) {
    gen::PskContent box = gen::SkinnedBox();
    box.wedges[5].pointIndex = 8; // 8 points
    const std::string error = ImportError(gen::WritePsk(box));
    EXPECT_NE(error.find("VTXW0000 record 5"), std::string::npos) << error;
    EXPECT_NE(error.find("point index 8 out of range"), std::string::npos) << error;
}

TEST(PskInvalid, JunkHighBitsAreMaskedButNotAboveTheLowBits) {
    gen::PskContent box = gen::SkinnedBox();
    box.wedges[3].pointIndex = 0xFFFF0009u; // low 16 bits: 9, still out of range
    const std::string error = ImportError(gen::WritePsk(box));
    EXPECT_NE(error.find("point index 9 out of range"), std::string::npos) << error;
}

TEST(PskInvalid, FacePointingPastTheWedges) {
    gen::PskContent box = gen::SkinnedBox();
    box.faces[7].wedges[2] = 24; // 24 wedges
    const std::string error = ImportError(gen::WritePsk(box));
    EXPECT_NE(error.find("FACE0000 record 7"), std::string::npos) << error;
    EXPECT_NE(error.find("wedge index 24 out of range"), std::string::npos) << error;

    gen::PskContent tetra = gen::Face3200Tetrahedron();
    tetra.faces[1].wedges[0] = 70000;
    const std::string error32 = ImportError(gen::WritePsk(tetra));
    EXPECT_NE(error32.find("FACE3200 record 1"), std::string::npos) << error32;
}

TEST(PskInvalid, BoneParentOutOfRange) {
    for (int32_t parent : {3, -1, 1000}) {
        gen::PskContent box = gen::SkinnedBox();
        box.bones[2].parent = parent;
        const std::string error = ImportError(gen::WritePsk(box));
        EXPECT_NE(error.find("REFSKELT record 2"), std::string::npos) << error;
        EXPECT_NE(error.find("Head"), std::string::npos) << error;
        EXPECT_NE(error.find("parent " + std::to_string(parent) + " out of range"),
                  std::string::npos)
            << error;
    }
}

TEST(PskInvalid, BoneCycle) {
    gen::PskContent box = gen::SkinnedBox();
    box.bones[1].parent = 2; // Spine -> Head -> Spine
    const std::string error = ImportError(gen::WritePsk(box));
    EXPECT_NE(error.find("REFSKELT"), std::string::npos) << error;
    EXPECT_NE(error.find("cycle"), std::string::npos) << error;
}

TEST(PskInvalid, RecordSizeSmallerThanTheLayout) {
    std::vector<uint8_t> bytes = gen::WritePsk(gen::SkinnedBox());
    const RawChunk materials = ChunkNamed(RawChunks(bytes), "MATT0000");
    PatchI32(bytes, materials.headerOffset + 24, 44); // 2 x 44 = the real 88 bytes
    const std::string error = ImportError(bytes);
    EXPECT_NE(error.find("MATT0000"), std::string::npos) << error;
    EXPECT_NE(error.find("record size 44"), std::string::npos) << error;
}

TEST(PskInvalid, NotAPsk) {
    std::vector<uint8_t> bytes = gen::WritePsk(gen::SkinnedBox());
    std::memcpy(bytes.data(), "ANIMHEAD", 8);
    const std::string error = ImportError(bytes);
    EXPECT_NE(error.find("ACTRHEAD"), std::string::npos) << error;
    EXPECT_NE(ImportError(std::vector<uint8_t>(100, 0)).find("ACTRHEAD"), std::string::npos);
    EXPECT_FALSE(ImportError({}).empty());
}

TEST(PskInvalid, RecoverableDamageKeepsWhatIsSound) {
    // Weights pointing past the points or bones, an EXTRAUVS chunk of the wrong length and a
    // morph vertex past the wedges are dropped; the rest imports.
    gen::PskContent box = gen::SkinnedBox();
    box.weights.push_back({0.5f, 99, 0});
    box.weights.push_back({0.5f, 0, 9});
    box.extraUvs[1].uvs.pop_back();
    box.wedgeMorphs[1].vertices.push_back({500, {0, 0, 0}});
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(box));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        EXPECT_EQ(scene->mMeshes[m]->GetNumUVChannels(), 2u);
        EXPECT_GT(scene->mMeshes[m]->mNumBones, 0u);
    }
}

TEST(PskInvalid, GarbageAfterTheChunksIsIgnored) {
    std::vector<uint8_t> bytes = gen::WritePsk(gen::SkinnedBox());
    for (int i = 0; i < 40; ++i) {
        bytes.push_back(uint8_t(0x80 + i)); // not a printable chunk id
    }
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, bytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 2u);
}

} // namespace
