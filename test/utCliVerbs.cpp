// The verbs of the stock command that the drop-in `assimp` adds beyond import and export:
// extract (embedded textures to files), cmpdump (two dumps compared value by value) and
// testbatchload (many files through one Importer). The built program is run as a user would.
#include "ImageDecoding.h"
#include "TestSupport.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <cstring>
#include <memory>

namespace {

namespace fs = std::filesystem;

using agf::test::CliResult;
using agf::test::DecodedImage;
using agf::test::DecodeImageFile;
using agf::test::ReadBytes;
using agf::test::RunCli;
using agf::test::ShellQuote;

// A 3 x 2 texture with distinct colours and alphas, so that a channel swap or a flip shows.
const aiTexel kTexels[6] = {{0, 0, 255, 255}, {0, 255, 0, 128}, {255, 0, 0, 64},
                            {10, 20, 30, 40}, {50, 60, 70, 80}, {90, 100, 110, 120}};
const char kCompressedBytes[] = "not really a PNG, but extract must copy it byte for byte";

/** One triangle and two embedded textures: 0 uncompressed (kTexels), 1 "compressed" (png). */
std::unique_ptr<aiScene> SceneWithTextures() {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("root");
    scene->mRootNode->mNumMeshes = 1;
    scene->mRootNode->mMeshes = new unsigned[1]{0};
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1] { new aiMaterial() };
    aiMesh *mesh = agf::test::NewTriangleMesh();
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1] { mesh };

    auto *raw = new aiTexture();
    raw->mWidth = 3;
    raw->mHeight = 2;
    raw->pcData = new aiTexel[6];
    std::memcpy(raw->pcData, kTexels, sizeof kTexels);
    auto *compressed = new aiTexture();
    compressed->mWidth = sizeof kCompressedBytes;
    compressed->mHeight = 0;
    std::strcpy(compressed->achFormatHint, "png");
    // aiTexture deletes pcData as aiTexel[]: allocate it so, large enough for the bytes.
    compressed->pcData = new aiTexel[(sizeof kCompressedBytes + 3) / 4];
    std::memcpy(compressed->pcData, kCompressedBytes, sizeof kCompressedBytes);
    scene->mNumTextures = 2;
    scene->mTextures = new aiTexture *[2] { raw, compressed };
    return scene;
}

void WriteAssbin(const aiScene &scene, const fs::path &path) {
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(&scene, "assbin", path.string()), AI_SUCCESS)
        << exporter.GetErrorString();
}

/** Checks the decoded image against kTexels; alpha too when `withAlpha`. */
void ExpectTexels(const DecodedImage &image, bool withAlpha, const std::string &what) {
    ASSERT_EQ(image.width, 3) << what;
    ASSERT_EQ(image.height, 2) << what;
    for (size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(image.rgba[i * 4 + 0], kTexels[i].r) << what << " texel " << i;
        EXPECT_EQ(image.rgba[i * 4 + 1], kTexels[i].g) << what << " texel " << i;
        EXPECT_EQ(image.rgba[i * 4 + 2], kTexels[i].b) << what << " texel " << i;
        EXPECT_EQ(image.rgba[i * 4 + 3], withAlpha ? kTexels[i].a : 255) << what << " texel " << i;
    }
}

} // namespace

TEST(CliExtract, WritesEveryEmbeddedTextureInItsFormat) {
    const fs::path dir = agf::test::ScratchDir("cli_extract");
    WriteAssbin(*SceneWithTextures(), dir / "textured.assbin");

    // Defaults: the model's name with _img<n>, BMP without alpha, compressed bytes as they are.
    CliResult result = RunCli(dir, "extract textured.assbin");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    ExpectTexels(DecodeImageFile(dir / "textured_img0.bmp"), false, "default BMP");
    const std::vector<uint8_t> copied = ReadBytes(dir / "textured_img1.png");
    EXPECT_EQ(std::string(copied.begin(), copied.end()),
              std::string(kCompressedBytes, sizeof kCompressedBytes));

    // -ba keeps the alpha; the extension of <out> picks TGA and PNG, -f when <out> has none.
    result = RunCli(dir, "extract textured.assbin alpha.bmp -ba -t0");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    ExpectTexels(DecodeImageFile(dir / "alpha_img0.bmp"), true, "BMP with -ba");
    EXPECT_FALSE(fs::exists(dir / "alpha_img1.png")) << "-t0 extracts texture 0 only";
    result = RunCli(dir, "extract textured.assbin out.tga -t0 -s");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    ExpectTexels(DecodeImageFile(dir / "out.tga"), true, "TGA");
    result = RunCli(dir, "extract textured.assbin plain -fpng -t0");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    ExpectTexels(DecodeImageFile(dir / "plain_img0.png"), true, "PNG from -f");
}

TEST(CliExtract, RefusesABadIndexFormatOrModel) {
    const fs::path dir = agf::test::ScratchDir("cli_extract_errors");
    WriteAssbin(*SceneWithTextures(), dir / "textured.assbin");
    CliResult result = RunCli(dir, "extract textured.assbin -t2");
    EXPECT_EQ(result.exitCode, 10) << "TextureIndexIsOutOfRange";
    EXPECT_NE(result.err.find("texture index 2 is out of range (the model has 2"),
              std::string::npos)
        << result.err;
    result = RunCli(dir, "extract textured.assbin -fjpg");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("unknown image format 'jpg'"), std::string::npos) << result.err;
    result = RunCli(dir, "extract missing.assbin");
    EXPECT_EQ(result.exitCode, 3);
    // A model without embedded textures is not an error.
    result = RunCli(
        dir,
        "extract " + ShellQuote((agf::test::TestModelsDir() / "actorx/skinned_box.psk").string()));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("has no embedded textures"), std::string::npos) << result.out;
}

TEST(CliCompareDump, EqualDumpsPassAndTheFirstDifferenceIsNamed) {
    const fs::path dir = agf::test::ScratchDir("cli_cmpdump");
    const std::string model =
        ShellQuote((agf::test::TestModelsDir() / "actorx/skinned_box.psk").string());
    ASSERT_EQ(RunCli(dir, "dump " + model + " a.assbin -b").exitCode, 0);
    ASSERT_EQ(RunCli(dir, "dump " + model + " b.assbin -b").exitCode, 0);
    // The same model scaled by 1.0001: within the stock tolerance, not within a tight one.
    ASSERT_EQ(
        RunCli(dir, "dump " + model + " scaled.assbin -b --set IMPORT_PSK_SCALE=1.0001").exitCode,
        0);
    // Turned 1.5 rad about X: the root (Z up to Y up, -pi/2 about X) turns by -0.0708 rad, so
    // its m11 goes from cos(-pi/2) = 0 to cos(-0.0708) = 0.997495.
    ASSERT_EQ(RunCli(dir, "dump " + model + " turned.assbin -b -rx=1.5").exitCode, 0);

    CliResult result = RunCli(dir, "cmpdump a.assbin b.assbin");
    EXPECT_EQ(result.exitCode, 0) << result.out << result.err;
    EXPECT_NE(result.out.find("Success: the scenes are equal ("), std::string::npos) << result.out;

    result = RunCli(dir, "cmpdump scaled.assbin a.assbin");
    EXPECT_EQ(result.exitCode, 0) << result.out;
    result = RunCli(dir, "cmpdump scaled.assbin a.assbin --epsilon 1e-9");
    EXPECT_EQ(result.exitCode, 255) << result.out;
    EXPECT_NE(result.out.find("Files are different at aiScene.mRootNode.mTransformation.m00."),
              std::string::npos)
        << result.out;

    result = RunCli(dir, "cmpdump turned.assbin a.assbin");
    EXPECT_EQ(result.exitCode, 255) << result.out;
    EXPECT_NE(result.out.find("Files are different at aiScene.mRootNode.mTransformation.m11.\n"
                              "Error is: expected 0, but actual is 0.99749"),
              std::string::npos)
        << result.out;
}

TEST(CliCompareDump, UnreadableFilesAndBadArguments) {
    const fs::path dir = agf::test::ScratchDir("cli_cmpdump_errors");
    const std::string model =
        ShellQuote((agf::test::TestModelsDir() / "actorx/skinned_box.psk").string());
    ASSERT_EQ(RunCli(dir, "dump " + model + " a.assbin -b").exitCode, 0);
    EXPECT_EQ(RunCli(dir, "cmpdump missing.assbin a.assbin").exitCode, 251);
    EXPECT_EQ(RunCli(dir, "cmpdump a.assbin missing.assbin").exitCode, 250);
    EXPECT_EQ(RunCli(dir, "cmpdump a.assbin").exitCode, 1);
    EXPECT_EQ(RunCli(dir, "cmpdump a.assbin a.assbin --epsilon -1").exitCode, 1);
}

TEST(CliTestBatchLoad, OneImporterForEveryFileAndTheExitCodeTellsFailures) {
    const fs::path dir = agf::test::ScratchDir("cli_batchload");
    agf::test::WriteText(dir / "garbage.psk", "ACTRHEAD but nothing after it");
    const std::string box =
        ShellQuote((agf::test::TestModelsDir() / "actorx/skinned_box.psk").string());
    const std::string anim =
        ShellQuote((agf::test::TestModelsDir() / "actorx/psa_dense.psa").string());

    CliResult result = RunCli(dir, "testbatchload " + box + " " + anim + " " + box);
    EXPECT_EQ(result.exitCode, 0) << result.out;
    EXPECT_NE(result.out.find("3 of 3 files imported"), std::string::npos) << result.out;

    result = RunCli(dir, "testbatchload " + box + " garbage.psk " + box);
    EXPECT_EQ(result.exitCode, 3) << result.out;
    EXPECT_NE(result.out.find("failed garbage.psk: "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("2 of 3 files imported"), std::string::npos) << result.out;
    EXPECT_EQ(RunCli(dir, "testbatchload").exitCode, 1);
}
