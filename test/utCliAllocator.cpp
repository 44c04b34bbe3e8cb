// The `assimp` command keeps blocks of up to 32 MiB in glibc's heap and grows its heaps in steps
// of 64 MiB (tools/assimp/AllocatorTuning.*), unless the user chose otherwise: the choices, as
// docs/command.md documents them. What they do to a run (fresh pages, mprotect calls) depends
// on the kernel and the C library, and is measured by tools/bench-allocator.sh instead.
#include "AllocatorTuning.h"

#include <gtest/gtest.h>

TEST(CliAllocator, KeepsLargeBlocksUnlessTheUserChoseAThreshold) {
    using agf::cli::ChosenMmapThreshold;
    EXPECT_EQ(ChosenMmapThreshold(nullptr, nullptr), agf::cli::kConversionMmapThreshold);
    EXPECT_EQ(ChosenMmapThreshold("glibc.malloc.arena_max=2", nullptr),
              agf::cli::kConversionMmapThreshold);
    EXPECT_EQ(
        ChosenMmapThreshold("glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=4096", nullptr),
        0u);
    EXPECT_EQ(ChosenMmapThreshold(nullptr, "131072"), 0u);
}

TEST(CliAllocator, PadsItsHeapsUnlessTheUserChoseAPad) {
    using agf::cli::ChosenTopPad;
    EXPECT_EQ(ChosenTopPad(nullptr, nullptr), agf::cli::kConversionTopPad);
    EXPECT_EQ(ChosenTopPad("glibc.malloc.mmap_threshold=4096", nullptr),
              agf::cli::kConversionTopPad);
    EXPECT_EQ(ChosenTopPad("glibc.malloc.arena_max=2:glibc.malloc.top_pad=0", nullptr), 0u);
    EXPECT_EQ(ChosenTopPad(nullptr, "131072"), 0u);
}
