// The mesh an AnimSet's .props.txt names (PreviewSkelMeshName; the parser's own tests are in
// utPskSidecars.cpp): the bounded read beside the animation file, and the choice among a tree's
// meshes (tools/assimp/AnimSetMeshes.h). The commands that use them are in utBatchAnimSets.cpp.
#include "TestSupport.h"

#include "AnimSetMeshes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

using agf::cli::NamedMeshIndex;
using agf::psk::PreviewMeshReference;

TEST(AnimSetMeshes, TheReadBesideTheAnimationFileIsBounded) {
    const fs::path dir = agf::test::ScratchDir("AnimSetMeshesRead");
    EXPECT_EQ(agf::cli::ReadNamedMesh(dir / "Missing.psa").objectName, "");
    agf::test::WriteText(dir / "Anims.props.txt", "PreviewSkelMeshName = PkgA.Hero_SK\n");
    const PreviewMeshReference found = agf::cli::ReadNamedMesh(dir / "Anims.psa");
    EXPECT_EQ(found.package, "PkgA");
    EXPECT_EQ(found.objectName, "Hero_SK");

    // A line past the bound is not read, and neither is the line the bound cuts.
    const std::string line = "PreviewSkelMeshName = PkgA.Hero_SK_Long\n";
    const std::string filler(agf::cli::kMaxAnimSetPropsBytes, '#');
    agf::test::WriteText(dir / "Late.props.txt", filler + "\n" + line);
    EXPECT_EQ(agf::cli::ReadNamedMesh(dir / "Late.psa").objectName, "");
    // Cut after "PkgA.Hero_SK": a name that would match another mesh.
    const std::string cut(agf::cli::kMaxAnimSetPropsBytes - line.size() + 5, '#');
    agf::test::WriteText(dir / "Cut.props.txt", cut + "\n" + line);
    EXPECT_EQ(agf::cli::ReadNamedMesh(dir / "Cut.psa").objectName, "")
        << "the bound cut the name to Hero_SK";
    agf::test::WriteText(dir / "Early.props.txt", line + filler + filler);
    EXPECT_EQ(agf::cli::ReadNamedMesh(dir / "Early.psax").objectName, "Hero_SK_Long");
}

TEST(AnimSetMeshes, TheNamedPackageComesFirstThenTheNearestMesh) {
    const NamedMeshIndex index({
        "dump/PkgA/AnimSet/Hero_Anims.psa",
        "dump/PkgA/SkeletalMesh3/Hero_SK.psk",
        "dump/PkgB/SkeletalMesh3/hero_sk.pskx",
        "dump/PkgC/AnimSet/Hero_SK.fxm",
        "dump/PkgC/AnimSet/Hero_SK.psa",
        "other/PkgD/SkeletalMesh3/Hero_SK.psk",
        "Game/Cars/Body_SK.psk",
        "Game/Trucks/Body_SK.psk",
    });
    const std::string anims = "dump/PkgC/AnimSet/Anims.psa";
    EXPECT_EQ(index.MeshFor(anims, {"PkgA", "Hero_SK"}), "dump/PkgA/SkeletalMesh3/Hero_SK.psk");
    EXPECT_EQ(index.MeshFor(anims, {"pkgb", "HERO_SK"}), "dump/PkgB/SkeletalMesh3/hero_sk.pskx");
    EXPECT_EQ(index.MeshFor(anims, {"PkgD", "Hero_SK"}), "other/PkgD/SkeletalMesh3/Hero_SK.psk");
    // A package that is not in the tree: the mesh of that name nearest to the AnimSet.
    EXPECT_EQ(index.MeshFor(anims, {"Gone", "Hero_SK"}), "dump/PkgA/SkeletalMesh3/Hero_SK.psk");
    EXPECT_EQ(index.MeshFor("other/AnimSet/A.psax", {"Gone", "Hero_SK"}),
              "other/PkgD/SkeletalMesh3/Hero_SK.psk");
    // An object path names its package by path.
    EXPECT_EQ(index.MeshFor("x/A.psa", {"Game/Trucks/Body_SK", "Body_SK"}),
              "Game/Trucks/Body_SK.psk");
    EXPECT_EQ(index.MeshFor("x/A.psa", {"Game/Cars/Body_SK", "Body_SK"}), "Game/Cars/Body_SK.psk");
    // Only a mesh whose import loads the animation file, and only one that exists.
    EXPECT_EQ(index.MeshFor("x/A.mot", {"PkgC", "Hero_SK"}), "dump/PkgC/AnimSet/Hero_SK.fxm");
    EXPECT_EQ(index.MeshFor(anims, {"PkgA", "Villain_SK"}), "");
    EXPECT_EQ(index.MeshFor(anims, {"PkgA", ""}), "");
}

TEST(AnimSetMeshes, AnAnimationFileASiblingMeshLoadsStaysWithIt) {
    const fs::path root = agf::test::ScratchDir("AnimSetMeshesSiblings");
    const std::vector<std::string> files = {
        "PkgA/AnimSet/Hero_Anims.psa",    "PkgA/AnimSet/Hero_Anims.psk", "PkgA/AnimSet/Extra.psax",
        "PkgA/SkeletalMesh3/Hero_SK.psk", "PkgB/AnimSet/Villain.psa",
    };
    for (const std::string &file : files) {
        agf::test::WriteText(root / file, "");
    }
    for (const char *animation : {"PkgA/AnimSet/Hero_Anims", "PkgA/AnimSet/Extra"}) {
        agf::test::WriteText(root / (std::string(animation) + ".props.txt"),
                             "PreviewSkelMeshName = PkgA.Hero_SK\n");
    }
    agf::test::WriteText(root / "PkgB/AnimSet/Villain.props.txt",
                         "PreviewSkelMeshName = PkgB.Villain_SK\n");
    const auto named = agf::cli::AnimationsNamingMeshes(root, files);
    ASSERT_EQ(named.size(), 1u);
    EXPECT_EQ(named.at("PkgA/SkeletalMesh3/Hero_SK.psk"),
              std::vector<std::string>{"PkgA/AnimSet/Extra.psax"});
}

TEST(AnimSetMeshes, AFailedImportIsRetriedWithoutTheFilesItsErrorNames) {
    const std::vector<std::string> files = {"PkgA/AnimSet/Hero_Anims.psa",
                                            "PkgB/AnimSet/Hero_Extra.psax"};
    EXPECT_EQ(agf::cli::AnimationFilesSparedBy("Hero_Anims.psa: ANIMINFO at byte 8: ...", files),
              std::vector<std::string>{"PkgB/AnimSet/Hero_Extra.psax"});
    EXPECT_EQ(agf::cli::AnimationFilesSparedBy("Hero_SK.psk: VTXW0000 at byte 8", files), files);
    EXPECT_TRUE(agf::cli::AnimationFilesSparedBy("Hero_Anims.psa: ...", {}).empty());
}

} // namespace
