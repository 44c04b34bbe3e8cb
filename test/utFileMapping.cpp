/** @file utFileMapping.cpp
 *  Model files mapped instead of read (ReadWholeFileBytes with mayMap,
 *  AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES): only large files that Assimp's default IO system
 *  serves from disk are mapped; the mapping is copy-on-write, so the PSK parser's fix-ups in
 *  place never reach the file; and a mapped import gives the scene a read one does.
 */
#include "Common/FileLoading.h"
#include "PsaModels.h"
#include "utPskGrid.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/MemoryIOWrapper.h>

#include <filesystem>

namespace {

using namespace agf::test::psk;

std::vector<uint8_t> Pattern(size_t size) {
    std::vector<uint8_t> bytes(size);
    for (size_t i = 0; i < size; ++i) {
        bytes[i] = static_cast<uint8_t>(i * 7 + i / 4096);
    }
    return bytes;
}

TEST(FileMapping, LargeFilesOnDiskAreMappedCopyOnWrite) {
    if (!agf::MapsFiles()) {
        GTEST_SKIP() << "files are read, not mapped, on this system (no POSIX mmap)";
    }
    const std::filesystem::path path = agf::test::ScratchDir("file_mapping") / "large.bin";
    const std::vector<uint8_t> original = Pattern((size_t(2) << 20) + 123);
    agf::test::WriteBytes(path, original);
    Assimp::DefaultIOSystem io;
    agf::FileBytes bytes = agf::ReadWholeFileBytes(&io, path.string(), true);
    ASSERT_TRUE(bytes.mapped());
    ASSERT_EQ(bytes.size(), original.size());
    EXPECT_EQ(std::memcmp(bytes.data(), original.data(), original.size()), 0);

    bytes.data()[0] ^= 0xFF;
    bytes.data()[original.size() - 1] ^= 0xFF;
    EXPECT_EQ(agf::test::ReadBytes(path), original) << "a write changes only the mapping";

    agf::FileBytes moved = std::move(bytes);
    EXPECT_EQ(bytes.data(), nullptr);
    EXPECT_TRUE(moved.mapped());
    EXPECT_EQ(moved.data()[1], original[1]);
}

TEST(FileMapping, SmallRefusedAndInMemoryFilesAreRead) {
    const std::filesystem::path dir = agf::test::ScratchDir("file_mapping_read");
    const std::vector<uint8_t> small = Pattern(4000);
    const std::vector<uint8_t> large = Pattern(size_t(3) << 20);
    agf::test::WriteBytes(dir / "small.bin", small);
    agf::test::WriteBytes(dir / "large.bin", large);
    Assimp::DefaultIOSystem io;

    const agf::FileBytes smallBytes =
        agf::ReadWholeFileBytes(&io, (dir / "small.bin").string(), true);
    EXPECT_FALSE(smallBytes.mapped()) << "below 1 MiB a read is cheaper";
    ASSERT_EQ(smallBytes.size(), small.size());
    EXPECT_EQ(std::memcmp(smallBytes.data(), small.data(), small.size()), 0);

    const agf::FileBytes refused =
        agf::ReadWholeFileBytes(&io, (dir / "large.bin").string(), false);
    EXPECT_FALSE(refused.mapped());
    ASSERT_EQ(refused.size(), large.size());
    EXPECT_EQ(std::memcmp(refused.data(), large.data(), large.size()), 0);

    Assimp::MemoryIOSystem memory(large.data(), large.size(), &io);
    const agf::FileBytes inMemory =
        agf::ReadWholeFileBytes(&memory, AI_MEMORYIO_MAGIC_FILENAME ".bin", true);
    EXPECT_FALSE(inMemory.mapped()) << "only the default IO system's streams are files on disk";
    ASSERT_EQ(inMemory.size(), large.size());
    EXPECT_EQ(std::memcmp(inMemory.data(), large.data(), large.size()), 0);
}

/** The generated box (wedges with junk above their 16-bit point index, a weight without
 *  influence and one out of range, so that the parser writes into the records) followed by an
 *  unknown chunk that takes the file past the mapping threshold. */
std::vector<uint8_t> LargeBoxWithFixUps() {
    gen::PskContent box = gen::SkinnedBox();
    box.weights.insert(box.weights.begin() + 2, {0.5f, 0, 99});
    std::vector<uint8_t> bytes = gen::WritePsk(box);
    const size_t padding = size_t(3) << 19;
    std::vector<uint8_t> header(32, 0);
    std::memcpy(header.data(), "PADDING", 7);
    const int32_t recordSize = 1;
    const int32_t count = static_cast<int32_t>(padding);
    std::memcpy(&header[24], &recordSize, 4);
    std::memcpy(&header[28], &count, 4);
    bytes.insert(bytes.end(), header.begin(), header.end());
    bytes.resize(bytes.size() + padding, 0x5A);
    return bytes;
}

/** `path` imported from disk with AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES set to `mapped`; the
 *  importer holds the scene (checked by the caller). */
std::unique_ptr<Assimp::Importer> ImportFromDisk(const std::filesystem::path &path, bool mapped) {
    auto importer = ImporterWithThreads(1);
    importer->SetPropertyBool(AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES, mapped);
    EXPECT_NE(importer->ReadFile(path.string(), aiProcess_ValidateDataStructure), nullptr)
        << importer->GetErrorString();
    return importer;
}

TEST(FileMapping, APskFixedUpInItsMappingLeavesTheFileAlone) {
    const std::vector<uint8_t> bytes = LargeBoxWithFixUps();
    const std::filesystem::path path = agf::test::ScratchDir("file_mapping_psk") / "box.psk";
    agf::test::WriteBytes(path, bytes);

    const auto read = ImportFromDisk(path, false);
    const auto mapped = ImportFromDisk(path, true);
    ASSERT_NE(read->GetScene(), nullptr);
    ASSERT_NE(mapped->GetScene(), nullptr);
    ExpectSameMeshes(read->GetScene(), mapped->GetScene(), 1);
    EXPECT_EQ(read->GetScene()->mMeshes[0]->mNumBones, 3u);
    EXPECT_EQ(agf::test::ReadBytes(path), bytes) << "the parser's writes stay in memory";
}

/** The same keys, time and value bit for bit (not the whole key: aiVectorKey has padding). */
template <typename Key> bool SameKeys(const Key *a, const Key *b, unsigned count) {
    for (unsigned k = 0; k < count; ++k) {
        if (std::memcmp(&a[k].mTime, &b[k].mTime, sizeof a[k].mTime) != 0 ||
            std::memcmp(&a[k].mValue, &b[k].mValue, sizeof a[k].mValue) != 0) {
            return false;
        }
    }
    return true;
}

void ExpectSameAnimations(const aiScene *expected, const aiScene *actual) {
    ASSERT_EQ(expected->mNumAnimations, actual->mNumAnimations);
    for (unsigned a = 0; a < expected->mNumAnimations; ++a) {
        const aiAnimation *x = expected->mAnimations[a];
        const aiAnimation *y = actual->mAnimations[a];
        ASSERT_EQ(x->mNumChannels, y->mNumChannels);
        for (unsigned c = 0; c < x->mNumChannels; ++c) {
            const aiNodeAnim *p = x->mChannels[c];
            const aiNodeAnim *q = y->mChannels[c];
            EXPECT_STREQ(p->mNodeName.C_Str(), q->mNodeName.C_Str());
            ASSERT_EQ(p->mNumPositionKeys, q->mNumPositionKeys);
            ASSERT_EQ(p->mNumRotationKeys, q->mNumRotationKeys);
            ASSERT_EQ(p->mNumScalingKeys, q->mNumScalingKeys);
            EXPECT_TRUE(SameKeys(p->mPositionKeys, q->mPositionKeys, p->mNumPositionKeys));
            EXPECT_TRUE(SameKeys(p->mRotationKeys, q->mRotationKeys, p->mNumRotationKeys));
            EXPECT_TRUE(SameKeys(p->mScalingKeys, q->mScalingKeys, p->mNumScalingKeys));
        }
    }
}

TEST(FileMapping, AnAnimationLoadedOntoAMeshIsMappedLikeTheMesh) {
    const std::filesystem::path dir = agf::test::ScratchDir("file_mapping_animation");
    gen::PskContent box = gen::SkinnedBox();
    for (size_t b = 0; b < box.bones.size(); ++b) {
        box.bones[b].name = "Bone" + std::to_string(b); // the large PSA's chain
    }
    agf::test::WriteBytes(dir / "box.psk", gen::WritePsk(box));
    const std::vector<uint8_t> psa = agf::testgen::psa::MakeLargePsa(3, 12000);
    ASSERT_GT(psa.size(), size_t(1) << 20) << "large enough to be mapped";
    agf::test::WriteBytes(dir / "box.psa", psa);

    const auto read = ImportFromDisk(dir / "box.psk", false);
    const auto mapped = ImportFromDisk(dir / "box.psk", true);
    ASSERT_NE(read->GetScene(), nullptr);
    ASSERT_NE(mapped->GetScene(), nullptr);
    ASSERT_EQ(read->GetScene()->mNumAnimations, 1u) << "box.psa is loaded next to box.psk";
    EXPECT_EQ(read->GetScene()->mAnimations[0]->mNumChannels, 3u);
    ExpectSameAnimations(read->GetScene(), mapped->GetScene());
    EXPECT_EQ(agf::test::ReadBytes(dir / "box.psa"), psa);
}

} // namespace
