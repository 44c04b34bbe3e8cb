// The posed Poser figure through Assimp's glb2 exporter and back, and the `assimp` command on the
// generated files.
#include "utPoserSupport.h"

#include <assimp/Exporter.hpp>

#include <cstdlib>

namespace {

using namespace agf::test::poser;
namespace fs = std::filesystem;

using agf::test::ShellQuote;

int RunCli(const fs::path &dir, const std::string &args) {
    return agf::test::RunCli(dir, args).exitCode;
}

const aiScene *ImportGlb(Assimp::Importer &importer, const fs::path &path) {
    return importer.ReadFile(path.string(), aiProcess_ValidateDataStructure);
}

} // namespace

TEST(PoserRoundTrip, PosedFigureSurvivesGlb2) {
    const ImportResult original = ImportFile(PoserModel("chain.pz2"));
    ASSERT_NE(original.scene, nullptr) << original.error;
    const fs::path out = agf::test::ScratchDir("poser_glb2") / "chain.glb";
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(original.scene, "glb2", out.string()), AI_SUCCESS)
        << exporter.GetErrorString();

    Assimp::Importer importer;
    const aiScene *back = ImportGlb(importer, out);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    EXPECT_EQ(back->mNumMeshes, original.scene->mNumMeshes);
    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation *before = OnlyAnimation(original.scene);
    const aiAnimation *after = back->mAnimations[0];
    EXPECT_EQ(after->mNumChannels, before->mNumChannels);
    for (const char *name : {"hip", "lThigh", "head"}) {
        ASSERT_NE(back->mRootNode->FindNode(name), nullptr) << name;
        const aiNodeAnim *a = ChannelFor(before, name);
        const aiNodeAnim *b = ChannelFor(after, name);
        ASSERT_NE(a, nullptr) << name;
        ASSERT_NE(b, nullptr) << name;
        ASSERT_GE(b->mNumRotationKeys, 1u);
        const aiQuaternion &qa = a->mRotationKeys[0].mValue;
        const aiQuaternion &qb = b->mRotationKeys[0].mValue;
        const double dot = std::abs(qa.w * qb.w + qa.x * qb.x + qa.y * qb.y + qa.z * qb.z);
        EXPECT_NEAR(dot, 1.0, 1e-5) << name;
        ASSERT_GE(b->mNumPositionKeys, 1u);
        EXPECT_NEAR((a->mPositionKeys[0].mValue - b->mPositionKeys[0].mValue).Length(), 0.0, 1e-5)
            << name;
    }
}

TEST(PoserRoundTrip, CliExportsTheFigureAndThePoseToGlb) {
    const fs::path dir = agf::test::ScratchDir("poser_cli");
    for (const char *name : {"chain.cr2", "chain.pz2", "chain_walk.pz2", "chain.p2z"}) {
        const fs::path out = dir / (std::string(name) + ".glb");
        ASSERT_EQ(RunCli(dir, "export " + ShellQuote(PoserModel(name).string()) + " " +
                                  ShellQuote(out.string())),
                  0)
            << name << ": " << agf::test::ReadBytes(dir / "cli_stderr.txt").size()
            << " bytes on stderr";
        Assimp::Importer importer;
        const aiScene *scene = ImportGlb(importer, out);
        ASSERT_NE(scene, nullptr) << name << ": " << importer.GetErrorString();
        const bool isPose = std::string(name).find(".cr2") == std::string::npos;
        EXPECT_EQ(scene->mNumAnimations, isPose ? 1u : 0u) << name;
        EXPECT_NE(scene->mRootNode->FindNode("lThigh"), nullptr) << name;
    }
}
