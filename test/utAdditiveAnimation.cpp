/** @file utAdditiveAnimation.cpp
 *  Additive clips restored (AI_CONFIG_IMPORT_ANIMATION_ADDITIVE): generated clips whose deltas
 *  were made from a known target pose, the way Unreal makes them, must give that pose back
 *  within 1e-4, in local and in mesh space, on the bind pose and on another animation's frame;
 *  for ActorX (PSK + PSAX) and UEFormat (.uemodel + .ueanim) alike.
 */
#include "utUeFormatSupport.h"

#include <assimp_gameformats/ImportOptions.h>

#include <functional>

namespace fs = std::filesystem;

namespace {

using namespace agf::test::ue;

const std::filesystem::path kModels = agf::test::TestModelsDir();
constexpr unsigned kArm = 3; ///< the bone the additive clips leave without a track

agf::test::ImportResult ImportWith(const std::filesystem::path &model,
                                   const std::string &animations, const std::string &base,
                                   const std::string &space = "") {
    return agf::test::ImportValidated(model, [&](Assimp::Importer &importer) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, animations);
        if (!base.empty()) {
            importer.SetPropertyString(AI_CONFIG_IMPORT_ANIMATION_ADDITIVE, base);
        }
        if (!space.empty()) {
            importer.SetPropertyString(AI_CONFIG_IMPORT_ANIMATION_ADDITIVE_SPACE, space);
        }
    });
}

/** Every keyed bone of `clip` shows the known target at every frame. */
void ExpectTargetPose(const aiScene *scene, const std::string &clip) {
    const aiAnimation *animation = FindAnimation(scene, clip);
    ASSERT_NE(animation, nullptr) << clip;
    const std::vector<gen::Bone> &bones = gen::KnightModel().bones;
    for (unsigned b = 0; b < kArm; ++b) {
        for (unsigned f = 0; f < gen::kAnimationFrames; ++f) {
            ExpectPose(PoseOf(scene, animation, bones[b].name, f), gen::AdditiveTargetAt(f, b),
                       clip + " " + bones[b].name + " at frame " + std::to_string(f));
        }
    }
}

std::string MetadataOf(const aiScene *scene, const std::string &clip, const char *field) {
    return MetadataString(scene->mMetaData,
                          std::string(AGF_META_ANIMATIONS) + "[" + clip + "]" + field);
}

aiQuaternion ComponentRotation(unsigned bone, const std::function<aiQuaternion(unsigned)> &local) {
    aiQuaternion rotation = local(bone);
    for (int32_t p = gen::KnightModel().bones[bone].parent; p >= 0;
         p = gen::KnightModel().bones[size_t(p)].parent) {
        rotation = local(unsigned(p)) * rotation;
    }
    return rotation;
}

// ---- ActorX ------------------------------------------------------------------------------

const std::string kPsax = (kModels / "actorx/knight_additive.psax").string();
const std::filesystem::path kPsk = kModels / "actorx/knight.psk";

TEST(AdditivePsax, KeptAsDeltasByDefault) {
    const agf::test::ImportResult result = ImportWith(kPsk, kPsax, "");
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiAnimation *clip = FindAnimation(result.scene, "AddLocal");
    ASSERT_NE(clip, nullptr);
    for (unsigned f = 0; f < gen::kAnimationFrames; ++f) {
        const gen::Transform delta = gen::AdditiveDeltaAt(f, 1, gen::AdditiveBase::Bind, false);
        EXPECT_TRUE(Near(PoseOf(result.scene, clip, "Spine", f).position, delta.position));
    }
    EXPECT_EQ(MetadataOf(result.scene, "AddLocal", AGF_META_ANIMATION_ADDITIVE_BASE), "none");
    EXPECT_EQ(MetadataOf(result.scene, "AddLocal", AGF_META_ANIMATION_ADDITIVE_SPACE), "local");
    EXPECT_EQ(MetadataOf(result.scene, "Idle", AGF_META_ANIMATION_ADDITIVE_BASE), "");
}

TEST(AdditivePsax, LocalSpaceOnTheBindPose) {
    const agf::test::ImportResult result = ImportWith(kPsk, kPsax, "bind");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectTargetPose(result.scene, "AddLocal");
    // The bone without a track keeps its bind pose.
    ExpectPose(PoseOf(result.scene, FindAnimation(result.scene, "AddLocal"), "Arm", 2),
               gen::KnightModel().bones[kArm].bind, "Arm");
    EXPECT_EQ(MetadataOf(result.scene, "AddLocal", AGF_META_ANIMATION_ADDITIVE_BASE), "bind");
    // The plain sequence is left as it is.
    ExpectPose(PoseOf(result.scene, FindAnimation(result.scene, "Idle"), "Head", 3),
               gen::KnightPoseAt(3, 2), "Idle Head");
}

TEST(AdditivePsax, MeshSpaceOnTheBindPose) {
    const agf::test::ImportResult result = ImportWith(kPsk, kPsax, "bind", "mesh");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectTargetPose(result.scene, "AddMesh");
    EXPECT_EQ(MetadataOf(result.scene, "AddMesh", AGF_META_ANIMATION_ADDITIVE_SPACE), "mesh");
    // Arm has no delta: its component-space rotation stays the bind pose's, under a Spine
    // that turned.
    const aiAnimation *clip = FindAnimation(result.scene, "AddMesh");
    for (unsigned f = 0; f < gen::kAnimationFrames; ++f) {
        const aiQuaternion bindArm = ComponentRotation(
            kArm, [](unsigned b) { return gen::KnightModel().bones[b].bind.rotation; });
        const aiQuaternion targetSpine =
            ComponentRotation(1, [f](unsigned b) { return gen::AdditiveTargetAt(f, b).rotation; });
        gen::Transform expected = gen::KnightModel().bones[kArm].bind;
        expected.rotation = aiQuaternion(targetSpine).Conjugate() * bindArm;
        ExpectPose(PoseOf(result.scene, clip, "Arm", f), expected,
                   "Arm at frame " + std::to_string(f));
    }
}

TEST(AdditivePsax, LocalSpaceOnAnotherSequencesFirstFrame) {
    const agf::test::ImportResult result = ImportWith(kPsk, kPsax, "idle");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectTargetPose(result.scene, "AddOnIdle");
    // Arm takes Idle's first frame, the base pose.
    ExpectPose(PoseOf(result.scene, FindAnimation(result.scene, "AddOnIdle"), "Arm", 3),
               gen::KnightPoseAt(0, kArm), "Arm");
    EXPECT_EQ(MetadataOf(result.scene, "AddOnIdle", AGF_META_ANIMATION_ADDITIVE_BASE), "Idle");
}

TEST(AdditivePsax, ABaseThatIsNotThereLeavesTheDeltasWithAWarning) {
    const agf::test::ImportResult result = ImportWith(kPsk, kPsax, "Jog");
    ASSERT_NE(result.scene, nullptr) << result.error;
    const agf::test::ImportWarnings warnings(*result.importer, "psk");
    EXPECT_EQ(warnings.count(agf::WarningKind::InvalidValue), 3u) << warnings.text();
    const gen::Transform delta = gen::AdditiveDeltaAt(0, 0, gen::AdditiveBase::Bind, false);
    EXPECT_TRUE(
        Near(PoseOf(result.scene, FindAnimation(result.scene, "AddLocal"), "Root", 0).position,
             delta.position));
}

TEST(AdditivePsax, AnotherSpaceFailsTheImportNamingTheOption) {
    const agf::test::ImportResult result = ImportWith(kPsk, kPsax, "bind", "world");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("IMPORT_ANIMATION_ADDITIVE_SPACE"), std::string::npos)
        << result.error;
}

// ---- UEFormat ----------------------------------------------------------------------------

const std::filesystem::path kKnight = kModels / "ueformat/knight.uemodel";

TEST(AdditiveUeAnim, LocalSpaceOnTheBindPose) {
    const agf::test::ImportResult result =
        ImportWith(kKnight, (kModels / "ueformat/knight_additive_local.ueanim").string(), "bind");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectTargetPose(result.scene, "KnightAdditive");
}

TEST(AdditiveUeAnim, TheFileSaysMeshSpaceAndWins) {
    // The option asks for local space; the file's AdditiveAnimType 2 decides.
    const agf::test::ImportResult result = ImportWith(
        kKnight, (kModels / "ueformat/knight_additive_mesh.ueanim").string(), "bind", "local");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectTargetPose(result.scene, "KnightAdditive");
    EXPECT_EQ(MetadataOf(result.scene, "KnightAdditive", AGF_META_ANIMATION_ADDITIVE_SPACE),
              "mesh");
}

TEST(AdditiveUeAnim, OnTheFrameOfTheBaseTheFileNames) {
    // knight.ueanim (KnightWave) is loaded beside the model; the clip names KnightWave's frame 2.
    const agf::test::ImportResult result = ImportWith(
        kKnight, (kModels / "ueformat/knight_additive_wave.ueanim").string(), "KnightWave");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectTargetPose(result.scene, "KnightAdditive");
    ExpectPose(PoseOf(result.scene, FindAnimation(result.scene, "KnightAdditive"), "Arm", 1),
               gen::KnightPoseAt(gen::kAdditiveBaseFrame, kArm), "Arm");
}

/** A local-space clip whose Arm track holds the bind pose, as CUE4Parse fills the bones an
 *  additive sequence does not animate. */
std::vector<uint8_t> ClipWithReferencePoseTrack() {
    gen::SetWriter body(10);
    body.part("METADATA", [](agf::ByteWriter &out) {
        out.i32(2);
        out.f32(30.0f);
        gen::WriteFString(out, "");
        out.u8(1);
        out.u8(1);
        out.i32(0);
    });
    const gen::Bone &arm = gen::KnightModel().bones[kArm];
    body.array("TRACKS", 1, [&](agf::ByteWriter &out) {
        gen::WriteFString(out, arm.name);
        out.i32(1);
        out.i32(0);
        out.f32(arm.bind.position.x);
        out.f32(-arm.bind.position.y);
        out.f32(arm.bind.position.z);
        out.i32(1);
        out.i32(0);
        out.f32(-arm.bind.rotation.x);
        out.f32(arm.bind.rotation.y);
        out.f32(-arm.bind.rotation.z);
        out.f32(arm.bind.rotation.w);
        out.i32(1);
        out.i32(0);
        out.f32(1);
        out.f32(1);
        out.f32(1);
    });
    gen::FileOptions options;
    options.objectName = "Filled";
    return gen::WriteUeFile("UEANIM", body.bytes(), options);
}

TEST(AdditiveUeAnim, ATrackHoldingTheBindPoseIsNoChange) {
    const std::filesystem::path clip = agf::test::ScratchDir("additive_filled") / "filled.ueanim";
    agf::test::WriteBytes(clip, ClipWithReferencePoseTrack());
    const agf::test::ImportResult result = ImportWith(kKnight, clip.string(), "bind");
    ASSERT_NE(result.scene, nullptr) << result.error;
    ExpectPose(PoseOf(result.scene, FindAnimation(result.scene, "Filled"), "Arm", 0),
               gen::KnightModel().bones[kArm].bind, "Arm");
    const agf::test::ImportWarnings warnings(*result.importer, "uemodel");
    EXPECT_EQ(warnings.count(agf::WarningKind::Adjusted), 1u) << warnings.text();
}

/** A chain of `bones` bones (a triangle, one vertex skinned to the first) and a mesh-space clip
 * that turns the first bone at `frames` distinct frames: restoring it would key every bone at every
 *  frame. */
std::pair<std::vector<uint8_t>, std::vector<uint8_t>> ChainAndLongMeshSpaceClip(int32_t bones,
                                                                                int32_t frames) {
    gen::SetWriter model(10);
    model.array("LODS", 1, [](agf::ByteWriter &out) {
        gen::WriteFString(out, "LOD0");
        gen::SetWriter lod(10);
        lod.array("VERTICES", 3, [](agf::ByteWriter &v) {
            for (float x : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, -1.f, 0.f}) {
                v.f32(x);
            }
        });
        lod.array("INDICES", 3, [](agf::ByteWriter &i) {
            for (uint32_t index : {0u, 1u, 2u}) {
                i.u32(index);
            }
        });
        // Skinned: the mesh then lists every bone of the chain, which makes them the skeleton.
        lod.array("WEIGHTS", 1, [](agf::ByteWriter &w) {
            w.u16(0);
            w.i32(0);
            w.f32(1.0f);
        });
        const std::vector<uint8_t> bytes = lod.bytes();
        out.bytes(bytes.data(), bytes.size());
    });
    model.part("SKELETON", [&](agf::ByteWriter &out) {
        gen::SetWriter skeleton(10);
        skeleton.array("BONES", size_t(bones), [&](agf::ByteWriter &bone) {
            for (int32_t b = 0; b < bones; ++b) {
                gen::WriteFString(bone, "B" + std::to_string(b));
                bone.i32(b - 1);
                for (float v : {0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f}) {
                    bone.f32(v);
                }
            }
        });
        const std::vector<uint8_t> bytes = skeleton.bytes();
        out.bytes(bytes.data(), bytes.size());
    });
    gen::SetWriter clip(10);
    clip.part("METADATA", [&](agf::ByteWriter &out) {
        out.i32(frames);
        out.f32(30.0f);
        gen::WriteFString(out, "");
        out.u8(2);
        out.u8(1);
        out.i32(0);
    });
    clip.array("TRACKS", 1, [&](agf::ByteWriter &out) {
        gen::WriteFString(out, "B0");
        out.i32(0);
        out.i32(frames);
        for (int32_t f = 0; f < frames; ++f) {
            const aiQuaternion turn(aiVector3D(0, 0, 1), 0.001f * float(f));
            out.i32(f);
            for (float v : {turn.x, turn.y, turn.z, turn.w}) {
                out.f32(v);
            }
        }
        out.i32(0);
    });
    gen::FileOptions options;
    options.objectName = "Long";
    return {gen::WriteUeFile("UEMODEL", model.bytes(), options),
            gen::WriteUeFile("UEANIM", clip.bytes(), options)};
}

TEST(AdditiveUeAnim, MeshSpaceBeyondTheKeyLimitIsKeptAsDeltas) {
    const fs::path dir = agf::test::ScratchDir("additive_mesh_limit");
    for (const auto &[frames, restored] :
         {std::make_pair(100, true), std::make_pair(20000, false)}) {
        const auto [model, clip] = ChainAndLongMeshSpaceClip(20, frames);
        agf::test::WriteBytes(dir / "chain.uemodel", model);
        agf::test::WriteBytes(dir / "long.ueanim", clip);
        const agf::test::ImportResult result =
            ImportWith(dir / "chain.uemodel", (dir / "long.ueanim").string(), "bind");
        ASSERT_NE(result.scene, nullptr) << result.error;
        const agf::test::ImportWarnings warnings(*result.importer, "uemodel");
        EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached), restored ? 0u : 1u)
            << frames << " frames: " << warnings.text();
        EXPECT_EQ(MetadataOf(result.scene, "Long", AGF_META_ANIMATION_ADDITIVE_BASE),
                  restored ? "bind" : "none");
        // Restored, every bone below the turned one gets keys; kept, only the turned one.
        EXPECT_EQ(FindAnimation(result.scene, "Long")->mNumChannels, restored ? 20u : 1u);
    }
}

} // namespace
