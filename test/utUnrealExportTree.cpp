// UE Viewer's export tree, <root>/<Package>/<ClassFolder>/<Name>.<ext>: materials and textures
// found across class folders and packages, material instances completed from their parents,
// and the .props.txt readers behind them.
#include "TestSupport.h"

#include "Common/StbImages.h"
#include "Common/UnrealMaterialFiles.h"
#include "Common/UnrealPropsText.h"
#include "PskModels.h"

#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

namespace {

using agf::test::ImportValidated;
using agf::test::ImportWarnings;
using agf::test::ScratchDir;
using agf::test::TexturePathOf;
using agf::test::WriteBytes;
using agf::test::WriteText;
namespace fs = std::filesystem;
namespace gen = agf::testgen::psk;

// ---- The .props.txt readers ------------------------------------------------------------

TEST(UnrealPropsText, TextureParametersOfInstancesAndMaterialsInEveryLayout) {
    // A UE3 instance (nested blocks, the name before the texture), a UE4 instance (inline
    // elements, ParameterInfo), a UE3 material (the texture before the name), a parameter set
    // to None, and a Parent.
    const std::string text = "TextureParameterValues[2] =\n"
                             "{\n"
                             "    TextureParameterValues[0] =\n"
                             "    {\n"
                             "        ParameterName = Diffuse\n"
                             "        ParameterValue = Texture2D'PkgA.Group.T_Body_D'\n"
                             "        ExpressionGUID = { A=1, B=2, C=3, D=4 }\n"
                             "    }\n"
                             "    TextureParameterValues[1] =\n"
                             "    {\n"
                             "        ParameterName = Unused\n"
                             "        ParameterValue = None\n"
                             "    }\n"
                             "}\n"
                             "Parent = Material3'PkgB.M_Base'\n"
                             "CollectedTextureParameters[1] =\n"
                             "{\n"
                             "    CollectedTextureParameters[0] =\n"
                             "    {\n"
                             "        Texture = Texture2D'PkgC.Textures.T_Mask'\n"
                             "        Name = Mask\n"
                             "        Group = None\n"
                             "    }\n"
                             "}\n"
                             "TextureParameterValues[1] = { { ParameterInfo = { Name=Normal, "
                             "Association=GlobalParameter, Index=-1 }, ParameterValue=Texture2D'"
                             "/Game/Hero/T_Hero_N.T_Hero_N' } }\n";
    const std::vector<agf::TextureParameter> parameters = agf::ParseTextureParameters(text);
    ASSERT_EQ(parameters.size(), 3u);
    EXPECT_EQ(parameters[0].name, "Diffuse");
    EXPECT_EQ(parameters[0].texture.className, "Texture2D");
    EXPECT_EQ(parameters[0].texture.path, "PkgA.Group.T_Body_D");
    EXPECT_EQ(parameters[1].name, "Mask");
    EXPECT_EQ(parameters[1].texture.path, "PkgC.Textures.T_Mask");
    EXPECT_EQ(parameters[2].name, "Normal");
    EXPECT_EQ(parameters[2].texture.path, "/Game/Hero/T_Hero_N.T_Hero_N");
    agf::ObjectReference parent;
    ASSERT_TRUE(agf::ParseParentReference(text, parent));
    EXPECT_EQ(parent.className, "Material3");
    EXPECT_EQ(parent.path, "PkgB.M_Base");
    EXPECT_EQ(agf::TextureReferences(text).size(), 3u);
}

TEST(UnrealPropsText, PackagesAndNamesOfObjectPaths) {
    EXPECT_EQ(agf::PackageOf("Ball_Default_Textures.Textures.Ball_Default00_D"),
              "Ball_Default_Textures");
    EXPECT_EQ(agf::PackageOf("Antenna_Standard.Antenna_Diffuse"), "Antenna_Standard");
    EXPECT_EQ(agf::PackageOf("/Game/Hero/T_Hero_N.T_Hero_N"), "");
    EXPECT_EQ(agf::PackageOf("T_Alone"), "");
    EXPECT_EQ(agf::ObjectNameOf("Ball_Default_Textures.Textures.Ball_Default00_D"),
              "Ball_Default00_D");
    EXPECT_EQ(agf::ParameterTextureType("Diffuse"), aiTextureType_DIFFUSE);
    EXPECT_EQ(agf::ParameterTextureType("BaseColorTexture"), aiTextureType_DIFFUSE);
    EXPECT_EQ(agf::ParameterTextureType("Body_NormalMap"), aiTextureType_NORMALS);
    EXPECT_EQ(agf::ParameterTextureType("SpecularMask"), aiTextureType_SPECULAR);
    EXPECT_EQ(agf::ParameterTextureType("Detail"), aiTextureType_UNKNOWN);
}

TEST(UnrealPropsText, DamagedTextGivesWhatIsSoundAndNeverThrows) {
    // More closed than opened, an unclosed quote, a parent without a reference, NUL bytes.
    std::string text = "}\n}\nParent = None\nTextureParameterValues[1] =\n{\n"
                       "  ParameterName = Diffuse\n  ParameterValue = Texture2D'Pkg.T_D\n"
                       "}\n}\nCollectedTextureParameters[1] = { { Name=Normal, "
                       "Texture=Texture2D'Pkg.T_N' } }\n";
    text += std::string("\0\0\xff{'", 5);
    const std::vector<agf::TextureParameter> parameters = agf::ParseTextureParameters(text);
    ASSERT_EQ(parameters.size(), 1u);
    EXPECT_EQ(parameters[0].name, "Normal");
    agf::ObjectReference parent;
    EXPECT_FALSE(agf::ParseParentReference(text, parent));
}

// ---- Generated export trees --------------------------------------------------------------

/** A 2 x 1 TGA whose first pixel is `red` (red channel), so that each file is told apart. */
std::vector<uint8_t> Tga(uint8_t red) {
    return agf::EncodeImageFile(agf::ImageFileType::Tga, 2, 1, 3, {red, 1, 2, 200, 201, 202});
}

/** The red channel of the first pixel of the texture a material slot embeds, or -1. */
int EmbeddedRed(const aiScene *scene, const aiMaterial *material, aiTextureType type) {
    aiString path;
    if (material->GetTexture(type, 0, &path) != AI_SUCCESS || path.data[0] != '*') {
        return -1;
    }
    const unsigned index = static_cast<unsigned>(std::stoul(path.C_Str() + 1));
    if (index >= scene->mNumTextures) {
        return -1;
    }
    const aiTexture *texture = scene->mTextures[index];
    const agf::RgbaImage image = agf::StbDecode(reinterpret_cast<const uint8_t *>(texture->pcData),
                                                texture->mWidth, "embedded.png");
    return image.pixels.empty() ? -1 : image.pixels[0];
}

/** A box PSK whose one material is `materialName`. */
std::vector<uint8_t> BoxWithMaterial(const std::string &materialName) {
    gen::PskContent box = gen::SkinnedBox();
    box.materials.resize(1);
    box.materials[0].name = materialName;
    for (auto &wedge : box.wedges) {
        wedge.material = 0;
    }
    for (auto &face : box.faces) {
        face.material = 0;
    }
    return gen::WritePsk(box);
}

TEST(UnrealExportTree, StaticMeshFindsItsMaterialByNameAndItsTextureInAnotherPackage) {
    // As UE Viewer writes a static mesh: no materials in its props.txt, the .mat in its own
    // package's Material3/, the texture in another package, which the material's props.txt
    // names. The normal map was not exported: one warning, the reference kept.
    const fs::path root = ScratchDir("ue_tree_static");
    WriteBytes(root / "Ball/StaticMesh3/Ball00.pskx", BoxWithMaterial("MAT_Ball"));
    WriteText(root / "Ball/StaticMesh3/Ball00.props.txt", "BodySetup = None\n");
    WriteText(root / "Ball/Material3/MAT_Ball.mat", "Diffuse=T_Ball_D\nNormal=T_Ball_N\n");
    WriteText(root / "Ball/Material3/MAT_Ball.props.txt",
              "ReferencedTextures[2] =\n{\n"
              "    ReferencedTextures[0] = Texture2D'Ball_Textures.Textures.T_Ball_N'\n"
              "    ReferencedTextures[1] = Texture2D'Ball_Textures.Textures.T_Ball_D'\n}\n");
    WriteBytes(root / "Ball_Textures/Texture2D/T_Ball_D.tga", Tga(11));
    // A file of the same name in a package listed earlier must not win over the named one.
    WriteBytes(root / "Aaa/Texture2D/T_Ball_D.tga", Tga(99));

    const auto result = ImportValidated(root / "Ball/StaticMesh3/Ball00.pskx");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumMaterials, 1u);
    const aiMaterial *material = result.scene->mMaterials[0];
    EXPECT_EQ(EmbeddedRed(result.scene, material, aiTextureType_DIFFUSE), 11);
    EXPECT_EQ(result.scene->mNumTextures, 1u);
    EXPECT_EQ(TexturePathOf(material, aiTextureType_NORMALS), "T_Ball_N");
    const ImportWarnings warnings(*result.importer, "pskx");
    EXPECT_EQ(warnings.count(agf::WarningKind::MissingFile, "texture T_Ball_N"), 1u)
        << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::MissingFile), 1u) << warnings.text();
}

TEST(UnrealExportTree, TextureNamedByNameAloneIsFoundInAnyPackage) {
    const fs::path root = ScratchDir("ue_tree_any_package");
    WriteBytes(root / "Car/StaticMesh3/Car.pskx", BoxWithMaterial("M_Car"));
    WriteText(root / "Car/Material3/M_Car.mat", "Diffuse=T_Car_D\n");
    WriteBytes(root / "Shared/Texture2D/T_Car_D.tga", Tga(33));
    const auto result = ImportValidated(root / "Car/StaticMesh3/Car.pskx");
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(EmbeddedRed(result.scene, result.scene->mMaterials[0], aiTextureType_DIFFUSE), 33);
}

TEST(UnrealExportTree, InstanceWithoutMatFileTakesItsParametersThenItsParents) {
    // A skeletal mesh's instance with no .mat: its own normal map, the rest from its parent
    // (in another package), whose own normal map it overrides. The grandparent closes a loop
    // back to the instance, which must end.
    const fs::path root = ScratchDir("ue_tree_parent_chain");
    WriteBytes(root / "Hero/SkeletalMesh3/Hero.psk", BoxWithMaterial("MI_Hero"));
    WriteText(root / "Hero/SkeletalMesh3/Hero.props.txt",
              "Materials[1] = { MaterialInstanceConstant'Hero.MI_Hero' }\n");
    WriteText(root / "Hero/MaterialInstanceConstant/MI_Hero.props.txt",
              "TextureParameterValues[1] =\n{\n    TextureParameterValues[0] =\n    {\n"
              "        ParameterName = NormalMap\n"
              "        ParameterValue = Texture2D'Base.Textures.T_Hero_N'\n    }\n}\n"
              "Parent = MaterialInstanceConstant'Base.MI_Middle'\n");
    WriteText(root / "Base/MaterialInstanceConstant/MI_Middle.props.txt",
              "Parent = Material3'Base.M_Base'\n");
    WriteText(root / "Base/Material3/M_Base.props.txt",
              "CollectedTextureParameters[2] =\n{\n"
              "    CollectedTextureParameters[0] = { Texture=Texture2D'Base.T_Base_N', "
              "Name=Normal }\n"
              "    CollectedTextureParameters[1] = { Texture=Texture2D'Base.T_Base_D', "
              "Name=Diffuse }\n}\n"
              "Parent = MaterialInstanceConstant'Hero.MI_Hero'\n");
    WriteBytes(root / "Base/Texture2D/T_Hero_N.tga", Tga(21));
    WriteBytes(root / "Base/Texture2D/T_Base_N.tga", Tga(22));
    WriteBytes(root / "Base/Texture2D/T_Base_D.tga", Tga(23));

    const auto result = ImportValidated(root / "Hero/SkeletalMesh3/Hero.psk");
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiMaterial *material = result.scene->mMaterials[0];
    EXPECT_EQ(EmbeddedRed(result.scene, material, aiTextureType_NORMALS), 21);
    EXPECT_EQ(EmbeddedRed(result.scene, material, aiTextureType_DIFFUSE), 23);
    EXPECT_EQ(material->GetTextureCount(aiTextureType_NORMALS), 1u);
    EXPECT_EQ(result.scene->mNumTextures, 2u);
}

TEST(UnrealExportTree, TextureRootServesAsExportRootForAMeshOutsideIt) {
    // The mesh was copied out of the tree; --texture-root names the export root.
    const fs::path dir = ScratchDir("ue_tree_texture_root");
    WriteBytes(dir / "loose/Car.pskx", BoxWithMaterial("M_Car"));
    WriteText(dir / "loose/M_Car.mat", "Diffuse=T_Car_D\n");
    WriteText(dir / "loose/M_Car.props.txt",
              "ReferencedTextures[1] = { Texture2D'CarTex.T_Car_D' }\n");
    WriteBytes(dir / "export/CarTex/Texture2D/T_Car_D.tga", Tga(44));
    WriteBytes(dir / "export/Other/Texture2D/T_Car_D.tga", Tga(45));

    const auto bare = ImportValidated(dir / "loose/Car.pskx");
    ASSERT_NE(bare.scene, nullptr) << bare.error;
    EXPECT_EQ(TexturePathOf(bare.scene->mMaterials[0], aiTextureType_DIFFUSE), "T_Car_D");

    const auto rooted = ImportValidated(dir / "loose/Car.pskx", [&](Assimp::Importer &importer) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, (dir / "export").string());
    });
    ASSERT_NE(rooted.scene, nullptr) << rooted.error;
    EXPECT_EQ(EmbeddedRed(rooted.scene, rooted.scene->mMaterials[0], aiTextureType_DIFFUSE), 44);
}

TEST(UnrealExportTree, AFolderNamedAsTheTextureIsNoTexture) {
    // Assimp's Exists says yes to a folder (on Windows, and on Linux in Assimp 5.2): the
    // texture is missing, not unreadable.
    const fs::path dir = ScratchDir("ue_tree_texture_folder");
    WriteBytes(dir / "Car.pskx", BoxWithMaterial("M_Car"));
    WriteText(dir / "M_Car.mat", "Diffuse=T_Car_D\n");
    fs::create_directories(dir / "T_Car_D");
    const auto result = ImportValidated(dir / "Car.pskx");
    ASSERT_NE(result.scene, nullptr) << result.error;
    const ImportWarnings warnings(*result.importer, "pskx");
    EXPECT_EQ(warnings.count(agf::WarningKind::MissingFile), 1u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::UnreadableFile), 0u) << warnings.text();
    EXPECT_EQ(result.scene->mNumTextures, 0u);
}

TEST(UnrealExportTree, RealStaticMeshIsTexturedFromTheOtherPackage) {
    AGF_REQUIRE_SAMPLE(pskx, "actorx/ueviewer/Ball_Default/StaticMesh3/Ball_DefaultBall00.pskx");
    const auto result = ImportValidated(pskx);
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumMaterials, 1u);
    ASSERT_EQ(result.scene->mNumTextures, 1u);
    const aiMaterial *material = result.scene->mMaterials[0];
    EXPECT_EQ(TexturePathOf(material, aiTextureType_DIFFUSE), "*0");
    EXPECT_EQ(std::string(result.scene->mTextures[0]->mFilename.C_Str()),
              "../../Ball_Default_Textures/Texture2D/Ball_Default00_D.tga");
    // Normal, Matte_N and _RGB were not exported: each is a reference with one warning.
    const ImportWarnings warnings(*result.importer, "pskx");
    EXPECT_EQ(warnings.count(agf::WarningKind::MissingFile), 3u) << warnings.text();
    EXPECT_EQ(TexturePathOf(material, aiTextureType_NORMALS), "Ball_Default00_N");
}

} // namespace
