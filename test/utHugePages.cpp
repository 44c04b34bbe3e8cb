/** @file utHugePages.cpp
 *  The huge-page advice of code/Common/HugePages.h: the Large helpers size and fill vectors as
 *  resize and reserve do, and on Linux the kernel records the advice on the buffer's mapping.
 */
#include "Common/HugePages.h"

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Record {
    uint32_t index = 7;
    float value = 0.5f;
};

TEST(HugePages, LargeHelpersSizeAndFillAsVectorDoes) {
    std::vector<Record> records;
    agf::ResizeLarge(records, 3 << 20);
    ASSERT_EQ(records.size(), size_t(3) << 20);
    EXPECT_EQ(records.front().index, 7u);
    EXPECT_EQ(records.back().value, 0.5f);

    std::vector<uint32_t> table{1, 2};
    agf::ResizeLarge(table, 2 << 20, 0xFFFFFFFFu);
    ASSERT_EQ(table.size(), size_t(2) << 20);
    EXPECT_EQ(table[0], 1u) << "values already there are kept";
    EXPECT_EQ(table[1], 2u);
    EXPECT_EQ(table[2], 0xFFFFFFFFu);
    EXPECT_EQ(table.back(), 0xFFFFFFFFu);

    agf::ResizeLarge(table, 5);
    EXPECT_EQ(table.size(), 5u) << "shrinking works as resize";

    std::vector<float> reserved;
    agf::ReserveLarge(reserved, 4 << 20);
    EXPECT_TRUE(reserved.empty());
    EXPECT_GE(reserved.capacity(), size_t(4) << 20);
}

TEST(HugePages, SmallBuffersAreNotAdvised) {
    std::vector<uint8_t> small(agf::kHugePageAdviceMinimum - 1);
    EXPECT_FALSE(agf::AdviseHugePages(small.data(), small.size()));
    EXPECT_FALSE(agf::AdviseHugePages(nullptr, size_t(64) << 20));
}

TEST(HugePages, OnlyZeroTurnsTheAdviceOff) {
    EXPECT_TRUE(agf::HugePagesAllowedBy(nullptr));
    EXPECT_TRUE(agf::HugePagesAllowedBy("1"));
    EXPECT_TRUE(agf::HugePagesAllowedBy(""));
    EXPECT_FALSE(agf::HugePagesAllowedBy("0"));
}

/** The VmFlags of the mapping holding `address`, from /proc/self/smaps ("" if not found). */
std::string MappingFlags(const void *address) {
    std::ifstream smaps("/proc/self/smaps");
    const uintptr_t target = reinterpret_cast<uintptr_t>(address);
    bool inside = false;
    std::string line;
    while (std::getline(smaps, line)) {
        uintptr_t begin = 0;
        uintptr_t end = 0;
        char dash = 0;
        std::istringstream range(line);
        if (range >> std::hex >> begin >> dash >> end && dash == '-') {
            inside = begin <= target && target < end;
        } else if (inside && line.rfind("VmFlags:", 0) == 0) {
            return line;
        }
    }
    return "";
}

bool KernelOffersHugePages() {
    std::ifstream enabled("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    return std::getline(enabled, modes) && modes.find("[never]") == std::string::npos;
}

TEST(HugePages, TheKernelRecordsTheAdviceOnTheBuffer) {
    if (!KernelOffersHugePages()) {
        GTEST_SKIP() << "no transparent huge pages here";
    }
    if (!agf::HugePagesAllowedBy(std::getenv("AGF_HUGE_PAGES"))) {
        GTEST_SKIP() << "AGF_HUGE_PAGES=0";
    }
    std::vector<uint8_t> buffer;
    agf::ResizeLarge(buffer, size_t(16) << 20);
    const std::string flags = MappingFlags(buffer.data() + buffer.size() / 2);
    ASSERT_FALSE(flags.empty()) << "the buffer's mapping is not in /proc/self/smaps";
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;

    // The control: a fresh mapping of the same size, never advised (mapped directly, so that
    // malloc cannot hand back memory an earlier test advised).
    const size_t plainSize = size_t(16) << 20;
    void *plain =
        mmap(nullptr, plainSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(plain, MAP_FAILED);
    const std::string plainFlags = MappingFlags(static_cast<uint8_t *>(plain) + plainSize / 2);
    munmap(plain, plainSize);
    EXPECT_EQ(plainFlags.find(" hg"), std::string::npos)
        << "memory not given to the helpers is not advised: " << plainFlags;
}

} // namespace
