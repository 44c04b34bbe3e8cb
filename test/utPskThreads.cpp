// PSK import split over threads (#18): a generated grid large enough for every split (the
// parser's bulk chunks, the weight grouping beside the vertex split, the face normals, the
// meshes and their skins) must give the same scene, bit for bit, with any thread count, and a
// bad record must fail with the same error whichever thread meets it.
#include "utPskSupport.h"

#include "PskModels.h"

#include <assimp_gameformats/ImportOptions.h>

#include <cmath>
#include <cstring>

namespace {

using namespace agf::test::psk;
namespace gen = agf::testgen::psk;

/** Points per side of the grid: 160,000 points, 318,402 faces and about 400,000 weights, past
 *  every threshold at which the importer splits its work (a part needs 65,536 records). */
constexpr unsigned kSide = 400;
constexpr unsigned kBones = 12;

/** A grid with what makes the split work non-trivial: three materials and a fourth index past
 *  MATT0000 (a default material), faces with one, two or no smoothing bits (points with
 *  several masks, so wedges split by normal), one to four weights per point with repeats to
 *  merge and sums to normalise, an extra UV set and a morph on points. */
gen::PskContent ThreadGrid(bool withNormals) {
    gen::PskContent content;
    content.faces32 = true;
    const auto band = [](unsigned y) { return uint8_t(y * 3 / kSide); };
    for (unsigned y = 0; y < kSide; ++y) {
        for (unsigned x = 0; x < kSide; ++x) {
            const float fx = float(x);
            const float fy = float(y);
            content.points.push_back({fx, fy, 3.0f * std::sin(fx * 0.1f) * std::cos(fy * 0.13f)});
            content.wedges.push_back(
                {y * kSide + x, fx / float(kSide), fy / float(kSide), band(y)});
        }
    }
    for (unsigned y = 0; y + 1 < kSide; ++y) {
        for (unsigned x = 0; x + 1 < kSide; ++x) {
            const uint32_t a = y * kSide + x;
            const uint32_t b = a + 1;
            const uint32_t c = a + kSide + 1;
            const uint32_t d = a + kSide;
            const size_t index = content.faces.size();
            const uint8_t material = index % 97 == 0 ? uint8_t(5) : band(y);
            uint32_t mask = 1u << ((x / 50 + y / 50) % 3);
            if (index % 13 == 0) {
                mask = 0;
            } else if (index % 29 == 0) {
                mask = 3;
            }
            content.faces.push_back({{a, c, b}, material, mask});
            content.faces.push_back({{a, d, c}, material, mask});
        }
    }
    content.materials = {{"Skin", 0}, {"Cloth", 1}, {"Metal", 0}};
    for (unsigned b = 0; b < kBones; ++b) {
        const int32_t parent = b == 0 ? 0 : int32_t((b - 1) / 2);
        content.bones.push_back({"Bone" + std::to_string(b),
                                 parent,
                                 {0.0f, 0.0f, std::sin(0.1f * float(b)), std::cos(0.1f * float(b))},
                                 {1.0f, 0.5f, float(b)}});
    }
    for (unsigned p = 0; p < kSide * kSide; ++p) {
        const unsigned influences = p % 4 + 1;
        const float scale = p % 7 == 0 ? 2.0f : 1.0f; // not normalised: rescaled, reported
        for (unsigned k = 0; k < influences; ++k) {
            content.weights.push_back(
                {scale / float(influences), int32_t(p), int32_t((p / 3 + k * 5) % kBones)});
        }
        if (p % 11 == 0) { // a repeated (point, bone) pair: merged into the first
            content.weights.push_back({0.25f, int32_t(p), int32_t((p / 3) % kBones)});
        }
    }
    gen::PskContent::UvSet extra{"EXTRAUVS0", {}};
    for (const auto &wedge : content.wedges) {
        extra.uvs.push_back({wedge.u * 2.0f, 1.0f - wedge.v});
    }
    content.extraUvs.push_back(std::move(extra));
    gen::PskContent::PointMorph morph{"Bulge", {}};
    for (unsigned p = 0; p < kSide * kSide; p += 10) {
        morph.deltas.push_back({{0.0f, 0.0f, 1.0f}, {0.1f, 0.0f, 0.0f}, int32_t(p)});
    }
    content.pointMorphs.push_back(std::move(morph));
    if (withNormals) {
        for (const auto &point : content.points) {
            const float length = std::sqrt(point[2] * point[2] + 1.0f);
            content.normals.push_back({0.0f, point[2] / length, 1.0f / length});
        }
    }
    return content;
}

std::unique_ptr<Assimp::Importer> ImporterWithThreads(int threads) {
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, threads);
    return importer;
}

template <typename T> bool SameBits(const T *a, const T *b, size_t count) {
    if ((a == nullptr) != (b == nullptr)) {
        return false;
    }
    return a == nullptr || std::memcmp(a, b, count * sizeof(T)) == 0;
}

/** Every mesh array, bone and morph of two scenes, compared bit for bit. */
void ExpectSameMeshes(const aiScene *expected, const aiScene *actual, int threads) {
    ASSERT_EQ(expected->mNumMeshes, actual->mNumMeshes) << threads << " threads";
    for (unsigned m = 0; m < expected->mNumMeshes; ++m) {
        const aiMesh *a = expected->mMeshes[m];
        const aiMesh *b = actual->mMeshes[m];
        SCOPED_TRACE(std::to_string(threads) + " threads, mesh " + std::to_string(m));
        EXPECT_STREQ(a->mName.C_Str(), b->mName.C_Str());
        EXPECT_EQ(a->mMaterialIndex, b->mMaterialIndex);
        ASSERT_EQ(a->mNumVertices, b->mNumVertices);
        EXPECT_TRUE(SameBits(a->mVertices, b->mVertices, a->mNumVertices));
        EXPECT_TRUE(SameBits(a->mNormals, b->mNormals, a->mNumVertices));
        for (unsigned set = 0; set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
            EXPECT_TRUE(SameBits(a->mTextureCoords[set], b->mTextureCoords[set], a->mNumVertices));
        }
        ASSERT_EQ(a->mNumFaces, b->mNumFaces);
        bool sameFaces = true;
        for (unsigned f = 0; f < a->mNumFaces && sameFaces; ++f) {
            sameFaces =
                a->mFaces[f].mNumIndices == b->mFaces[f].mNumIndices &&
                SameBits(a->mFaces[f].mIndices, b->mFaces[f].mIndices, a->mFaces[f].mNumIndices);
        }
        EXPECT_TRUE(sameFaces);
        ASSERT_EQ(a->mNumBones, b->mNumBones);
        for (unsigned k = 0; k < a->mNumBones; ++k) {
            EXPECT_STREQ(a->mBones[k]->mName.C_Str(), b->mBones[k]->mName.C_Str());
            EXPECT_TRUE(SameBits(&a->mBones[k]->mOffsetMatrix, &b->mBones[k]->mOffsetMatrix, 1));
            ASSERT_EQ(a->mBones[k]->mNumWeights, b->mBones[k]->mNumWeights);
            EXPECT_TRUE(SameBits(a->mBones[k]->mWeights, b->mBones[k]->mWeights,
                                 a->mBones[k]->mNumWeights));
        }
        ASSERT_EQ(a->mNumAnimMeshes, b->mNumAnimMeshes);
        for (unsigned k = 0; k < a->mNumAnimMeshes; ++k) {
            EXPECT_TRUE(SameBits(a->mAnimMeshes[k]->mVertices, b->mAnimMeshes[k]->mVertices,
                                 a->mNumVertices));
            EXPECT_TRUE(SameBits(a->mAnimMeshes[k]->mNormals, b->mAnimMeshes[k]->mNormals,
                                 a->mNumVertices));
        }
    }
}

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
        const std::string expectedWarnings = agf::test::ImportWarnings(*single, "psk").text();
        EXPECT_NE(expectedWarnings.find(bad.message), std::string::npos) << expectedWarnings;
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
