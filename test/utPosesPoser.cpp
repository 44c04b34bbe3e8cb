// Pose transfer from Poser PZ2 files (read by code/Poser): a pose file alone gives actors with
// identity rest, so its "no roll" rotations are exactly the pose's O * E * O^-1 (O = identity),
// and `assimp --pose crouch.pz2` puts them on a PSK sample through a bone-name map.
// Expected rotations are computed here from the file's angles with the Poser convention the
// importer documents (GameFormats.h, "Poser": the first listed rotate channel applies first).
#include "TestSupport.h"
#include "utPosesSupport.h"

#include <cstdlib>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using namespace agf::test::poses;

struct PoserActor {
    const char *name;
    const char *mappedTo; ///< the Grunt sample's bone
    double xrot, yrot, zrot;
};

// Rotate channels listed Y, Z, X as in Poser's figures: E = Rx * Rz * Ry.
const PoserActor kActors[] = {
    {"hip", "Hips", -5, 15, 0},
    {"abdomen", "Spine", 10, 0, 3},
    {"chest", "Spine2", 5, -8, 0},
    {"neck", "Neck", 0, 10, 0},
    {"head", "Head", -10, 20, 5},
    {"lShldr", "LeftArm", 0, 10, -55},
    {"lForeArm", "LeftForeArm", 0, -70, 0},
    {"rShldr", "RightArm", 0, -10, 50},
    {"lThigh", "LeftUpLeg", -30, 0, 4.5},
    {"lShin", "LeftLeg", 45, 0, 0},
};
const double kHipYTranslationPnu = -0.02;
const double kPnuInCentimetres = 262.128; // the importer's default, 2.62128 m

glm::dquat PoserRotation(const PoserActor &actor) {
    return AxisAngle(actor.xrot, {1, 0, 0}) * AxisAngle(actor.zrot, {0, 0, 1}) *
           AxisAngle(actor.yrot, {0, 1, 0});
}

std::string KeysBlock(const char *type, const char *name, double value) {
    std::ostringstream text;
    // Braces placed unlike Poser's own layout on purpose: the format ignores whitespace.
    text << "    " << type << " " << name << " {\n      keys { static 0\n        k 0 " << value
         << "\n      }\n    }\n";
    return text.str();
}

std::string CrouchPz2() {
    std::ostringstream text;
    text << "{\nversion\n  {\n  number 4.01\n  }\n";
    text << "actor BODY:1\n  {\n  channels\n   {\n"
         << KeysBlock("translateX", "xtran", 0) << KeysBlock("translateY", "ytran", 0)
         << KeysBlock("translateZ", "ztran", 0) << "   }\n  }\n";
    for (const PoserActor &actor : kActors) {
        text << "actor " << actor.name << ":1\n  {\n  channels\n   {\n";
        if (std::string(actor.name) == "hip") {
            text << KeysBlock("translateY", "ytran", kHipYTranslationPnu);
        }
        text << KeysBlock("rotateY", "yrot", actor.yrot) << KeysBlock("rotateZ", "zrot", actor.zrot)
             << KeysBlock("rotateX", "xrot", actor.xrot) << "   }\n  }\n";
    }
    text << "}\n";
    return text.str();
}

using agf::test::WriteText;

double RotationDistance(const glm::dquat &a, const glm::dquat &b) {
    return std::min(glm::length(glm::dvec4(a.w - b.w, a.x - b.x, a.y - b.y, a.z - b.z)),
                    glm::length(glm::dvec4(a.w + b.w, a.x + b.x, a.y + b.y, a.z + b.z)));
}

// The identity the design rests on: on the importer's identity-rest skeleton, the no-roll
// rotation SavePose derives is the pose's own O * E * O^-1.
TEST(PosesPoser, NoRollRotationsOfAPz2AreItsPoseRotations) {
    const fs::path dir = agf::test::ScratchDir("poses_pz2_identity");
    WriteText(dir / "crouch.pz2", CrouchPz2());
    auto importer = agf::test::MakeImporter();
    const aiScene *scene =
        importer->ReadFile((dir / "crouch.pz2").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_GT(scene->mNumAnimations, 0u);

    const agf::Pose pose = agf::SavePose(*scene, {});
    EXPECT_EQ(pose.convention, agf::PoseConvention::NoRoll);
    EXPECT_DOUBLE_EQ(pose.unitScaleFactor, 100.0); // the importer writes metres
    for (const PoserActor &actor : kActors) {
        const agf::BonePose *bone = nullptr;
        for (const agf::BonePose &entry : pose.bones) {
            bone = entry.name == actor.name ? &entry : bone;
        }
        ASSERT_NE(bone, nullptr) << actor.name;
        const glm::dquat saved(bone->rotation[0], bone->rotation[1], bone->rotation[2],
                               bone->rotation[3]);
        EXPECT_LT(RotationDistance(saved, PoserRotation(actor)), 1e-6) << actor.name;
        if (std::string(actor.name) == "hip") {
            EXPECT_NEAR(bone->translation[1], kHipYTranslationPnu * kPnuInCentimetres / 100.0,
                        1e-6);
        }
    }
}

// With the figure: the committed chain.pz2 on its sibling chain.cr2 (a hierarchy with rotated
// `orientation` frames, a moved BODY and hip, a scaled actor). Carried onto the figure imported
// on its own, every convention that needs only the source skeleton must give exactly the posed
// transforms the Poser importer itself produces.
TEST(PosesPoser, Pz2OnItsOwnFigureMatchesTheImportersPose) {
    const fs::path pz2 = agf::test::TestModelsDir() / "poser" / "chain.pz2";
    const fs::path cr2 = agf::test::TestModelsDir() / "poser" / "chain.cr2";
    ASSERT_TRUE(fs::exists(pz2) && fs::exists(cr2));
    auto poseImporter = agf::test::MakeImporter();
    const aiScene *posed = poseImporter->ReadFile(pz2.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(posed, nullptr) << poseImporter->GetErrorString();
    ASSERT_GT(posed->mNumAnimations, 0u);
    const auto expected = PosedWorld(*posed, posed->mAnimations[0]);

    for (const agf::PoseConvention convention :
         {agf::PoseConvention::Raw, agf::PoseConvention::NoRoll, agf::PoseConvention::Ik,
          agf::PoseConvention::Combined, agf::PoseConvention::CombinedB}) {
        auto figureImporter = agf::test::MakeImporter();
        const aiScene *figure =
            figureImporter->ReadFile(cr2.string(), aiProcess_ValidateDataStructure);
        ASSERT_NE(figure, nullptr) << figureImporter->GetErrorString();
        agf::PoseTransferOptions options;
        options.convention = convention;
        const agf::PoseTransferReport report =
            agf::ApplyPoseFile(const_cast<aiScene &>(*figure), pz2.string(), options);
        EXPECT_TRUE(report.unmatchedPoseBones.empty());
        EXPECT_DOUBLE_EQ(report.unitScale, 1.0); // metres onto metres
        const auto actual = PosedWorld(*figure, figure->mAnimations[figure->mNumAnimations - 1]);
        size_t compared = 0;
        for (unsigned i = 0; i < posed->mAnimations[0]->mNumChannels; ++i) {
            const std::string actor = posed->mAnimations[0]->mChannels[i]->mNodeName.C_Str();
            ASSERT_EQ(actual.count(actor), 1u) << actor;
            EXPECT_LT(MaxDifference(actual.at(actor), expected.at(actor)), 1e-5)
                << agf::PoseConventionName(convention) << " " << actor;
            ++compared;
        }
        EXPECT_GE(compared, 6u);
    }
}

// Done means, with a Poser pose: `assimp export grunt.psk posed.glb --pose crouch.pz2
// --pose-map poser.map` and the glb's bones point where the pose says.
TEST(PosesPoser, CliPosesARealPskWithAPz2) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/Grunt_Preview_LOD0.psk");
    const fs::path dir = agf::test::ScratchDir("poses_pz2_cli");
    fs::copy_file(psk, dir / "grunt.psk");
    WriteText(dir / "crouch.pz2", CrouchPz2());
    std::string map = "# Poser actor -> Grunt bone\nBODY Root\n";
    for (const PoserActor &actor : kActors) {
        map += std::string(actor.name) + " " + actor.mappedTo + "\n";
    }
    WriteText(dir / "poser.map", map);

    const agf::test::CliResult cli =
        agf::test::RunCli(dir, "export grunt.psk posed.glb --pose crouch.pz2 --pose-map poser.map");
    ASSERT_EQ(cli.exitCode, 0) << cli.err;

    Assimp::Importer reader;
    const aiScene *glb =
        reader.ReadFile((dir / "posed.glb").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(glb, nullptr) << reader.GetErrorString();
    const aiAnimation *pose = nullptr;
    for (unsigned i = 0; i < glb->mNumAnimations; ++i) {
        if (std::string(glb->mAnimations[i]->mName.C_Str()) == "pose:crouch") {
            pose = glb->mAnimations[i];
        }
    }
    ASSERT_NE(pose, nullptr);

    // Expected world change of every node: its parent's, times the mapped actor's rotation.
    std::map<std::string, glm::dquat> own;
    for (const PoserActor &actor : kActors) {
        own[actor.mappedTo] = PoserRotation(actor);
    }
    std::map<std::string, glm::dquat> change;
    std::vector<std::pair<const aiNode *, glm::dquat>> pending{
        {glb->mRootNode, glm::dquat(1, 0, 0, 0)}};
    while (!pending.empty()) {
        const auto [node, parent] = pending.back();
        pending.pop_back();
        const auto found = own.find(node->mName.C_Str());
        const glm::dquat total =
            parent * (found != own.end() ? found->second : glm::dquat(1, 0, 0, 0));
        change[node->mName.C_Str()] = total;
        for (unsigned i = 0; i < node->mNumChildren; ++i) {
            pending.emplace_back(node->mChildren[i], total);
        }
    }
    const auto rest = PosedWorld(*glb, nullptr);
    const auto posed = PosedWorld(*glb, pose);
    const std::pair<const char *, const char *> bones[] = {
        {"Hips", "Spine"},           {"Spine", "Spine1"},
        {"Spine2", "Neck"},          {"Neck", "Head"},
        {"Head", "HeadNub"},         {"LeftArm", "LeftForeArm"},
        {"LeftForeArm", "LeftHand"}, {"RightArm", "RightForeArm"},
        {"LeftUpLeg", "LeftLeg"},    {"LeftLeg", "LeftFoot"},
        {"Hips", "RightUpLeg"},
    };
    for (const auto &[bone, child] : bones) {
        const glm::dvec3 expected = change.at(bone) * Direction(rest, bone, child);
        EXPECT_LT(glm::length(Direction(posed, bone, child) - expected), 1e-4) << bone;
    }
    // The hip's ytran: PNU to metres (the importer) to centimetres (the PSK's units), and back
    // to metres in the glb.
    const glm::dvec3 moved = PositionOf(posed.at("Hips")) - PositionOf(rest.at("Hips"));
    EXPECT_LT(glm::length(moved - glm::dvec3(0, kHipYTranslationPnu * kPnuInCentimetres * 0.01, 0)),
              1e-5);
}

} // namespace
