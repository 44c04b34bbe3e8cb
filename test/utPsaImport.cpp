/** @file utPsaImport.cpp
 *  Stand-alone PSA / PSAX imports: the real samples checked against a raw reading done here,
 *  generated files with known poses, the .config sidecar, the SEQUENCES variants, and damaged
 *  files.
 */
#include "TestSupport.h"
#include "utPsaEvaluator.h"

#include "PsaModels.h"

#include <assimp/config.h>
#include <assimp/metadata.h>

#include <array>
#include <cmath>
#include <cstring>
#include <map>

namespace {

using namespace agf::test;
using namespace agf::test::psaeval;
namespace psa = agf::testgen::psa;

constexpr unsigned kValidate = aiProcess_ValidateDataStructure;

// ---- A raw reading of a PSA, independent of the importer ---------------------------------------

struct RawSequence {
    std::string name;
    int32_t bones = 0;
    float rate = 0;
    int32_t firstRawFrame = 0;
    int32_t frames = 0;
};

struct RawPsa {
    std::vector<std::string> boneNames;
    std::vector<RawSequence> sequences;
    std::vector<std::array<float, 7>> keys; // position xyz, quaternion xyzw
    size_t scaleKeyCount = 0;
    std::vector<std::array<float, 3>> scales;
};

int32_t I32(const std::vector<uint8_t> &d, size_t at) {
    int32_t v;
    std::memcpy(&v, d.data() + at, 4);
    return v;
}
float F32(const std::vector<uint8_t> &d, size_t at) {
    float v;
    std::memcpy(&v, d.data() + at, 4);
    return v;
}
std::string Name(const std::vector<uint8_t> &d, size_t at) {
    const char *p = reinterpret_cast<const char *>(d.data() + at);
    return std::string(p, strnlen(p, 64));
}

RawPsa ReadRawPsa(const std::vector<uint8_t> &d) {
    RawPsa raw;
    size_t offset = 0;
    while (offset + 32 <= d.size()) {
        const std::string id = Name(d, offset).substr(0, 20);
        const size_t size = size_t(I32(d, offset + 24));
        const size_t count = size_t(I32(d, offset + 28));
        const size_t body = offset + 32;
        for (size_t i = 0; i < count; ++i) {
            const size_t r = body + i * size;
            if (id == "BONENAMES") {
                raw.boneNames.push_back(Name(d, r));
            } else if (id == "ANIMINFO") {
                raw.sequences.push_back({Name(d, r), I32(d, r + 128), F32(d, r + 152),
                                         I32(d, r + 160), I32(d, r + 164)});
            } else if (id == "ANIMKEYS") {
                std::array<float, 7> key;
                for (int k = 0; k < 7; ++k) {
                    key[k] = F32(d, r + 4 * k);
                }
                raw.keys.push_back(key);
            } else if (id == "SCALEKEYS" && size >= 16) {
                raw.scales.push_back({F32(d, r), F32(d, r + 4), F32(d, r + 8)});
            }
        }
        offset = body + size * count;
    }
    return raw;
}

const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes,
                           const char *hint = "psa") {
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), kValidate, hint);
}

const aiNode *FindNode(const aiScene &scene, const std::string &name) {
    return scene.mRootNode->FindNode(name.c_str());
}

// The known world transform (relative to the scene root) of a bone of the generated
// skeleton, at a fractional frame: positions and scales lerped, rotations slerped.
glm::dmat4 KnownWorld(unsigned sequence, double frame, unsigned bone, bool withScale) {
    const auto &bones = psa::KnownSkeleton();
    glm::dmat4 world(1.0);
    for (int b = int(bone); b >= 0; b = bones[b].parent) {
        const unsigned f0 = unsigned(std::floor(frame));
        const double a = frame - f0;
        const psa::KnownPose p0 = psa::PoseAt(sequence, f0, b, withScale);
        const psa::KnownPose p1 = psa::PoseAt(sequence, f0 + (a > 0 ? 1 : 0), b, withScale);
        const glm::dmat4 local = Compose(glm::mix(ToGlm(p0.position), ToGlm(p1.position), a),
                                         glm::slerp(ToGlm(p0.rotation), ToGlm(p1.rotation), a),
                                         glm::mix(ToGlm(p0.scale), ToGlm(p1.scale), a));
        world = local * world;
    }
    return world;
}

void ExpectKnownPoses(const aiScene &scene, const std::string &animationName, unsigned sequence,
                      const std::vector<double> &frames, bool withScale) {
    const aiAnimation *animation = FindAnimation(scene, animationName);
    ASSERT_NE(animation, nullptr) << animationName;
    const auto &bones = psa::KnownSkeleton();
    for (double frame : frames) {
        for (unsigned b = 0; b < bones.size(); ++b) {
            const aiNode *node = FindNode(scene, bones[b].name);
            ASSERT_NE(node, nullptr) << bones[b].name;
            const glm::dmat4 imported = WorldAt(*animation, node, scene.mRootNode, frame);
            const glm::dmat4 expected = KnownWorld(sequence, frame, b, withScale);
            EXPECT_LT(MaxDifference(imported, expected), 1e-4)
                << animationName << " frame " << frame << " bone " << bones[b].name;
        }
    }
}

// ---- Real samples ----------------------------------------------------------------------------

void CheckSampleAgainstRawReading(const std::filesystem::path &path) {
    const std::vector<uint8_t> bytes = ReadBytes(path);
    const RawPsa raw = ReadRawPsa(bytes);
    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, raw.sequences.size());
    EXPECT_EQ(scene->mNumMeshes, 0u);
    EXPECT_TRUE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
    const size_t bones = raw.boneNames.size();
    const bool fullScale = raw.scales.size() == raw.keys.size();
    size_t start = 0; // sequences are stored one after another
    for (size_t s = 0; s < raw.sequences.size(); ++s) {
        const RawSequence &sequence = raw.sequences[s];
        const aiAnimation &animation = *scene->mAnimations[s];
        EXPECT_EQ(animation.mName.C_Str(), sequence.name);
        EXPECT_DOUBLE_EQ(animation.mTicksPerSecond, double(sequence.rate));
        EXPECT_DOUBLE_EQ(animation.mDuration, double(sequence.frames));
        ASSERT_EQ(animation.mNumChannels, bones);
        for (size_t b = 0; b < bones; ++b) {
            const aiNodeAnim &channel = *animation.mChannels[b];
            EXPECT_EQ(channel.mNumPositionKeys, unsigned(sequence.frames));
            EXPECT_EQ(channel.mNumRotationKeys, unsigned(sequence.frames));
            EXPECT_EQ(channel.mNumScalingKeys, fullScale ? unsigned(sequence.frames) : 1u);
        }
        // A few exact keys: first, middle and last frame of the first, a middle and the last
        // bone. Rule: bone 0's rotation as stored, the others' conjugated.
        for (size_t frame : {size_t(0), size_t(sequence.frames / 2), size_t(sequence.frames - 1)}) {
            for (size_t b : {size_t(0), bones / 2, bones - 1}) {
                const auto &key = raw.keys[(start + frame) * bones + b];
                const aiNodeAnim &channel = *animation.mChannels[b];
                EXPECT_NE(FindNode(*scene, channel.mNodeName.C_Str()), nullptr);
                const aiVectorKey &position = channel.mPositionKeys[frame];
                EXPECT_DOUBLE_EQ(position.mTime, double(frame));
                EXPECT_FLOAT_EQ(position.mValue.x, key[0]);
                EXPECT_FLOAT_EQ(position.mValue.y, key[1]);
                EXPECT_FLOAT_EQ(position.mValue.z, key[2]);
                const float sign = b == 0 ? 1.0f : -1.0f;
                const double length = std::sqrt(double(key[3]) * key[3] + double(key[4]) * key[4] +
                                                double(key[5]) * key[5] + double(key[6]) * key[6]);
                const aiQuaternion &q = channel.mRotationKeys[frame].mValue;
                EXPECT_NEAR(q.x, sign * key[3] / length, 1e-6);
                EXPECT_NEAR(q.y, sign * key[4] / length, 1e-6);
                EXPECT_NEAR(q.z, sign * key[5] / length, 1e-6);
                EXPECT_NEAR(q.w, key[6] / length, 1e-6);
                if (fullScale) {
                    const auto &scale = raw.scales[(start + frame) * bones + b];
                    EXPECT_FLOAT_EQ(channel.mScalingKeys[frame].mValue.x, scale[0]);
                    EXPECT_FLOAT_EQ(channel.mScalingKeys[frame].mValue.z, scale[2]);
                }
            }
        }
        start += size_t(sequence.frames);
    }
    // The skeleton: one node per BONENAMES entry.
    for (const std::string &name : raw.boneNames) {
        std::string trimmed = name;
        EXPECT_NE(FindNode(*scene, trimmed), nullptr) << name;
    }
}

TEST(PsaSamples, PendulumMatchesRawReading) {
    AGF_REQUIRE_SAMPLE(path, "actorx/pendulum.psa");
    CheckSampleAgainstRawReading(path);
}

TEST(PsaSamples, HarryPotterChestMatchesRawReading) {
    AGF_REQUIRE_SAMPLE(path, "actorx/skbronzechestAnims.psa");
    CheckSampleAgainstRawReading(path);
}

TEST(PsaSamples, GruntMatchesRawReadingDespiteFirstRawFrameBug) {
    AGF_REQUIRE_SAMPLE(path, "actorx/grunt_hh_grabplayer_crouch_SEQ0.psa");
    // The file stores FirstRawFrame = NumRawFrames = 101 (CUE4Parse before PR #104).
    const RawPsa raw = ReadRawPsa(ReadBytes(path));
    ASSERT_EQ(raw.sequences.size(), 1u);
    EXPECT_EQ(raw.sequences[0].firstRawFrame, raw.sequences[0].frames);
    CheckSampleAgainstRawReading(path);
}

TEST(PsaSamples, HarryPotterDurationsInSeconds) {
    AGF_REQUIRE_SAMPLE(path, "actorx/skbronzechestAnims.psa");
    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 3u);
    const char *names[] = {"Start", "End", "Open"};
    const double seconds[] = {7.0 / 30.0, 7.0 / 30.0, 74.0 / 30.0};
    for (unsigned a = 0; a < 3; ++a) {
        const aiAnimation &animation = *scene->mAnimations[a];
        EXPECT_STREQ(animation.mName.C_Str(), names[a]);
        EXPECT_NEAR(animation.mDuration / animation.mTicksPerSecond, seconds[a], 1e-9);
    }
    // The writer stored real parents: Dummy16 is a child of Chest_bone06.
    const aiNode *dummy = FindNode(*scene, "Dummy16");
    ASSERT_NE(dummy, nullptr);
    EXPECT_STREQ(dummy->mParent->mName.C_Str(), "Chest_bone06");
}

TEST(PsaSamples, PendulumRootIsTheFileAndYUp) {
    AGF_REQUIRE_SAMPLE(path, "actorx/pendulum.psa");
    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_STREQ(scene->mRootNode->mName.C_Str(), "pendulum.psa");
    // (x, y, z) -> (x, z, -y): the second row of the root's matrix picks z.
    EXPECT_FLOAT_EQ(scene->mRootNode->mTransformation.b3, 1.0f);
    int32_t upAxis = -1;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_UP_AXIS, upAxis));
    EXPECT_EQ(upAxis, 2);
}

// ---- Generated files with known poses --------------------------------------------------------

TEST(PsaGenerated, DensePoseMatchesKnownWorldTransforms) {
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsa(psa::PsaOptions()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 2u);
    const aiAnimation *walk = FindAnimation(*scene, "Walk");
    ASSERT_NE(walk, nullptr);
    EXPECT_DOUBLE_EQ(walk->mTicksPerSecond, 30.0);
    EXPECT_DOUBLE_EQ(walk->mDuration, 3.0);
    EXPECT_DOUBLE_EQ(FindAnimation(*scene, "Run")->mDuration, 5.0);
    EXPECT_DOUBLE_EQ(FindAnimation(*scene, "Run")->mTicksPerSecond, 24.0);
    ExpectKnownPoses(*scene, "Walk", 0, {0.0, 1.0, 1.5, 2.0}, true);
    ExpectKnownPoses(*scene, "Run", 1, {0.0, 2.25, 3.0, 4.0}, true);
    // Real parents in BONENAMES: Head under Spine under Root.
    EXPECT_STREQ(FindNode(*scene, "Head")->mParent->mName.C_Str(), "Spine");
    bool flat = true;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_PSA_FLAT_SKELETON, flat));
    EXPECT_FALSE(flat);
}

TEST(PsaGenerated, WithoutScaleKeysScaleIsOne) {
    psa::PsaOptions options;
    options.scaleKeys = false;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsa(options));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ExpectKnownPoses(*scene, "Run", 1, {0.0, 1.5, 4.0}, false);
    const aiNodeAnim *channel = FindChannel(*FindAnimation(*scene, "Run"), "Head");
    ASSERT_NE(channel, nullptr);
    ASSERT_EQ(channel->mNumScalingKeys, 1u);
    EXPECT_FLOAT_EQ(channel->mScalingKeys[0].mValue.x, 1.0f);
}

TEST(PsaGenerated, FirstRawFrameBugIsRepaired) {
    psa::PsaOptions options;
    options.firstRawFrameBug = true;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsa(options));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ExpectKnownPoses(*scene, "Walk", 0, {0.0, 2.0}, true);
    ExpectKnownPoses(*scene, "Run", 1, {0.0, 2.5, 4.0}, true);
}

TEST(PsaGenerated, ConfigSidecarRemovesTracks) {
    const std::filesystem::path dir = ScratchDir("PsaConfigSidecar");
    WriteBytes(dir / "anim.psa", psa::MakePsa(psa::PsaOptions()));
    const std::string config = psa::MakePsaConfigText();
    WriteBytes(dir / "anim.config", std::vector<uint8_t>(config.begin(), config.end()));

    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile((dir / "anim.psa").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiAnimation *walk = FindAnimation(*scene, "Walk");
    const aiAnimation *run = FindAnimation(*scene, "Run");
    ASSERT_TRUE(walk && run);
    // Walk.3=all: no Arm channel. Walk.2=trans: Head keeps only its rest position.
    EXPECT_EQ(FindChannel(*walk, "Arm"), nullptr);
    EXPECT_EQ(walk->mNumChannels, 3u);
    const aiNodeAnim *head = FindChannel(*walk, "Head");
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(head->mNumPositionKeys, 1u);
    EXPECT_EQ(head->mNumRotationKeys, 3u);
    // Run.1=rot: Spine has positions but a single rest rotation.
    const aiNodeAnim *spine = FindChannel(*run, "Spine");
    ASSERT_NE(spine, nullptr);
    EXPECT_EQ(spine->mNumRotationKeys, 1u);
    EXPECT_EQ(spine->mNumPositionKeys, 5u);
    // The rest of the sidecar is metadata, per animation file and section.
    aiString animSet;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_PSA_CONFIG "[anim.psa][AnimSet]", animSet));
    EXPECT_STREQ(animSet.C_Str(), "bAnimRotationOnly=0");
    aiString translationBones;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_PSA_CONFIG "[anim.psa][UseTranslationBoneNames]",
                                      translationBones));
    EXPECT_STREQ(translationBones.C_Str(), "Spine\nHead");
    EXPECT_FALSE(scene->mMetaData->HasKey(AGF_META_PSA_CONFIG "[anim.psa][RemoveTracks]"));

    // Switched off: every track is animated.
    auto plain = MakeImporter();
    plain->SetPropertyBool(AI_CONFIG_IMPORT_PSA_USE_CONFIG, false);
    const aiScene *unfiltered = plain->ReadFile((dir / "anim.psa").string(), kValidate);
    ASSERT_NE(unfiltered, nullptr) << plain->GetErrorString();
    EXPECT_EQ(FindAnimation(*unfiltered, "Walk")->mNumChannels, 4u);
    EXPECT_FALSE(unfiltered->mMetaData->HasKey(AGF_META_PSA_CONFIG "[anim.psa][AnimSet]"));
}

TEST(PsaGenerated, SkeletonMeshOnlyWhenAskedFor) {
    const std::vector<uint8_t> bytes = psa::MakePsa(psa::PsaOptions());
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, bytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 0u);

    auto asking = MakeImporter();
    asking->SetPropertyBool(AI_CONFIG_IMPORT_NO_SKELETON_MESHES, false);
    const aiScene *withMesh = ImportBytes(*asking, bytes);
    ASSERT_NE(withMesh, nullptr) << asking->GetErrorString();
    EXPECT_EQ(withMesh->mNumMeshes, 1u);
    EXPECT_FALSE(withMesh->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
}

// ---- PSAX ------------------------------------------------------------------------------------

// The known world transform at frame t from the PSAX's sparse keys: each kind interpolated
// between the frames at which it is keyed.
glm::dmat4 KnownSparseWorld(unsigned sequence, double t, unsigned bone, bool withScale) {
    const auto &bones = psa::KnownSkeleton();
    glm::dmat4 world(1.0);
    for (int b = int(bone); b >= 0; b = bones[b].parent) {
        const auto sample = [&](psa::TrackKind kind, auto value) {
            const std::vector<unsigned> frames = psa::PsaxKeyFrames(kind, sequence, b);
            unsigned i = 0;
            while (i + 1 < frames.size() && frames[i + 1] <= t) {
                ++i;
            }
            if (i + 1 >= frames.size() || t <= frames[i]) {
                return value(frames[i], frames[i], 0.0);
            }
            return value(frames[i], frames[i + 1], (t - frames[i]) / (frames[i + 1] - frames[i]));
        };
        const glm::dvec3 position =
            sample(psa::TrackKind::Position, [&](unsigned f0, unsigned f1, double a) {
                return glm::mix(ToGlm(psa::PoseAt(sequence, f0, b, withScale).position),
                                ToGlm(psa::PoseAt(sequence, f1, b, withScale).position), a);
            });
        const glm::dquat rotation =
            sample(psa::TrackKind::Rotation, [&](unsigned f0, unsigned f1, double a) {
                return glm::slerp(ToGlm(psa::PoseAt(sequence, f0, b, withScale).rotation),
                                  ToGlm(psa::PoseAt(sequence, f1, b, withScale).rotation), a);
            });
        glm::dvec3 scale(1.0);
        if (withScale) {
            scale = sample(psa::TrackKind::Scale, [&](unsigned f0, unsigned f1, double a) {
                return glm::mix(ToGlm(psa::PoseAt(sequence, f0, b, true).scale),
                                ToGlm(psa::PoseAt(sequence, f1, b, true).scale), a);
            });
        }
        world = Compose(position, rotation, scale) * world;
    }
    return world;
}

void ExpectSparsePoses(const aiScene &scene, bool withScale) {
    for (unsigned s = 0; s < psa::PsaxSequences().size(); ++s) {
        const psa::KnownSequence &sequence = psa::PsaxSequences()[s];
        const aiAnimation *animation = FindAnimation(scene, sequence.name);
        ASSERT_NE(animation, nullptr) << sequence.name;
        EXPECT_DOUBLE_EQ(animation->mTicksPerSecond, double(sequence.rate));
        EXPECT_DOUBLE_EQ(animation->mDuration, double(sequence.frames));
        for (double t : {0.0, 0.5, 1.0, 1.25, 2.0, double(sequence.frames - 1)}) {
            for (unsigned b = 0; b < psa::KnownSkeleton().size(); ++b) {
                if (psa::PsaxKeyFrames(psa::TrackKind::Rotation, s, b).empty()) {
                    continue; // checked separately: no channel
                }
                const aiNode *node = FindNode(scene, psa::KnownSkeleton()[b].name);
                ASSERT_NE(node, nullptr);
                // Only the animated chain matters: every ancestor of an animated bone is
                // animated in the generated files.
                const glm::dmat4 imported = WorldAt(*animation, node, scene.mRootNode, t);
                EXPECT_LT(MaxDifference(imported, KnownSparseWorld(s, t, b, withScale)), 1e-4)
                    << sequence.name << " t " << t << " bone " << b;
            }
        }
    }
}

int32_t AdditiveOf(const aiScene &scene, const std::string &animation) {
    int32_t value = -1;
    if (scene.mMetaData != nullptr) {
        scene.mMetaData->Get(AGF_META_PSA_ANIMATIONS + agf::MetadataName(animation) +
                                 AGF_META_PSA_ANIMATION_ADDITIVE,
                             value);
    }
    return value;
}

TEST(PsaxGenerated, SparseTracksMatchKnownPoses) {
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsax(psa::PsaxOptions()), "psax");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 2u);
    ExpectSparsePoses(*scene, true);
    // Arm has no track in Idle, one in Wave.
    EXPECT_EQ(FindChannel(*FindAnimation(*scene, "Idle"), "Arm"), nullptr);
    EXPECT_NE(FindChannel(*FindAnimation(*scene, "Wave"), "Arm"), nullptr);
    // Sparse key counts survive as they are: Idle's Spine has positions at 0, 2, 4.
    const aiNodeAnim *spine = FindChannel(*FindAnimation(*scene, "Idle"), "Spine");
    ASSERT_NE(spine, nullptr);
    EXPECT_EQ(spine->mNumPositionKeys, 3u);
    EXPECT_DOUBLE_EQ(spine->mPositionKeys[1].mTime, 2.0);
    EXPECT_EQ(spine->mNumScalingKeys, 2u);
    EXPECT_EQ(spine->mNumRotationKeys, 5u);
    EXPECT_EQ(AdditiveOf(*scene, "Idle"), 0);
    EXPECT_EQ(AdditiveOf(*scene, "Wave"), 1);
}

TEST(PsaxGenerated, EarlySixtyNineByteSequences) {
    psa::PsaxOptions options;
    options.sequenceRecordSize = 69;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsax(options), "psax");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ExpectSparsePoses(*scene, true);
    EXPECT_EQ(AdditiveOf(*scene, "Wave"), 1);
    EXPECT_EQ(AdditiveOf(*scene, "Idle"), 0);
}

TEST(PsaxGenerated, SixtyEightByteSequencesHaveNoAdditiveFlag) {
    psa::PsaxOptions options;
    options.sequenceRecordSize = 68;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsax(options), "psax");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ExpectSparsePoses(*scene, true);
    EXPECT_EQ(AdditiveOf(*scene, "Idle"), -1);
    EXPECT_EQ(AdditiveOf(*scene, "Wave"), -1);
}

TEST(PsaxGenerated, FirstWriterRootNeedsTheOption) {
    psa::PsaxOptions options;
    options.sequenceRecordSize = 69;
    options.firstWriter = true;
    const std::vector<uint8_t> bytes = psa::MakePsax(options);

    auto importer = MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_PSAX_OLD_ROOT, true);
    const aiScene *scene = ImportBytes(*importer, bytes, "psax");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ExpectSparsePoses(*scene, false);

    // Without the option the root turns the other way.
    auto plain = MakeImporter();
    const aiScene *wrong = ImportBytes(*plain, bytes, "psax");
    ASSERT_NE(wrong, nullptr) << plain->GetErrorString();
    const aiAnimation *idle = FindAnimation(*wrong, "Idle");
    const glm::dmat4 root = WorldAt(*idle, FindNode(*wrong, "Root"), wrong->mRootNode, 1.0);
    EXPECT_GT(MaxDifference(root, KnownSparseWorld(0, 1.0, 0, false)), 1e-2);
}

// ---- Damaged files ---------------------------------------------------------------------------

TEST(PsaInvalid, KeyCountShorterThanFramesTimesBones) {
    psa::PsaOptions options;
    options.missingKeys = 3; // 29 keys: 7 whole frames of 4 bones, the sequences need 8
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsa(options));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const ImportWarnings warnings(*importer, "psa");
    // 29 keys: not whole frames of 4 bones, and 7 frames where the sequences need 8; Run, the
    // second sequence, is one frame short.
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "ANIMKEYS"), 2u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::Truncated, "ANIMINFO sequence \"Run\""), 1u)
        << warnings.text();
    ExpectKnownPoses(*scene, "Walk", 0, {0.0, 2.0}, true);
    const aiAnimation *run = FindAnimation(*scene, "Run");
    ASSERT_NE(run, nullptr);
    EXPECT_DOUBLE_EQ(run->mDuration, 4.0);
    ExpectKnownPoses(*scene, "Run", 1, {0.0, 3.0}, true);
}

TEST(PsaInvalid, SequencePastTheKeys) {
    psa::PsaOptions options;
    options.secondFirstRawFrame = 1000;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsa(options));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const ImportWarnings warnings(*importer, "psa");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "ANIMINFO"), 1u) << warnings.text();
    ExpectKnownPoses(*scene, "Run", 1, {0.0, 4.0}, true);
}

TEST(PsaInvalid, PartialScaleKeysAreIgnored) {
    psa::PsaOptions options;
    options.partialScaleKeys = 5;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsa(options));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const ImportWarnings warnings(*importer, "psa");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "SCALEKEYS"), 1u) << warnings.text();
    EXPECT_EQ(FindChannel(*FindAnimation(*scene, "Walk"), "Root")->mNumScalingKeys, 1u);
}

TEST(PsaInvalid, BadTrackSuffixesAreSkipped) {
    psa::PsaxOptions options;
    options.badTracks = true;
    auto importer = MakeImporter();
    const aiScene *scene = ImportBytes(*importer, psa::MakePsax(options), "psax");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const ImportWarnings warnings(*importer, "psax");
    // Two ids without <sequence>:<bone>, two that name a bone or a sequence the file lacks.
    EXPECT_EQ(warnings.count(agf::WarningKind::Unknown, "ROTTRACKx:1"), 1u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::Unknown, "ROTTRACK0-1"), 1u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::OutOfRange), 2u) << warnings.text();
    ExpectSparsePoses(*scene, true);
}

TEST(PsaInvalid, TotalBonesMismatchIsAnError) {
    std::vector<uint8_t> bytes = psa::MakePsa(psa::PsaOptions());
    // ANIMINFO follows ANIMHEAD (32) and BONENAMES (32 + 4 * 120); TotalBones at record + 128.
    const size_t totalBones = 32 + 32 + 4 * 120 + 32 + 128;
    bytes[totalBones] = 5;
    auto importer = MakeImporter();
    EXPECT_EQ(ImportBytes(*importer, bytes), nullptr);
    const std::string error = importer->GetErrorString();
    EXPECT_NE(error.find("ANIMINFO at byte"), std::string::npos) << error;
    EXPECT_NE(error.find("TotalBones 5"), std::string::npos) << error;
}

TEST(PsaInvalid, HugeCountsFailCleanly) {
    std::vector<uint8_t> bytes = psa::MakePsa(psa::PsaOptions());
    bytes[32 + 28] = 0xFF; // BONENAMES DataCount = 0x7FFFFFFF-ish
    bytes[32 + 29] = 0xFF;
    bytes[32 + 30] = 0xFF;
    bytes[32 + 31] = 0x7F;
    auto importer = MakeImporter();
    EXPECT_EQ(ImportBytes(*importer, bytes), nullptr);
    EXPECT_NE(std::string(importer->GetErrorString()).find("BONENAMES"), std::string::npos)
        << importer->GetErrorString();
}

TEST(PsaInvalid, EveryTruncationFailsCleanlyOrImportsPart) {
    for (const bool sparse : {false, true}) {
        const std::vector<uint8_t> whole =
            sparse ? psa::MakePsax(psa::PsaxOptions()) : psa::MakePsa(psa::PsaOptions());
        for (size_t length = 1; length < whole.size(); length += 13) {
            const std::vector<uint8_t> cut(whole.begin(), whole.begin() + length);
            auto importer = MakeImporter();
            const aiScene *scene = importer->ReadFileFromMemory(cut.data(), cut.size(), kValidate,
                                                                sparse ? "psax" : "psa");
            if (scene == nullptr) {
                EXPECT_NE(std::string(importer->GetErrorString()).find("at byte"),
                          std::string::npos)
                    << length << ": " << importer->GetErrorString();
            } else {
                EXPECT_GT(scene->mNumAnimations, 0u) << length;
            }
        }
    }
}

TEST(PsaInvalid, WrongSignatureWithPsaExtension) {
    const std::vector<uint8_t> bytes(64, 'x');
    auto importer = MakeImporter();
    EXPECT_EQ(ImportBytes(*importer, bytes), nullptr);
}

} // namespace
