/** @file utRecordArray.cpp
 *  code/Common/RecordArray.h: an array that owns its records or borrows them from a buffer,
 *  and ReleasePages, which gives the whole pages inside a range back to the kernel.
 */
#include "Common/RecordArray.h"

#include "Common/HugePages.h"

#include <gtest/gtest.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

struct Pair {
    uint32_t key;
    float value;
};

TEST(RecordArray, OwnsWhatItIsBuiltFrom) {
    agf::RecordArray<Pair> array;
    EXPECT_TRUE(array.empty());
    array.push_back({1, 0.5f});
    array.push_back({2, 1.5f});
    ASSERT_EQ(array.size(), 2u);
    EXPECT_FALSE(array.borrowed());
    EXPECT_EQ(array[1].key, 2u);
    array.shrink(1);
    EXPECT_EQ(array.size(), 1u);

    agf::RecordArray<Pair> moved = std::move(array);
    EXPECT_TRUE(array.empty());
    ASSERT_EQ(moved.size(), 1u);
    EXPECT_EQ(moved.begin()->value, 0.5f);

    const agf::RecordArray<float> fromVector(std::vector<float>{1, 2, 3});
    EXPECT_EQ(fromVector.size(), 3u);
    EXPECT_EQ(fromVector.end()[-1], 3.0f);
}

TEST(RecordArray, BorrowsInPlaceAndCopiesBeforeGrowing) {
    std::vector<Pair> buffer{{1, 1.0f}, {2, 2.0f}, {3, 3.0f}};
    ASSERT_TRUE(agf::CanBorrowRecordsAt<Pair>(buffer.data()));
    EXPECT_FALSE(agf::CanBorrowRecordsAt<Pair>(reinterpret_cast<uint8_t *>(buffer.data()) + 2));

    auto array = agf::RecordArray<Pair>::Borrow(buffer.data(), buffer.size());
    EXPECT_TRUE(array.borrowed());
    EXPECT_EQ(array.data(), buffer.data()) << "no copy";
    array[0].key = 10;
    EXPECT_EQ(buffer[0].key, 10u) << "fix-ups land in the buffer";

    array.shrink(2);
    EXPECT_EQ(array.size(), 2u);
    EXPECT_EQ(array.data(), buffer.data());

    array.push_back({4, 4.0f});
    EXPECT_FALSE(array.borrowed());
    EXPECT_NE(array.data(), buffer.data());
    ASSERT_EQ(array.size(), 3u);
    EXPECT_EQ(array[0].key, 10u);
    EXPECT_EQ(array[2].key, 4u);
    EXPECT_EQ(buffer[2].key, 3u) << "the buffer is not written past the borrowed records";

    array.release();
    EXPECT_TRUE(array.empty());
}

// ReleasePages gives pages back only on Linux (ReleasesPages()); elsewhere it does nothing,
// which the test below shows instead.
#if defined(__linux__)
/** A fresh private mapping of `bytes` bytes, every one 0xAB. */
uint8_t *FilledMapping(size_t bytes) {
    void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        return nullptr;
    }
    std::memset(memory, 0xAB, bytes);
    return static_cast<uint8_t *>(memory);
}

TEST(RecordArray, ReleasePagesZeroesOnlyTheWholePagesInside) {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    const size_t bytes = size_t(4) << 20;
    uint8_t *memory = FilledMapping(bytes);
    ASSERT_NE(memory, nullptr);
    // From the middle of the first page to the middle of a page 3 MB on.
    const size_t begin = page / 2;
    const size_t end = (size_t(3) << 20) + page / 2;
    agf::ReleasePages(memory + begin, end - begin);
    EXPECT_EQ(memory[begin], 0xAB) << "a page only partly inside is kept";
    EXPECT_EQ(memory[page - 1], 0xAB);
    EXPECT_EQ(memory[page], 0) << "the first whole page inside is released";
    EXPECT_EQ(memory[(size_t(3) << 20) - 1], 0) << "the last whole page inside is released";
    EXPECT_EQ(memory[end - 1], 0xAB);
    EXPECT_EQ(memory[bytes - 1], 0xAB);

    // Below a megabyte the range is left alone.
    std::memset(memory, 0xAB, bytes);
    agf::ReleasePages(memory, (size_t(1) << 20) - 1);
    EXPECT_EQ(memory[page], 0xAB);
    munmap(memory, bytes);
}

TEST(RecordArray, ReleasingBorrowedRecordsGivesTheirPagesBack) {
    const size_t bytes = size_t(4) << 20;
    uint8_t *memory = FilledMapping(bytes);
    ASSERT_NE(memory, nullptr);
    auto array = agf::RecordArray<Pair>::Borrow(memory, bytes / sizeof(Pair));
    array.shrink(16);
    EXPECT_EQ(memory[bytes / 2], 0) << "the dropped tail's pages went back";
    EXPECT_EQ(memory[16 * sizeof(Pair) - 1], 0xAB) << "the records kept are kept";
    array.release();
    EXPECT_TRUE(array.empty());
    munmap(memory, bytes);
}

#else
TEST(RecordArray, ReleasePagesLeavesTheMemoryWhereTheSystemCannotReleaseIt) {
    EXPECT_FALSE(agf::ReleasesPages());
    std::vector<uint8_t> memory(size_t(4) << 20, 0xAB);
    agf::ReleasePages(memory.data(), memory.size());
    EXPECT_EQ(memory[memory.size() / 2], 0xAB);
}
#endif

} // namespace
