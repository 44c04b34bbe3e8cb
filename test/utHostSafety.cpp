/** @file utHostSafety.cpp
 *  What the library promises a program that links it (an editor, an asset browser):
 *  - a model file that another program shortens while it is imported is a damaged file, an
 *    ImportError, and the program lives on: files are read, not mapped, unless the program
 *    asks for mapping;
 *  - imports on several threads at once, each with its own Importer, give exactly the scenes
 *    that lone imports give (CI also runs these under ThreadSanitizer);
 *  - an import told to use one thread starts none.
 */
#include "Common/HelperThread.h"
#include "ForwardingIOSystem.h"
#include "PsaModels.h"
#include "SceneHash.h"
#include "TestSupport.h"
#include "utPskGrid.h"

#include <assimp/DefaultIOStream.h>
#include <assimp/IOStream.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using agf::test::psk::ImporterWithThreads;
namespace gen = agf::testgen::psk;

/** The file's size as it was when opened, and the file shortened to a third on disk halfway
 *  through the first read of the whole file (not the importers' signature reads): what
 *  another program truncating a file during the import does. */
class ShorteningStream : public Assimp::IOStream {
public:
    ShorteningStream(Assimp::IOStream *inner, fs::path path)
        : mInner(inner), mPath(std::move(path)), mSize(inner->FileSize()) {}

    size_t Read(void *buffer, size_t size, size_t count) override {
        if (!mShortened && size * count >= kWholeFileRead) {
            mShortened = true;
            const size_t half = size * count / 2;
            const size_t first = mInner->Read(buffer, 1, half);
            fs::resize_file(mPath, mSize / 3);
            const size_t rest =
                mInner->Read(static_cast<uint8_t *>(buffer) + first, 1, size * count - half);
            return size == 0 ? 0 : (first + rest) / size;
        }
        return mInner->Read(buffer, size, count);
    }
    size_t Write(const void *, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override { return mInner->Seek(offset, origin); }
    size_t Tell() const override { return mInner->Tell(); }
    size_t FileSize() const override { return mSize; }
    void Flush() override {}

private:
    static constexpr size_t kWholeFileRead = size_t(1) << 20;

    std::unique_ptr<Assimp::IOStream> mInner;
    fs::path mPath;
    size_t mSize;
    bool mShortened = false;
};

/** Assimp's default IO system, whose streams of one file shorten it during the first read. */
class ShorteningIOSystem : public agf::test::ForwardingIOSystem {
public:
    explicit ShorteningIOSystem(fs::path victim) : mVictim(std::move(victim)) {}

    Assimp::IOStream *Open(const char *file, const char *mode) override {
        Assimp::IOStream *stream = ForwardingIOSystem::Open(file, mode);
        if (stream != nullptr && fs::path(file).filename() == mVictim.filename()) {
            return new ShorteningStream(stream, mVictim);
        }
        return stream;
    }

private:
    fs::path mVictim;
};

fs::path WriteGrid(const std::string &folder) {
    const fs::path path = agf::test::ScratchDir(folder) / "grid.psk";
    agf::test::WriteBytes(path, gen::WritePsk(agf::test::psk::ThreadGrid(false)));
    return path;
}

TEST(HostSafety, AFileShortenedDuringItsReadIsAnImportError) {
    const fs::path path = WriteGrid("host_safety_read");
    Assimp::Importer importer;
    agf::RegisterImporters(importer);
    importer.SetIOHandler(new ShorteningIOSystem(path));
    EXPECT_EQ(importer.ReadFile(path.string(), aiProcess_ValidateDataStructure), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("grid.psk: file at byte 0: could not read"), std::string::npos) << error;
    EXPECT_LT(fs::file_size(path), size_t(10) << 20) << "the file was shortened meanwhile";
}

/** The experiment of a host whose model is shortened by another program: imports of a large
 *  PSK with the default options, in a loop, while a second thread shortens the file to a third
 *  and gives it its length back (zeros) every 200 ms. An import that starts while the file is
 *  short, or reads while it is made short, fails; none may end the process. The loop runs until
 *  such failures were seen (the shortened spans outlast an import, so they come), with a
 *  bound that only catches a hang. */
TEST(HostSafety, ImportsWhileAnotherThreadShortensTheFileFailCleanly) {
    const fs::path path = WriteGrid("host_safety_loop");
    const uintmax_t size = fs::file_size(path);
    std::atomic<bool> done{false};
    std::atomic<int> shortenings{0};
    std::thread shortener([&] {
        while (!done) {
            fs::resize_file(path, size / 3);
            ++shortenings;
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            fs::resize_file(path, size);
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
    });
    int imports = 0;
    int failures = 0;
    const auto start = std::chrono::steady_clock::now();
    while ((failures < 2 || shortenings < 3) &&
           std::chrono::steady_clock::now() - start < std::chrono::minutes(3)) {
        Assimp::Importer importer;
        agf::RegisterImporters(importer);
        ++imports;
        if (importer.ReadFile(path.string(), 0) == nullptr) {
            ++failures;
            const std::string error = importer.GetErrorString();
            EXPECT_NE(error.find("grid.psk"), std::string::npos) << error;
            EXPECT_NE(error.find(" at byte "), std::string::npos) << error;
        }
    }
    done = true;
    shortener.join();
    EXPECT_GE(failures, 2) << imports << " imports, " << shortenings << " shortenings";
}

/** A small set of our formats: ActorX mesh and animations, P3D MLOD and ODOL (LODs on threads,
 *  LZO), Idol FX, Poser. */
std::vector<fs::path> ConcurrencyModels() {
    const fs::path models = agf::test::TestModelsDir();
    return {models / "actorx/skinned_box.psk",
            models / "actorx/psa_dense.psa",
            models / "actorx/psax_sparse.psax",
            models / "p3d/mlod_cube.p3d",
            models / "p3d/odol50_skinned.p3d",
            models / "p3d/odol73_lzo.p3d",
            models / "idolfx/keypose_chain4.fxm",
            models / "idolfx/two_submeshes.anb",
            models / "poser/chain.cr2"};
}

uint64_t ImportHash(const fs::path &path, int threads) {
    const auto importer = ImporterWithThreads(threads);
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    EXPECT_NE(scene, nullptr) << path << ": " << importer->GetErrorString();
    return scene == nullptr ? 0 : agf::bench::HashScene(*scene);
}

TEST(HostSafety, ImportsOnSeveralThreadsAtOnceGiveTheLoneImportsScenes) {
    const std::vector<fs::path> models = ConcurrencyModels();
    std::vector<uint64_t> expected;
    for (const fs::path &model : models) {
        expected.push_back(ImportHash(model, 1));
    }
    // The grid splits its work over the import's own helper threads too.
    const fs::path grid = WriteGrid("host_safety_threads");
    const uint64_t gridExpected = ImportHash(grid, 1);

    constexpr int kThreads = 4;
    constexpr int kRounds = 3;
    std::vector<std::vector<uint64_t>> seen(kThreads);
    std::vector<uint64_t> gridSeen(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < kRounds; ++round) {
                for (size_t m = 0; m < models.size(); ++m) {
                    // Each thread starts at another model, so that different formats overlap.
                    seen[t].push_back(ImportHash(models[(m + t) % models.size()], 2));
                }
            }
            gridSeen[t] = ImportHash(grid, 2);
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
    for (int t = 0; t < kThreads; ++t) {
        ASSERT_EQ(seen[t].size(), models.size() * kRounds);
        for (size_t i = 0; i < seen[t].size(); ++i) {
            const size_t m = (i % models.size() + t) % models.size();
            EXPECT_EQ(seen[t][i], expected[m]) << models[m] << " on thread " << t;
        }
        EXPECT_EQ(gridSeen[t], gridExpected) << "the grid on thread " << t;
    }
}

TEST(HostSafety, AnImportToldToUseOneThreadStartsNone) {
    const fs::path grid = WriteGrid("host_safety_one_thread");
    const uint64_t before = agf::HelperThread::started();
    ImportHash(grid, 1);
    EXPECT_EQ(agf::HelperThread::started(), before);
    // The same file is large enough to be split when threads are allowed.
    ImportHash(grid, 2);
    EXPECT_GT(agf::HelperThread::started(), before);
}

} // namespace
