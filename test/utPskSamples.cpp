// Every real PSK sample imports; counts and a few exact values are checked against the test's
// own raw reading of the file (utPskSupport.h's RawPsk, not the importer's parser).
#include "utPskSupport.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace {

using namespace agf::test::psk;

const char *const kSamples[] = {
    "Bat.psk",     "Grunt_Preview_LOD0.psk", "MAXIM_TURRET_EXT.psk", "Slurp_Monster_Axe_LOD0.psk",
    "Suzanne.psk", "examplemesh.psk",        "skbronzechestMesh.psk"};

uint32_t RawWedgePoint(const RawPsk &raw, size_t wedge) {
    const uint32_t index = uint32_t(raw.i32("VTXW0000", wedge, 0));
    return raw.count("PNTS0000") <= 65536 ? (index & 0xFFFF) : index;
}

// Merged, positive, normalised weights per raw point: bone index -> weight.
std::vector<std::map<int32_t, float>> RawPointWeights(const RawPsk &raw) {
    std::vector<std::map<int32_t, float>> weights(raw.count("PNTS0000"));
    for (size_t i = 0; i < raw.count("RAWWEIGHTS"); ++i) {
        const float w = raw.f32("RAWWEIGHTS", i, 0);
        if (w > 0) {
            weights[size_t(raw.i32("RAWWEIGHTS", i, 4))][raw.i32("RAWWEIGHTS", i, 8)] += w;
        }
    }
    for (auto &map : weights) {
        float sum = 0;
        for (auto &entry : map) {
            sum += entry.second;
        }
        for (auto &entry : map) {
            entry.second /= sum;
        }
    }
    return weights;
}

aiMatrix4x4 RawBoneLocal(const RawPsk &raw, size_t bone) {
    aiQuaternion q(raw.f32("REFSKELT", bone, 88), raw.f32("REFSKELT", bone, 76),
                   raw.f32("REFSKELT", bone, 80), raw.f32("REFSKELT", bone, 84));
    q.Normalize();
    if (bone != 0) {
        q.Conjugate();
    }
    return aiMatrix4x4(aiVector3D(1, 1, 1), q, raw.vec3("REFSKELT", bone, 92));
}

class PskSample : public testing::TestWithParam<const char *> {};

TEST_P(PskSample, ImportsWithCountsOfTheRawFile) {
    AGF_REQUIRE_SAMPLE(path, std::string("actorx/") + GetParam());
    const RawPsk raw(agf::test::ReadBytes(path));
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();

    uint64_t points = 0, wedges = 0, faces = 0;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_PSK_POINT_COUNT, points));
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_PSK_WEDGE_COUNT, wedges));
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_PSK_FACE_COUNT, faces));
    EXPECT_EQ(points, raw.count("PNTS0000"));
    EXPECT_EQ(wedges, raw.count("VTXW0000"));
    EXPECT_EQ(faces, raw.count("FACE0000"));
    unsigned meshFaces = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        meshFaces += scene->mMeshes[m]->mNumFaces;
    }
    EXPECT_EQ(meshFaces, raw.count("FACE0000"));
    EXPECT_EQ(scene->mNumMaterials, raw.count("MATT0000"));
    // One mesh per material that faces use.
    EXPECT_EQ(scene->mNumMeshes, [&] {
        std::set<unsigned> used;
        const RawChunk *faceChunk = nullptr;
        for (const RawChunk &chunk : raw.chunks()) {
            if (chunk.id == "FACE0000") {
                faceChunk = &chunk;
            }
        }
        for (size_t f = 0; faceChunk && f < raw.count("FACE0000"); ++f) {
            used.insert(raw.bytes()[faceChunk->payloadOffset + 12 * f + 6]);
        }
        return unsigned(used.size());
    }());

    // Every bone is a node with exactly its name (names in the samples are unique).
    const size_t boneCount = raw.count("REFSKELT");
    for (size_t b = 0; b < boneCount; ++b) {
        EXPECT_NE(FindNode(scene, raw.name("REFSKELT", b)), nullptr) << raw.name("REFSKELT", b);
    }

    // Per-wedge channels.
    size_t extraUvSets = 0;
    for (const RawChunk &chunk : raw.chunks()) {
        extraUvSets += chunk.id.rfind("EXTRAUV", 0) == 0 ? 1 : 0;
    }
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        EXPECT_EQ(mesh->GetNumUVChannels(), 1 + extraUvSets);
        EXPECT_EQ(mesh->HasVertexColors(0), raw.has("VERTEXCOLOR"));
        EXPECT_TRUE(mesh->HasNormals());
    }

    // Morph names from MRPHINFO.
    std::set<std::string> rawMorphs, morphs;
    for (size_t i = 0; i < raw.count("MRPHINFO"); ++i) {
        rawMorphs.insert(raw.name("MRPHINFO", i));
    }
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        for (unsigned a = 0; a < scene->mMeshes[m]->mNumAnimMeshes; ++a) {
            morphs.insert(scene->mMeshes[m]->mAnimMeshes[a]->mName.C_Str());
        }
    }
    EXPECT_EQ(morphs, rawMorphs);

    // Influences: every vertex has the raw influences of the point at its position (when the
    // position identifies the point's weights unambiguously).
    const auto pointWeights = RawPointWeights(raw);
    std::map<std::tuple<float, float, float>, std::vector<size_t>> pointsAt;
    for (size_t p = 0; p < raw.count("PNTS0000"); ++p) {
        const aiVector3D v = raw.vec3("PNTS0000", p, 0);
        pointsAt[{v.x, v.y, v.z}].push_back(p);
    }
    size_t checkedVertices = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        const auto weights = VertexWeights(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D &position = mesh->mVertices[v];
            const auto &candidates = pointsAt.at({position.x, position.y, position.z});
            if (candidates.size() != 1) {
                continue;
            }
            const auto &expected = pointWeights[candidates[0]];
            ASSERT_EQ(weights[v].size(), expected.size()) << "mesh " << m << " vertex " << v;
            for (const auto &[bone, weight] : expected) {
                EXPECT_NEAR(weights[v].at(raw.name("REFSKELT", size_t(bone))), weight, 1e-5f);
            }
            ++checkedVertices;
        }
    }
    EXPECT_GT(checkedVertices, 0u);
}

TEST_P(PskSample, ExactValuesMatchTheRawFile) {
    AGF_REQUIRE_SAMPLE(path, std::string("actorx/") + GetParam());
    const RawPsk raw(agf::test::ReadBytes(path));
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();

    // First and last point, when faces use them, appear unchanged among the vertices.
    std::set<uint32_t> usedPoints;
    const RawChunk *faceChunk = nullptr;
    for (const RawChunk &chunk : raw.chunks()) {
        if (chunk.id == "FACE0000") {
            faceChunk = &chunk;
        }
    }
    ASSERT_NE(faceChunk, nullptr);
    for (size_t f = 0; f < raw.count("FACE0000"); ++f) {
        for (size_t k = 0; k < 3; ++k) {
            usedPoints.insert(RawWedgePoint(raw, raw.u16("FACE0000", f, 2 * k)));
        }
    }
    const auto hasVertex = [&](const aiVector3D &p) {
        for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
            const aiMesh *mesh = scene->mMeshes[m];
            if (std::find(mesh->mVertices, mesh->mVertices + mesh->mNumVertices, p) !=
                mesh->mVertices + mesh->mNumVertices) {
                return true;
            }
        }
        return false;
    };
    const size_t pointCount = raw.count("PNTS0000");
    for (size_t p : {size_t(0), pointCount - 1}) {
        if (usedPoints.count(uint32_t(p)) != 0) {
            EXPECT_TRUE(hasVertex(raw.vec3("PNTS0000", p, 0))) << "point " << p;
        }
    }

    // Bone 0 as stored; bone 1 conjugated.
    for (size_t b = 0; b < std::min<size_t>(2, raw.count("REFSKELT")); ++b) {
        const aiNode *node = FindNode(scene, raw.name("REFSKELT", b));
        ASSERT_NE(node, nullptr);
        EXPECT_TRUE(NearMatrix(node->mTransformation, RawBoneLocal(raw, b), 1e-4f)) << "bone " << b;
    }

    // The first positive weight record: its normalised value on a vertex at that point.
    const auto pointWeights = RawPointWeights(raw);
    for (size_t i = 0; i < raw.count("RAWWEIGHTS"); ++i) {
        if (raw.f32("RAWWEIGHTS", i, 0) <= 0) {
            continue;
        }
        const size_t point = size_t(raw.i32("RAWWEIGHTS", i, 4));
        const int32_t bone = raw.i32("RAWWEIGHTS", i, 8);
        if (usedPoints.count(uint32_t(point)) == 0) {
            continue;
        }
        const aiVector3D position = raw.vec3("PNTS0000", point, 0);
        const std::string boneName = raw.name("REFSKELT", size_t(bone));
        bool found = false;
        for (unsigned m = 0; m < scene->mNumMeshes && !found; ++m) {
            const aiMesh *mesh = scene->mMeshes[m];
            const auto weights = VertexWeights(mesh);
            for (unsigned v = 0; v < mesh->mNumVertices && !found; ++v) {
                if (mesh->mVertices[v] == position && weights[v].count(boneName) != 0 &&
                    std::fabs(weights[v].at(boneName) - pointWeights[point].at(bone)) < 1e-5f) {
                    found = true;
                }
            }
        }
        EXPECT_TRUE(found) << "weight record " << i;
        break;
    }
}

TEST_P(PskSample, WindingAgreesWithTheNormals) {
    AGF_REQUIRE_SAMPLE(path, std::string("actorx/") + GetParam());
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    size_t agreeing = 0, total = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const unsigned *i = mesh->mFaces[f].mIndices;
            const aiVector3D n = (mesh->mVertices[i[1]] - mesh->mVertices[i[0]]) ^
                                 (mesh->mVertices[i[2]] - mesh->mVertices[i[0]]);
            if (n.SquareLength() == 0) {
                continue;
            }
            const aiVector3D vertexNormals =
                mesh->mNormals[i[0]] + mesh->mNormals[i[1]] + mesh->mNormals[i[2]];
            agreeing += n * vertexNormals > 0 ? 1 : 0;
            ++total;
        }
    }
    ASSERT_GT(total, 0u);
    // File normals (VTXNORMS) disagree on a handful of faces in Grunt (spec 2.3: 7878/7882).
    // Normals computed from smoothing groups average folded neighbours too (Bat: 98.4 %).
    // Reversed winding would agree on almost no face.
    const RawPsk raw(agf::test::ReadBytes(path));
    EXPECT_GE(double(agreeing) / double(total), raw.has("VTXNORMS") ? 0.99 : 0.95);
}

INSTANTIATE_TEST_SUITE_P(ActorX, PskSample, testing::ValuesIn(kSamples),
                         [](const testing::TestParamInfo<const char *> &param) {
                             std::string name = param.param;
                             name = name.substr(0, name.find('.'));
                             return name;
                         });

TEST(PskSamples, SlurpHasSkinMorphsNormalsTwoUvSetsAndColours) {
    AGF_REQUIRE_SAMPLE(path, "actorx/Slurp_Monster_Axe_LOD0.psk");
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 1u);
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_EQ(mesh->mNumVertices, 738u); // VTXNORMS: one vertex per wedge
    EXPECT_GT(mesh->mNumBones, 0u);
    EXPECT_EQ(mesh->mNumAnimMeshes, 5u);
    EXPECT_EQ(mesh->GetNumUVChannels(), 2u);
    EXPECT_TRUE(mesh->HasVertexColors(0));
    // Normals are the file's VTXNORMS (unit length).
    const RawPsk raw(agf::test::ReadBytes(path));
    std::set<std::tuple<float, float, float>> fileNormals;
    for (size_t p = 0; p < raw.count("VTXNORMS"); ++p) {
        const aiVector3D n = raw.vec3("VTXNORMS", p, 0).Normalize();
        fileNormals.insert({n.x, n.y, n.z});
    }
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        const aiVector3D &n = mesh->mNormals[v];
        EXPECT_EQ(fileNormals.count({n.x, n.y, n.z}), 1u) << "vertex " << v;
    }
}

TEST(PskSamples, GruntStandsUpAlongY) {
    AGF_REQUIRE_SAMPLE(path, "actorx/Grunt_Preview_LOD0.psk");
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    aiVector3D low(1e30f, 1e30f, 1e30f), high(-1e30f, -1e30f, -1e30f);
    const aiMatrix4x4 &root = scene->mRootNode->mTransformation;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        for (unsigned v = 0; v < scene->mMeshes[m]->mNumVertices; ++v) {
            const aiVector3D p = root * scene->mMeshes[m]->mVertices[v];
            low = aiVector3D(std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z));
            high = aiVector3D(std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z));
        }
    }
    const aiVector3D size = high - low;
    EXPECT_GT(size.y, size.x);
    EXPECT_GT(size.y, size.z);
    EXPECT_GT(high.y, 100.0f); // head up, feet near 0
    EXPECT_LT(low.y, 5.0f);
}

} // namespace
