/** @file utUeFormatAnimation.cpp
 *  .ueanim and .uepose files: onto the known model (auto-loaded beside it, or named), and
 *  imported on their own; keys, rate, length, curves and the pose choice.
 */
#include "utUeFormatSupport.h"

#include <assimp_gameformats/ImportOptions.h>

namespace {

using namespace agf::test::ue;

const std::filesystem::path kKnight = agf::test::TestModelsDir() / "ueformat/knight.uemodel";

void ExpectKnightWave(const aiScene *scene, const aiAnimation *animation) {
    ASSERT_NE(animation, nullptr);
    EXPECT_EQ(animation->mTicksPerSecond, double(gen::kAnimationRate));
    EXPECT_EQ(animation->mDuration, double(gen::kAnimationFrames - 1));
    const std::vector<gen::Bone> &bones = gen::KnightModel().bones;
    for (unsigned b = 0; b < bones.size(); ++b) {
        ASSERT_NE(FindChannel(animation, bones[b].name), nullptr) << bones[b].name;
        for (unsigned f = 0; f < gen::kAnimationFrames; ++f) {
            ExpectPose(PoseOf(scene, animation, bones[b].name, f), gen::KnightPoseAt(f, b),
                       bones[b].name + " at frame " + std::to_string(f));
        }
    }
}

/** The weight the morph channels give `target` at key `key`, from the node with its meshes. */
double MorphWeight(const aiScene *scene, const aiAnimation *animation, const std::string &target,
                   unsigned key) {
    for (unsigned c = 0; c < animation->mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim *channel = animation->mMorphMeshChannels[c];
        const aiNode *node = FindNode(scene, channel->mName.C_Str());
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[0]];
        const aiMeshMorphKey &morphKey = channel->mKeys[key];
        for (unsigned v = 0; v < morphKey.mNumValuesAndWeights; ++v) {
            if (target == mesh->mAnimMeshes[morphKey.mValues[v]]->mName.C_Str()) {
                return morphKey.mWeights[v];
            }
        }
    }
    return -1;
}

TEST(UeFormatAnimation, TheSiblingAnimationBindsToTheModel) {
    const agf::test::ImportResult result = agf::test::ImportValidated(kKnight);
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumAnimations, 1u);
    const aiAnimation *wave = FindAnimation(result.scene, "KnightWave");
    ExpectKnightWave(result.scene, wave);
    // The curve Smile drives the morph target Smile: keys at frames 0 and 4.
    ASSERT_EQ(wave->mNumMorphMeshChannels, 1u);
    EXPECT_STREQ(wave->mMorphMeshChannels[0]->mName.C_Str(), "LOD0");
    ASSERT_EQ(wave->mMorphMeshChannels[0]->mNumKeys, 2u);
    EXPECT_EQ(wave->mMorphMeshChannels[0]->mKeys[1].mTime, 4.0);
    EXPECT_EQ(MorphWeight(result.scene, wave, "Smile", 0), 0.0);
    EXPECT_EQ(MorphWeight(result.scene, wave, "Smile", 1), 1.0);
    // Both curves, Brow too, in metadata.
    const std::string curves =
        std::string(AGF_META_UEFORMAT_ANIMATIONS) + "[KnightWave]" + AGF_META_UEFORMAT_CURVES;
    EXPECT_EQ(
        MetadataString(result.scene->mMetaData, curves + "[Smile]" + AGF_META_UEFORMAT_CURVE_KEYS),
        "0:0 4:1");
    EXPECT_EQ(
        MetadataString(result.scene->mMetaData, curves + "[Brow]" + AGF_META_UEFORMAT_CURVE_KEYS),
        "2:0.5");
}

TEST(UeFormatAnimation, NoAutoLoadLeavesTheSiblingAlone) {
    const agf::test::ImportResult result =
        agf::test::ImportValidated(kKnight, [](Assimp::Importer &importer) {
            importer.SetPropertyBool(AI_CONFIG_IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD, true);
        });
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumAnimations, 0u);
}

struct AnimCase {
    uint8_t version;
    const char *compression;
};

class UeFormatAnimationVersions : public testing::TestWithParam<AnimCase> {};

TEST_P(UeFormatAnimationVersions, NamedAnimationFileOnTheModel) {
    const AnimCase param = GetParam();
    const std::filesystem::path dir =
        agf::test::ScratchDir("ueanim_v" + std::to_string(param.version) + "_" + param.compression);
    const std::filesystem::path anim = dir / "wave.ueanim";
    agf::test::WriteBytes(
        anim, KnightAnimBytes(gen::AnimKind::Absolute, param.version, param.compression));
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, anim.string());
    const aiScene *scene = ImportBytes(*importer, KnightModelBytes(param.version));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ExpectKnightWave(scene, FindAnimation(scene, "KnightWave"));
}

INSTANTIATE_TEST_SUITE_P(Layouts, UeFormatAnimationVersions,
                         testing::Values(AnimCase{10, ""}, AnimCase{10, "ZSTD"},
                                         AnimCase{10, "GZIP"}, AnimCase{9, ""}, AnimCase{8, ""},
                                         AnimCase{7, "GZIP"}, AnimCase{6, ""}, AnimCase{0, ""}),
                         [](const testing::TestParamInfo<AnimCase> &param) {
                             return "v" + std::to_string(param.param.version) +
                                    param.param.compression;
                         });

TEST(UeFormatAnimation, AloneAFlatSkeletonRestingAtTheFirstKeys) {
    const agf::test::ImportResult result =
        agf::test::ImportValidated(agf::test::TestModelsDir() / "ueformat/knight.ueanim");
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumMeshes, 0u);
    EXPECT_NE(result.scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE, 0u);
    const std::vector<gen::Bone> &bones = gen::KnightModel().bones;
    ASSERT_EQ(result.scene->mRootNode->mNumChildren, bones.size());
    const aiAnimation *wave = FindAnimation(result.scene, "KnightWave");
    ASSERT_NE(wave, nullptr);
    for (unsigned b = 0; b < bones.size(); ++b) {
        const aiNode *node = FindNode(result.scene, bones[b].name);
        ASSERT_NE(node, nullptr);
        EXPECT_EQ(node->mParent, result.scene->mRootNode);
        const gen::Transform first = gen::KnightPoseAt(0, b);
        ExpectPose(agf::TransformParts::Of(node->mTransformation), first, bones[b].name + " rest");
        ExpectPose(PoseOf(result.scene, wave, bones[b].name, 3), gen::KnightPoseAt(3, b),
                   bones[b].name + " at frame 3");
    }
    EXPECT_EQ(MetadataString(result.scene->mMetaData, "SourceAsset_Format"),
              "UEFormat animation (UEANIM)");
}

TEST(UeFormatAnimation, AloneAnAdditiveClipShowsItsDeltasOverTheIdentity) {
    const agf::test::ImportResult result = agf::test::ImportValidated(
        agf::test::TestModelsDir() / "ueformat/knight_additive_local.ueanim");
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiAnimation *clip = FindAnimation(result.scene, "KnightAdditive");
    ASSERT_NE(clip, nullptr);
    for (unsigned b = 0; b < 3; ++b) {
        const std::string &bone = gen::KnightModel().bones[b].name;
        EXPECT_TRUE(FindNode(result.scene, bone)->mTransformation.IsIdentity()) << bone;
        gen::Transform shown = gen::AdditiveDeltaAt(2, b, gen::AdditiveBase::Bind, false);
        shown.scale += aiVector3D(1, 1, 1);
        ExpectPose(PoseOf(result.scene, clip, bone, 2), shown, bone);
    }
}

TEST(UeFormatPoses, AloneEachPoseOverTheIdentity) {
    const agf::test::ImportResult result =
        agf::test::ImportValidated(agf::test::TestModelsDir() / "ueformat/knight_face.uepose");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumAnimations, gen::KnightPoses().size());
    for (const gen::PoseTarget &pose : gen::KnightPoses()) {
        const aiAnimation *animation = FindAnimation(result.scene, pose.name);
        ASSERT_NE(animation, nullptr) << pose.name;
        EXPECT_EQ(animation->mDuration, 0.0);
        for (size_t k = 0; k < pose.bones.size(); ++k) {
            const std::string &bone = gen::KnightModel().bones[pose.bones[k]].name;
            gen::Transform shown = gen::PoseDelta(pose.targets[k], pose.bones[k]);
            shown.scale += aiVector3D(1, 1, 1);
            ExpectPose(PoseOf(result.scene, animation, bone, 0), shown, pose.name + " " + bone);
        }
    }
}

class UeFormatPosesOnTheModel : public testing::TestWithParam<const char *> {};

TEST_P(UeFormatPosesOnTheModel, EachPoseRestoredOnTheBindPose) {
    const std::filesystem::path poses = agf::test::TestModelsDir() / GetParam();
    const agf::test::ImportResult result =
        agf::test::ImportValidated(kKnight, [&](Assimp::Importer &importer) {
            importer.SetPropertyBool(AI_CONFIG_IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD, true);
            importer.SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, poses.string());
            importer.SetPropertyString(AI_CONFIG_IMPORT_ANIMATION_ADDITIVE, "bind");
        });
    ASSERT_NE(result.scene, nullptr) << result.error;
    for (const gen::PoseTarget &pose : gen::KnightPoses()) {
        const aiAnimation *animation = FindAnimation(result.scene, pose.name);
        ASSERT_NE(animation, nullptr) << pose.name;
        EXPECT_EQ(animation->mNumChannels, pose.bones.size());
        for (size_t k = 0; k < pose.bones.size(); ++k) {
            const std::string &bone = gen::KnightModel().bones[pose.bones[k]].name;
            ExpectPose(PoseOf(result.scene, animation, bone, 0), pose.targets[k],
                       pose.name + " " + bone);
        }
        const double smile = pose.curves.empty() ? -1.0 : double(pose.curves[0].second);
        EXPECT_EQ(MorphWeight(result.scene, animation, "Smile", 0), smile) << pose.name;
        EXPECT_EQ(MetadataString(result.scene->mMetaData, std::string(AGF_META_ANIMATIONS) + "[" +
                                                              pose.name + "]" +
                                                              AGF_META_ANIMATION_ADDITIVE_BASE),
                  "bind");
    }
}

INSTANTIATE_TEST_SUITE_P(Versions, UeFormatPosesOnTheModel,
                         testing::Values("ueformat/knight_face.uepose",
                                         "ueformat/knight_face_v9.uepose"));

TEST(UeFormatPoses, OnePoseChosenByNameOrIndex) {
    const std::filesystem::path poses = agf::test::TestModelsDir() / "ueformat/knight_face.uepose";
    for (const char *choice : {"frown", "1"}) {
        const agf::test::ImportResult result =
            agf::test::ImportValidated(poses, [&](Assimp::Importer &importer) {
                importer.SetPropertyString(AI_CONFIG_IMPORT_UEFORMAT_POSE, choice);
            });
        ASSERT_NE(result.scene, nullptr) << result.error;
        ASSERT_EQ(result.scene->mNumAnimations, 1u) << choice;
        EXPECT_STREQ(result.scene->mAnimations[0]->mName.C_Str(), "Frown");
    }
    const agf::test::ImportResult none =
        agf::test::ImportValidated(poses, [&](Assimp::Importer &importer) {
            importer.SetPropertyString(AI_CONFIG_IMPORT_UEFORMAT_POSE, "Grin");
        });
    EXPECT_EQ(none.scene, nullptr);
    EXPECT_NE(none.error.find("IMPORT_UEFORMAT_POSE"), std::string::npos) << none.error;
}

} // namespace
