// Poser poses and figures from the generated files: the posed bone tips against the spec's
// formulas computed here with glm, the figure's skeleton, P2Z = PZ2, animated poses, the flat
// fallback, metadata of non-transform channels and the OBJ binding.
#include "utPoserSupport.h"

#include <assimp_gameformats/GameFormats.h>

#include <glm/gtc/quaternion.hpp>

#include <set>

namespace {

using namespace agf::test::poser;

constexpr double kTolerance = 1e-5; // metres; the keys are floats

void ExpectNear(const glm::dvec3 &actual, const glm::dvec3 &expected, const std::string &what) {
    EXPECT_NEAR(actual.x, expected.x, kTolerance) << what;
    EXPECT_NEAR(actual.y, expected.y, kTolerance) << what;
    EXPECT_NEAR(actual.z, expected.z, kTolerance) << what;
}

// Compares every actor's posed origin and bone tip with the expected pose at `frame`.
void ExpectPosedLike(const aiScene *scene, const std::vector<gen::PoseDial> &dials, double frame) {
    const aiAnimation *animation = OnlyAnimation(scene);
    ASSERT_NE(animation, nullptr);
    const auto expected = ExpectedGlobals(dials, frame);
    for (const gen::FigureActor &actor : gen::ChainFigure()) {
        const aiNode *node = scene->mRootNode->FindNode(actor.name.c_str());
        ASSERT_NE(node, nullptr) << actor.name;
        const glm::dmat4 posed = PosedGlobal(node, animation, frame);
        const glm::dmat4 &want = expected.at(actor.name);
        ExpectNear(glm::dvec3(posed * TipInActorFrame(actor)),
                   glm::dvec3(want * TipInActorFrame(actor)),
                   actor.name + " tip, frame " + std::to_string(frame));
        ExpectNear(glm::dvec3(posed[3]), glm::dvec3(want[3]), actor.name + " origin");
    }
}

glm::dquat ToGlm(const aiQuaternion &q) {
    return glm::dquat(q.w, q.x, q.y, q.z);
}

void ExpectSameRotation(const aiQuaternion &actual, const glm::dquat &expected,
                        const std::string &what) {
    // q and -q are the same rotation.
    const double dot = std::abs(glm::dot(ToGlm(actual), glm::normalize(expected)));
    EXPECT_NEAR(dot, 1.0, 1e-6) << what;
}

glm::dquat AxisAngle(double degrees, char axis) {
    return glm::angleAxis(glm::radians(degrees), AxisOf(axis));
}

// Every key of two animations equal, exactly.
void ExpectSameAnimation(const aiAnimation *a, const aiAnimation *b) {
    ASSERT_NE(a, nullptr);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(a->mTicksPerSecond, b->mTicksPerSecond);
    EXPECT_EQ(a->mDuration, b->mDuration);
    ASSERT_EQ(a->mNumChannels, b->mNumChannels);
    for (unsigned c = 0; c < a->mNumChannels; ++c) {
        const aiNodeAnim *x = a->mChannels[c];
        const aiNodeAnim *y = b->mChannels[c];
        EXPECT_EQ(x->mNodeName, y->mNodeName);
        ASSERT_EQ(x->mNumRotationKeys, y->mNumRotationKeys);
        ASSERT_EQ(x->mNumPositionKeys, y->mNumPositionKeys);
        for (unsigned k = 0; k < x->mNumRotationKeys; ++k) {
            EXPECT_EQ(x->mRotationKeys[k].mTime, y->mRotationKeys[k].mTime);
            EXPECT_TRUE(x->mRotationKeys[k].mValue == y->mRotationKeys[k].mValue)
                << x->mNodeName.C_Str();
        }
        for (unsigned k = 0; k < x->mNumPositionKeys; ++k) {
            EXPECT_TRUE(x->mPositionKeys[k].mValue == y->mPositionKeys[k].mValue)
                << x->mNodeName.C_Str();
        }
    }
}

} // namespace

TEST(PoserImport, FigureGivesTheActorHierarchyWithRestTranslationsInMetres) {
    const ImportResult result = ImportFile(PoserModel("chain.cr2"), [](Assimp::Importer &i) {
        i.SetPropertyBool(AI_CONFIG_IMPORT_PZ2_NO_GEOMETRY, true);
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumAnimations, 0u);
    EXPECT_EQ(std::string(result.scene->mRootNode->mName.C_Str()), "chain");
    for (const gen::FigureActor &actor : gen::ChainFigure()) {
        const aiNode *node = result.scene->mRootNode->FindNode(actor.name.c_str());
        ASSERT_NE(node, nullptr) << actor.name;
        const std::string parent = actor.parent == "UNIVERSE" ? std::string("chain") : actor.parent;
        EXPECT_EQ(std::string(node->mParent->mName.C_Str()), parent) << actor.name;
        // Rest: identity rotation, origin at the actor's origin in metres.
        const glm::dmat4 global = PosedGlobal(node, nullptr, 0);
        ExpectNear(glm::dvec3(global[3]), Vec(actor.origin) * kPnu, actor.name);
        EXPECT_NEAR(global[0][0], 1.0, 1e-9) << actor.name;
        aiString order;
        ASSERT_TRUE(node->mMetaData != nullptr &&
                    node->mMetaData->Get(AGF_META_POSER_ROTATION_ORDER, order));
        EXPECT_EQ(std::string(order.C_Str()), actor.rotationOrder);
        aiVector3D endPoint;
        ASSERT_TRUE(node->mMetaData->Get(AGF_META_POSER_END_POINT, endPoint));
        ExpectNear(glm::dvec3(endPoint.x, endPoint.y, endPoint.z), Vec(actor.endPoint) * kPnu,
                   actor.name + " endPoint");
    }
    EXPECT_EQ(MetadataString(result.scene, "SourceAsset_Format"), "Poser figure (CR2)");
    EXPECT_EQ(MetadataString(result.scene, "SourceAsset_FormatVersion"), "4.01");
    double unitScale = 0;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_UNIT_SCALE_FACTOR, unitScale));
    EXPECT_EQ(unitScale, 100.0);
}

TEST(PoserImport, StaticPoseOnTheSiblingFigureMatchesTheSpecFormulas) {
    const ImportResult result = ImportFile(PoserModel("chain.pz2"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiAnimation *animation = OnlyAnimation(result.scene);
    ASSERT_NE(animation, nullptr);
    EXPECT_EQ(std::string(animation->mName.C_Str()), "chain.pz2");
    EXPECT_EQ(animation->mTicksPerSecond, 1.0);
    EXPECT_EQ(animation->mDuration, 0.0);
    // Every actor with a transform dial gets one channel of one key each.
    EXPECT_EQ(animation->mNumChannels, 7u);
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        EXPECT_EQ(animation->mChannels[c]->mNumRotationKeys, 1u);
        EXPECT_EQ(animation->mChannels[c]->mNumPositionKeys, 1u);
        EXPECT_EQ(animation->mChannels[c]->mNumScalingKeys, 1u);
    }
    ExpectPosedLike(result.scene, gen::StaticChainPose(), 0);

    // Spec 7 spelled out: hip 15 degrees about Y, then -5 about X (order Y, Z, X), moved -0.02
    // PNU down; lThigh -30 about X and 4.5 about Z in its -3 degree Z orientation frame.
    const aiNodeAnim *hip = ChannelFor(animation, "hip");
    ASSERT_NE(hip, nullptr);
    ExpectSameRotation(hip->mRotationKeys[0].mValue, AxisAngle(-5, 'X') * AxisAngle(15, 'Y'),
                       "hip");
    EXPECT_NEAR(hip->mPositionKeys[0].mValue.y, (0.38 - 0.0 - 0.02) * kPnu, kTolerance);
    const aiNodeAnim *thigh = ChannelFor(animation, "lThigh");
    ASSERT_NE(thigh, nullptr);
    const glm::dquat frame = AxisAngle(-3, 'Z');
    ExpectSameRotation(thigh->mRotationKeys[0].mValue,
                       frame * AxisAngle(4.5, 'Z') * AxisAngle(-30, 'X') * glm::conjugate(frame),
                       "lThigh");
}

TEST(PoserImport, TheFiguresRotationOrderWinsOverThePoseListing) {
    // neck is YZX in the CR2 but listed X, Z, Y in the pose.
    const ImportResult result = ImportFile(PoserModel("chain.pz2"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiNodeAnim *neck = ChannelFor(OnlyAnimation(result.scene), "neck");
    ASSERT_NE(neck, nullptr);
    const glm::dquat frame = AxisAngle(20, 'Y'); // orientation 0 20 0
    ExpectSameRotation(neck->mRotationKeys[0].mValue,
                       frame * AxisAngle(-7, 'X') * AxisAngle(5, 'Z') * AxisAngle(20, 'Y') *
                           glm::conjugate(frame),
                       "neck");
}

TEST(PoserImport, P2zGivesTheSameSceneAsPz2) {
    const ImportResult plain = ImportFile(PoserModel("chain.pz2"));
    const ImportResult gzipped = ImportFile(PoserModel("chain.p2z"));
    ASSERT_NE(plain.scene, nullptr) << plain.error;
    ASSERT_NE(gzipped.scene, nullptr) << gzipped.error;
    ASSERT_EQ(agf::test::ReadBytes(PoserModel("chain.p2z"))[0], 0x1F);
    ExpectSameAnimation(OnlyAnimation(plain.scene), OnlyAnimation(gzipped.scene));
    EXPECT_EQ(MetadataString(gzipped.scene, "SourceAsset_Format"), "Poser pose (P2Z)");
}

TEST(PoserImport, CompressedExtensionWithPlainTextReadsAsText) {
    const ImportResult plain = ImportFile(PoserModel("chain.pz2"));
    const ImportResult text = ImportFile(PoserModel("chain_plain.p2z"), [](Assimp::Importer &i) {
        i.SetPropertyString(AI_CONFIG_IMPORT_PZ2_FIGURE, "chain.cr2");
    });
    ASSERT_NE(text.scene, nullptr) << text.error;
    ExpectSameAnimation(OnlyAnimation(plain.scene), OnlyAnimation(text.scene));
}

TEST(PoserImport, AnimatedPoseHasKeysAtTheFramesAndTheConfiguredRate) {
    const ImportResult result = ImportFile(PoserModel("chain_walk.pz2"), [](Assimp::Importer &i) {
        i.SetPropertyString(AI_CONFIG_IMPORT_PZ2_FIGURE, "chain.cr2");
        i.SetPropertyFloat(AI_CONFIG_IMPORT_PZ2_FPS, 24.0f);
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiAnimation *animation = OnlyAnimation(result.scene);
    ASSERT_NE(animation, nullptr);
    EXPECT_EQ(animation->mTicksPerSecond, 24.0);
    EXPECT_EQ(animation->mDuration, 10.0);
    const aiNodeAnim *abdomen = ChannelFor(animation, "abdomen");
    ASSERT_NE(abdomen, nullptr);
    ASSERT_EQ(abdomen->mNumRotationKeys, 2u);
    EXPECT_EQ(abdomen->mRotationKeys[0].mTime, 0.0);
    EXPECT_EQ(abdomen->mRotationKeys[1].mTime, 10.0);
    ExpectSameRotation(abdomen->mRotationKeys[0].mValue, AxisAngle(10, 'X'), "abdomen f0");
    ExpectSameRotation(abdomen->mRotationKeys[1].mValue, AxisAngle(20, 'X'), "abdomen f10");
    const aiNodeAnim *chest = ChannelFor(animation, "chest");
    ASSERT_NE(chest, nullptr);
    ASSERT_EQ(chest->mNumRotationKeys, 3u);
    EXPECT_EQ(chest->mRotationKeys[1].mTime, 5.0);
    // At the key frames the whole figure matches the spec's formulas.
    for (double frame : {0.0, 5.0, 10.0}) {
        ExpectPosedLike(result.scene, gen::WalkChainPose(), frame);
    }
    double fps = 0;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_POSER_FPS, fps));
    EXPECT_EQ(fps, 24.0);
}

TEST(PoserImport, PoseWithoutFigureGivesAFlatApproximateSkeleton) {
    const ImportResult result = ImportFile(PoserModel("chain_walk.pz2"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    int32_t approximate = -1;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_POSER_APPROXIMATE, approximate));
    EXPECT_EQ(approximate, 1);
    EXPECT_EQ(MetadataString(result.scene, AGF_META_POSER_POSE_CONVENTION), "poser");
    EXPECT_EQ(MetadataString(result.scene, AGF_META_POSER_FIGURE), "");
    const aiNode *root = result.scene->mRootNode;
    EXPECT_EQ(std::string(root->mName.C_Str()), "chain_walk");
    ASSERT_EQ(root->mNumChildren, 5u); // BODY, hip, abdomen, chest, lThigh: all flat
    for (unsigned i = 0; i < root->mNumChildren; ++i) {
        EXPECT_TRUE(root->mChildren[i]->mTransformation.IsIdentity());
        EXPECT_EQ(root->mChildren[i]->mNumChildren, 0u);
    }
    const aiAnimation *animation = OnlyAnimation(result.scene);
    ASSERT_NE(animation, nullptr);
    // Orders as listed in the pose: hip Y, Z, X; chest Y, X (Z appended).
    const aiNodeAnim *hip = ChannelFor(animation, "hip");
    ASSERT_NE(hip, nullptr);
    ExpectSameRotation(hip->mRotationKeys[0].mValue, AxisAngle(-5, 'X') * AxisAngle(15, 'Y'),
                       "flat hip");
    EXPECT_NEAR(hip->mPositionKeys[0].mValue.y, -0.02 * kPnu, kTolerance);
    const aiNodeAnim *chest = ChannelFor(animation, "chest");
    ASSERT_NE(chest, nullptr);
    ASSERT_EQ(chest->mNumRotationKeys, 3u);
    ExpectSameRotation(chest->mRotationKeys[1].mValue, AxisAngle(12, 'X') * AxisAngle(30, 'Y'),
                       "flat chest at frame 5");
}

TEST(PoserImport, NonTransformChannelsAreKeptAsMetadata) {
    const ImportResult result = ImportFile(PoserModel("chain.pz2"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    double smile = 0;
    ASSERT_TRUE(MetadataValue(result.scene, "Poser.Channels[head][Smile].Value", smile));
    EXPECT_EQ(smile, 0.75);
    EXPECT_EQ(MetadataString(result.scene, "Poser.Channels[head][Smile].Type"), "targetGeom");
    double height = 0;
    ASSERT_TRUE(MetadataValue(result.scene, "Poser.Channels[BODY][PBMHeight].Value", height));
    EXPECT_EQ(height, 0.5);
    uint64_t count = 0;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_POSER_OTHER_CHANNEL_COUNT, count));
    EXPECT_EQ(count, 2u);
    uint64_t skipped = 0;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_POSER_SKIPPED_BLOCKS, skipped));
    EXPECT_EQ(skipped, 1u); // the prop section
    int32_t approximate = -1;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_POSER_APPROXIMATE, approximate));
    EXPECT_EQ(approximate, 0);
    EXPECT_EQ(MetadataString(result.scene, AGF_META_POSER_FIGURE), "chain.cr2");
    double pnu = 0;
    ASSERT_TRUE(MetadataValue(result.scene, AGF_META_POSER_PNU_IN_METRES, pnu));
    EXPECT_NEAR(pnu, kPnu, 1e-6); // the option is a float
}

TEST(PoserImport, UnitFactorIsConfigurable) {
    const ImportResult result = ImportFile(PoserModel("chain.pz2"), [](Assimp::Importer &i) {
        i.SetPropertyFloat(AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES, 1.0f);
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiNode *hip = result.scene->mRootNode->FindNode("hip");
    ASSERT_NE(hip, nullptr);
    EXPECT_NEAR(hip->mTransformation.b4, 0.38, 1e-6);
    const aiNodeAnim *channel = ChannelFor(OnlyAnimation(result.scene), "hip");
    ASSERT_NE(channel, nullptr);
    EXPECT_NEAR(channel->mPositionKeys[0].mValue.y, 0.36, 1e-6);
}

TEST(PoserImport, FigureGeometryIsBoundRigidlyToTheBones) {
    const ImportResult result = ImportFile(PoserModel("chain.pz2"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(MetadataString(result.scene, AGF_META_POSER_GEOMETRY).find("chain.obj") !=
                  std::string::npos,
              true);
    // Six actor groups with a bone each, and the stray group without one.
    ASSERT_EQ(result.scene->mNumMeshes, 7u);
    std::set<std::string> bound;
    size_t unbound = 0;
    const aiAnimation *animation = OnlyAnimation(result.scene);
    const auto expected = ExpectedGlobals(gen::StaticChainPose(), 0);
    for (unsigned m = 0; m < result.scene->mNumMeshes; ++m) {
        const aiMesh *mesh = result.scene->mMeshes[m];
        if (mesh->mNumBones == 0) {
            ++unbound;
            continue;
        }
        // Every actor is listed (the whole figure is the skin); exactly one carries weights.
        ASSERT_EQ(mesh->mNumBones, 7u);
        const aiBone *bone = nullptr;
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            if (mesh->mBones[b]->mNumWeights != 0) {
                ASSERT_EQ(bone, nullptr) << "two weighted bones";
                bone = mesh->mBones[b];
            }
        }
        ASSERT_NE(bone, nullptr);
        const std::string name = bone->mName.C_Str();
        bound.insert(name);
        ASSERT_EQ(mesh->mNumVertices, 4u) << name;
        ASSERT_EQ(bone->mNumWeights, 4u) << name;
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            EXPECT_EQ(bone->mWeights[w].mWeight, 1.0f);
        }
        // Skinning the tip vertices with the posed bone puts them at the posed tip +- half width.
        const aiNode *node = result.scene->mRootNode->FindNode(bone->mName);
        ASSERT_NE(node, nullptr);
        const glm::dmat4 skin = PosedGlobal(node, animation, 0) * ToGlm(bone->mOffsetMatrix);
        const gen::FigureActor *actor = nullptr;
        for (const gen::FigureActor &candidate : gen::ChainFigure()) {
            actor = candidate.name == name ? &candidate : actor;
        }
        ASSERT_NE(actor, nullptr) << name;
        glm::dvec3 skinnedCentre(0.0);
        for (unsigned v = 2; v < 4; ++v) {
            const aiVector3D &p = mesh->mVertices[v];
            skinnedCentre += glm::dvec3(skin * glm::dvec4(p.x, p.y, p.z, 1.0)) * 0.5;
        }
        ExpectNear(skinnedCentre, glm::dvec3(expected.at(name) * TipInActorFrame(*actor)),
                   name + " skinned tip");
    }
    EXPECT_EQ(unbound, 1u);
    EXPECT_EQ(bound, (std::set<std::string>{"hip", "abdomen", "chest", "neck", "head", "lThigh"}));
}
