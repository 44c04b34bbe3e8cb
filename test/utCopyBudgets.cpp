// Small files whose bytes an aiScene must copy many times: a morph frame of a few bytes becomes a
// full copy of its mesh's vertices, and PSA sequences sharing their frames a copy of the keys
// each, and PSW actors sharing material records a copy of them each. Such files import within
// AllocationBound (ImportLimits.h), the copies that do not fit left out with a LimitReached
// warning.
#include "AllocationCounter.h"
#include "PswWorldWriter.h"
#include "utIdolFxSupport.h"

#include "ActorX/ActorXChunkWriter.h"
#include "Common/CopyBudget.h"

namespace {

namespace gen = agf::testgen::idolfx;

// One submesh of three points and `triangles` triangles, each corner with a UV of its own, so
// that the scene's mesh has 3 * triangles vertices; `frames` morph frames move the three points.
gen::AnbSpec ManyCornersFewPoints(uint16_t triangles, size_t frames) {
    gen::AnbSubmeshSpec submesh;
    submesh.basePoints = {{0, 0, 0, 0, 1, 0}, {1, 0, 0, 0, 1, 0}, {0, 0, 1, 0, 1, 0}};
    for (uint16_t t = 0; t < triangles; ++t) {
        submesh.triangles.push_back({0, 1, 2});
        const auto first = static_cast<uint16_t>(3 * t);
        submesh.uvTriangles.push_back(
            {first, static_cast<uint16_t>(first + 1), static_cast<uint16_t>(first + 2)});
        for (int corner = 0; corner < 3; ++corner) {
            submesh.uvs.push_back({float(t) / triangles, float(corner) / 3});
        }
    }
    for (size_t f = 0; f < frames; ++f) {
        std::vector<std::array<float, 6>> points = submesh.basePoints;
        points[0][1] = float(f + 1);
        submesh.frames.push_back(points);
    }
    gen::AnbSpec spec;
    spec.submeshes.push_back(submesh);
    return spec;
}

// Imports `bytes` as a file of `extension`, validated; the peak of what the import allocated.
const aiScene *ImportMeasured(Assimp::Importer &importer, const std::vector<uint8_t> &bytes,
                              const char *extension, size_t &peakBytes) {
    agf::test::AllocationPeak peak;
    const aiScene *scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(),
                                                       aiProcess_ValidateDataStructure, extension);
    peakBytes = peak.peakBytes();
    return scene;
}

} // namespace

TEST(CopyBudgets, AnbFramesOfAMeshWithManyCornersStayWithinTheBound) {
    constexpr size_t kFrames = 1000;
    const std::vector<uint8_t> bytes = gen::WriteAnb(ManyCornersFewPoints(2000, kFrames));
    // Every frame in full would be 6000 vertices of position and normal: 288 MB for 150 KB.
    ASSERT_GT(kFrames * 6000 * 24, 20 * agf::test::AllocationBound(bytes.size()));
    auto importer = agf::test::MakeImporter();
    size_t peakBytes = 0;
    const aiScene *scene = ImportMeasured(*importer, bytes, "anb", peakBytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_LE(peakBytes, agf::test::AllocationBound(bytes.size())) << bytes.size() << " bytes";
    ASSERT_EQ(scene->mNumMeshes, 1u);
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_EQ(mesh->mNumVertices, 6000u);
    // What the budget holds: more than a few frames, fewer than all.
    const size_t budget =
        bytes.size() * agf::CopyBudget::kBytesPerInputByte + agf::CopyBudget::kSlackBytes;
    EXPECT_GT(mesh->mNumAnimMeshes, budget / (6000 * 24) / 4);
    EXPECT_LT(mesh->mNumAnimMeshes, kFrames);
    ASSERT_EQ(scene->mNumAnimations, 1u);
    ASSERT_EQ(scene->mAnimations[0]->mNumMorphMeshChannels, 1u);
    EXPECT_EQ(scene->mAnimations[0]->mMorphMeshChannels[0]->mNumKeys, mesh->mNumAnimMeshes + 1);
    // The frames kept are the first ones, in order.
    for (unsigned f = 0; f < mesh->mNumAnimMeshes; ++f) {
        EXPECT_EQ(std::string(mesh->mAnimMeshes[f]->mName.C_Str()),
                  "frame" + std::to_string(f + 1));
    }
    const agf::test::ImportWarnings warnings(*importer, "anb");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "submesh 0"), 1u) << warnings.text();
}

TEST(CopyBudgets, AnbWithinTheBudgetKeepsEveryFrame) {
    const std::vector<uint8_t> bytes = gen::WriteAnb(ManyCornersFewPoints(20, 50));
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFileFromMemory(bytes.data(), bytes.size(),
                                                        aiProcess_ValidateDataStructure, "anb");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, 50u);
    const agf::test::ImportWarnings warnings(*importer, "anb");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached), 0u) << warnings.text();
}

namespace {

// One bone, `frames` frames of keys, and `sequences` ANIMINFO records that each cover them all.
std::vector<uint8_t> OverlappingPsa(size_t frames, size_t sequences) {
    agf::actorx::ChunkWriter out;
    out.begin("ANIMHEAD", 0, 0);
    out.end();
    out.begin("BONENAMES", 120, 1);
    out.name("Root", 64);
    out.u32(0);  // flags
    out.u32(0);  // children
    out.i32(-1); // parent
    out.float4({0, 0, 0, 1});
    out.float3({0, 0, 0});
    out.f32(1);
    out.float3({1, 1, 1});
    out.end();
    out.begin("ANIMINFO", 168, sequences);
    for (size_t s = 0; s < sequences; ++s) {
        out.name("Seq" + std::to_string(s), 64);
        out.name("", 64);
        out.i32(1); // bones
        out.i32(0);
        out.i32(0);
        out.i32(0);
        out.i32(0);
        out.f32(float(frames));
        out.f32(30);
        out.i32(0);
        out.i32(0); // FirstRawFrame
        out.i32(static_cast<int32_t>(frames));
    }
    out.end();
    out.begin("ANIMKEYS", 32, frames);
    for (size_t f = 0; f < frames; ++f) {
        out.float3({float(f), 0, 0});
        out.float4({0, 0, 0, 1});
        out.f32(1);
    }
    out.end();
    return out.take();
}

} // namespace

TEST(CopyBudgets, PsaSequencesSharingTheirKeysStayWithinTheBound) {
    constexpr size_t kSequences = 2000;
    const std::vector<uint8_t> bytes = OverlappingPsa(2000, kSequences);
    // Every sequence in full would be 4 million keys of 72 bytes: 288 MB for 400 KB.
    auto importer = agf::test::MakeImporter();
    size_t peakBytes = 0;
    const aiScene *scene = ImportMeasured(*importer, bytes, "psa", peakBytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_LE(peakBytes, agf::test::AllocationBound(bytes.size())) << bytes.size() << " bytes";
    // Four times the keys are kept at least, in the file's order.
    EXPECT_GE(scene->mNumAnimations, 4u);
    EXPECT_LT(scene->mNumAnimations, kSequences);
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        EXPECT_EQ(std::string(scene->mAnimations[a]->mName.C_Str()), "Seq" + std::to_string(a));
    }
    const agf::test::ImportWarnings warnings(*importer, "psa");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "ANIMINFO"), 1u) << warnings.text();
}

TEST(CopyBudgets, PsaSequencesSharingAFewKeysAreAllKept) {
    const std::vector<uint8_t> bytes = OverlappingPsa(10, 3);
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFileFromMemory(bytes.data(), bytes.size(),
                                                        aiProcess_ValidateDataStructure, "psa");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumAnimations, 3u);
    const agf::test::ImportWarnings warnings(*importer, "psa");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached), 0u) << warnings.text();
}

TEST(CopyBudgets, PswActorsSharingMaterialRecordsStayWithinTheBound) {
    namespace world = agf::testgen::pswgen;
    world::WorldSpec spec;
    spec.version = world::Version::V3;
    constexpr int32_t kRecords = 1000;
    for (int32_t r = 0; r < kRecords; ++r) {
        spec.actorMaterials.push_back(
            {"Slot" + std::to_string(r), "/Game/" + std::string(200, 'M') + std::to_string(r)});
    }
    constexpr size_t kActors = 2000;
    for (size_t a = 0; a < kActors; ++a) {
        world::ActorSpec actor;
        actor.name = "Actor" + std::to_string(a);
        actor.materialStart = 0;
        actor.materialCount = kRecords;
        spec.actors.push_back(actor);
    }
    const std::vector<uint8_t> bytes = world::WriteWorld(spec);
    // Every actor with a copy of every record: 2 million assignments of some 300 bytes each.
    auto importer = agf::test::MakeImporter();
    size_t peakBytes = 0;
    const aiScene *scene = ImportMeasured(*importer, bytes, "psw", peakBytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_LE(peakBytes, agf::test::AllocationBound(bytes.size())) << bytes.size() << " bytes";
    const agf::test::ImportWarnings warnings(*importer, "psw");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "ACTORMATERIALS"), 1u)
        << warnings.text();
}
