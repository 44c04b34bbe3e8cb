// The `assimp` command keeps blocks of up to 32 MiB in glibc's heap and grows its heaps in steps
// of 64 MiB (tools/assimp/AllocatorTuning.*, #18), unless the user chose otherwise: the choices
// themselves, and their effects on real runs in what does not depend on the machine's load: the
// fresh pages the command takes (its children's minor page faults) and the calls that change its
// address space (counted by strace).
#include "TestSupport.h"

#include "AllocatorTuning.h"
#include "OdolV4xWriter.h"
#include "P3dTestModels.h"
#include "utPskGrid.h"

#include <sys/resource.h>

#include <cstdlib>
#include <fstream>

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

TEST(CliAllocator, PadsItsHeapsUnlessTheUserChoseAPad) {
    using agf::cli::ChosenTopPad;
    EXPECT_EQ(ChosenTopPad(nullptr, nullptr), agf::cli::kConversionTopPad);
    EXPECT_EQ(ChosenTopPad("glibc.malloc.mmap_threshold=4096", nullptr),
              agf::cli::kConversionTopPad);
    EXPECT_EQ(ChosenTopPad("glibc.malloc.arena_max=2:glibc.malloc.top_pad=0", nullptr), 0u);
    EXPECT_EQ(ChosenTopPad(nullptr, "131072"), 0u);
}

#if defined(__GLIBC__)
namespace {

// Runs `assimp info --raw <arguments>` in `dir` with `environment` (shell assignments, which
// reach only this run) and `tracer` (a command the run goes through, or nothing) before it;
// true when it succeeded. Its stderr, or the tracer's, is left in dir/info_err.txt.
bool RunInfo(const std::filesystem::path &dir, const std::string &arguments,
             const std::string &environment, const std::string &tracer = "") {
    const std::string command = "cd " + ShellQuote(dir.string()) + " && " + environment + " " +
                                tracer + " " + ShellQuote(AGF_CLI_PATH) + " info --raw " +
                                arguments + " >/dev/null 2>info_err.txt </dev/null";
    const int status = std::system(command.c_str());
    const bool succeeded = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    EXPECT_TRUE(succeeded) << environment << " " << tracer << ": "
                           << ReadText(dir / "info_err.txt");
    return succeeded;
}

// Minor page faults of `assimp info --raw` on `name` (and of the shell that starts it).
long FreshPagesOfInfo(const std::filesystem::path &dir, const std::string &name,
                      const std::string &environment) {
    rusage before{};
    getrusage(RUSAGE_CHILDREN, &before);
    RunInfo(dir, name, environment);
    rusage after{};
    getrusage(RUSAGE_CHILDREN, &after);
    return after.ru_minflt - before.ru_minflt;
}

// Whether strace is installed and may trace here (containers may refuse ptrace).
bool StraceCanTrace() {
    return std::system("strace -qq -o /dev/null true >/dev/null 2>&1") == 0;
}

// The `mprotect` calls of `assimp info --raw` on `name` with two import threads, as strace
// counts them on every thread.
long HeapGrowthsOfInfo(const std::filesystem::path &dir, const std::string &name,
                       const std::string &environment) {
    RunInfo(dir, std::string("--set ") + AI_CONFIG_IMPORT_GAMEFORMATS_THREADS "=2 " + name,
            environment, "strace -f -qq -e trace=mprotect -o strace.txt");
    std::ifstream trace(dir / "strace.txt");
    long calls = 0;
    for (std::string line; std::getline(trace, line);) {
        calls += line.find("mprotect(") != std::string::npos ? 1 : 0;
    }
    return calls;
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
    // glibc's own top pad in both runs: the command's 64 MiB pad also keeps freed blocks at the
    // top of the heap, which would blur what the threshold alone does.
    const std::string glibcPad = "GLIBC_TUNABLES=glibc.malloc.top_pad=131072";
    const long kept = FreshPagesOfInfo(dir, "grid.p3d", glibcPad);
    // glibc's fixed 128 KiB threshold, which also turns off its own rise of the threshold.
    const long returned =
        FreshPagesOfInfo(dir, "grid.p3d", glibcPad + " MALLOC_MMAP_THRESHOLD_=131072");
    EXPECT_LT(kept, returned - 1000) << "kept " << kept << ", returned " << returned;
}

// The PSK grid's meshes are built on two threads, and the helper allocates the index array of
// each of its faces (as Assimp's aiFace requires) from its own malloc arena: with glibc's own pad
// of 128 KiB that arena grows a page or so at a time, one mprotect each.
TEST(CliAllocator, AThreadedImportGrowsItsHeapsInLargeStepsNotPageByPage) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer's allocator replaces glibc's";
#endif
    if (!StraceCanTrace()) {
        GTEST_SKIP() << "strace is missing or may not trace here";
    }
    const std::filesystem::path dir = ScratchDir("CliAllocatorPad");
    WriteBytes(dir / "grid.psk", agf::testgen::psk::WritePsk(agf::test::psk::ThreadGrid(false)));
    const long padded = HeapGrowthsOfInfo(dir, "grid.psk", "");
    const long glibcPad =
        HeapGrowthsOfInfo(dir, "grid.psk", "GLIBC_TUNABLES=glibc.malloc.top_pad=131072");
    // Without the pad, the helper's arena alone takes hundreds of growths (about 100,000 faces
    // of 32 bytes each); with it, what remains is the loader's and the threads' stacks.
    EXPECT_GT(glibcPad, 300) << "padded " << padded;
    EXPECT_LT(padded, 100) << "glibc's pad " << glibcPad;
}
#endif
