// The `assimp` command keeps blocks of up to 32 MiB in glibc's heap
// (tools/assimp/AllocatorTuning.*, #18), unless the user chose a threshold: the choice itself, and
// its effect on a real run, in fresh pages taken by the command (its children's minor page faults,
// which do not depend on the machine's load).
#include "TestSupport.h"

#include "AllocatorTuning.h"
#include "OdolV4xWriter.h"
#include "P3dTestModels.h"

#include <sys/resource.h>

#include <cstdlib>

using namespace agf::test;
namespace gen = agf::testgen::p3d;

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

#if defined(__GLIBC__)
namespace {

// Minor page faults of `assimp info --raw` on `name` (and of the shell that starts it).
long FreshPagesOfInfo(const std::filesystem::path &dir, const std::string &name) {
    rusage before{};
    getrusage(RUSAGE_CHILDREN, &before);
    const CliResult result = RunCli(dir, "info --raw " + name);
    rusage after{};
    getrusage(RUSAGE_CHILDREN, &after);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    return after.ru_minflt - before.ru_minflt;
}

} // namespace

// Four LODs of up to 25,600 vertices, arrays stored raw: every LOD's faces, vertex arrays and
// mesh arrays are blocks above glibc's 128 KiB threshold, freed as the LODs are converted.
TEST(CliAllocator, AnOdolImportTakesFewerFreshPagesThanWithGlibcsOwnThreshold) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer's allocator replaces glibc's";
#endif
    const std::filesystem::path dir = ScratchDir("CliAllocator");
    gen::OdolV4xOptions options;
    options.packing = gen::OdolV4xOptions::Packing::AllRaw;
    WriteBytes(dir / "grid.p3d", gen::WriteOdolV4x(gen::OdolGridModel(4, 160), options));
    const long kept = FreshPagesOfInfo(dir, "grid.p3d");
    // glibc's fixed 128 KiB threshold, which also turns off its own rise of the threshold.
    setenv("MALLOC_MMAP_THRESHOLD_", "131072", 1);
    const long returned = FreshPagesOfInfo(dir, "grid.p3d");
    unsetenv("MALLOC_MMAP_THRESHOLD_");
    EXPECT_LT(kept, returned - 1000) << "kept " << kept << ", returned " << returned;
}
#endif
