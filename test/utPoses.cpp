// Tests of pose transfer (code/Poses): the four PoseLib16 conventions on skeletons built in
// memory with known rest frames, bone matching and name maps, the added animation's metadata, a
// glb2 round trip and invalid inputs. Expected values are computed here with glm from the
// skeleton specs and the spec's formulas, never by the code under test.
#include "TestSupport.h"
#include "utPosesSupport.h"

#include <assimp/Exporter.hpp>
#include <assimp/metadata.h>

#include <fstream>
#include <limits>
#include <stdexcept>

namespace {

namespace fs = std::filesystem;
using namespace agf::test::poses;

// A chain hip -> spine -> chest -> upperarm -> forearm -> hand with a branch chest -> neck ->
// head, in metres, every rest frame rotated differently (as exported rigs are), so that rest
// rotations matter everywhere. The branch matters: a roll about the chest's axis (towards the
// upper arm) moves the neck's offset in the chest's frame, which a pure chain never shows.
SkeletonSpec SkeletonA() {
    SkeletonSpec spec;
    spec.unitScaleFactor = 100.0; // metres
    spec.bones = {
        {"hip", -1, {0.0, 1.00, 0.0}, AxisAngle(20, {1, 2, 3})},
        {"spine", 0, {0.0, 1.15, 0.02}, AxisAngle(-35, {0.3, 1, -0.2})},
        {"chest", 1, {0.01, 1.35, 0.03}, AxisAngle(75, {1, 0, 1})},
        {"upperarm", 2, {0.15, 1.40, 0.0}, AxisAngle(110, {0.2, 0.5, 1})},
        {"forearm", 3, {0.40, 1.38, -0.04}, AxisAngle(-60, {1, 1, 0})},
        {"hand", 4, {0.62, 1.37, -0.02}, AxisAngle(33, {0, 0, 1})},
        {"neck", 2, {0.0, 1.50, 0.05}, AxisAngle(-15, {0.4, 0.1, 1})},
        {"head", 6, {0.01, 1.62, 0.06}, AxisAngle(50, {1, -1, 0.5})},
    };
    return spec;
}

// (bone, child) pairs whose head-to-head vectors are the bone directions.
const std::vector<std::pair<std::string, std::string>> kBoneDirections = {
    {"hip", "spine"},    {"spine", "chest"}, {"chest", "upperarm"}, {"upperarm", "forearm"},
    {"forearm", "hand"}, {"chest", "neck"},  {"neck", "head"},
};

// The same joints and bone directions as `spec`, every rest frame turned about its own bone
// axis by a different angle: another roll, as another rig of the same character would have.
SkeletonSpec WithOtherRolls(SkeletonSpec spec) {
    const double rolls[] = {40, -75, 130, 25, -160, 90, 65, -35};
    for (size_t i = 0; i < spec.bones.size(); ++i) {
        glm::dvec3 axis(0.0, 1.0, 0.0); // the leaf has no child: any axis is a roll
        for (size_t child = 0; child < spec.bones.size(); ++child) {
            if (spec.bones[child].parent == static_cast<int>(i)) {
                axis = spec.bones[child].head - spec.bones[i].head;
                break;
            }
        }
        spec.bones[i].worldRotation = AxisAngle(rolls[i], axis) * spec.bones[i].worldRotation;
    }
    return spec;
}

KnownPose PoseOfA() {
    KnownPose pose;
    pose.rotation = {
        {"hip", AxisAngle(25, {0, 1, 0.3})},      {"spine", AxisAngle(15, {1, 0, 0})},
        {"chest", AxisAngle(-20, {0.2, 1, 0.5})}, {"upperarm", AxisAngle(70, {0, 0, 1})},
        {"forearm", AxisAngle(45, {1, 0.3, 0})},  {"hand", AxisAngle(10, {0, 1, 0})},
        {"neck", AxisAngle(-25, {1, 0, 0.2})},
    };
    pose.translation = {{"hip", {0.0, -0.08, 0.03}}};
    return pose;
}

std::unique_ptr<aiScene> PosedSource(const SkeletonSpec &spec, const KnownPose &pose) {
    auto scene = std::make_unique<aiScene>();
    BuildSkeleton(scene.get(), spec);
    AddPoseAnimation(scene.get(), pose, "crouch");
    return scene;
}

agf::PoseTransferOptions WithConvention(agf::PoseConvention convention) {
    agf::PoseTransferOptions options;
    options.convention = convention;
    return options;
}

// Builds the target skeleton in a scene Assimp then validates (aiProcess_ValidateDataStructure),
// after the pose has been applied to it.
const aiScene *PoseOnto(Assimp::Importer &importer, const SkeletonSpec &target,
                        const agf::Pose &pose, const agf::PoseTransferOptions &options,
                        agf::PoseTransferReport *report = nullptr) {
    return agf::test::BuildAndValidate(importer, [&](aiScene *scene) {
        BuildSkeleton(scene, target);
        const agf::PoseTransferReport result = agf::ApplyPose(*scene, pose, options);
        if (report != nullptr) {
            *report = result;
        }
    });
}

const aiAnimation *LastAnimation(const aiScene &scene) {
    return scene.mNumAnimations == 0 ? nullptr : scene.mAnimations[scene.mNumAnimations - 1];
}

void ExpectSameDirections(const std::map<std::string, glm::dmat4> &expected,
                          const std::map<std::string, glm::dmat4> &actual, double tolerance,
                          const std::string &what) {
    for (const auto &[bone, child] : kBoneDirections) {
        const glm::dvec3 a = Direction(expected, bone, child);
        const glm::dvec3 b = Direction(actual, bone, child);
        EXPECT_LT(glm::length(a - b), tolerance) << what << ": bone " << bone;
    }
}

double LargestDirectionError(const std::map<std::string, glm::dmat4> &expected,
                             const std::map<std::string, glm::dmat4> &actual) {
    double largest = 0.0;
    for (const auto &[bone, child] : kBoneDirections) {
        largest = std::max(largest, glm::length(Direction(expected, bone, child) -
                                                Direction(actual, bone, child)));
    }
    return largest;
}

glm::dquat SavedRotation(const agf::Pose &pose, const std::string &bone) {
    for (const agf::BonePose &entry : pose.bones) {
        if (entry.name == bone) {
            return glm::dquat(entry.rotation[0], entry.rotation[1], entry.rotation[2],
                              entry.rotation[3]);
        }
    }
    ADD_FAILURE() << "no bone " << bone << " in the pose";
    return glm::dquat(1.0, 0.0, 0.0, 0.0);
}

// Quaternions q and -q are the same rotation.
double RotationDistance(const glm::dquat &a, const glm::dquat &b) {
    return std::min(glm::length(glm::dvec4(a.w - b.w, a.x - b.x, a.y - b.y, a.z - b.z)),
                    glm::length(glm::dvec4(a.w + b.w, a.x + b.x, a.y + b.y, a.z + b.z)));
}

const agf::PoseConvention kAllConventions[] = {
    agf::PoseConvention::Raw, agf::PoseConvention::NoRoll, agf::PoseConvention::Ik,
    agf::PoseConvention::Combined, agf::PoseConvention::CombinedB};

// ------------------------------------------------------------------------------------------------
// Saving: q_s against the spec's table 1.3, computed here from the skeleton spec.

TEST(Poses, SavedRotationsFollowTheSpecTable) {
    const SkeletonSpec spec = SkeletonA();
    const KnownPose known = PoseOfA();
    const auto source = PosedSource(spec, known);
    std::map<std::string, glm::dquat> restWorld, restLocal;
    for (size_t i = 0; i < spec.bones.size(); ++i) {
        const BoneSpec &bone = spec.bones[i];
        restWorld[bone.name] = bone.worldRotation;
        const glm::dquat parent =
            bone.parent < 0 ? glm::dquat(1, 0, 0, 0) : spec.bones[bone.parent].worldRotation;
        restLocal[bone.name] = glm::inverse(parent) * bone.worldRotation;
    }
    for (const agf::PoseConvention convention : kAllConventions) {
        const agf::Pose pose = agf::SavePose(*source, WithConvention(convention));
        EXPECT_EQ(pose.convention, convention);
        EXPECT_EQ(pose.bones.size(), known.rotation.size()); // one per channel
        EXPECT_DOUBLE_EQ(pose.unitScaleFactor, 100.0);
        for (const auto &[name, q] : known.rotation) {
            const glm::dquat R = restWorld[name];
            const glm::dquat lp = restLocal[name] * q;
            glm::dquat expected;
            switch (convention) {
            case agf::PoseConvention::Raw:
                expected = q;
                break;
            case agf::PoseConvention::NoRoll:
            case agf::PoseConvention::Combined: // 4a, without constraints
                expected = R * q * glm::inverse(R);
                break;
            case agf::PoseConvention::Ik:
                expected = lp;
                break;
            case agf::PoseConvention::CombinedB:
                expected = R * lp * glm::inverse(R);
                break;
            }
            EXPECT_LT(RotationDistance(SavedRotation(pose, name), expected), 1e-5)
                << agf::PoseConventionName(convention) << " " << name;
        }
    }
}

TEST(Poses, TimeSelectsTheSampleAndKeysAreInterpolated) {
    const SkeletonSpec spec = SkeletonA();
    const auto source = PosedSource(spec, PoseOfA());
    agf::PoseTransferOptions options = WithConvention(agf::PoseConvention::Raw);
    // Key 1 (tick 10 = 10 s at 1 tick/s) is the rest pose: raw q_s is the identity there and
    // after it, and half the rotation (slerp) half-way.
    options.time = 10.0;
    for (const agf::BonePose &bone : agf::SavePose(*source, options).bones) {
        EXPECT_NEAR(std::abs(bone.rotation[0]), 1.0, 1e-6) << bone.name;
    }
    options.time = 25.0;
    for (const agf::BonePose &bone : agf::SavePose(*source, options).bones) {
        EXPECT_NEAR(std::abs(bone.rotation[0]), 1.0, 1e-6) << bone.name;
    }
    options.time = 5.0;
    const agf::Pose halfway = agf::SavePose(*source, options);
    const glm::dquat full = PoseOfA().rotation.at("upperarm");
    const glm::dquat half = glm::slerp(glm::dquat(1, 0, 0, 0), full, 0.5);
    EXPECT_LT(RotationDistance(SavedRotation(halfway, "upperarm"), half), 1e-5);
    // The hip's translation is interpolated linearly, in raw: its own rest axes.
    const auto hipEntry =
        std::find_if(halfway.bones.begin(), halfway.bones.end(),
                     [](const agf::BonePose &bone) { return bone.name == "hip"; });
    ASSERT_NE(hipEntry, halfway.bones.end());
    const agf::BonePose &hip = *hipEntry;
    const glm::dvec3 loc = glm::inverse(spec.bones[0].worldRotation) * glm::dvec3(0, -0.04, 0.015);
    EXPECT_NEAR(hip.translation[0], loc.x, 1e-6);
    EXPECT_NEAR(hip.translation[1], loc.y, 1e-6);
    EXPECT_NEAR(hip.translation[2], loc.z, 1e-6);
}

// ------------------------------------------------------------------------------------------------
// Loading: every convention reproduces the pose on its own skeleton.

TEST(Poses, EveryConventionReproducesThePoseOnTheSourceSkeleton) {
    const SkeletonSpec spec = SkeletonA();
    const auto source = PosedSource(spec, PoseOfA());
    const auto expected = PosedWorld(*source, source->mAnimations[0]);
    for (const agf::PoseConvention convention : kAllConventions) {
        const agf::Pose pose = agf::SavePose(*source, WithConvention(convention));
        Assimp::Importer importer;
        const aiScene *target = PoseOnto(importer, spec, pose, {});
        ASSERT_NE(target, nullptr) << importer.GetErrorString();
        ASSERT_EQ(target->mNumAnimations, 1u);
        const auto posed = PosedWorld(*target, target->mAnimations[0]);
        for (const BoneSpec &bone : spec.bones) {
            EXPECT_LT(MaxDifference(posed.at(bone.name), expected.at(bone.name)), 1e-5)
                << agf::PoseConventionName(convention) << " " << bone.name;
        }
    }
}

// The test: same bone directions, other rolls; "no roll" carries the pose over.
TEST(Poses, NoRollCarriesBoneDirectionsToASkeletonWithOtherRolls) {
    const SkeletonSpec a = SkeletonA();
    const SkeletonSpec b = WithOtherRolls(a);
    const auto source = PosedSource(a, PoseOfA());
    const auto expected = PosedWorld(*source, source->mAnimations[0]);
    {
        // The rolls really differ: the rest local rotations are not the same.
        Assimp::Importer importer;
        const aiScene *rest =
            agf::test::BuildAndValidate(importer, [&](aiScene *scene) { BuildSkeleton(scene, b); });
        ASSERT_NE(rest, nullptr);
        const auto restB = PosedWorld(*rest, nullptr);
        const auto restA = PosedWorld(*source, nullptr);
        EXPECT_GT(MaxDifference(restA.at("chest"), restB.at("chest")), 0.1);
        EXPECT_LT(LargestDirectionError(restA, restB), 1e-6);
    }
    for (const agf::PoseConvention convention :
         {agf::PoseConvention::NoRoll, agf::PoseConvention::Combined}) {
        const agf::Pose pose = agf::SavePose(*source, WithConvention(convention));
        Assimp::Importer importer;
        const aiScene *target = PoseOnto(importer, b, pose, {});
        ASSERT_NE(target, nullptr) << importer.GetErrorString();
        const auto posed = PosedWorld(*target, LastAnimation(*target));
        ExpectSameDirections(expected, posed, 1e-4, agf::PoseConventionName(convention));
        // The joints land where they do on A, the hip's translation included.
        for (const BoneSpec &bone : b.bones) {
            EXPECT_LT(
                glm::length(PositionOf(posed.at(bone.name)) - PositionOf(expected.at(bone.name))),
                1e-5)
                << bone.name;
        }
    }
}

// The roll-dependent conventions do not: raw, ik, and the 4b reading of "combined". This is
// what tells 4a and 4b apart; which one PoseLib16 wrote is unverified (spec, open question 2).
TEST(Poses, RollDependentConventionsDoNotKeepBoneDirectionsAcrossRolls) {
    const SkeletonSpec a = SkeletonA();
    const auto source = PosedSource(a, PoseOfA());
    const auto expected = PosedWorld(*source, source->mAnimations[0]);
    for (const agf::PoseConvention convention :
         {agf::PoseConvention::Raw, agf::PoseConvention::Ik, agf::PoseConvention::CombinedB}) {
        const agf::Pose pose = agf::SavePose(*source, WithConvention(convention));
        Assimp::Importer importer;
        const aiScene *target = PoseOnto(importer, WithOtherRolls(a), pose, {});
        ASSERT_NE(target, nullptr) << importer.GetErrorString();
        EXPECT_GT(LargestDirectionError(expected, PosedWorld(*target, LastAnimation(*target))),
                  0.05)
            << agf::PoseConventionName(convention);
    }
}

// Convention 4: without constraints (Assimp scenes have none) rot(Ppose^-1 * Bpose) is the posed
// local rotation, so 4a saves exactly what "no roll" saves.
TEST(Poses, CombinedAEqualsNoRollWithoutConstraints) {
    const auto source = PosedSource(SkeletonA(), PoseOfA());
    const agf::Pose noRoll = agf::SavePose(*source, WithConvention(agf::PoseConvention::NoRoll));
    const agf::Pose combined =
        agf::SavePose(*source, WithConvention(agf::PoseConvention::Combined));
    ASSERT_EQ(noRoll.bones.size(), combined.bones.size());
    for (size_t i = 0; i < noRoll.bones.size(); ++i) {
        for (int c = 0; c < 4; ++c) {
            EXPECT_DOUBLE_EQ(noRoll.bones[i].rotation[c], combined.bones[i].rotation[c]);
        }
    }
}

// A target whose root node turns Z-up into Y-up (as our PSK importer does) and whose units are
// centimetres: the pose is read and applied in world space, and translations are scaled by the
// ratio of the UnitScaleFactor values.
TEST(Poses, TargetWithRotatedRootAndOtherUnits) {
    const SkeletonSpec a = SkeletonA();
    const auto source = PosedSource(a, PoseOfA());
    const auto expected = PosedWorld(*source, source->mAnimations[0]);

    SkeletonSpec b = WithOtherRolls(a);
    b.rootName = "ZUpRoot";
    b.rootTransform = glm::mat4_cast(AxisAngle(-90, {1, 0, 0}));
    b.unitScaleFactor = 1.0; // centimetres
    for (BoneSpec &bone : b.bones) {
        bone.head *= 100.0;
    }
    const agf::Pose pose = agf::SavePose(*source, WithConvention(agf::PoseConvention::NoRoll));
    Assimp::Importer importer;
    agf::PoseTransferReport report;
    const aiScene *target = PoseOnto(importer, b, pose, {}, &report);
    ASSERT_NE(target, nullptr) << importer.GetErrorString();
    EXPECT_DOUBLE_EQ(report.unitScale, 100.0);
    // The root really is rotated: a bone's local frame is not its world frame.
    EXPECT_GT(MaxDifference(ToGlm(target->mRootNode->mChildren[0]->mTransformation),
                            Frame(b.bones[0].head, b.bones[0].worldRotation)),
              0.5);
    const auto posed = PosedWorld(*target, LastAnimation(*target));
    ExpectSameDirections(expected, posed, 1e-4, "rotated root");
    for (const BoneSpec &bone : b.bones) {
        EXPECT_LT(glm::length(PositionOf(posed.at(bone.name)) -
                              100.0 * PositionOf(expected.at(bone.name))),
                  1e-3)
            << bone.name;
    }

    // Without translations the hip stays at its rest place.
    agf::PoseTransferOptions rotationsOnly;
    rotationsOnly.translations = false;
    Assimp::Importer second;
    const aiScene *unmoved = PoseOnto(second, b, pose, rotationsOnly);
    ASSERT_NE(unmoved, nullptr) << second.GetErrorString();
    EXPECT_LT(glm::length(PositionOf(PosedWorld(*unmoved, LastAnimation(*unmoved)).at("hip")) -
                          b.bones[0].head),
              1e-4);
}

std::string StringMeta(const aiScene &scene, const std::string &key) {
    aiString value;
    return scene.mMetaData != nullptr && scene.mMetaData->Get(key, value) ? value.C_Str()
                                                                          : "<missing " + key + ">";
}

// A target that faces another way (every world frame turned 90 degrees about Y): the axis change
// C turns the pose's world-axis values with it, and without it the directions are wrong.
TEST(Poses, AxisChangeTurnsWorldAxisConventions) {
    const SkeletonSpec a = SkeletonA();
    const auto source = PosedSource(a, PoseOfA());
    const auto expected = PosedWorld(*source, source->mAnimations[0]);
    const glm::dquat turn = AxisAngle(90, {0, 1, 0});
    SkeletonSpec b = WithOtherRolls(a);
    for (BoneSpec &bone : b.bones) {
        bone.head = turn * bone.head;
        bone.worldRotation = turn * bone.worldRotation;
    }
    std::map<std::string, glm::dmat4> turnedExpected;
    for (const auto &[name, world] : expected) {
        turnedExpected[name] = glm::mat4_cast(turn) * world;
    }
    const agf::Pose pose = agf::SavePose(*source, WithConvention(agf::PoseConvention::NoRoll));

    agf::PoseTransferOptions options;
    options.axisChange[0] = turn.w;
    options.axisChange[1] = turn.x;
    options.axisChange[2] = turn.y;
    options.axisChange[3] = turn.z;
    Assimp::Importer importer;
    agf::PoseTransferReport report;
    const aiScene *target = PoseOnto(importer, b, pose, options, &report);
    ASSERT_NE(target, nullptr) << importer.GetErrorString();
    const auto posed = PosedWorld(*target, LastAnimation(*target));
    ExpectSameDirections(turnedExpected, posed, 1e-4, "turned");
    EXPECT_LT(glm::length(PositionOf(posed.at("hip")) - PositionOf(turnedExpected.at("hip"))),
              1e-5);
    EXPECT_EQ(StringMeta(*target,
                         "PoseTransfer" + agf::MetadataName(report.animationName) + ".AxisChange"),
              "0.707107 0.000000 0.707107 0.000000");

    Assimp::Importer unturned;
    const aiScene *wrong = PoseOnto(unturned, b, pose, {});
    ASSERT_NE(wrong, nullptr) << unturned.GetErrorString();
    EXPECT_GT(LargestDirectionError(turnedExpected, PosedWorld(*wrong, LastAnimation(*wrong))),
              0.05);

    agf::PoseTransferOptions broken;
    broken.axisChange[0] = 0.0;
    EXPECT_THROW(agf::ApplyPose(*source, pose, broken), std::runtime_error);
    EXPECT_EQ(source->mNumAnimations, 1u);
}

// ------------------------------------------------------------------------------------------------
// The added animation, matching, name maps and metadata.

TEST(Poses, AnimationHasOneKeyPerChannelAndValidates) {
    const auto source = PosedSource(SkeletonA(), PoseOfA());
    const agf::Pose pose = agf::SavePose(*source, {});
    EXPECT_EQ(pose.convention, agf::PoseConvention::NoRoll); // the default
    EXPECT_EQ(pose.name, "crouch");
    Assimp::Importer importer;
    agf::PoseTransferReport report;
    const aiScene *target = PoseOnto(importer, WithOtherRolls(SkeletonA()), pose, {}, &report);
    ASSERT_NE(target, nullptr) << importer.GetErrorString();
    ASSERT_EQ(target->mNumAnimations, 1u);
    const aiAnimation &animation = *target->mAnimations[0];
    EXPECT_STREQ(animation.mName.C_Str(), "pose:crouch");
    EXPECT_EQ(report.animationName, "pose:crouch");
    EXPECT_EQ(animation.mTicksPerSecond, 1.0);
    EXPECT_EQ(animation.mDuration, 0.0);
    ASSERT_EQ(animation.mNumChannels, PoseOfA().rotation.size());
    for (unsigned i = 0; i < animation.mNumChannels; ++i) {
        const aiNodeAnim &channel = *animation.mChannels[i];
        EXPECT_EQ(channel.mNumPositionKeys, 1u);
        EXPECT_EQ(channel.mNumRotationKeys, 1u);
        EXPECT_EQ(channel.mNumScalingKeys, 1u);
        EXPECT_EQ(channel.mRotationKeys[0].mTime, 0.0);
    }
    EXPECT_EQ(StringMeta(*target, "PoseTransfer[pose:crouch].Convention"), "norool");
    EXPECT_EQ(StringMeta(*target, "PoseTransfer[pose:crouch].Source"), "crouch");
    uint64_t matched = 0;
    ASSERT_TRUE(target->mMetaData->Get("PoseTransfer[pose:crouch].MatchedBones", matched));
    EXPECT_EQ(matched, PoseOfA().rotation.size());
    double unitScale = 0;
    ASSERT_TRUE(target->mMetaData->Get("PoseTransfer[pose:crouch].UnitScale", unitScale));
    EXPECT_DOUBLE_EQ(unitScale, 1.0); // metres onto metres
}

TEST(Poses, SecondPoseGetsAUniqueAnimationName) {
    const auto source = PosedSource(SkeletonA(), PoseOfA());
    const agf::Pose pose = agf::SavePose(*source, {});
    Assimp::Importer importer;
    const aiScene *target = agf::test::BuildAndValidate(importer, [&](aiScene *scene) {
        BuildSkeleton(scene, SkeletonA());
        agf::ApplyPose(*scene, pose, {});
        agf::PoseTransferOptions raw = WithConvention(agf::PoseConvention::Raw);
        agf::ApplyPose(*scene, agf::SavePose(*source, raw), {});
    });
    ASSERT_NE(target, nullptr) << importer.GetErrorString();
    ASSERT_EQ(target->mNumAnimations, 2u);
    EXPECT_STREQ(target->mAnimations[0]->mName.C_Str(), "pose:crouch");
    EXPECT_STRNE(target->mAnimations[1]->mName.C_Str(), "pose:crouch");
    EXPECT_EQ(StringMeta(*target, "PoseTransfer" +
                                      agf::MetadataName(target->mAnimations[1]->mName.C_Str()) +
                                      ".Convention"),
              "raw");
}

TEST(Poses, NameMapSuffixesCaseAndUnmatchedBones) {
    // Source bones named as Poser writes them (":1" instance suffix on one), the target with
    // other names: a map for two, case-insensitive matching for one, one pose bone without a
    // target ("spine") and one target bone without a pose ("tail").
    SkeletonSpec a = SkeletonA();
    a.bones[2].name = "chest:1";
    KnownPose known = PoseOfA();
    known.rotation["chest:1"] = known.rotation.at("chest");
    known.rotation.erase("chest");
    const auto source = PosedSource(a, known);

    SkeletonSpec b = WithOtherRolls(SkeletonA());
    b.bones[0].name = "Hips";
    b.bones[1].name = "Spine_Renamed";
    b.bones[3].name = "Upper Arm L";
    b.bones[4].name = "FOREARM";
    b.bones.push_back({"tail", 0, {0.0, 0.95, -0.1}, AxisAngle(10, {1, 0, 0})});

    const fs::path dir = agf::test::ScratchDir("poses_name_map");
    {
        std::ofstream map(dir / "rig.map");
        map << "# pose bone    model bone\n"
            << "\n"
            << "hip Hips\r\n"
            << "  upperarm\t\"Upper Arm L\"   # a name with spaces\n";
    }
    agf::PoseTransferOptions options;
    options.nameMapFile = (dir / "rig.map").string();

    Assimp::Importer importer;
    agf::PoseTransferReport report;
    const aiScene *target =
        PoseOnto(importer, b, agf::SavePose(*source, options), options, &report);
    ASSERT_NE(target, nullptr) << importer.GetErrorString();

    const std::vector<std::pair<std::string, std::string>> expectedMatches = {
        {"hip", "Hips"},        {"chest:1", "chest"}, {"upperarm", "Upper Arm L"},
        {"forearm", "FOREARM"}, {"hand", "hand"},     {"neck", "neck"}};
    auto matches = report.matchedBones;
    std::sort(matches.begin(), matches.end());
    auto sortedExpected = expectedMatches;
    std::sort(sortedExpected.begin(), sortedExpected.end());
    EXPECT_EQ(matches, sortedExpected);
    EXPECT_EQ(report.unmatchedPoseBones, std::vector<std::string>{"spine"});
    EXPECT_EQ(report.unmatchedTargetBones,
              (std::vector<std::string>{"Spine_Renamed", "head", "tail"}));

    const std::string animation = report.animationName;
    EXPECT_EQ(
        StringMeta(*target, "PoseTransfer" + agf::MetadataName(animation) + ".UnmatchedPoseBones"),
        "spine");
    EXPECT_EQ(StringMeta(*target,
                         "PoseTransfer" + agf::MetadataName(animation) + ".UnmatchedTargetBones"),
              "Spine_Renamed, head, tail");
    // One warning for the pose bones without a target, one for the target bones without a
    // pose: the two skeletons disagree.
    ASSERT_EQ(report.warnings.size(), 2u);
    for (const agf::Warning &warning : report.warnings) {
        EXPECT_EQ(warning.kind, agf::WarningKind::Inconsistent) << warning.text();
        EXPECT_EQ(warning.file, "crouch") << warning.text();
        EXPECT_EQ(warning.structure, "pose bones") << warning.text();
        EXPECT_EQ(warning.count, 1u) << warning.text();
    }
}

TEST(Poses, NameMapParsing) {
    const auto pairs = agf::ParseBoneNameMap("\xEF\xBB\xBF"
                                             "# Poser to Unreal\n"
                                             "lShldr upperarm_l\n"
                                             "\n"
                                             "   \t  # only a comment\n"
                                             "\"Bip01 L Hand\"  \"hand l\"#tail comment\r\n"
                                             "rShldr upperarm_r",
                                             "rig.map");
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"lShldr", "upperarm_l"}, {"Bip01 L Hand", "hand l"}, {"rShldr", "upperarm_r"}};
    EXPECT_EQ(pairs, expected);

    const std::pair<std::string, std::string> malformed[] = {
        {"a b\nlonely\n", "rig.map:2: "},      {"a b\nc d\nx y z\n", "rig.map:3: "},
        {"\"unterminated b\n", "rig.map:1: "}, {"\"\" b\n", "rig.map:1: "},
        {"a b\n# x\na c\n", "rig.map:3: "},    {"a\"b c\n", "rig.map:1: "},
    };
    for (const auto &[text, where] : malformed) {
        try {
            agf::ParseBoneNameMap(text, "rig.map");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const std::runtime_error &error) {
            EXPECT_EQ(std::string(error.what()).rfind(where, 0), 0u) << error.what();
        }
    }
}

TEST(Poses, ConventionNames) {
    using agf::PoseConvention;
    const std::pair<const char *, PoseConvention> spellings[] = {
        {"raw", PoseConvention::Raw},
        {"Library", PoseConvention::Raw},
        {"blenderlibrary", PoseConvention::Raw},
        {"1", PoseConvention::Raw},
        {"norool", PoseConvention::NoRoll},
        {"NoRoll", PoseConvention::NoRoll},
        {"restmatrix", PoseConvention::NoRoll},
        {"2", PoseConvention::NoRoll},
        {"ik", PoseConvention::Ik},
        {"posematrix", PoseConvention::Ik},
        {"3", PoseConvention::Ik},
        {"combined", PoseConvention::Combined},
        {"4", PoseConvention::Combined},
        {"4a", PoseConvention::Combined},
        {"combined-b", PoseConvention::CombinedB},
        {"4b", PoseConvention::CombinedB},
    };
    for (const auto &[text, convention] : spellings) {
        EXPECT_EQ(agf::ParsePoseConvention(text), convention) << text;
    }
    for (const PoseConvention convention : kAllConventions) {
        EXPECT_EQ(agf::ParsePoseConvention(agf::PoseConventionName(convention)), convention);
    }
    EXPECT_THROW(agf::ParsePoseConvention("sideways"), std::invalid_argument);
    EXPECT_THROW(agf::ParsePoseConvention(""), std::invalid_argument);
    EXPECT_THROW(agf::ParsePoseConvention("5"), std::invalid_argument);
}

// ------------------------------------------------------------------------------------------------
// Round trip and invalid input

TEST(Poses, PosedTargetSurvivesAGlb2RoundTrip) {
    const SkeletonSpec a = SkeletonA();
    const auto source = PosedSource(a, PoseOfA());
    const auto expected = PosedWorld(*source, source->mAnimations[0]);
    Assimp::Importer importer;
    const aiScene *target =
        PoseOnto(importer, WithOtherRolls(a),
                 agf::SavePose(*source, WithConvention(agf::PoseConvention::NoRoll)), {});
    ASSERT_NE(target, nullptr) << importer.GetErrorString();

    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(target, "glb2");
    ASSERT_NE(blob, nullptr) << exporter.GetErrorString();
    Assimp::Importer reader;
    const aiScene *glb =
        reader.ReadFileFromMemory(blob->data, blob->size, aiProcess_ValidateDataStructure, "glb");
    ASSERT_NE(glb, nullptr) << reader.GetErrorString();
    ASSERT_EQ(glb->mNumAnimations, 1u);
    EXPECT_STREQ(glb->mAnimations[0]->mName.C_Str(), "pose:crouch");
    ExpectSameDirections(expected, PosedWorld(*glb, glb->mAnimations[0]), 1e-4, "glb2");
}

TEST(Poses, InvalidInputsAreClearErrors) {
    const fs::path dir = agf::test::ScratchDir("poses_invalid");
    auto expectError = [&](const std::string &poseFile, const agf::PoseTransferOptions &options,
                           const std::string &needle) {
        Assimp::Importer importer;
        const aiScene *target = agf::test::BuildAndValidate(importer, [&](aiScene *scene) {
            BuildSkeleton(scene, SkeletonA());
            try {
                agf::ApplyPoseFile(*scene, poseFile, options);
                ADD_FAILURE() << poseFile << ": no error";
            } catch (const std::runtime_error &error) {
                EXPECT_NE(std::string(error.what()).find(needle), std::string::npos)
                    << error.what();
            }
        });
        // The target is left as it was: no animation, still valid.
        ASSERT_NE(target, nullptr) << importer.GetErrorString();
        EXPECT_EQ(target->mNumAnimations, 0u);
    };

    expectError((dir / "missing.bvh").string(), {},
                "missing.bvh: pose file at byte 0: cannot find");

    // A file that imports but has no animation.
    {
        std::ofstream obj(dir / "static.obj");
        obj << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    }
    expectError((dir / "static.obj").string(), {}, "static.obj: animations at byte 0: has no");

    // A file that does not import at all. (A broken BVH would do too, but Assimp 5.2.5's BVH
    // loader leaks its scene when it fails, which the sanitizer build reports.)
    {
        std::ofstream junk(dir / "junk.pz2");
        junk << "{\nversion { number 4.01 }\nactor hip:1 {\n";
    }
    expectError((dir / "junk.pz2").string(), {}, "junk.pz2: pose file at byte 0: does not import");

    // A good pose file with a malformed map, and then with bones that match nothing.
    {
        std::ofstream bvh(dir / "wave.bvh");
        bvh << "HIERARCHY\nROOT hip\n{\n OFFSET 0 1 0\n CHANNELS 3 Zrotation Xrotation "
               "Yrotation\n JOINT forearm\n {\n  OFFSET 0 0.2 0\n  CHANNELS 3 Zrotation "
               "Xrotation Yrotation\n  End Site\n  {\n   OFFSET 0 0.2 0\n  }\n }\n}\n"
               "MOTION\nFrames: 1\nFrame Time: 0.04\n10 0 0 0 20 0\n";
        // Byte for byte (no "\r\n" on Windows): the error names a byte offset.
        std::ofstream map(dir / "bad.map", std::ios::binary);
        map << "hip Hips\nforearm\n";
    }
    agf::PoseTransferOptions badMap;
    badMap.nameMapFile = (dir / "bad.map").string();
    expectError((dir / "wave.bvh").string(), badMap, "bad.map:2: bone-name map at byte 9:");
    agf::PoseTransferOptions missingMap;
    missingMap.nameMapFile = (dir / "absent.map").string();
    expectError((dir / "wave.bvh").string(), missingMap, "absent.map");
    agf::PoseTransferOptions noAnimation;
    noAnimation.sourceAnimation = "walk";
    expectError((dir / "wave.bvh").string(), noAnimation,
                "no animation named or numbered \"walk\"");

    // Bones that match nothing in the target.
    Assimp::Importer importer;
    const aiScene *unrelated = agf::test::BuildAndValidate(importer, [&](aiScene *scene) {
        SkeletonSpec other;
        other.bones = {{"wheel", -1, {0, 0, 0}, {1, 0, 0, 0}}};
        BuildSkeleton(scene, other);
        EXPECT_THROW(agf::ApplyPoseFile(*scene, (dir / "wave.bvh").string(), {}),
                     std::runtime_error);
    });
    ASSERT_NE(unrelated, nullptr) << importer.GetErrorString();
    EXPECT_EQ(unrelated->mNumAnimations, 0u);

    // The Importer that owns the target cannot read the pose (it would delete the target).
    EXPECT_THROW(agf::ApplyPoseFile(const_cast<aiScene &>(*unrelated), (dir / "wave.bvh").string(),
                                    {}, &importer),
                 std::invalid_argument);
}

// Damaged keys in a pose source: a zero rotation key holds the rest rotation instead of
// poisoning the conjugations, and a non-finite one leaves that bone out with a warning.
TEST(Poses, DamagedSourceKeysDoNotBreakTheTarget) {
    const SkeletonSpec spec = SkeletonA();
    auto source = PosedSource(spec, PoseOfA());
    aiAnimation &animation = *source->mAnimations[0];
    std::map<std::string, aiNodeAnim *> channels;
    for (unsigned i = 0; i < animation.mNumChannels; ++i) {
        channels[animation.mChannels[i]->mNodeName.C_Str()] = animation.mChannels[i];
    }
    channels.at("spine")->mRotationKeys[0].mValue = aiQuaternion(0, 0, 0, 0);
    channels.at("hand")->mPositionKeys[0].mValue.x = std::numeric_limits<float>::quiet_NaN();

    const agf::Pose pose = agf::SavePose(*source, WithConvention(agf::PoseConvention::Raw));
    EXPECT_LT(RotationDistance(SavedRotation(pose, "spine"), glm::dquat(1, 0, 0, 0)), 1e-6);
    Assimp::Importer importer;
    agf::PoseTransferReport report;
    const aiScene *target = PoseOnto(importer, spec, pose, {}, &report);
    ASSERT_NE(target, nullptr) << importer.GetErrorString();
    EXPECT_EQ(report.unmatchedPoseBones, std::vector<std::string>{"hand"});
    EXPECT_EQ(report.matchedBones.size(), PoseOfA().rotation.size() - 1);
    const auto invalid = std::count_if(
        report.warnings.begin(), report.warnings.end(),
        [](const agf::Warning &warning) { return warning.kind == agf::WarningKind::InvalidValue; });
    EXPECT_EQ(invalid, 1) << "the non-finite hand";
}

// A pose file read by ApplyPoseFile: a BVH (rest rotations identity, so its no-roll q_s are
// the joint rotations in world axes) onto skeleton A.
TEST(Poses, ApplyPoseFileReadsABvh) {
    const fs::path dir = agf::test::ScratchDir("poses_bvh");
    {
        std::ofstream bvh(dir / "Wave Hello.bvh");
        bvh << "HIERARCHY\nROOT hip\n{\n OFFSET 0 1 0\n CHANNELS 6 Xposition Yposition "
               "Zposition Zrotation Xrotation Yrotation\n JOINT upperarm\n {\n  OFFSET 0.2 0.3 "
               "0\n  CHANNELS 3 Zrotation Xrotation Yrotation\n  End Site\n  {\n   OFFSET 0.2 0 "
               "0\n  }\n }\n}\nMOTION\nFrames: 2\nFrame Time: 0.5\n"
               "0 0.9 0 0 0 30 0 0 0\n"
               "0 1 0 0 0 0 0 0 0\n";
    }
    Assimp::Importer importer;
    agf::PoseTransferReport report;
    const aiScene *target = agf::test::BuildAndValidate(importer, [&](aiScene *scene) {
        BuildSkeleton(scene, WithOtherRolls(SkeletonA()));
        report = agf::ApplyPoseFile(*scene, (dir / "Wave Hello.bvh").string(), {});
    });
    ASSERT_NE(target, nullptr) << importer.GetErrorString();
    EXPECT_EQ(report.animationName, "pose:Wave Hello");
    EXPECT_EQ(report.matchedBones.size(), 2u);
    const auto rest = PosedWorld(*target, nullptr);
    const auto posed = PosedWorld(*target, LastAnimation(*target));
    // hip turned 30 degrees about world Y; the upper arm keeps its rest rotation relative to the
    // hip (its BVH rotation is zero), so every direction below the hip turns with it.
    const glm::dquat hipTurn = AxisAngle(30, {0, 1, 0});
    for (const auto &[bone, child] : kBoneDirections) {
        EXPECT_LT(
            glm::length(Direction(posed, bone, child) - hipTurn * Direction(rest, bone, child)),
            1e-4)
            << bone;
    }
    // The hip moved 0.1 down (BVH position 0.9 against its offset 1); no units are known on the
    // BVH side, so the scale is 1.
    EXPECT_DOUBLE_EQ(report.unitScale, 1.0);
    EXPECT_NEAR(PositionOf(posed.at("hip")).y, 1.0 - 0.1, 1e-5);
}

} // namespace
