// The PSK writer: PSK -> our importer -> our writer -> our importer keeps every face corner
// (position, normal, UVs, colour, weights, morphs), the skeleton and the sockets; the same with
// glb and FBX in the middle; and the real samples.
#include "utActorXWriterSupport.h"
#include "utPskSupport.h"

#include "ActorX/UnrealRotator.h"
#include "PskModels.h"

namespace {

using namespace agf::test::writers;
using agf::test::psk::ImportPsk;
using agf::test::psk::RawPsk;
namespace gen = agf::testgen::psk;

/** The box, with two sockets (one on a bone, one on the mesh). */
gen::PskContent BoxWithSockets() {
    gen::PskContent content = gen::SkinnedBox();
    content.sockets = {{"Muzzle", "Head", {10, 5, 2}, 10, 90, -20, {1, 1, 1}},
                       {"Floor", "", {0, 3, -1}, 30, 0, 0, {2, 2, 2}}};
    return content;
}

const std::vector<std::string> kBoxNodes = {"Root", "Spine", "Head", "Muzzle", "Floor"};

/** PSK bytes -> import -> our writer -> import; both scenes kept by `first` and `second`. */
struct RoundTrip {
    std::unique_ptr<Assimp::Importer> first = agf::test::MakeImporter();
    std::unique_ptr<Assimp::Importer> second = agf::test::MakeImporter();
    const aiScene *original = nullptr;
    const aiScene *back = nullptr;
    agf::ExportWarnings warnings;
    std::vector<uint8_t> written;

    explicit RoundTrip(const std::vector<uint8_t> &psk) {
        original = ImportPsk(*first, psk);
        EXPECT_NE(original, nullptr) << first->GetErrorString();
        if (original == nullptr) {
            return;
        }
        written = WritePskBytes(*original, warnings);
        back = ImportPsk(*second, written);
        EXPECT_NE(back, nullptr) << second->GetErrorString();
    }
};

TEST(PskWriter, BoxKeepsEveryCornerBoneAndSocket) {
    RoundTrip trip(gen::WritePsk(BoxWithSockets()));
    ASSERT_NE(trip.back, nullptr);
    ExpectSameTriangles(trip.original, trip.back);
    ExpectSameSkeleton(trip.original, trip.back, kBoxNodes);
    EXPECT_TRUE(trip.warnings.empty()) << trip.warnings.entries().front().text();
    // Socket metadata survives, and the socket on the mesh stays under the root node.
    const aiNode *floor = trip.back->mRootNode->FindNode("Floor");
    ASSERT_NE(floor, nullptr);
    EXPECT_EQ(floor->mParent, trip.back->mRootNode);
    bool socket = false;
    EXPECT_TRUE(floor->mMetaData != nullptr && floor->mMetaData->Get("PSK.Socket", socket) &&
                socket);
}

TEST(PskWriter, BoxFileHoldsTheExpectedChunksAndValues) {
    RoundTrip trip(gen::WritePsk(BoxWithSockets()));
    ASSERT_NE(trip.back, nullptr);
    const RawPsk raw(trip.written);
    std::vector<std::string> ids;
    for (const auto &chunk : raw.chunks()) {
        ids.push_back(chunk.id);
    }
    const std::vector<std::string> expected = {
        "ACTRHEAD", "PNTS0000",    "VTXW0000",  "FACE0000",  "MATT0000", "REFSKELT", "RAWWEIGHTS",
        "VTXNORMS", "VERTEXCOLOR", "EXTRAUVS0", "EXTRAUVS1", "MRPHINFO", "MRPHDATA", "SKELSOCK"};
    EXPECT_EQ(ids, expected);
    // Every chunk has the record size of the specification and covers the file exactly.
    size_t end = 0;
    for (const auto &chunk : raw.chunks()) {
        end = chunk.payloadOffset + chunk.recordSize * size_t(chunk.dataCount);
    }
    EXPECT_EQ(end, trip.written.size());
    // The box's 8 corners are 8 points only where position, normal and weights agree: flat
    // sides give every corner three normals, so 24 points.
    EXPECT_EQ(raw.count("PNTS0000"), 24u);
    EXPECT_EQ(raw.count("VTXW0000"), 24u);
    EXPECT_EQ(raw.count("FACE0000"), 12u);
    EXPECT_EQ(raw.count("MATT0000"), 2u);
    EXPECT_EQ(raw.name("MATT0000", 0), "BoxSides");
    EXPECT_EQ(raw.name("REFSKELT", 0), "Root");
    EXPECT_EQ(raw.i32("REFSKELT", 0, 72), 0); // root parent 0, as ActorX writes it
    EXPECT_EQ(raw.i32("REFSKELT", 2, 72), 1);
    // Bone 0 is stored as is: +90 degrees about Z; Spine conjugated: (-s, 0, 0, s).
    EXPECT_NEAR(raw.f32("REFSKELT", 0, 76 + 8), 0.70710678f, 1e-6f);
    EXPECT_NEAR(raw.f32("REFSKELT", 1, 76), -0.70710678f, 1e-6f);
    EXPECT_EQ(raw.name("MRPHINFO", 0), "Stretch");
    EXPECT_EQ(raw.name("SKELSOCK", 0), "Muzzle");
    EXPECT_EQ(raw.name("SKELSOCK", 0, 64), "Head");
    // SKELSOCK is raw UE space: location and rotator as the generator wrote them.
    EXPECT_NEAR(raw.f32("SKELSOCK", 0, 132), 5.0f, 1e-4f);
    EXPECT_NEAR(raw.f32("SKELSOCK", 0, 140), 10.0f, 1e-3f);  // pitch
    EXPECT_NEAR(raw.f32("SKELSOCK", 0, 144), 90.0f, 1e-3f);  // yaw
    EXPECT_NEAR(raw.f32("SKELSOCK", 0, 148), -20.0f, 1e-3f); // roll
    // Weights of every point sum to 1.
    std::map<int32_t, float> sums;
    for (size_t w = 0; w < raw.count("RAWWEIGHTS"); ++w) {
        sums[raw.i32("RAWWEIGHTS", w, 4)] += raw.f32("RAWWEIGHTS", w, 0);
    }
    EXPECT_EQ(sums.size(), 24u);
    for (const auto &[point, sum] : sums) {
        EXPECT_NEAR(sum, 1.0f, 1e-6f) << point;
    }
}

TEST(PskWriter, TetrahedronWithNormalsMorphsAndBgraColours) {
    gen::PskContent content = gen::Face3200Tetrahedron();
    RoundTrip trip(gen::WritePsk(content));
    ASSERT_NE(trip.back, nullptr);
    ExpectSameTriangles(trip.original, trip.back);
    ExpectSameSkeleton(trip.original, trip.back, {"root", "tip"});
    // Our own file has only four wedges: FACE0000 (FACE3200 is for more than 65,536).
    const RawPsk raw(trip.written);
    EXPECT_TRUE(raw.has("FACE0000"));
    EXPECT_EQ(raw.count("MRPHINFO"), 2u);
    // Pull moves point 3 by (0, 4, 2) in raw UE space: written back the same.
    EXPECT_NEAR(raw.f32("MRPHDATA", 0, 4), 4.0f, 1e-5f);
    EXPECT_NEAR(raw.f32("MRPHDATA", 0, 8), 2.0f, 1e-5f);
}

TEST(PskWriter, RotatorConversionInvertsTheImporters) {
    for (float pitch : {-89.0f, -45.0f, 0.0f, 30.0f, 89.5f}) {
        for (float yaw : {-170.0f, 0.0f, 90.0f, 135.0f}) {
            for (float roll : {-90.0f, 0.0f, 12.5f, 179.0f}) {
                const aiQuaternion q = agf::actorx::RotatorToQuaternion({pitch, yaw, roll});
                const agf::actorx::UnrealRotator back = agf::actorx::QuaternionToRotator(q);
                const aiQuaternion again = agf::actorx::RotatorToQuaternion(back);
                const float dot = q.x * again.x + q.y * again.y + q.z * again.z + q.w * again.w;
                EXPECT_NEAR(std::fabs(dot), 1.0f, 1e-6f) << pitch << " " << yaw << " " << roll;
                EXPECT_NEAR(back.pitch, pitch, 1e-2f);
            }
        }
    }
    // Gimbal lock: the rotation survives even though yaw and roll are not unique.
    const aiQuaternion locked = agf::actorx::RotatorToQuaternion({90, 30, 10});
    const aiQuaternion again =
        agf::actorx::RotatorToQuaternion(agf::actorx::QuaternionToRotator(locked));
    EXPECT_NEAR(std::fabs(locked.x * again.x + locked.y * again.y + locked.z * again.z +
                          locked.w * again.w),
                1.0f, 1e-5f);
}

/** PSK -> import -> `format` with our exporter -> import -> our PSK writer -> import. */
const aiScene *ThroughFormat(const aiScene *original, const std::string &format,
                             const std::string &extension, Assimp::Importer &middle,
                             Assimp::Importer &last, const std::string &name) {
    const std::filesystem::path dir = agf::test::ScratchDir("psk_writer_" + name);
    const std::filesystem::path between = dir / ("model." + extension);
    EXPECT_TRUE(ExportWithOurs(original, format, between)) << format;
    const aiScene *scene = middle.ReadFile(between.string(), aiProcess_ValidateDataStructure);
    EXPECT_NE(scene, nullptr) << middle.GetErrorString();
    if (scene == nullptr) {
        return nullptr;
    }
    // As our command does after every import (glTF extras come back nested).
    agf::FlattenNestedMetadata(const_cast<aiScene &>(*scene));
    const std::filesystem::path psk = dir / "back.psk";
    EXPECT_TRUE(ExportWithOurs(scene, "psk", psk));
    const aiScene *back = last.ReadFile(psk.string(), aiProcess_ValidateDataStructure);
    EXPECT_NE(back, nullptr) << last.GetErrorString();
    return back;
}

TEST(PskWriter, BoxThroughGlbAndFbx) {
    auto first = agf::test::MakeImporter();
    const aiScene *original = ImportPsk(*first, gen::WritePsk(BoxWithSockets()));
    ASSERT_NE(original, nullptr);
    for (const std::string format : {"glb2", "fbx"}) {
        SCOPED_TRACE(format);
        auto middle = agf::test::MakeImporter();
        auto last = agf::test::MakeImporter();
        const std::string extension = format == "fbx" ? "fbx" : "glb";
        const aiScene *back = ThroughFormat(original, format, extension, *middle, *last, format);
        ASSERT_NE(back, nullptr);
        CornerChecks checks;
        checks.tolerance = 1e-3f;
        checks.morphNamesReadFromFbx = format == "fbx";
        ExpectSameTriangles(original, back, checks);
        ExpectSameSkeleton(original, back, kBoxNodes, 1e-3f);
        // The socket comes back as a socket: its metadata travels as glTF extras or FBX user
        // properties.
        const aiNode *muzzle = back->mRootNode->FindNode("Muzzle");
        bool socket = false;
        EXPECT_TRUE(muzzle != nullptr && muzzle->mMetaData != nullptr &&
                    muzzle->mMetaData->Get("PSK.Socket", socket) && socket);
    }
}

TEST(PskWriter, SlurpSampleKeepsEveryCorner) {
    AGF_REQUIRE_SAMPLE(path, "actorx/Slurp_Monster_Axe_LOD0.psk");
    auto first = agf::test::MakeImporter();
    const aiScene *original = first->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(original, nullptr) << first->GetErrorString();
    agf::ExportWarnings warnings;
    auto second = agf::test::MakeImporter();
    const aiScene *back = ImportPsk(*second, WritePskBytes(*original, warnings));
    ASSERT_NE(back, nullptr) << second->GetErrorString();
    ExpectSameTriangles(original, back);
    ExpectSameSkeleton(original, back, BoneNames(original));
    EXPECT_EQ(back->mMeshes[0]->mNumAnimMeshes, 5u);
}

TEST(PskWriter, SlurpSampleThroughGlbAndFbx) {
    AGF_REQUIRE_SAMPLE(path, "actorx/Slurp_Monster_Axe_LOD0.psk");
    auto first = agf::test::MakeImporter();
    const aiScene *original = first->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(original, nullptr) << first->GetErrorString();
    for (const char *format : {"glb2", "fbx"}) {
        SCOPED_TRACE(format);
        auto middle = agf::test::MakeImporter();
        auto last = agf::test::MakeImporter();
        const std::string extension = std::string(format) == "fbx" ? "fbx" : "glb";
        const aiScene *back = ThroughFormat(original, format, extension, *middle, *last,
                                            std::string("slurp_") + format);
        ASSERT_NE(back, nullptr);
        CornerChecks checks;
        checks.tolerance = 2e-3f; // centimetres, through metres and back
        checks.morphs = true;
        checks.morphNamesReadFromFbx = std::string(format) == "fbx";
        ExpectSameTriangles(original, back, checks);
        ExpectSameSkeleton(original, back, BoneNames(original), 2e-3f);
    }
}

TEST(PskWriter, EverySampleRoundTrips) {
    for (const char *name : {"Bat.psk", "Grunt_Preview_LOD0.psk", "MAXIM_TURRET_EXT.psk",
                             "Suzanne.psk", "examplemesh.psk", "skbronzechestMesh.psk"}) {
        SCOPED_TRACE(name);
        AGF_REQUIRE_SAMPLE(path, std::string("actorx/") + name);
        auto first = agf::test::MakeImporter();
        first->SetPropertyBool(AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, true);
        const aiScene *original = first->ReadFile(path.string(), aiProcess_ValidateDataStructure);
        ASSERT_NE(original, nullptr) << first->GetErrorString();
        agf::ExportWarnings warnings;
        auto second = agf::test::MakeImporter();
        const aiScene *back = ImportPsk(*second, WritePskBytes(*original, warnings));
        ASSERT_NE(back, nullptr) << second->GetErrorString();
        ExpectSameTriangles(original, back);
        ExpectSameSkeleton(original, back, BoneNames(original));
    }
}

} // namespace
