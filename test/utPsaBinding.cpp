/** @file utPsaBinding.cpp
 *  PSA / PSAX files loaded onto a PSK's skeleton (auto-load, the file-list key, the switch),
 *  binding by bone name, and round trips of mesh plus animations through glb2 and binary FBX.
 */
#include "TestSupport.h"
#include "utPsaEvaluator.h"

#include "Common/AnimationBinding.h"
#include "PsaModels.h"
#include "PskModels.h"

#include <assimp/Exporter.hpp>
#include <assimp/config.h>
#include <assimp/metadata.h>

#include <cmath>
#include <set>

namespace {

using namespace agf::test;
using namespace agf::test::psaeval;
namespace psa = agf::testgen::psa;
namespace psk = agf::testgen::psk;

constexpr unsigned kValidate = aiProcess_ValidateDataStructure;

// The generated PSK box with bone names that differ from the PSA's in case and spacing
// ("ROOT", "spine", "Head "), and an extra skinned bone "Tail" that no animation moves. The
// PSA's "Arm" has no bone in this mesh.
std::vector<uint8_t> MeshWithRenamedBones() {
    psk::PskContent content = psk::SkinnedBox();
    content.bones.resize(3);
    content.bones[0].name = "ROOT";
    content.bones[1].name = "spine";
    content.bones[2].name = "Head ";
    content.bones.push_back({"Tail", 1, {0, 0, 0, 1}, {0, 0, 5}});
    content.weights.push_back({0.5f, 0, 3});
    // Physics shapes become nested node metadata, which Assimp 5.2.5's exporters cannot copy
    // (SceneCombiner asserts); they are not what these tests are about.
    content.physics.clear();
    content.shapeElements.clear();
    return psk::WritePsk(content);
}

std::filesystem::path MakeFolder(const std::string &name) {
    const std::filesystem::path dir = ScratchDir(name);
    WriteBytes(dir / "hero.psk", MeshWithRenamedBones());
    return dir;
}

// The bone nodes' common parent: world transforms are compared below it, so that the root's
// up-axis rotation does not enter.
const aiNode *SkeletonParent(const aiScene &scene) {
    const aiNode *root = scene.mRootNode->FindNode("ROOT");
    return root != nullptr ? root->mParent : nullptr;
}

glm::dmat4 KnownWorld(unsigned sequence, unsigned frame, unsigned bone) {
    const auto &bones = psa::KnownSkeleton();
    glm::dmat4 world(1.0);
    for (int b = int(bone); b >= 0; b = bones[b].parent) {
        const psa::KnownPose pose = psa::PoseAt(sequence, frame, b, true);
        world = Compose(ToGlm(pose.position), ToGlm(pose.rotation), ToGlm(pose.scale)) * world;
    }
    return world;
}

TEST(PsaBinding, SiblingPsaIsLoadedAndBoundByName) {
    const std::filesystem::path dir = MakeFolder("PsaBindingSibling");
    WriteBytes(dir / "hero.psa", psa::MakePsa(psa::PsaOptions()));
    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile((dir / "hero.psk").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const ImportWarnings warnings(*importer, "psk");
    EXPECT_GT(scene->mNumMeshes, 0u);
    ASSERT_EQ(scene->mNumAnimations, 2u);
    const aiAnimation *walk = FindAnimation(*scene, "Walk");
    ASSERT_NE(walk, nullptr);
    // Channels carry the mesh's own node names; Arm has no node and is dropped.
    std::set<std::string> channels;
    for (unsigned c = 0; c < walk->mNumChannels; ++c) {
        channels.insert(walk->mChannels[c]->mNodeName.C_Str());
    }
    EXPECT_EQ(channels, (std::set<std::string>{"ROOT", "spine", "Head "}));
    // The file and the mesh disagree twice: Arm has no node, Tail no track.
    const std::vector<agf::Warning> disagreements =
        warnings.of(agf::WarningKind::Inconsistent, "bone names");
    ASSERT_EQ(disagreements.size(), 2u) << warnings.text();
    for (const agf::Warning &warning : disagreements) {
        EXPECT_EQ(warning.file, "hero.psa") << warning.text();
        EXPECT_EQ(warning.count, 1u) << warning.text();
    }

    // The bound animation moves the mesh's bones to the known pose.
    const aiNode *parent = SkeletonParent(*scene);
    ASSERT_NE(parent, nullptr);
    const char *nodeNames[] = {"ROOT", "spine", "Head "};
    for (unsigned frame : {0u, 2u}) {
        for (unsigned b = 0; b < 3; ++b) {
            const aiNode *node = scene->mRootNode->FindNode(nodeNames[b]);
            ASSERT_NE(node, nullptr);
            EXPECT_LT(MaxDifference(WorldAt(*walk, node, parent, frame), KnownWorld(0, frame, b)),
                      1e-4)
                << nodeNames[b] << " frame " << frame;
        }
    }
}

TEST(PsaBinding, AutoLoadCanBeSwitchedOff) {
    const std::filesystem::path dir = MakeFolder("PsaBindingNoAutoLoad");
    WriteBytes(dir / "hero.psa", psa::MakePsa(psa::PsaOptions()));
    auto importer = MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, true);
    const aiScene *scene = importer->ReadFile((dir / "hero.psk").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumAnimations, 0u);
}

TEST(PsaBinding, ExplicitFilesAddToTheSiblingWithUniqueNames) {
    const std::filesystem::path dir = MakeFolder("PsaBindingExplicit");
    WriteBytes(dir / "hero.psax", psa::MakePsax(psa::PsaxOptions()));
    WriteBytes(dir / "again.psa", psa::MakePsa(psa::PsaOptions()));
    WriteBytes(dir / "hero.psa", psa::MakePsa(psa::PsaOptions()));
    auto importer = MakeImporter();
    // One relative to the mesh, one absolute.
    importer->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES,
                                "again.psa; " + (dir / "hero.psax").string());
    const aiScene *scene = importer->ReadFile((dir / "hero.psk").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    // again.psa (Walk, Run) + hero.psax (Idle, Wave) + hero.psa (Walk, Run renamed); the
    // sibling hero.psax is already loaded and not loaded twice.
    std::set<std::string> names;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        names.insert(scene->mAnimations[a]->mName.C_Str());
    }
    EXPECT_EQ(names, (std::set<std::string>{"Walk", "Run", "Idle", "Wave", "Walk.001", "Run.001"}));
    ASSERT_TRUE(scene->mMetaData != nullptr);
    int32_t wave = -1;
    ASSERT_TRUE(scene->mMetaData->Get(
        AGF_META_PSA_ANIMATIONS "[Wave]" AGF_META_PSA_ANIMATION_ADDITIVE, wave));
    EXPECT_EQ(wave, 1);
}

TEST(PsaBinding, TheSiblingNamedAnotherWayIsLoadedOnce) {
    // The explicit list names the sibling through "./" and a folder that leads back: still the
    // same file, loaded once.
    const std::filesystem::path dir = MakeFolder("PsaBindingSiblingTwice");
    std::filesystem::create_directories(dir / "sub");
    WriteBytes(dir / "hero.psax", psa::MakePsax(psa::PsaxOptions()));
    auto importer = MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES,
                                "./hero.psax; " + (dir / "sub" / ".." / "hero.psax").string());
    const aiScene *scene = importer->ReadFile((dir / "hero.psk").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    std::set<std::string> names;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        names.insert(scene->mAnimations[a]->mName.C_Str());
    }
    EXPECT_EQ(names, (std::set<std::string>{"Idle", "Wave"}));
}

TEST(PsaBinding, MissingExplicitFileIsAnError) {
    const std::filesystem::path dir = MakeFolder("PsaBindingMissing");
    auto importer = MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, "nowhere.psa");
    EXPECT_EQ(importer->ReadFile((dir / "hero.psk").string(), kValidate), nullptr);
    EXPECT_NE(std::string(importer->GetErrorString()).find("nowhere.psa"), std::string::npos)
        << importer->GetErrorString();
}

TEST(PsaBinding, BrokenSiblingOnlyWarns) {
    const std::filesystem::path dir = MakeFolder("PsaBindingBroken");
    std::vector<uint8_t> broken = psa::MakePsa(psa::PsaOptions());
    broken.resize(100); // BONENAMES cut short
    WriteBytes(dir / "hero.psa", broken);
    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile((dir / "hero.psk").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const ImportWarnings warnings(*importer, "psk");
    EXPECT_EQ(scene->mNumAnimations, 0u);
    const std::vector<agf::Warning> unread =
        warnings.of(agf::WarningKind::UnreadableFile, "animation file");
    ASSERT_EQ(unread.size(), 1u) << warnings.text();
    EXPECT_EQ(unread[0].file, "hero.psa");
}

TEST(PsaBinding, SplitFileListTrimsAndSkipsEmptyEntries) {
    EXPECT_EQ(agf::SplitFileList(" a.psa ;;b.psax\nc d.psa\r\n"),
              (std::vector<std::string>{"a.psa", "b.psax", "c d.psa"}));
}

// ---- Round trips -----------------------------------------------------------------------------

// Local transform of a channel at a time in seconds.
glm::dmat4 LocalAtSeconds(const aiAnimation &animation, const std::string &node, double seconds) {
    const aiNodeAnim *channel = FindChannel(animation, node);
    EXPECT_NE(channel, nullptr) << node;
    if (channel == nullptr) {
        return glm::dmat4(1.0);
    }
    const double ticksPerSecond = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 1.0;
    return ChannelLocal(*channel, seconds * ticksPerSecond);
}

double LastKeySeconds(const aiAnimation &animation) {
    double last = 0;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim &channel = *animation.mChannels[c];
        last = std::max(last, channel.mPositionKeys[channel.mNumPositionKeys - 1].mTime);
        last = std::max(last, channel.mRotationKeys[channel.mNumRotationKeys - 1].mTime);
    }
    const double ticksPerSecond = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 1.0;
    return last / ticksPerSecond;
}

void RoundTrip(const std::string &format, const std::string &extension, bool scaleKeys) {
    const std::filesystem::path dir = MakeFolder("PsaRoundTrip_" + format);
    psa::PsaOptions options;
    options.scaleKeys = scaleKeys;
    WriteBytes(dir / "hero.psa", psa::MakePsa(options));
    auto importer = MakeImporter();
    const aiScene *scene = importer->ReadFile((dir / "hero.psk").string(), kValidate);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 2u);

    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const std::string out = (dir / ("hero." + extension)).string();
    ASSERT_EQ(exporter.Export(scene, format, out), aiReturn_SUCCESS) << exporter.GetErrorString();

    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(out, kValidate);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, scene->mNumAnimations);
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation &original = *scene->mAnimations[a];
        // Exporters may decorate names ("Take 001", "Walk|..."): match by order and channels.
        const aiAnimation &copy = *back->mAnimations[a];
        EXPECT_EQ(copy.mNumChannels, original.mNumChannels) << original.mName.C_Str();
        // Neither format stores an end time apart from the keys: the copy lasts until the last
        // key, one frame before the original's NumRawFrames / AnimRate.
        const double lastKey = LastKeySeconds(original);
        EXPECT_NEAR(LastKeySeconds(copy), lastKey, 1e-3) << original.mName.C_Str();
        EXPECT_NEAR(original.mDuration / original.mTicksPerSecond - lastKey,
                    1.0 / original.mTicksPerSecond, 1e-9);
        const double copySeconds =
            copy.mDuration / (copy.mTicksPerSecond > 0 ? copy.mTicksPerSecond : 1.0);
        EXPECT_GE(copySeconds + 1e-3, lastKey) << original.mName.C_Str();
        for (unsigned c = 0; c < original.mNumChannels; ++c) {
            const std::string node = original.mChannels[c]->mNodeName.C_Str();
            for (double seconds : {0.0, 0.5 * lastKey, lastKey}) {
                EXPECT_LT(MaxDifference(LocalAtSeconds(copy, node, seconds),
                                        LocalAtSeconds(original, node, seconds)),
                          1e-3)
                    << format << " " << original.mName.C_Str() << " " << node << " at " << seconds
                    << " s";
            }
        }
    }
}

TEST(PsaRoundTrip, MeshAndAnimationsThroughGlb2) {
    RoundTrip("glb2", "glb", true);
}

// Without scale keys: Assimp 5.2.5 reads the FBX file's scale curves back as 1 (reported to the
// FBX exporter's owner), while translations and rotations survive.
TEST(PsaRoundTrip, MeshAndAnimationsThroughBinaryFbx) {
    RoundTrip("fbx", "fbx", false);
}

} // namespace
