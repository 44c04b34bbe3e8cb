// Which files of a dump `assimp batch` sets apart as no model (tools/assimp/NonModelFiles.h):
// UnrealScript told from binary by content, and the files of an Unreal 1 mesh by name. The
// whole command on such trees is in utBatchCli.cpp.
#include "NonModelFiles.h"

#include <gtest/gtest.h>

#include <string>

using agf::cli::LooksLikeUnrealScript;
using agf::cli::Unreal3dCompanions;
using agf::cli::WhyNotAModel;

TEST(BatchNonModels, UnrealScriptIsToldFromBinaryByItsStart) {
    EXPECT_TRUE(LooksLikeUnrealScript("/*====\n hero\n====*/\nclass hero extends Pawn;"));
    EXPECT_TRUE(LooksLikeUnrealScript("// comment\r\n"));
    EXPECT_TRUE(LooksLikeUnrealScript("class Weapon extends Inventory;"));
    EXPECT_TRUE(LooksLikeUnrealScript("CLASS Weapon;")) << "UnrealScript ignores case";
    EXPECT_TRUE(LooksLikeUnrealScript("\xEF\xBB\xBF\t #exec MESH IMPORT MESH=tri"));
    EXPECT_TRUE(LooksLikeUnrealScript(" \r\n\t"));
    EXPECT_FALSE(LooksLikeUnrealScript(""));
    EXPECT_FALSE(LooksLikeUnrealScript("classic text")) << "a word that starts with class";
    EXPECT_FALSE(LooksLikeUnrealScript("hello")) << "text, but not UnrealScript's start";
    EXPECT_FALSE(LooksLikeUnrealScript(std::string("//\0\x03", 4))) << "control bytes";
    EXPECT_FALSE(LooksLikeUnrealScript(std::string("\x03\0\x03\0", 4))) << "a _d.3d header";
}

TEST(BatchNonModels, AnUnreal3dDataFileNamesItsCompanions) {
    EXPECT_EQ(Unreal3dCompanions("ue1/tri_d.3d"),
              (std::vector<std::string>{"ue1/tri_a.3d", "ue1/tri.uc"}));
    EXPECT_TRUE(Unreal3dCompanions("ue1/tri_a.3d").empty());
    EXPECT_TRUE(Unreal3dCompanions("ue1/tri.3d").empty());
    EXPECT_TRUE(Unreal3dCompanions("ue1/_d.3d").empty()) << "no name before the suffix";
}

TEST(BatchNonModels, ReasonsNameWhatIsMissing) {
    const std::string script = "class hero extends Pawn;";
    const std::string binary("\x03\0\x03\0", 4);
    EXPECT_NE(WhyNotAModel("chars/hero.uc", &script).find("hero_d.3d"), std::string::npos);
    EXPECT_EQ(WhyNotAModel("chars/hero.uc", &binary), "");
    EXPECT_EQ(WhyNotAModel("chars/hero.uc", nullptr), "") << "unread: left to the importer";
    EXPECT_NE(WhyNotAModel("ue1/lone_a.3d", nullptr).find("lone_d.3d"), std::string::npos);
    EXPECT_EQ(WhyNotAModel("ue1/tri_d.3d", nullptr), "");
    EXPECT_EQ(WhyNotAModel("chars/hero.psk", &script), "");
}

TEST(BatchNonModels, XmlIsAModelOnlyAsAnIrrlichtSceneOrOgreMesh) {
    const std::string strings = "<?xml version=\"1.0\"?>\n<Project name=\"CBA\">";
    const std::string scene = "<?xml version=\"1.0\"?>\n<IRR_SCENE>";
    EXPECT_TRUE(agf::cli::DecidedByContent("cba/stringtable.xml"));
    EXPECT_FALSE(agf::cli::DecidedByContent("ogre/hero.mesh.xml"));
    EXPECT_NE(WhyNotAModel("cba/stringtable.xml", &strings), "");
    EXPECT_EQ(WhyNotAModel("level/scene.xml", &scene), "");
    EXPECT_EQ(WhyNotAModel("ogre/hero.MESH.XML", &strings), "");
}
