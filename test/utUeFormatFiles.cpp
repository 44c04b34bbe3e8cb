/** @file utUeFormatFiles.cpp
 *  UEFormat files among other files: textures from UE Viewer's export tree, round trips through
 *  our glb and FBX writers, and the `assimp` command's verbs (info, export, --pose, batch,
 *  view --static) on .uemodel, .ueanim and .uepose.
 */
#include "utUeFormatSupport.h"

#include "Common/RgbaImage.h"
#include "Common/StbImages.h"

#include <assimp/Exporter.hpp>

#include <nlohmann/json.hpp>

#include <set>

namespace {

namespace fs = std::filesystem;
using namespace agf::test::ue;
using agf::test::RunCli;
using agf::test::ShellQuote;

const fs::path kUeModels = agf::test::TestModelsDir() / "ueformat";

std::string TexturePath(const aiMaterial *material, aiTextureType type) {
    aiString path;
    return material->GetTexture(type, 0, &path) == AI_SUCCESS ? path.C_Str() : "";
}

const aiMaterial *MaterialNamed(const aiScene *scene, const std::string &name) {
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiString found;
        scene->mMaterials[m]->Get(AI_MATKEY_NAME, found);
        if (name == found.C_Str()) {
            return scene->mMaterials[m];
        }
    }
    return nullptr;
}

TEST(UeFormatTextures, TheMaterialPathFindsUeViewersMatFileAndItsTexture) {
    // <dir>/Game/Knight/Meshes/knight.uemodel; M_Body's path /Game/Knight/Materials/M_Body
    // leads to Game/Knight/Materials/M_Body.mat, whose diffuse is in ../Texture2D/.
    const fs::path dir = agf::test::ScratchDir("ueformat_textures");
    const fs::path model = dir / "Game/Knight/Meshes/knight.uemodel";
    agf::test::WriteBytes(model, KnightModelBytes());
    agf::test::WriteText(dir / "Game/Knight/Materials/M_Body.mat", "Diffuse=T_Body_D\n");
    agf::RgbaImage image;
    image.width = 2;
    image.height = 2;
    image.pixels = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255};
    agf::test::WriteBytes(dir / "Game/Knight/Texture2D/T_Body_D.png", agf::EncodePng(image));
    const agf::test::ImportResult result = agf::test::ImportValidated(model);
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumTextures, 1u);
    EXPECT_EQ(std::string(result.scene->mTextures[0]->mFilename.C_Str()),
              "../Texture2D/T_Body_D.png");
    EXPECT_EQ(TexturePath(MaterialNamed(result.scene, "M_Body"), aiTextureType_DIFFUSE), "*0");
    EXPECT_EQ(TexturePath(MaterialNamed(result.scene, "M_Head"), aiTextureType_DIFFUSE), "");
    const aiTexture *texture = result.scene->mTextures[0];
    const agf::RgbaImage back = agf::StbDecode(reinterpret_cast<const uint8_t *>(texture->pcData),
                                               texture->mWidth, "embedded.png");
    EXPECT_EQ(back.pixels, image.pixels);
}

struct Summary {
    unsigned vertices = 0;
    unsigned faces = 0;
    std::set<std::string> bones;
    std::set<std::string> morphs;
};

Summary Summarise(const aiScene *scene) {
    Summary summary;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        summary.vertices += mesh->mNumVertices;
        summary.faces += mesh->mNumFaces;
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            summary.bones.insert(mesh->mBones[b]->mName.C_Str());
        }
        for (unsigned a = 0; a < mesh->mNumAnimMeshes; ++a) {
            summary.morphs.insert(mesh->mAnimMeshes[a]->mName.C_Str());
        }
    }
    return summary;
}

class UeFormatRoundTrip : public testing::TestWithParam<std::pair<const char *, const char *>> {};

TEST_P(UeFormatRoundTrip, CountsBonesMorphsAndTheAnimationSurvive) {
    const auto [format, extension] = GetParam();
    const agf::test::ImportResult original =
        agf::test::ImportValidated(kUeModels / "knight.uemodel");
    ASSERT_NE(original.scene, nullptr) << original.error;
    const Summary before = Summarise(original.scene);
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const fs::path out = agf::test::ScratchDir(std::string("ueformat_round_trip_") + format) /
                         ("knight." + std::string(extension));
    ASSERT_EQ(exporter.Export(original.scene, format, out.string()), aiReturn_SUCCESS);
    Assimp::Importer reader;
    // Assimp's FBX reader makes a vertex per face corner; joining gives the model's back.
    const aiScene *back = reader.ReadFile(out.string(), aiProcess_ValidateDataStructure |
                                                            aiProcess_JoinIdenticalVertices);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    const Summary after = Summarise(back);
    EXPECT_EQ(after.vertices, before.vertices);
    EXPECT_EQ(after.faces, before.faces);
    EXPECT_EQ(after.bones, before.bones);
    std::set<std::string> expectedMorphs;
    for (const std::string &name : before.morphs) {
        // Assimp's FBX reader composes a target's name from its channel and shape.
        expectedMorphs.insert(std::string(format) == "fbx" ? agf::test::FbxReaderTargetName(name)
                                                           : name);
    }
    EXPECT_EQ(after.morphs, expectedMorphs);
    EXPECT_EQ(back->mNumAnimations, original.scene->mNumAnimations);
}

INSTANTIATE_TEST_SUITE_P(Writers, UeFormatRoundTrip,
                         testing::Values(std::make_pair("glb2", "glb"),
                                         std::make_pair("fbx", "fbx")),
                         [](const auto &param) { return std::string(param.param.second); });

TEST(UeFormatCli, InfoExportAndThePoseOfAUepose) {
    const fs::path dir = agf::test::ScratchDir("ueformat_cli");
    const std::string model = ShellQuote((kUeModels / "knight.uemodel").string());
    const agf::test::CliResult info = RunCli(dir, "info " + model);
    ASSERT_EQ(info.exitCode, 0) << info.err;
    EXPECT_NE(info.out.find("UEFormat model (UEMODEL)"), std::string::npos);
    EXPECT_NE(info.out.find("KnightWave"), std::string::npos) << "the sibling .ueanim";
    for (const char *file : {"knight.ueanim", "knight_face.uepose"}) {
        const agf::test::CliResult alone =
            RunCli(dir, "info " + ShellQuote((kUeModels / file).string()));
        EXPECT_EQ(alone.exitCode, 0) << file << ": " << alone.err;
    }
    for (const char *output : {"knight.glb", "knight.fbx"}) {
        const agf::test::CliResult exported = RunCli(dir, "export " + model + " " + output);
        EXPECT_EQ(exported.exitCode, 0) << output << ": " << exported.err;
        EXPECT_TRUE(fs::exists(dir / output)) << output;
    }
    const agf::test::CliResult posed =
        RunCli(dir, "export " + model + " posed.glb --pose " +
                        ShellQuote((kUeModels / "knight_face.uepose").string()) +
                        " --pose-anim Frown --set IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD=true");
    ASSERT_EQ(posed.exitCode, 0) << posed.out << posed.err;
    EXPECT_NE(posed.out.find("additive pose 'Frown'"), std::string::npos) << posed.out;
    Assimp::Importer reader;
    const aiScene *glb = reader.ReadFile((dir / "posed.glb").string(), 0);
    ASSERT_NE(glb, nullptr) << reader.GetErrorString();
    ASSERT_EQ(glb->mNumAnimations, 1u);
    EXPECT_STREQ(glb->mAnimations[0]->mName.C_Str(), "Frown");
}

TEST(UeFormatCli, BatchBindsTheSiblingAnimationAndViewWritesTheModels) {
    const fs::path dir = agf::test::ScratchDir("ueformat_cli_batch");
    fs::create_directories(dir / "src");
    for (const char *file : {"knight.uemodel", "knight.ueanim", "knight_face.uepose"}) {
        fs::copy_file(kUeModels / file, dir / "src" / file);
    }
    const agf::test::CliResult batch = RunCli(dir, "batch src dst --jobs 1");
    ASSERT_EQ(batch.exitCode, 0) << batch.out << batch.err;
    const nlohmann::json report =
        nlohmann::json::parse(agf::test::ReadText(dir / "dst/report.json"));
    std::map<std::string, nlohmann::json> files;
    for (const nlohmann::json &file : report.at("files")) {
        files[file.at("source").get<std::string>()] = file;
    }
    ASSERT_EQ(files.count("knight.uemodel"), 1u) << report.dump();
    EXPECT_EQ(files.at("knight.uemodel").at("animation_files"),
              nlohmann::json::array({"knight.ueanim"}));
    EXPECT_EQ(files.at("knight.uemodel").at("animations").get<unsigned>(), 1u);
    EXPECT_EQ(files.at("knight_face.uepose").at("status"), "converted");
    EXPECT_EQ(files.at("knight_face.uepose").at("animations").get<unsigned>(), 2u);

    const agf::test::CliResult view = RunCli(dir, "view --static gallery src");
    ASSERT_EQ(view.exitCode, 0) << view.out << view.err;
    size_t glbFiles = 0;
    for (const auto &entry : fs::directory_iterator(dir / "gallery/models")) {
        glbFiles += entry.path().extension() == ".glb" ? 1 : 0;
    }
    EXPECT_GE(glbFiles, 2u); // the model (with its animation) and the poses
}

} // namespace
