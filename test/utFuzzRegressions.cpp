// Replays, in the ordinary test build, every input committed under fuzz/: the reproducers of
// bugs the fuzzers found (fuzz/regressions/<target>/) and the minimised corpora
// (fuzz/corpus/<target>/). Each must pass the same judgement as in the fuzz targets
// (fuzz/FuzzImportCase.h, fuzz/FuzzLzssCase.h): a valid scene or one of our error messages.
#include "TestSupport.h"

#include "../fuzz/FuzzImportCase.h"
#include "../fuzz/FuzzLzssCase.h"

#include <algorithm>

namespace {

std::filesystem::path FuzzDir() {
    return agf::test::TestModelsDir().parent_path() / "fuzz";
}

std::vector<std::filesystem::path> FilesUnder(const std::filesystem::path &dir) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(dir)) {
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            if (entry.is_regular_file() && entry.path().filename() != "README.md") {
                files.push_back(entry.path());
            }
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Replays every file of fuzz/<kind>/<target>/ for every target; returns how many ran.
size_t ReplayAll(const char *kind) {
    size_t replayed = 0;
    for (const agf::fuzz::ImportTarget &target : agf::fuzz::kImportTargets) {
        for (const auto &path : FilesUnder(FuzzDir() / kind / target.name)) {
            const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
            const agf::fuzz::CaseResult result =
                agf::fuzz::RunImportCase(target.extension, bytes.data(), bytes.size());
            EXPECT_TRUE(result.outcome == agf::fuzz::Outcome::Imported ||
                        result.outcome == agf::fuzz::Outcome::Rejected)
                << path << ": " << agf::fuzz::OutcomeName(result.outcome) << ": " << result.message;
            ++replayed;
        }
    }
    for (const auto &path : FilesUnder(FuzzDir() / kind / "lzss")) {
        const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
        const char *broken = agf::fuzz::RunLzssCase(bytes.data(), bytes.size());
        EXPECT_EQ(broken, nullptr) << path << ": " << (broken ? broken : "");
        ++replayed;
    }
    return replayed;
}

} // namespace

TEST(FuzzRegressions, SideFileInputsSplitAsDocumented) {
    const std::string input = std::string("MAIN") + "\n#AGF-FILE:./Game\\\\x.pskx\nPSK" +
                              "\n#AGF-FILE:model.cfg\n" + "class CfgModels {};";
    const auto files =
        agf::fuzz::SplitFuzzInput(reinterpret_cast<const uint8_t *>(input.data()), input.size());
    EXPECT_EQ(std::string(files.main.begin(), files.main.end()), "MAIN");
    ASSERT_EQ(files.sideFiles.size(), 2u);
    ASSERT_EQ(files.sideFiles.count("Game/x.pskx"), 1u);
    EXPECT_EQ(std::string(files.sideFiles.at("Game/x.pskx").begin(),
                          files.sideFiles.at("Game/x.pskx").end()),
              "PSK");
    ASSERT_EQ(files.sideFiles.count("model.cfg"), 1u);
    EXPECT_EQ(files.sideFiles.at("model.cfg").size(), std::string("class CfgModels {};").size());
}

TEST(FuzzRegressions, OurMessagesAreToldApartFromEscapedExceptions) {
    EXPECT_TRUE(agf::fuzz::IsOurErrorMessage("a.psk: PNTS0000 at byte 40: count too big"));
    EXPECT_TRUE(agf::fuzz::IsOurErrorMessage("<memory>: at byte 0: not a PSK file"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("std::bad_alloc"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("vector::_M_range_check: __n (which is 3)"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("Validation failed: aiMesh::mFaces is nullptr"));
}

TEST(FuzzRegressions, CommittedReproducersFailCleanlyOrImportValidScenes) {
    const size_t replayed = ReplayAll("regressions");
    RecordProperty("replayed", static_cast<int>(replayed));
}

TEST(FuzzRegressions, CommittedCorporaFailCleanlyOrImportValidScenes) {
    const size_t replayed = ReplayAll("corpus");
    if (replayed == 0) {
        GTEST_SKIP() << "no committed corpus under " << FuzzDir();
    }
    RecordProperty("replayed", static_cast<int>(replayed));
}
