// UEViewer sidecars: <mesh>.props.txt names the materials' package paths, <material>.mat names
// their textures; the importer adds the texture paths it can resolve to the materials. An
// AnimSet's props.txt names its mesh.
#include "utPskSupport.h"

#include "ActorX/PskSidecars.h"
#include "PskModels.h"

namespace {

using namespace agf::test::psk;
namespace gen = agf::testgen::psk;

void WriteText(const std::filesystem::path &path, const std::string &text) {
    agf::test::WriteBytes(path, std::vector<uint8_t>(text.begin(), text.end()));
}

using agf::test::TexturePathOf;

TEST(PskSidecars, ParsesMatLinesAndPropsReferences) {
    const auto entries = agf::psk::ParseMatFile("Diffuse=T_Body_D\r\nNormal = T_Body_N\n\nbad\n");
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].key, "Diffuse");
    EXPECT_EQ(entries[0].value, "T_Body_D");
    EXPECT_EQ(entries[1].key, "Normal");
    EXPECT_EQ(entries[1].value, "T_Body_N");

    const auto references = agf::psk::ParsePropsMaterialReferences(
        "Materials[2] =\n{\n\t[0] =\n\t{\n"
        "\t\tMaterialInterface = MaterialInstanceConstant'/Game/Chars/MI_Body.MI_Body'\n"
        "\t\tMaterialSlotName = Body\n\t}\n"
        "\t[1] = Material3'Pkg.Group.M_Eyes'\n"
        "\tSkeleton = Skeleton'/Game/Chars/SK.SK'\n"
        "\tMaterial = None\n}\n");
    ASSERT_EQ(references.size(), 2u);
    EXPECT_EQ(references[0].className, "MaterialInstanceConstant");
    EXPECT_EQ(references[0].path, "/Game/Chars/MI_Body.MI_Body");
    EXPECT_EQ(references[1].className, "Material3");
    EXPECT_EQ(agf::psk::ObjectNameOf(references[0].path), "MI_Body");
    EXPECT_EQ(agf::psk::ObjectNameOf(references[1].path), "M_Eyes");
}

TEST(PskSidecars, TexturesFromMatFilesAreAddedToTheMaterials) {
    // UEViewer-like export tree:
    //   Game/Meshes/box.psk, box.props.txt
    //   Game/Materials/BoxSides.mat   (found through the props.txt package path)
    //   Game/Meshes/BoxCaps.mat       (found next to the mesh)
    //   Game/Materials/T_Sides_D.tga, Game/Texture2D/T_Sides_N.png
    const std::filesystem::path root = agf::test::ScratchDir("psk_sidecars");
    const std::filesystem::path meshDir = root / "Game" / "Meshes";
    agf::test::WriteBytes(meshDir / "box.psk", gen::WritePsk(gen::SkinnedBox()));
    WriteText(meshDir / "box.props.txt",
              "Materials[2] =\n{\n"
              "\t[0] = { MaterialInterface = Material'/Game/Materials/BoxSides.BoxSides' }\n"
              "\t[1] = { MaterialInterface = Material'/Game/Materials/BoxCaps.BoxCaps' }\n}\n");
    WriteText(root / "Game" / "Materials" / "BoxSides.mat",
              "Diffuse=T_Sides_D\nNormal=T_Sides_N\nOther[0]=T_Unused\n");
    WriteText(root / "Game" / "Materials" / "T_Sides_D.tga", "tga");
    WriteText(root / "Game" / "Texture2D" / "T_Sides_N.png", "png");
    WriteText(meshDir / "BoxCaps.mat", "Diffuse=T_Caps_D\n");

    auto importer = agf::test::MakeImporter();
    const aiScene *scene =
        importer->ReadFile((meshDir / "box.psk").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMaterials, 2u);
    const aiMaterial *sides = scene->mMaterials[0];
    EXPECT_EQ(TexturePathOf(sides, aiTextureType_DIFFUSE), "../Materials/T_Sides_D.tga");
    EXPECT_EQ(TexturePathOf(sides, aiTextureType_NORMALS), "../Texture2D/T_Sides_N.png");
    EXPECT_EQ(TexturePathOf(sides, aiTextureType_UNKNOWN), "T_Unused"); // unresolved: as written
    // No image file for the caps: the name is kept as written.
    EXPECT_EQ(TexturePathOf(scene->mMaterials[1], aiTextureType_DIFFUSE), "T_Caps_D");

    auto skipping = agf::test::MakeImporter();
    skipping->SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS, true);
    const aiScene *plain =
        skipping->ReadFile((meshDir / "box.psk").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(plain, nullptr) << skipping->GetErrorString();
    EXPECT_EQ(TexturePathOf(plain->mMaterials[0], aiTextureType_DIFFUSE), "<none>");
}

void ExpectReference(const agf::psk::PreviewMeshReference &reference, const std::string &package,
                     const std::string &objectName) {
    EXPECT_EQ(reference.package, package);
    EXPECT_EQ(reference.objectName, objectName);
}

TEST(PskSidecars, AnAnimSetNamesItsMeshByPackageAndObject) {
    ExpectReference(
        agf::psk::ParsePropsPreviewMesh("PreviewSkelMeshName = Body_Darkcar.Body_Darkcar_SK\n"),
        "Body_Darkcar", "Body_Darkcar_SK");
    ExpectReference(agf::psk::ParsePropsPreviewMesh("PreviewSkelMeshName = Pkg.Group.Hero_SK"),
                    "Pkg", "Hero_SK");
    ExpectReference(agf::psk::ParsePropsPreviewMesh(
                        "PreviewSkelMeshName = SkeletalMesh'/Game/Cars/Body_SK.Body_SK'"),
                    "Game/Cars/Body_SK", "Body_SK");
    ExpectReference(agf::psk::ParsePropsPreviewMesh("PreviewSkelMeshName = \"Pkg.Hero_SK\""), "Pkg",
                    "Hero_SK");
    ExpectReference(agf::psk::ParsePropsPreviewMesh("PreviewSkelMeshName = Hero_SK"), "",
                    "Hero_SK");
    // Among other properties, any case of the key, tabs and CRLF; the first line counts.
    ExpectReference(
        agf::psk::ParsePropsPreviewMesh("Sequences[2] =\r\n{\r\n\t[0] = AnimSequence'A.Walk'\r\n"
                                        "}\r\nPreviewSkelMeshNames = X.Wrong\r\n"
                                        "\tpreviewskelmeshname\t=\tPkgA.Hero_SK \r\n"
                                        "PreviewSkelMeshName = PkgB.Other_SK\r\n"),
        "PkgA", "Hero_SK");
}

TEST(PskSidecars, AnAnimSetTextThatNamesNoMeshGivesNone) {
    using namespace std::string_literals;
    const std::string huge(3u << 20, 'x');
    const std::vector<std::string> texts = {
        "",
        "PreviewSkelMeshName = None",
        "PreviewSkelMeshName =",
        "PreviewSkelMeshName = SkeletalMesh''",
        "AnimSet = Pkg.Anims\nRateScale = 1\n",
        "PreviewSkelMeshName Pkg.Hero_SK",
        "PreviewSkelMeshName = Pkg.\x01Hero_SK",
        "PreviewSkelMeshName = Pkg.Hero\0_SK"s,
        "PreviewSkelMeshName = Pkg." + huge,
        huge + "\n" + huge,
        "\x89PNG\r\n\x1a\n\0\0\0\rIHDR=\xff\xfe="s,
    };
    for (const std::string &text : texts) {
        EXPECT_EQ(agf::psk::ParsePropsPreviewMesh(text).objectName, "") << text.substr(0, 60);
    }
}

} // namespace
