// The PSA and PSAX writers: PSA -> our importer -> our writer -> our importer gives the same
// sequences and the same keys at every frame; sparse keys are sampled as Assimp's players do;
// the .config carries the tracks the source does not animate; PSAX keeps sparse keys exactly;
// a skinned glb with two animations becomes a PSK and a PSA that load together.
#include "utActorXWriterSupport.h"
#include "utPsaEvaluator.h"
#include "utPskSupport.h"

#include "ActorX/PsaFromScene.h"
#include "PsaModels.h"
#include "PskModels.h"

#include <assimp_gameformats/ImportOptions.h>

#include <limits>

namespace {

using namespace agf::test::writers;
using namespace agf::test::psaeval;
using agf::test::psk::RawPsk;
namespace psa = agf::testgen::psa;

constexpr unsigned kValidate = aiProcess_ValidateDataStructure;

const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes,
                           const char *hint) {
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), kValidate, hint);
}

/** Every channel of every animation of `expected` has its counterpart in `actual` with the same
 *  local transform at every whole tick from 0 to the duration (our PSA scenes: ticks are
 *  frames); the animations have the same names, rates and durations. */
void ExpectSameAnimations(const aiScene &expected, const aiScene &actual, double tolerance = 1e-5) {
    ASSERT_EQ(expected.mNumAnimations, actual.mNumAnimations);
    for (unsigned a = 0; a < expected.mNumAnimations; ++a) {
        const aiAnimation &source = *expected.mAnimations[a];
        const aiAnimation *copy = FindAnimation(actual, source.mName.C_Str());
        ASSERT_NE(copy, nullptr) << source.mName.C_Str();
        EXPECT_DOUBLE_EQ(copy->mTicksPerSecond, source.mTicksPerSecond);
        EXPECT_DOUBLE_EQ(copy->mDuration, source.mDuration);
        EXPECT_EQ(copy->mNumChannels, source.mNumChannels) << source.mName.C_Str();
        for (unsigned c = 0; c < source.mNumChannels; ++c) {
            const aiNodeAnim &channel = *source.mChannels[c];
            const aiNodeAnim *other = FindChannel(*copy, channel.mNodeName.C_Str());
            ASSERT_NE(other, nullptr) << channel.mNodeName.C_Str();
            EXPECT_EQ(other->mNumPositionKeys != 0, channel.mNumPositionKeys != 0);
            EXPECT_EQ(other->mNumRotationKeys != 0, channel.mNumRotationKeys != 0);
            for (double t = 0; t < source.mDuration; t += 1.0) {
                const double difference =
                    MaxDifference(ChannelLocal(channel, t), ChannelLocal(*other, t));
                EXPECT_LT(difference, tolerance)
                    << source.mName.C_Str() << " " << channel.mNodeName.C_Str() << " tick " << t;
            }
        }
    }
}

TEST(PsaWriter, DensePsaRoundTripsKeysAtEveryFrame) {
    for (bool withScale : {true, false}) {
        SCOPED_TRACE(withScale);
        psa::PsaOptions options;
        options.scaleKeys = withScale;
        auto first = agf::test::MakeImporter();
        const aiScene *original = ImportBytes(*first, psa::MakePsa(options), "psa");
        ASSERT_NE(original, nullptr) << first->GetErrorString();
        agf::ExportWarnings warnings;
        const agf::actorx::DensePsa dense = agf::actorx::DensePsaFromScene(*original, {}, warnings);
        EXPECT_TRUE(dense.removals.empty());
        EXPECT_EQ(dense.scales.empty(), !withScale);
        const std::vector<uint8_t> bytes = agf::actorx::SerialisePsa(dense);
        auto second = agf::test::MakeImporter();
        const aiScene *back = ImportBytes(*second, bytes, "psa");
        ASSERT_NE(back, nullptr) << second->GetErrorString();
        ExpectSameAnimations(*original, *back);
        // FirstRawFrame is cumulative; rates and counts as the source's.
        const RawPsk raw(bytes);
        ASSERT_EQ(raw.count("ANIMINFO"), 2u);
        EXPECT_EQ(raw.name("ANIMINFO", 0), "Walk");
        EXPECT_EQ(raw.i32("ANIMINFO", 0, 160), 0);
        EXPECT_EQ(raw.i32("ANIMINFO", 0, 164), 3);
        EXPECT_EQ(raw.i32("ANIMINFO", 1, 160), 3);
        EXPECT_EQ(raw.i32("ANIMINFO", 1, 164), 5);
        EXPECT_FLOAT_EQ(raw.f32("ANIMINFO", 1, 152), 24.0f);
        EXPECT_EQ(raw.count("ANIMKEYS"), (3u + 5u) * 4u);
        EXPECT_TRUE(raw.has("SCALEKEYS"));
        EXPECT_EQ(raw.count("SCALEKEYS"), withScale ? raw.count("ANIMKEYS") : 0u);
    }
}

TEST(PsaWriter, ConfigCarriesTheTracksTheSourceDoesNotAnimate) {
    const std::filesystem::path dir = agf::test::ScratchDir("psa_writer_config");
    agf::test::WriteBytes(dir / "anim.psa", psa::MakePsa(psa::PsaOptions()));
    const std::string config = psa::MakePsaConfigText();
    agf::test::WriteText(dir / "anim.config", config);
    agf::test::ImportResult original = agf::test::ImportValidated(dir / "anim.psa");
    ASSERT_NE(original.scene, nullptr) << original.error;
    ASSERT_TRUE(ExportWithOurs(original.scene, "psa", dir / "copy.psa"));
    const std::string written = agf::test::ReadText(dir / "copy.config");
    EXPECT_NE(written.find("Walk.2=trans"), std::string::npos) << written;
    EXPECT_NE(written.find("Run.1=rot"), std::string::npos) << written;
    EXPECT_NE(written.find("Walk.3=all"), std::string::npos) << written;
    agf::test::ImportResult back = agf::test::ImportValidated(dir / "copy.psa");
    ASSERT_NE(back.scene, nullptr) << back.error;
    ExpectSameAnimations(*original.scene, *back.scene);
}

TEST(PsaWriter, PsaxKeepsSparseKeysExactly) {
    auto first = agf::test::MakeImporter();
    const aiScene *original = ImportBytes(*first, psa::MakePsax(psa::PsaxOptions()), "psax");
    ASSERT_NE(original, nullptr) << first->GetErrorString();
    agf::ExportWarnings warnings;
    const std::vector<uint8_t> bytes =
        agf::actorx::SerialisePsax(agf::actorx::SparsePsaFromScene(*original, {}, warnings));
    auto second = agf::test::MakeImporter();
    const aiScene *back = ImportBytes(*second, bytes, "psax");
    ASSERT_NE(back, nullptr) << second->GetErrorString();
    ASSERT_EQ(back->mNumAnimations, original->mNumAnimations);
    for (unsigned a = 0; a < original->mNumAnimations; ++a) {
        const aiAnimation &source = *original->mAnimations[a];
        const aiAnimation *copy = FindAnimation(*back, source.mName.C_Str());
        ASSERT_NE(copy, nullptr);
        EXPECT_DOUBLE_EQ(copy->mTicksPerSecond, source.mTicksPerSecond);
        EXPECT_DOUBLE_EQ(copy->mDuration, source.mDuration);
        ASSERT_EQ(copy->mNumChannels, source.mNumChannels);
        for (unsigned c = 0; c < source.mNumChannels; ++c) {
            const aiNodeAnim &channel = *source.mChannels[c];
            const aiNodeAnim *other = FindChannel(*copy, channel.mNodeName.C_Str());
            ASSERT_NE(other, nullptr);
            ASSERT_EQ(other->mNumPositionKeys, channel.mNumPositionKeys);
            ASSERT_EQ(other->mNumRotationKeys, channel.mNumRotationKeys);
            for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
                EXPECT_EQ(other->mPositionKeys[k].mTime, channel.mPositionKeys[k].mTime);
                EXPECT_EQ(other->mPositionKeys[k].mValue, channel.mPositionKeys[k].mValue);
            }
            for (unsigned k = 0; k < channel.mNumRotationKeys; ++k) {
                EXPECT_EQ(other->mRotationKeys[k].mTime, channel.mRotationKeys[k].mTime);
                const aiQuaternion &p = other->mRotationKeys[k].mValue;
                const aiQuaternion &q = channel.mRotationKeys[k].mValue;
                EXPECT_NEAR(std::fabs(p.x * q.x + p.y * q.y + p.z * q.z + p.w * q.w), 1.0, 1e-6);
            }
        }
    }
    EXPECT_EQ(agf::test::psk::RawChunks(bytes).front().id, "ANIXHEAD");
}

TEST(PsaWriter, SparseKeysAreSampledLikeAssimp) {
    // The sparse PSAX, written dense: every frame equals an independent lerp/slerp of the keys.
    auto first = agf::test::MakeImporter();
    const aiScene *original = ImportBytes(*first, psa::MakePsax(psa::PsaxOptions()), "psax");
    ASSERT_NE(original, nullptr) << first->GetErrorString();
    agf::ExportWarnings warnings;
    const std::vector<uint8_t> bytes =
        agf::actorx::SerialisePsa(agf::actorx::DensePsaFromScene(*original, {}, warnings));
    auto second = agf::test::MakeImporter();
    const aiScene *back = ImportBytes(*second, bytes, "psa");
    ASSERT_NE(back, nullptr) << second->GetErrorString();
    size_t compared = 0;
    for (unsigned a = 0; a < original->mNumAnimations; ++a) {
        const aiAnimation &source = *original->mAnimations[a];
        const aiAnimation *copy = FindAnimation(*back, source.mName.C_Str());
        ASSERT_NE(copy, nullptr);
        EXPECT_DOUBLE_EQ(copy->mDuration, source.mDuration);
        for (unsigned c = 0; c < source.mNumChannels; ++c) {
            const aiNodeAnim &channel = *source.mChannels[c];
            const aiNodeAnim *other = FindChannel(*copy, channel.mNodeName.C_Str());
            ASSERT_NE(other, nullptr);
            for (double t = 0; t < source.mDuration; t += 1.0) {
                if (channel.mNumScalingKeys == 0) {
                    continue; // its scale is the rest value, not the channel's
                }
                EXPECT_LT(MaxDifference(ChannelLocal(channel, t), ChannelLocal(*other, t)), 1e-5)
                    << channel.mNodeName.C_Str() << " " << t;
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 10u);
}

TEST(PsaWriter, SamplesRoundTrip) {
    for (const char *name :
         {"grunt_hh_grabplayer_crouch_SEQ0.psa", "pendulum.psa", "skbronzechestAnims.psa"}) {
        SCOPED_TRACE(name);
        AGF_REQUIRE_SAMPLE(path, std::string("actorx/") + name);
        auto first = agf::test::MakeImporter();
        const aiScene *original = first->ReadFile(path.string(), kValidate);
        ASSERT_NE(original, nullptr) << first->GetErrorString();
        agf::ExportWarnings warnings;
        const agf::actorx::DensePsa dense = agf::actorx::DensePsaFromScene(*original, {}, warnings);
        const std::vector<uint8_t> bytes = agf::actorx::SerialisePsa(dense);
        auto second = agf::test::MakeImporter();
        const aiScene *back = ImportBytes(*second, bytes, "psa");
        ASSERT_NE(back, nullptr) << second->GetErrorString();
        ExpectSameAnimations(*original, *back, 1e-4);
        const RawPsk raw(bytes);
        int32_t next = 0;
        for (size_t s = 0; s < raw.count("ANIMINFO"); ++s) {
            EXPECT_EQ(raw.i32("ANIMINFO", s, 160), next);
            next += raw.i32("ANIMINFO", s, 164);
        }
    }
}

TEST(PsaWriter, SkinnedGlbWithTwoAnimationsBecomesPskAndPsa) {
    const std::filesystem::path dir = agf::test::ScratchDir("psa_writer_glb");
    agf::test::WriteBytes(dir / "box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    agf::test::WriteBytes(dir / "moves.psa", psa::MakePsa(psa::PsaOptions()));
    agf::test::ImportResult source =
        agf::test::ImportValidated(dir / "box.psk", [&](Assimp::Importer &i) {
            i.SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES,
                                (dir / "moves.psa").string());
        });
    ASSERT_NE(source.scene, nullptr) << source.error;
    ASSERT_EQ(source.scene->mNumAnimations, 2u);
    ASSERT_TRUE(ExportWithOurs(source.scene, "glb2", dir / "box.glb"));
    agf::test::ImportResult glb = agf::test::ImportValidated(dir / "box.glb");
    ASSERT_NE(glb.scene, nullptr) << glb.error;
    ASSERT_EQ(glb.scene->mNumAnimations, 2u);
    // As our command does after every import: glTF extras come back as nested metadata, which
    // Assimp's scene copy (every export) cannot take.
    agf::FlattenNestedMetadata(const_cast<aiScene &>(*glb.scene));
    std::filesystem::create_directories(dir / "out");
    ASSERT_TRUE(ExportWithOurs(glb.scene, "psk", dir / "out" / "box.psk"));
    ASSERT_TRUE(ExportWithOurs(glb.scene, "psa", dir / "out" / "box.psa"));
    // The PSK importer loads box.psa next to box.psk by itself.
    agf::test::ImportResult back = agf::test::ImportValidated(dir / "out" / "box.psk");
    ASSERT_NE(back.scene, nullptr) << back.error;
    ExpectSameSkeleton(source.scene, back.scene, BoneNames(source.scene), 1e-3f);
    ASSERT_EQ(back.scene->mNumAnimations, 2u);
    for (const char *name : {"Walk", "Run"}) {
        const aiAnimation *a = FindAnimation(*source.scene, name);
        const aiAnimation *b = FindAnimation(*back.scene, name);
        ASSERT_NE(a, nullptr);
        ASSERT_NE(b, nullptr) << name;
        EXPECT_NEAR(b->mDuration / b->mTicksPerSecond, a->mDuration / a->mTicksPerSecond, 1e-4);
        EXPECT_EQ(b->mNumChannels, a->mNumChannels);
        for (unsigned c = 0; c < a->mNumChannels; ++c) {
            const aiNodeAnim *other = FindChannel(*b, a->mChannels[c]->mNodeName.C_Str());
            ASSERT_NE(other, nullptr) << a->mChannels[c]->mNodeName.C_Str();
            for (double t = 0; t < a->mDuration; t += 1.0) {
                const double seconds = t / a->mTicksPerSecond;
                EXPECT_LT(MaxDifference(ChannelLocal(*a->mChannels[c], t),
                                        ChannelLocal(*other, seconds * b->mTicksPerSecond)),
                          1e-3)
                    << name << " " << other->mNodeName.C_Str() << " " << t;
            }
        }
    }
}

TEST(PsaWriter, HostileAnimationsFailOrAreRepairedWithAWarning) {
    auto first = agf::test::MakeImporter();
    const aiScene *original = ImportBytes(*first, psa::MakePsa(psa::PsaOptions()), "psa");
    ASSERT_NE(original, nullptr) << first->GetErrorString();
    aiScene &scene = const_cast<aiScene &>(*original); // ours to change: the importer's copy
    aiNodeAnim &channel = *scene.mAnimations[0]->mChannels[1];
    channel.mPositionKeys[1].mValue.x = std::numeric_limits<float>::quiet_NaN();
    channel.mRotationKeys[2].mTime = std::numeric_limits<double>::infinity();
    agf::ExportWarnings warnings;
    const agf::actorx::DensePsa dense = agf::actorx::DensePsaFromScene(scene, {}, warnings);
    // The NaN position is written as the rest pose, the key at an infinite time left out.
    EXPECT_EQ(
        agf::test::CountWarnings(warnings.entries(), agf::WarningKind::InvalidValue, "ANIMKEYS"),
        2u);
    for (const agf::actorx::PsaKeyRecord &key : dense.keys) {
        EXPECT_TRUE(std::isfinite(key.position.x) && std::isfinite(key.orientation.w));
    }
    // A duration of a trillion ticks would need a file of terabytes: refused up front.
    scene.mAnimations[1]->mDuration = 1e12;
    try {
        agf::actorx::DensePsaFromScene(scene, {}, warnings);
        FAIL() << "no error";
    } catch (const agf::ExportError &error) {
        EXPECT_NE(std::string(error.what()).find("EXPORT_PSA_FPS"), std::string::npos)
            << error.what();
    }
}

TEST(PsaWriter, SceneWithoutAnimationIsAClearError) {
    auto first = agf::test::MakeImporter();
    const aiScene *box = agf::test::psk::ImportPsk(
        *first, agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    ASSERT_NE(box, nullptr);
    agf::ExportWarnings warnings;
    EXPECT_THROW(agf::actorx::DensePsaFromScene(*box, {}, warnings), agf::ExportError);
    EXPECT_FALSE(ExportWithOurs(box, "psa", agf::test::ScratchDir("psa_writer_none") / "n.psa"));
}

} // namespace
