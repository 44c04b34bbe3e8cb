// Tests of `assimp ... --pose`: the built command run as a user runs it, its output files
// imported again. The expected posed bone directions are computed here with glm from the pose
// file's Euler angles (BVH: CHANNELS order, degrees) and the model's rest skeleton.
#include "TestSupport.h"
#include "utPosesSupport.h"

#include <assimp/metadata.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using namespace agf::test::poses;

using agf::test::CliResult;
using agf::test::ReadText;
using agf::test::RunCli;
using agf::test::WriteText;

size_t LineCount(const std::string &text) {
    size_t lines = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        ++lines;
    }
    return lines;
}

// A Poser-named skeleton as a BVH: one frame, the hip 5 units down and every joint turned.
struct BvhJoint {
    const char *name;
    int parent;
    glm::dvec3 offset;
    glm::dvec3 zxyDegrees; // the CHANNELS order Zrotation Xrotation Yrotation
};

const BvhJoint kCrouch[] = {
    {"hip", -1, {0, 100, 0}, {0, 0, 20}},    {"abdomen", 0, {0, 10, 0}, {10, 0, 0}},
    {"chest", 1, {0, 20, 0}, {0, 15, 5}},    {"lCollar", 2, {5, 10, 0}, {5, 0, 0}},
    {"lShldr", 3, {10, 0, 0}, {-50, 10, 0}}, {"lForeArm", 4, {25, 0, 0}, {0, 0, -60}},
    {"lHand", 5, {25, 0, 0}, {0, 20, 0}},    {"neck", 2, {0, 15, 0}, {0, 0, 0}},
    {"head", 7, {0, 10, 0}, {0, -10, 15}},   {"lThigh", 0, {10, -5, 0}, {0, -30, 0}},
    {"lShin", 9, {0, -45, 0}, {0, 40, 0}},   {"lFoot", 10, {0, -45, 0}, {0, -10, 0}},
};
const glm::dvec3 kHipMove{0.0, -5.0, 0.0};

std::string CrouchBvh() {
    const size_t count = sizeof kCrouch / sizeof kCrouch[0];
    std::ostringstream text;
    text << "HIERARCHY\n";
    // Depth-first writer of the joint tree; joints are listed parents first.
    auto writeJoint = [&](auto &self, size_t joint, int depth) -> void {
        const std::string indent(static_cast<size_t>(depth) * 2, ' ');
        const BvhJoint &j = kCrouch[joint];
        text << indent << (j.parent < 0 ? "ROOT " : "JOINT ") << j.name << "\n"
             << indent << "{\n"
             << indent << "  OFFSET " << j.offset.x << " " << j.offset.y << " " << j.offset.z
             << "\n"
             << indent << "  CHANNELS "
             << (j.parent < 0 ? "6 Xposition Yposition Zposition " : "3 ")
             << "Zrotation Xrotation Yrotation\n";
        bool hasChild = false;
        for (size_t child = 0; child < count; ++child) {
            if (kCrouch[child].parent == static_cast<int>(joint)) {
                self(self, child, depth + 1);
                hasChild = true;
            }
        }
        if (!hasChild) {
            text << indent << "  End Site\n"
                 << indent << "  {\n"
                 << indent << "    OFFSET 0 5 0\n"
                 << indent << "  }\n";
        }
        text << indent << "}\n";
    };
    writeJoint(writeJoint, 0, 0);
    text << "MOTION\nFrames: 1\nFrame Time: 0.0333333\n";
    for (size_t i = 0; i < count; ++i) {
        const BvhJoint &j = kCrouch[i];
        if (j.parent < 0) {
            const glm::dvec3 position = j.offset + kHipMove;
            text << position.x << " " << position.y << " " << position.z << " ";
        }
        text << j.zxyDegrees.x << " " << j.zxyDegrees.y << " " << j.zxyDegrees.z
             << (i + 1 < count ? " " : "\n");
    }
    return text.str();
}

// BVH semantics: the rotation channels apply in the listed order, R = Rz * Rx * Ry.
glm::dquat BvhRotation(const BvhJoint &joint) {
    return AxisAngle(joint.zxyDegrees.x, {0, 0, 1}) * AxisAngle(joint.zxyDegrees.y, {1, 0, 0}) *
           AxisAngle(joint.zxyDegrees.z, {0, 1, 0});
}

// Poser actor names to the Mixamo-style bones of the Grunt sample.
const std::pair<const char *, const char *> kPoserToGrunt[] = {
    {"hip", "Hips"},       {"abdomen", "Spine"},
    {"chest", "Spine2"},   {"lCollar", "LeftShoulder"},
    {"lShldr", "LeftArm"}, {"lForeArm", "LeftForeArm"},
    {"lHand", "LeftHand"}, {"neck", "Neck"},
    {"head", "Head"},      {"lThigh", "LeftUpLeg"},
    {"lShin", "LeftLeg"},  {"lFoot", "LeftFoot"},
};

std::string GruntMap() {
    std::string text = "# Poser actor    Grunt bone\n";
    for (const auto &[poser, grunt] : kPoserToGrunt) {
        text += std::string(poser) + "\t\"" + grunt + "\"\n";
    }
    return text;
}

// The world rotation each node of `scene` should get from the crouch pose in "no roll": a
// node's change is its parent's, times the BVH rotation of the joint mapped onto it. (The BVH's
// rest rotations are the identity, so its no-roll rotations are its joint rotations.)
std::map<std::string, glm::dquat> ExpectedWorldChanges(const aiScene &scene) {
    std::map<std::string, glm::dquat> byTarget;
    for (const auto &[poser, grunt] : kPoserToGrunt) {
        for (const BvhJoint &joint : kCrouch) {
            if (std::string(joint.name) == poser) {
                byTarget[grunt] = BvhRotation(joint);
            }
        }
    }
    std::map<std::string, glm::dquat> change;
    std::vector<std::pair<const aiNode *, glm::dquat>> pending{
        {scene.mRootNode, glm::dquat(1, 0, 0, 0)}};
    while (!pending.empty()) {
        auto [node, parentChange] = pending.back();
        pending.pop_back();
        const auto mapped = byTarget.find(node->mName.C_Str());
        const glm::dquat own = mapped != byTarget.end() ? mapped->second : glm::dquat(1, 0, 0, 0);
        const glm::dquat total = parentChange * own;
        change[node->mName.C_Str()] = total;
        for (unsigned i = 0; i < node->mNumChildren; ++i) {
            pending.emplace_back(node->mChildren[i], total);
        }
    }
    return change;
}

const aiAnimation *AnimationNamed(const aiScene &scene, const std::string &name) {
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        if (name == scene.mAnimations[i]->mName.C_Str()) {
            return scene.mAnimations[i];
        }
    }
    return nullptr;
}

// ------------------------------------------------------------------------------------------------

TEST(PosesCli, HelpListsThePoseOptions) {
    const fs::path dir = agf::test::ScratchDir("poses_cli_help");
    const CliResult run = RunCli(dir, "help");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const char *option :
         {"--pose FILE", "--pose-convention NAME", "--pose-map FILE", "--pose-anim NAME|INDEX",
          "--pose-time SECONDS", "--pose-yaw DEGREES"}) {
        EXPECT_NE(run.out.find(option), std::string::npos) << option << "\n" << run.out;
    }
}

TEST(PosesCli, PoseErrorsAreOneLine) {
    const fs::path dir = agf::test::ScratchDir("poses_cli_errors");
    WriteText(dir / "tri.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    WriteText(dir / "crouch.bvh", CrouchBvh());

    CliResult run = RunCli(dir, "export tri.obj out.glb --pose missing.bvh");
    EXPECT_EQ(run.exitCode, 10); // the import failed
    EXPECT_EQ(LineCount(run.err), 1u) << run.err;
    EXPECT_EQ(run.err.rfind("assimp: cannot pose tri.obj: missing.bvh: pose file at byte 0: "
                            "cannot find the file",
                            0),
              0u)
        << run.err;
    EXPECT_FALSE(fs::exists(dir / "out.glb"));

    run = RunCli(dir, "export tri.obj out.glb --pose crouch.bvh --pose-convention sideways");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(LineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find("unknown pose convention 'sideways'"), std::string::npos) << run.err;

    run = RunCli(dir, "info tri.obj --pose crouch.bvh");
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_EQ(LineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find("no bone of the pose matches"), std::string::npos) << run.err;

    WriteText(dir / "broken.map", "hip Hips extra\n");
    run = RunCli(dir, "dump tri.obj out.assxml --pose crouch.bvh --pose-map broken.map");
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_EQ(LineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find("broken.map:1: bone-name map at byte 0: expected two names"),
              std::string::npos)
        << run.err;

    run = RunCli(dir, "export tri.obj out.glb --pose-time soon --pose crouch.bvh");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("--pose-time expects seconds, got 'soon'"), std::string::npos)
        << run.err;
    run = RunCli(dir, "export tri.obj out.glb --pose-yaw left --pose crouch.bvh");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("--pose-yaw expects degrees, got 'left'"), std::string::npos) << run.err;
}

// Done means: `--pose` poses a PSK sample with a bone-name map the test writes, and the exported
// glb carries the expected bone directions.
TEST(PosesCli, PosesARealPskWithABoneNameMap) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/Grunt_Preview_LOD0.psk");
    const fs::path dir = agf::test::ScratchDir("poses_cli_grunt");
    fs::copy_file(psk, dir / "grunt.psk");
    WriteText(dir / "crouch.bvh", CrouchBvh());
    WriteText(dir / "poser_to_grunt.map", GruntMap());

    const CliResult run =
        RunCli(dir, "export grunt.psk posed.glb --pose crouch.bvh --pose-convention norool "
                    "--pose-map poser_to_grunt.map");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err; // every pose bone found its Grunt bone
    EXPECT_NE(run.out.find("12 of 12 pose bones matched (norool); animation 'pose:crouch'"),
              std::string::npos)
        << run.out;

    Assimp::Importer reader;
    const aiScene *glb =
        reader.ReadFile((dir / "posed.glb").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(glb, nullptr) << reader.GetErrorString();
    const aiAnimation *pose = AnimationNamed(*glb, "pose:crouch");
    ASSERT_NE(pose, nullptr);
    EXPECT_EQ(pose->mNumChannels, 12u);

    const auto rest = PosedWorld(*glb, nullptr);
    const auto posed = PosedWorld(*glb, pose);
    const auto change = ExpectedWorldChanges(*glb);
    const std::pair<const char *, const char *> bones[] = {
        {"Hips", "Spine"},
        {"Spine", "Spine1"},
        {"Spine1", "Spine2"},
        {"Spine2", "Neck"},
        {"Neck", "Head"},
        {"Head", "HeadNub"},
        {"Spine2", "LeftShoulder"},
        {"LeftShoulder", "LeftArm"},
        {"LeftArm", "LeftForeArm"},
        {"LeftForeArm", "LeftHand"},
        {"LeftHand", "LeftHandMiddle1"},
        {"Hips", "LeftUpLeg"},
        {"LeftUpLeg", "LeftLeg"},
        {"LeftLeg", "LeftFoot"},
        {"LeftFoot", "LeftToeBase"},
        {"Spine2", "RightShoulder"},
        {"RightArm", "RightForeArm"},
    };
    for (const auto &[bone, child] : bones) {
        const glm::dvec3 expected = change.at(bone) * Direction(rest, bone, child);
        EXPECT_LT(glm::length(Direction(posed, bone, child) - expected), 1e-4) << bone;
    }
    // The pose really turns the arm: its direction is far from the rest one.
    EXPECT_GT(glm::length(Direction(posed, "LeftArm", "LeftForeArm") -
                          Direction(rest, "LeftArm", "LeftForeArm")),
              0.5);
    // The hip's move is carried in world axes (both Y-up; the pose file gives no units: scale
    // 1), in the PSK's centimetres, which the glb writes as metres.
    EXPECT_LT(
        glm::length(PositionOf(posed.at("Hips")) - PositionOf(rest.at("Hips")) - 0.01 * kHipMove),
        1e-5);

    // `info` with the same options lists the pose as an animation, and its metadata.
    const CliResult info = RunCli(dir, "info grunt.psk -r --pose crouch.bvh --pose-map "
                                       "poser_to_grunt.map --pose-convention 2");
    ASSERT_EQ(info.exitCode, 0) << info.err;
    EXPECT_NE(info.out.find("(pose:crouch)"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("PoseTransfer[pose:crouch].Convention (string): \"norool\""),
              std::string::npos)
        << info.out;
    EXPECT_NE(info.out.find("PoseTransfer[pose:crouch].MatchedBones (uint64): 12"),
              std::string::npos)
        << info.out;

    // --pose-yaw turns the pose's world-axis changes about Y before they are applied.
    const CliResult turned = RunCli(dir, "info grunt.psk -r --pose crouch.bvh --pose-map "
                                         "poser_to_grunt.map --pose-yaw 90");
    ASSERT_EQ(turned.exitCode, 0) << turned.err;
    EXPECT_NE(turned.out.find("PoseTransfer[pose:crouch].AxisChange (string): \"0.707107 "
                              "0.000000 0.707107 0.000000\""),
              std::string::npos)
        << turned.out;
}

// Without a map only "neck" and "head" find their bones (Grunt's "Neck" and "Head", matched
// without case); the other ten are named in one warning line, and the metadata lists them.
TEST(PosesCli, RealPskWithoutMapWarnsAboutUnmatchedBones) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/Grunt_Preview_LOD0.psk");
    const fs::path dir = agf::test::ScratchDir("poses_cli_grunt_nomap");
    fs::copy_file(psk, dir / "grunt.psk");
    WriteText(dir / "crouch.bvh", CrouchBvh());
    const CliResult run = RunCli(dir, "info grunt.psk -r --pose crouch.bvh");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("2 of 12 pose bones matched (norool)"), std::string::npos) << run.out;
    EXPECT_EQ(run.err, "assimp: warning: --pose: 10 bones of crouch.bvh have no match in "
                       "grunt.psk (use --pose-map): hip, abdomen, chest, lCollar, lShldr, "
                       "lForeArm, lHand, lThigh, lShin, lFoot\n");
    EXPECT_NE(run.out.find("PoseTransfer[pose:crouch].UnmatchedPoseBones (string): \"hip, "
                           "abdomen, chest, lCollar, lShldr, lForeArm, lHand, lThigh, lShin, "
                           "lFoot\""),
              std::string::npos)
        << run.out;
}

} // namespace
