// PSK import split over threads (#18): a generated grid large enough for every split (the
// parser's bulk chunks, the weight grouping beside the vertex split, the face normals, the
// meshes and their skins) must give the same scene, bit for bit, with any thread count, and a
// bad record must fail with the same error whichever thread meets it.
#include "utPskGrid.h"

namespace {

using namespace agf::test::psk;

TEST(PskThreads, AnyThreadCountGivesTheSameScene) {
    for (const bool withNormals : {false, true}) {
        SCOPED_TRACE(withNormals ? "VTXNORMS" : "smoothing groups");
        const std::vector<uint8_t> bytes = gen::WritePsk(ThreadGrid(withNormals));
        auto single = ImporterWithThreads(1);
        const aiScene *expected = ImportPsk(*single, bytes);
        ASSERT_NE(expected, nullptr) << single->GetErrorString();
        // Meshes 0 to 2 from the MATT0000 materials, one more for the faces past them.
        ASSERT_EQ(expected->mNumMeshes, 4u);
        ASSERT_EQ(expected->mNumMaterials, 4u);
        unsigned vertices = 0;
        for (unsigned m = 0; m < expected->mNumMeshes; ++m) {
            vertices += expected->mMeshes[m]->mNumVertices;
            EXPECT_EQ(expected->mMeshes[m]->mNumBones, kBones);
            EXPECT_EQ(expected->mMeshes[m]->mNumAnimMeshes, 1u);
        }
        if (!withNormals) {
            // Wedges split by normal, and shared by meshes of different materials.
            EXPECT_GT(vertices, kSide * kSide + 10000);
        }
        for (const int threads : {2, 3, 4}) {
            auto importer = ImporterWithThreads(threads);
            const aiScene *actual = ImportPsk(*importer, bytes);
            ASSERT_NE(actual, nullptr) << importer->GetErrorString();
            ExpectSameMeshes(expected, actual, threads);
        }
    }
}

// Side by side, the faces are grouped by material beside the skin while the vertex side sums
// the smoothing groups, and the vertex side waits for the groups before it files a triangle.
// With every face flat there is nothing to sum, so it reaches that point at once.
TEST(PskThreads, FlatFacesWaitForTheirGroupsBeforeTheyAreFiled) {
    gen::PskContent flat = ThreadGrid(false);
    for (auto &face : flat.faces) {
        face.smoothingGroups = 0;
    }
    const std::vector<uint8_t> bytes = gen::WritePsk(flat);
    auto single = ImporterWithThreads(1);
    const aiScene *expected = ImportPsk(*single, bytes);
    ASSERT_NE(expected, nullptr) << single->GetErrorString();
    for (int round = 0; round < 3; ++round) {
        auto importer = ImporterWithThreads(2);
        const aiScene *actual = ImportPsk(*importer, bytes);
        ASSERT_NE(actual, nullptr) << importer->GetErrorString();
        ExpectSameMeshes(expected, actual, 2);
    }
}

/** The error of importing `bytes` with `threads` threads (empty when the import succeeds). */
std::string ErrorWithThreads(const std::vector<uint8_t> &bytes, int threads) {
    auto importer = ImporterWithThreads(threads);
    const aiScene *scene = ImportPsk(*importer, bytes);
    EXPECT_EQ(scene, nullptr) << threads << " threads";
    return importer->GetErrorString();
}

TEST(PskThreads, ABadRecordInAnyPartFailsWithTheSingleThreadError) {
    const gen::PskContent grid = ThreadGrid(false);
    const uint32_t points = kSide * kSide;

    // Bad records in the second half only, then in both halves: the first one is reported.
    gen::PskContent lateWedge = grid;
    lateWedge.wedges[150000].pointIndex = points + 5;
    gen::PskContent twoWedges = lateWedge;
    twoWedges.wedges[20000].pointIndex = points + 9;
    gen::PskContent lateFace = grid;
    lateFace.faces[300000].wedges[1] = points + 7;
    gen::PskContent twoFaces = lateFace;
    twoFaces.faces[200000].wedges[0] = points + 3;

    const struct {
        const gen::PskContent *content;
        const char *record;
    } cases[] = {
        {&lateWedge, "VTXW0000 record 150000"},
        {&twoWedges, "VTXW0000 record 20000"},
        {&lateFace, "FACE3200 record 300000"},
        {&twoFaces, "FACE3200 record 200000"},
    };
    for (const auto &bad : cases) {
        const std::vector<uint8_t> bytes = gen::WritePsk(*bad.content);
        const std::string single = ErrorWithThreads(bytes, 1);
        EXPECT_NE(single.find(bad.record), std::string::npos) << single;
        EXPECT_NE(single.find("out of range"), std::string::npos) << single;
        for (const int threads : {2, 4}) {
            EXPECT_EQ(ErrorWithThreads(bytes, threads), single) << threads << " threads";
        }
    }
}

TEST(PskThreads, WeightsDroppedInAnyPartAreReportedAsByOnePass) {
    const gen::PskContent grid = ThreadGrid(false);
    const int32_t points = int32_t(kSide * kSide);
    ASSERT_GT(grid.weights.size(), 350000u) << "the weights must be split into parts";

    gen::PskContent late = grid; // dropped records in a later part only
    late.weights[300000].point = points + 3;
    late.weights[350000].bone = -1;
    late.weights[310000].weight = 0.0f; // no influence: dropped without a warning
    gen::PskContent early = late;       // and one in the first part, which the warning names
    early.weights[100].point = -5;

    const struct {
        const gen::PskContent *content;
        const char *message;
    } cases[] = {
        {&late, "2 weights with a point or bone index out of range dropped (first: record 300000"},
        {&early, "3 weights with a point or bone index out of range dropped (first: record 100"},
    };
    for (const auto &bad : cases) {
        SCOPED_TRACE(bad.message);
        const std::vector<uint8_t> bytes = gen::WritePsk(*bad.content);
        auto single = ImporterWithThreads(1);
        const aiScene *expected = ImportPsk(*single, bytes);
        ASSERT_NE(expected, nullptr) << single->GetErrorString();
        const agf::test::ImportWarnings singleWarnings(*single, "psk");
        const std::string expectedWarnings = singleWarnings.text();
        const std::vector<agf::Warning> dropped =
            singleWarnings.of(agf::WarningKind::OutOfRange, "RAWWEIGHTS");
        ASSERT_EQ(dropped.size(), 1u) << expectedWarnings;
        EXPECT_EQ(dropped[0].message.rfind(bad.message, 0), 0u) << expectedWarnings;
        for (const int threads : {2, 3, 4}) {
            auto importer = ImporterWithThreads(threads);
            const aiScene *actual = ImportPsk(*importer, bytes);
            ASSERT_NE(actual, nullptr) << importer->GetErrorString();
            EXPECT_EQ(agf::test::ImportWarnings(*importer, "psk").text(), expectedWarnings)
                << threads << " threads";
            ExpectSameMeshes(expected, actual, threads);
        }
    }
}

} // namespace
