/** @file utFileMapping.cpp
 *  Model files mapped instead of read (ReadWholeFileBytes with mayMap,
 *  AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES): only large files that Assimp's default IO system
 *  serves from disk are mapped; the mapping is copy-on-write, so the PSK parser's fix-ups in
 *  place never reach the file; and a mapped import gives the scene a read one does.
 */
#include "Common/FileLoading.h"
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

TEST(FileMapping, APskFixedUpInItsMappingLeavesTheFileAlone) {
    const std::vector<uint8_t> bytes = LargeBoxWithFixUps();
    const std::filesystem::path path = agf::test::ScratchDir("file_mapping_psk") / "box.psk";
    agf::test::WriteBytes(path, bytes);

    const auto import = [&](bool mapped) {
        auto importer = ImporterWithThreads(1);
        importer->SetPropertyBool(AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES, mapped);
        EXPECT_NE(importer->ReadFile(path.string(), aiProcess_ValidateDataStructure), nullptr)
            << importer->GetErrorString();
        return importer;
    };
    const auto read = import(false);
    const auto mapped = import(true);
    ASSERT_NE(read->GetScene(), nullptr);
    ASSERT_NE(mapped->GetScene(), nullptr);
    ExpectSameMeshes(read->GetScene(), mapped->GetScene(), 1);
    EXPECT_EQ(read->GetScene()->mMeshes[0]->mNumBones, 3u);
    EXPECT_EQ(agf::test::ReadBytes(path), bytes) << "the parser's writes stay in memory";
}

} // namespace
