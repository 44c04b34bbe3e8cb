/** @file utHugePages.cpp
 *  The huge-page advice of code/Common/HugePages.h: the Large helpers size and fill vectors as
 *  resize and reserve do, on Linux the kernel records the advice on the buffer's mapping, and
 *  the helpers advise only when the process asked (AGF_HUGE_PAGES=1; ctest runs these tests
 *  both ways, see test/CMakeLists.txt).
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

TEST(HugePages, SmallBuffersAreNotMarked) {
    std::vector<uint8_t> small(agf::kHugePageAdviceMinimum - 1);
    EXPECT_FALSE(agf::MarkHugePages(small.data(), small.size()));
    EXPECT_FALSE(agf::MarkHugePages(nullptr, size_t(64) << 20));
}

TEST(HugePages, OnlyOneRequestsTheAdvice) {
    EXPECT_FALSE(agf::HugePagesRequestedBy(nullptr));
    EXPECT_FALSE(agf::HugePagesRequestedBy("0"));
    EXPECT_FALSE(agf::HugePagesRequestedBy(""));
    EXPECT_FALSE(agf::HugePagesRequestedBy("yes"));
    EXPECT_TRUE(agf::HugePagesRequestedBy("1"));
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

/** A fresh anonymous mapping, out of malloc's reach: memory that malloc hands out may have been
 *  advised by an earlier test (advice stays with the memory, not with the allocation). */
class FreshMapping {
public:
    explicit FreshMapping(size_t size)
        : mSize(size),
          mData(mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) {}
    ~FreshMapping() {
        if (mData != MAP_FAILED) {
            munmap(mData, mSize);
        }
    }
    FreshMapping(const FreshMapping &) = delete;
    FreshMapping &operator=(const FreshMapping &) = delete;

    bool valid() const { return mData != MAP_FAILED; }
    void *data() const { return mData; }
    std::string middleFlags() const {
        return MappingFlags(static_cast<uint8_t *>(mData) + mSize / 2);
    }

private:
    size_t mSize;
    void *mData;
};

TEST(HugePages, TheKernelRecordsTheAdviceOnTheBuffer) {
    if (!KernelOffersHugePages()) {
        GTEST_SKIP() << "no transparent huge pages here";
    }
    const size_t size = size_t(16) << 20;
    FreshMapping marked(size);
    ASSERT_TRUE(marked.valid());
    ASSERT_TRUE(agf::MarkHugePages(marked.data(), size));
    const std::string flags = marked.middleFlags();
    ASSERT_FALSE(flags.empty()) << "the buffer's mapping is not in /proc/self/smaps";
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;

    FreshMapping plain(size); // the control
    ASSERT_TRUE(plain.valid());
    const std::string plainFlags = plain.middleFlags();
    EXPECT_EQ(plainFlags.find(" hg"), std::string::npos)
        << "memory not given to MarkHugePages is not advised: " << plainFlags;
}

TEST(HugePages, TheAdviceIsGivenOnlyWhenTheProcessAsked) {
    if (!KernelOffersHugePages()) {
        GTEST_SKIP() << "no transparent huge pages here";
    }
    const bool requested = agf::HugePagesRequestedBy(std::getenv("AGF_HUGE_PAGES"));
    const size_t size = size_t(16) << 20;
    FreshMapping buffer(size);
    ASSERT_TRUE(buffer.valid());
    EXPECT_EQ(agf::AdviseHugePages(buffer.data(), size), requested);
    const std::string flags = buffer.middleFlags();
    EXPECT_EQ(flags.find(" hg") != std::string::npos, requested)
        << (requested ? "AGF_HUGE_PAGES=1" : "AGF_HUGE_PAGES not 1") << ": " << flags;
}

} // namespace
