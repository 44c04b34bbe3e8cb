// model.cfg reading (code/P3D/ModelCfgParser.*): CfgSkeletons with class inheritance and
// skeletonInherit, CfgModels lookup, bad syntax.
#include "TestSupport.h"

#include "Common/ImportError.h"
#include "P3D/ModelCfgParser.h"
#include "P3dTestModels.h"

using agf::p3d::Bone;
using agf::p3d::ParseConfig;
using agf::p3d::ResolveSkeleton;

namespace {

std::vector<std::string> Names(const std::vector<Bone> &bones) {
    std::vector<std::string> names;
    for (const Bone &bone : bones) {
        names.push_back(bone.name + "<" + bone.parent);
    }
    return names;
}

} // namespace

TEST(P3dModelCfg, SampleCharacterSkeleton) {
    AGF_REQUIRE_SAMPLE(path, "p3d/a3ob_sample_model.cfg");
    const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
    const auto config = ParseConfig(std::string(bytes.begin(), bytes.end()), "model.cfg");
    const std::string skeleton = agf::p3d::SkeletonNameForModel(*config, "SAMPLE_1_character");
    EXPECT_EQ(skeleton, "sample_1_character_skeleton");
    std::vector<Bone> bones;
    std::string problem;
    ASSERT_TRUE(ResolveSkeleton(*config, skeleton, bones, problem)) << problem;
    EXPECT_TRUE(problem.empty()) << problem;
    ASSERT_EQ(bones.size(), 18u);
    EXPECT_EQ(Names(bones).front(), "Hip<");
    EXPECT_EQ(Names(bones)[3], "LeftLegLower<LeftLegUpper");
    EXPECT_EQ(Names(bones).back(), "Head<Spine2");
}

TEST(P3dModelCfg, ClassInheritanceAndSkeletonInherit) {
    const auto config = ParseConfig(agf::testgen::p3d::ModelCfgText(), "model.cfg");
    std::vector<Bone> bones;
    std::string problem;
    // skeletonBones[] inherited through "class agf_cube_skeleton : agf_cube_base {}".
    ASSERT_TRUE(ResolveSkeleton(*config, "agf_cube_skeleton", bones, problem)) << problem;
    EXPECT_EQ(Names(bones), (std::vector<std::string>{"root<", "lid<root"}));
    // skeletonInherit puts the inherited skeleton's bones first.
    ASSERT_TRUE(ResolveSkeleton(*config, "agf_limbs", bones, problem)) << problem;
    EXPECT_EQ(Names(bones), (std::vector<std::string>{"root<", "upper<root", "lower<root"}));
    EXPECT_EQ(agf::p3d::SkeletonNameForModel(*config, "odol7_skinned"), "agf_limbs");
    EXPECT_EQ(agf::p3d::SkeletonNameForModel(*config, "unknown"), "");
    EXPECT_FALSE(ResolveSkeleton(*config, "missing", bones, problem));
    EXPECT_NE(problem.find("no CfgSkeletons class 'missing'"), std::string::npos);
}

TEST(P3dModelCfg, AppendCyclesAndBoneLists) {
    const auto config = ParseConfig(R"(
        class CfgSkeletons {
            class A { skeletonBones[] = {"a", ""}; };
            class B : A { skeletonBones[] += {"b", "a"}; };
            class C { skeletonInherit = "D"; };
            class D { skeletonInherit = "C"; };
        };
    )",
                                    "cfg");
    std::vector<Bone> bones;
    std::string problem;
    ASSERT_TRUE(ResolveSkeleton(*config, "B", bones, problem)) << problem;
    EXPECT_EQ(Names(bones), (std::vector<std::string>{"a<", "b<a"}));
    EXPECT_FALSE(ResolveSkeleton(*config, "C", bones, problem));
    EXPECT_NE(problem.find("cycle"), std::string::npos) << problem;
    EXPECT_EQ(Names(agf::p3d::ParseBoneList("\"root\", \"\", \"arm\", \"root\"")),
              (std::vector<std::string>{"root<", "arm<root"}));
}

TEST(P3dModelCfg, BadSyntaxNamesTheLine) {
    for (const char *text :
         {"class A {\n x = 1;\n", "class A {\n x[] = {1, 2;\n};", "class A { x = 1 }", "\n\n}"}) {
        try {
            ParseConfig(text, "bad.cfg");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const agf::ImportError &error) {
            EXPECT_NE(std::string(error.what()).find("bad.cfg"), std::string::npos);
            EXPECT_NE(std::string(error.what()).find("line "), std::string::npos);
        }
    }
    // Deep nesting is bounded.
    std::string deep;
    for (int i = 0; i < 200; ++i) {
        deep += "class c" + std::to_string(i) + " {";
    }
    EXPECT_THROW(ParseConfig(deep, "deep.cfg"), agf::ImportError);
}
