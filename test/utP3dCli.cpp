// `assimp info` on P3D files: the report names the family and the ODOL version of each file.
#include "TestSupport.h"

#include <string>

using namespace agf::test;

TEST(P3dCli, InfoShowsEachFilesOdolVersion) {
    const std::filesystem::path dir = ScratchDir("p3d_cli_info");
    const std::vector<std::pair<std::string, std::string>> files = {{"odol7_skinned.p3d", "7"},
                                                                    {"odol40_skinned.p3d", "40"}};
    for (const auto &[name, version] : files) {
        SCOPED_TRACE(name);
        const std::filesystem::path path = TestModelsDir() / "p3d" / name;
        const CliResult result = RunCli(dir, "info " + ShellQuote(path.string()));
        ASSERT_EQ(result.exitCode, 0) << result.err;
        EXPECT_NE(result.out.find("SourceAsset_Format (string): \"Bohemia P3D ODOL\"\n"),
                  std::string::npos)
            << result.out;
        EXPECT_NE(result.out.find("SourceAsset_FormatVersion (string): \"" + version + "\"\n"),
                  std::string::npos)
            << result.out;
    }
}
