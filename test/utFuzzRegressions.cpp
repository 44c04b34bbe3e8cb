// Replays, in the ordinary test build, every input committed under fuzz/: the reproducers of
// bugs the fuzzers found (fuzz/regressions/<target>/) and the minimised corpora
// (fuzz/corpus/<target>/). A reproducer must give exactly the outcome and message that its
// folder's EXPECTED file records; a corpus file must pass the fuzz targets' judgement
// (fuzz/FuzzImportCase.h, fuzz/FuzzLzssCase.h, fuzz/FuzzLzoCase.h, fuzz/FuzzPboCase.h): a valid
// scene or one of our error messages.
#include "TestSupport.h"

#include "../fuzz/FuzzImportCase.h"
#include "../fuzz/FuzzLzoCase.h"
#include "../fuzz/FuzzLzssCase.h"
#include "../fuzz/FuzzPaaCase.h"
#include "../fuzz/FuzzPboCase.h"

#include <algorithm>
#include <fstream>
#include <map>

namespace {

std::filesystem::path FuzzDir() {
    return agf::test::TestModelsDir().parent_path() / "fuzz";
}

std::vector<std::filesystem::path> FilesUnder(const std::filesystem::path &dir) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(dir)) {
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_regular_file() && name != "README.md" && name != "EXPECTED") {
                files.push_back(entry.path());
            }
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

struct ExpectedOutcome {
    std::string outcome; ///< OutcomeName: "imported", "rejected"...
    std::string message; ///< the exact error message; "" for an import
};

// fuzz/regressions/<target>/EXPECTED: "<file> | <outcome> | <message>" per line, '#' comments.
std::map<std::string, ExpectedOutcome> ReadExpectedOutcomes(const std::filesystem::path &dir) {
    std::map<std::string, ExpectedOutcome> expected;
    std::ifstream in(dir / "EXPECTED");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        // An import has no message: "<file> | imported".
        const size_t first = line.find(" | ");
        if (first == std::string::npos) {
            ADD_FAILURE() << dir / "EXPECTED"
                          << ": not '<file> | <outcome> | <message>': " << line;
            continue;
        }
        const size_t second = line.find(" | ", first + 3);
        const size_t outcomeEnd = second == std::string::npos ? line.size() : second;
        expected[line.substr(0, first)] = {line.substr(first + 3, outcomeEnd - first - 3),
                                           second == std::string::npos ? std::string()
                                                                       : line.substr(second + 3)};
    }
    return expected;
}

// Replays every corpus file of every target; returns how many ran.
size_t ReplayCorpora() {
    size_t replayed = 0;
    for (const agf::fuzz::ImportTarget &target : agf::fuzz::kImportTargets) {
        for (const auto &path : FilesUnder(FuzzDir() / "corpus" / target.name)) {
            const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
            const agf::fuzz::CaseResult result =
                agf::fuzz::RunImportCase(target.extension, bytes.data(), bytes.size());
            EXPECT_TRUE(result.outcome == agf::fuzz::Outcome::Imported ||
                        result.outcome == agf::fuzz::Outcome::Rejected)
                << path << ": " << agf::fuzz::OutcomeName(result.outcome) << ": " << result.message;
            ++replayed;
        }
    }
    for (const auto &path : FilesUnder(FuzzDir() / "corpus" / "lzss")) {
        const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
        const char *broken = agf::fuzz::RunLzssCase(bytes.data(), bytes.size());
        EXPECT_EQ(broken, nullptr) << path << ": " << (broken ? broken : "");
        ++replayed;
    }
    for (const auto &path : FilesUnder(FuzzDir() / "corpus" / "lzo")) {
        const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
        const char *broken = agf::fuzz::RunLzoCase(bytes.data(), bytes.size());
        EXPECT_EQ(broken, nullptr) << path << ": " << (broken ? broken : "");
        ++replayed;
    }
    for (const auto &path : FilesUnder(FuzzDir() / "corpus" / "paa")) {
        const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
        const char *broken = agf::fuzz::RunPaaCase(bytes.data(), bytes.size());
        EXPECT_EQ(broken, nullptr) << path << ": " << (broken ? broken : "");
        ++replayed;
    }
    for (const auto &path : FilesUnder(FuzzDir() / "corpus" / "pbo")) {
        const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
        const char *broken = agf::fuzz::RunPboCase(bytes.data(), bytes.size()).broken;
        EXPECT_EQ(broken, nullptr) << path << ": " << (broken ? broken : "");
        ++replayed;
    }
    return replayed;
}

// Replays every reproducer against its recorded outcome; returns how many ran.
size_t ReplayReproducers() {
    size_t replayed = 0;
    for (const agf::fuzz::ImportTarget &target : agf::fuzz::kImportTargets) {
        const std::filesystem::path dir = FuzzDir() / "regressions" / target.name;
        const std::map<std::string, ExpectedOutcome> expected = ReadExpectedOutcomes(dir);
        const std::vector<std::filesystem::path> files = FilesUnder(dir);
        EXPECT_EQ(expected.size(), files.size()) << dir << ": one EXPECTED line per reproducer";
        for (const auto &path : files) {
            const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
            const agf::fuzz::CaseResult result =
                agf::fuzz::RunImportCase(target.extension, bytes.data(), bytes.size());
            const std::string actual = std::string(agf::fuzz::OutcomeName(result.outcome)) +
                                       (result.message.empty() ? "" : " | " + result.message);
            const auto found = expected.find(path.filename().string());
            if (found == expected.end()) {
                ADD_FAILURE() << path << " has no EXPECTED line; it gives: " << actual;
                continue;
            }
            const ExpectedOutcome &wanted = found->second;
            EXPECT_EQ(actual,
                      wanted.outcome + (wanted.message.empty() ? "" : " | " + wanted.message))
                << path;
            ++replayed;
        }
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
    // A file (a PBO entry the fuzzer named) whose name holds the words.
    EXPECT_TRUE(agf::fuzz::IsOurErrorMessage(
        "triat byte angle.p3d: header at byte 0: not a P3D file (expected MLOD at byte 0)"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("at byte 1.p3d: std::bad_alloc"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("std::bad_alloc"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("vector::_M_range_check: __n (which is 3)"));
    EXPECT_FALSE(agf::fuzz::IsOurErrorMessage("Validation failed: aiMesh::mFaces is nullptr"));
}

TEST(FuzzRegressions, CommittedReproducersGiveTheirRecordedOutcome) {
    const size_t replayed = ReplayReproducers();
    EXPECT_GT(replayed, 0u) << "no reproducer under " << FuzzDir() / "regressions";
    RecordProperty("replayed", static_cast<int>(replayed));
}

TEST(FuzzRegressions, CommittedCorporaFailCleanlyOrImportValidScenes) {
    const size_t replayed = ReplayCorpora();
    if (replayed == 0) {
        GTEST_SKIP() << "no committed corpus under " << FuzzDir();
    }
    RecordProperty("replayed", static_cast<int>(replayed));
}
