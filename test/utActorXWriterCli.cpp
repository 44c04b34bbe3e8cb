// The ActorX writers through the `assimp` command: the acceptance run (a real PSK to
// glb and back to PSK, `assimp info` of both agreeing), format choice by extension and -f, and
// errors that say what is wrong.
#include "TestSupport.h"

#include "PsaModels.h"
#include "PskModels.h"
#include "utPskSupport.h"

#include <cstdlib>
#include <set>

#include <sstream>

namespace {

using agf::test::CliResult;
using agf::test::RunCli;
using agf::test::ShellQuote;
using agf::test::psk::RawPsk;

/** The lines of `assimp info` that describe the model: the counts, the meshes, the morph
 *  targets and the node tree; not the memory, the time, the bounds or the metadata (which name
 *  the source format). The file's base name (our importer names the root node and the mesh
 *  node after it) is replaced by "<file>", and vertex counts are left out: see the test. */
std::vector<std::string> ModelLines(const std::string &info, const std::string &baseName) {
    static const char *const kCounts[] = {
        "Nodes:",    "Maximum depth", "Meshes:", "Animations:",     "Materials:",
        "Vertices:", "Faces:",        "Bones:",  "Primitive Types:"};
    std::vector<std::string> lines;
    std::istringstream stream(info);
    std::string line;
    std::string section;
    while (std::getline(stream, line)) {
        if (line.rfind("Meshes:  (name)", 0) == 0 || line.rfind("Morph targets:", 0) == 0 ||
            line.rfind("Node hierarchy:", 0) == 0) {
            section = line;
        } else if (line.rfind("Named Materials:", 0) == 0 ||
                   line.rfind("Scene Metadata:", 0) == 0) {
            section.clear();
        }
        bool keep = !section.empty() && !line.empty();
        for (const char *count : kCounts) {
            keep = keep || line.rfind(count, 0) == 0;
        }
        if (line.rfind("Vertices:", 0) == 0) {
            keep = false;
        }
        for (size_t at = line.find(baseName); at != std::string::npos; at = line.find(baseName)) {
            line.replace(at, baseName.size(), "<file>");
        }
        const size_t bracket = line.find(": [");
        if (keep && bracket != std::string::npos && section.rfind("Meshes:", 0) == 0) {
            line.replace(bracket, line.find(" /", bracket) - bracket, ": [<vertices>");
        }
        if (keep) {
            lines.push_back(line);
        }
    }
    return lines;
}

TEST(ActorXWriterCli, SlurpToGlbAndBackShowsTheSameInfo) {
    AGF_REQUIRE_SAMPLE(path, "actorx/Slurp_Monster_Axe_LOD0.psk");
    const std::filesystem::path dir = agf::test::ScratchDir("actorx_cli_slurp");
    CliResult result = RunCli(dir, "export " + ShellQuote(path.string()) + " s.glb");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    result = RunCli(dir, "export s.glb back.psk");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("'psk'"), std::string::npos) << result.out;
    const CliResult original = RunCli(dir, "info " + ShellQuote(path.string()));
    const CliResult back = RunCli(dir, "info back.psk");
    ASSERT_EQ(original.exitCode, 0) << original.err;
    ASSERT_EQ(back.exitCode, 0) << back.err;
    const std::vector<std::string> expected = ModelLines(original.out, "Slurp_Monster_Axe_LOD0");
    const std::vector<std::string> actual = ModelLines(back.out, "back");
    EXPECT_GE(expected.size(), 15u);
    EXPECT_EQ(actual, expected) << "original:\n" << original.out << "\nround trip:\n" << back.out;
    // Vertices: the sample repeats 93 of its 738 wedges record for record (same point, UVs,
    // colour); the glb step and our writer keep one of each, so the round trip has as many
    // vertices as the sample has distinct wedges.
    const RawPsk raw(agf::test::ReadBytes(path));
    std::set<std::string> distinct;
    for (size_t w = 0; w < raw.count("VTXW0000"); ++w) {
        std::string key;
        for (size_t field = 0; field < 12; field += 4) {
            const int32_t value = raw.i32("VTXW0000", w, field);
            key.append(reinterpret_cast<const char *>(&value), 4);
        }
        const int32_t color = raw.i32("VERTEXCOLOR", w, 0);
        const int32_t u = raw.i32("EXTRAUVS0", w, 0), v = raw.i32("EXTRAUVS0", w, 4);
        for (int32_t value : {color, u, v}) {
            key.append(reinterpret_cast<const char *>(&value), 4);
        }
        distinct.insert(key);
    }
    EXPECT_EQ(distinct.size(), 645u);
    EXPECT_NE(back.out.find("Vertices:           " + std::to_string(distinct.size()) + "\n"),
              std::string::npos)
        << back.out;
}

TEST(ActorXWriterCli, FormatFromExtensionOrId) {
    const std::filesystem::path dir = agf::test::ScratchDir("actorx_cli_formats");
    agf::test::WriteBytes(dir / "box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    CliResult result = RunCli(dir, "export box.psk copy.pskx");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("'pskx'"), std::string::npos) << result.out;
    result = RunCli(dir, "export box.psk copy.bin -fpsk");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("'psk'"), std::string::npos) << result.out;
    const CliResult info = RunCli(dir, "info -r copy.bin");
    EXPECT_EQ(info.exitCode, 0) << info.err;
    result = RunCli(dir, "listexport");
    for (const char *id : {"psk\n", "pskx\n", "psa\n", "psax\n"}) {
        EXPECT_NE(result.out.find(id), std::string::npos) << id;
    }
}

TEST(ActorXWriterCli, FailuresAndWarningsAreShown) {
    const std::filesystem::path dir = agf::test::ScratchDir("actorx_cli_errors");
    agf::test::WriteBytes(dir / "box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    // A scene without animations cannot be a PSA: the reason is printed, not just "failed".
    CliResult result = RunCli(dir, "export box.psk box.psa");
    EXPECT_NE(result.exitCode, 0);
    EXPECT_NE(result.err.find("no animation"), std::string::npos) << result.err;
    // The scale option is checked.
    result = RunCli(dir, "export box.psk bad.psk --set EXPORT_ACTORX_SCALE=-1");
    EXPECT_NE(result.exitCode, 0);
    EXPECT_NE(result.err.find("EXPORT_ACTORX_SCALE"), std::string::npos) << result.err;
    // What the writer leaves out is one line in the format of every warning (Warning::text).
    agf::test::WriteBytes(dir / "moves.psa", agf::testgen::psa::MakePsa({}));
    result = RunCli(dir, "export box.psk animated.psk --anim moves.psa");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.err, "assimp: warning: animated.psk: the scene's 2 animations are not part "
                          "of a PSK: export them as .psa [unsupported]\n");
}

} // namespace

namespace {

TEST(ActorXWriterCli, IndependentChunkListerReadsOurFiles) {
    // The samples' chunk lister (a Python script written apart from this project) walks our
    // files by their headers and checks every record size against the usual one.
    AGF_REQUIRE_SAMPLE(lister, "actorx/list_chunks.py");
    const std::filesystem::path dir = agf::test::ScratchDir("actorx_cli_lister");
    agf::test::WriteBytes(dir / "box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    agf::test::WriteBytes(dir / "moves.psa", agf::testgen::psa::MakePsa({}));
    for (const char *out : {"out.psk", "out.psa", "out.psax"}) {
        const CliResult result =
            RunCli(dir, std::string("export box.psk ") + out + " --anim moves.psa");
        ASSERT_EQ(result.exitCode, 0) << out << ": " << result.err;
    }
    const std::filesystem::path python = agf::test::FindProgram("python3");
    if (python.empty()) {
        GTEST_SKIP() << "python3 is needed to run the samples' chunk lister";
    }
    ASSERT_EQ(agf::test::RunProgram(python, {lister.string(), "out.psk", "out.psa", "out.psax"},
                                    dir, dir / "listing.txt"),
              0)
        << agf::test::ReadText(dir / "listing.txt");
    const std::string listing = agf::test::ReadText(dir / "listing.txt");
    EXPECT_EQ(listing.find("!!"), std::string::npos) << listing;
    for (const char *chunk :
         {"ACTRHEAD", "PNTS0000",   "VTXW0000", "FACE0000",    "MATT0000",
          "REFSKELT", "RAWWEIGHTS", "VTXNORMS", "VERTEXCOLOR", "EXTRAUVS1",
          "MRPHINFO", "MRPHDATA",   "ANIMHEAD", "BONENAMES",   "ANIMINFO",
          "ANIMKEYS", "SCALEKEYS",  "ANIXHEAD", "SEQUENCES",   "chunks POSTRACK<seq>:<bone>"}) {
        EXPECT_NE(listing.find(chunk), std::string::npos) << chunk << "\n" << listing;
    }
}

} // namespace
