/** @file utPskGrid.h
 *  A generated PSK grid large enough for every split of the import's work, and a bit-for-bit
 *  comparison of two scenes' meshes: for the tests that import the same content in different
 *  ways (thread counts in utPskThreads, record layouts in utPskRecordLayouts) and expect the
 *  same scene.
 */
#pragma once

#include "utPskSupport.h"

#include "PskModels.h"

#include <assimp_gameformats/ImportOptions.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>

namespace agf::test::psk {

namespace gen = agf::testgen::psk;

/** Points per side of the grid: 160,000 points, 318,402 faces and about 400,000 weights, past
 *  every threshold at which the importer splits its work (a part needs 65,536 records). */
constexpr unsigned kSide = 400;
constexpr unsigned kBones = 12;

/** A grid with what makes the split work non-trivial: three materials and a fourth index past
 *  MATT0000 (a default material), faces with one, two or no smoothing bits (points with
 *  several masks, so wedges split by normal), one to four weights per point with repeats to
 *  merge and sums to normalise, an extra UV set and a morph on points. */
inline gen::PskContent ThreadGrid(bool withNormals) {
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

inline std::unique_ptr<Assimp::Importer> ImporterWithThreads(int threads) {
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, threads);
    return importer;
}

template <typename T> inline bool SameBits(const T *a, const T *b, size_t count) {
    if ((a == nullptr) != (b == nullptr)) {
        return false;
    }
    return a == nullptr || std::memcmp(a, b, count * sizeof(T)) == 0;
}

/** Every mesh array, bone and morph of two scenes, compared bit for bit. */
inline void ExpectSameMeshes(const aiScene *expected, const aiScene *actual, int threads) {
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

} // namespace agf::test::psk
