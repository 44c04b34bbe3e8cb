// `assimp batch` and `assimp view --static` on a UE Viewer export tree whose AnimSets lie in
// their own class folders and name their mesh in a .props.txt (tools/assimp/AnimSetMeshes.h):
// the mesh's output carries them, and each is listed as bound to it; an AnimSet whose mesh is
// not in the tree is converted on its own. The rules themselves are in utAnimSetMeshes.cpp.
#include "TestSupport.h"

#include "PsaModels.h"
#include "PskModels.h"

#include <nlohmann/json.hpp>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

using agf::test::CliResult;
using agf::test::RunCli;
using agf::test::ShellQuote;

namespace psa = agf::testgen::psa;
namespace psk = agf::testgen::psk;

const char *const kMesh = "PkgA/SkeletalMesh3/Hero_SK.psk";
const char *const kOwnAnimSet = "PkgA/AnimSet/Hero_Anims.psa";
const char *const kOtherPackageAnimSet = "PkgB/AnimSet4/Hero_Extra.psax";
const char *const kLoneAnimSet = "PkgC/AnimSet/Lone_Anims.psa";

/** The export tree: Hero_SK with an AnimSet in its package (Walk, Run) and one in another
 *  package (Idle, Wave), both naming it; and an AnimSet naming a mesh that is not there. */
fs::path MakeExportTree(const fs::path &src) {
    agf::test::WriteBytes(src / kMesh, psk::WritePsk(psk::SkinnedBox()));
    agf::test::WriteBytes(src / kOwnAnimSet, psa::MakePsa(psa::PsaOptions()));
    agf::test::WriteText(src / "PkgA/AnimSet/Hero_Anims.props.txt",
                         "Sequences[2] =\n{\n\t[0] = AnimSequence'Walk'\n\t[1] = "
                         "AnimSequence'Run'\n}\nPreviewSkelMeshName = PkgA.Hero_SK\n");
    agf::test::WriteBytes(src / kOtherPackageAnimSet, psa::MakePsax(psa::PsaxOptions()));
    agf::test::WriteText(src / "PkgB/AnimSet4/Hero_Extra.props.txt",
                         "PreviewSkelMeshName = SkeletalMesh'/PkgA.Hero_SK'\r\n");
    agf::test::WriteBytes(src / kLoneAnimSet, psa::MakePsa(psa::PsaOptions()));
    agf::test::WriteText(src / "PkgC/AnimSet/Lone_Anims.props.txt",
                         "PreviewSkelMeshName = PkgC.Lone_SK\n");
    return src;
}

/** The animation names of a written glb, sorted. */
std::multiset<std::string> AnimationNames(const fs::path &glb) {
    Assimp::Importer importer;
    const aiScene *scene = importer.ReadFile(glb.string(), 0);
    EXPECT_NE(scene, nullptr) << glb << ": " << importer.GetErrorString();
    std::multiset<std::string> names;
    for (unsigned i = 0; scene != nullptr && i < scene->mNumAnimations; ++i) {
        names.insert(scene->mAnimations[i]->mName.C_Str());
    }
    return names;
}

std::multiset<std::string> SequenceNames(const std::vector<psa::KnownSequence> &sequences) {
    std::multiset<std::string> names;
    for (const psa::KnownSequence &sequence : sequences) {
        names.insert(sequence.name);
    }
    return names;
}

std::map<std::string, nlohmann::json> BySource(const nlohmann::json &report) {
    std::map<std::string, nlohmann::json> files;
    for (const nlohmann::json &file : report.at("files")) {
        files[file.at("source").get<std::string>()] = file;
    }
    return files;
}

/** The rows of a static gallery's catalogue by file. */
std::map<std::string, nlohmann::json> GalleryRows(const fs::path &gallery) {
    // catalog.js is "agfViewer.receiveCatalog(<json>);".
    const std::string script = agf::test::ReadText(gallery / "catalog.js");
    const size_t open = script.find('(');
    const size_t close = script.rfind(')');
    std::map<std::string, nlohmann::json> rows;
    if (open == std::string::npos || close == std::string::npos || close < open) {
        ADD_FAILURE() << "not a catalogue: " << script.substr(0, 200);
        return rows;
    }
    const nlohmann::json catalog = nlohmann::json::parse(script.substr(open + 1, close - open - 1));
    for (const nlohmann::json &row : catalog.at("files")) {
        rows[row.at("file").get<std::string>()] = row;
    }
    return rows;
}

/** Runs `assimp batch <src> <dir>/dst`, which must succeed, and gives its report by source. */
std::map<std::string, nlohmann::json> BatchReport(const fs::path &dir, const fs::path &src) {
    const CliResult run =
        RunCli(dir, "batch " + ShellQuote(src.string()) + " " + ShellQuote((dir / "dst").string()) +
                        " --timeout 600 --jobs 2");
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    return BySource(nlohmann::json::parse(agf::test::ReadText(dir / "dst/report.json")));
}

TEST(CliBatchAnimSets, AMeshCarriesTheAnimSetsThatNameItAcrossPackages) {
    const fs::path dir = agf::test::ScratchDir("CliBatchAnimSets");
    const fs::path src = MakeExportTree(dir / "src");
    const auto files = BatchReport(dir, src);
    ASSERT_EQ(files.size(), 4u);

    const nlohmann::json &mesh = files.at(kMesh);
    EXPECT_EQ(mesh.at("status"), "converted") << mesh.dump();
    EXPECT_EQ(mesh.at("animations").get<unsigned>(), 4u) << mesh.dump();
    EXPECT_EQ(mesh.at("animation_files"),
              nlohmann::json::array({kOwnAnimSet, kOtherPackageAnimSet}));
    std::multiset<std::string> expected = SequenceNames(psa::PsaSequences());
    const std::multiset<std::string> extra = SequenceNames(psa::PsaxSequences());
    expected.insert(extra.begin(), extra.end());
    EXPECT_EQ(AnimationNames(dir / "dst" / mesh.at("output").get<std::string>()), expected);
    for (const char *animSet : {kOwnAnimSet, kOtherPackageAnimSet}) {
        EXPECT_EQ(files.at(animSet).at("status"), "bound") << animSet;
        EXPECT_EQ(files.at(animSet).at("bound_to"), kMesh) << animSet;
    }

    // Its mesh is not in the tree: converted on its own, its skeleton with its sequences.
    const nlohmann::json &lone = files.at(kLoneAnimSet);
    EXPECT_EQ(lone.at("status"), "converted") << lone.dump();
    EXPECT_EQ(lone.at("output"), "PkgC/AnimSet/Lone_Anims.glb");
    EXPECT_EQ(AnimationNames(dir / "dst/PkgC/AnimSet/Lone_Anims.glb"),
              SequenceNames(psa::PsaSequences()));
}

TEST(CliBatchAnimSets, AnAnimSetThatCannotBeReadDoesNotCostTheMesh) {
    const fs::path dir = agf::test::ScratchDir("CliBatchBrokenAnimSet");
    const fs::path src = MakeExportTree(dir / "src");
    std::vector<uint8_t> broken = psa::MakePsa(psa::PsaOptions());
    std::fill(broken.begin(), broken.begin() + 32, uint8_t(0)); // no ACTRHEAD: not a PSA
    agf::test::WriteBytes(src / kOwnAnimSet, broken);
    const auto files = BatchReport(dir, src);
    const nlohmann::json &mesh = files.at(kMesh);
    EXPECT_EQ(mesh.at("status"), "converted") << mesh.dump();
    // With the AnimSet of the other package, which is sound.
    EXPECT_EQ(AnimationNames(dir / "dst" / mesh.at("output").get<std::string>()),
              SequenceNames(psa::PsaxSequences()));
    EXPECT_NE(mesh.at("warnings").dump().find("Hero_Anims.psa"), std::string::npos) << mesh.dump();
    EXPECT_EQ(files.at(kOwnAnimSet).at("status"), "bound");

    // The viewer shows it the same way.
    const CliResult view = RunCli(dir, "view --static gallery " + ShellQuote(src.string()));
    ASSERT_EQ(view.exitCode, 0) << view.out << view.err;
    const auto rows = GalleryRows(dir / "gallery");
    EXPECT_EQ(rows.at(kMesh).at("state"), "ready") << rows.at(kMesh).dump();
    EXPECT_EQ(rows.at(kMesh).at("counts").at("animations").get<unsigned>(),
              psa::PsaxSequences().size());
}

TEST(CliViewAnimSets, TheGalleryShowsAMeshWithTheAnimSetsThatNameIt) {
    const fs::path dir = agf::test::ScratchDir("CliViewAnimSets");
    const fs::path src = MakeExportTree(dir / "src");
    const CliResult run = RunCli(dir, "view --static gallery " + ShellQuote(src.string()));
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    const auto rows = GalleryRows(dir / "gallery");
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows.at(kMesh).at("counts").at("animations").get<unsigned>(), 4u)
        << rows.at(kMesh).dump();
    EXPECT_FALSE(rows.at(kMesh).contains("boundTo"));
    for (const char *animSet : {kOwnAnimSet, kOtherPackageAnimSet}) {
        EXPECT_EQ(rows.at(animSet).value("boundTo", ""), kMesh) << rows.at(animSet).dump();
        EXPECT_EQ(rows.at(animSet).at("counts").at("bones").get<unsigned>(),
                  rows.at(kMesh).at("counts").at("bones").get<unsigned>());
    }
    EXPECT_FALSE(rows.at(kLoneAnimSet).contains("boundTo")) << rows.at(kLoneAnimSet).dump();
    EXPECT_EQ(rows.at(kLoneAnimSet).at("counts").at("animations").get<unsigned>(), 2u);
}

} // namespace
