/** @file utUeFormatModel.cpp
 *  .uemodel import against the known model (test_models/generators/UeFormatContent.h): every
 *  attribute, in every layout (attribute sets, sections, the flat layout before version 4),
 *  with and without the mirror of version 8, stored and compressed.
 */
#include "utUeFormatSupport.h"

#include "Common/Coordinates.h"
#include "Common/SceneBuilder.h"

#include <assimp_gameformats/MaterialKeys.h>

#include <map>
#include <set>

namespace {

using namespace agf::test::ue;

struct ModelCase {
    uint8_t version;
    const char *compression;
};

std::string CaseName(const testing::TestParamInfo<ModelCase> &info) {
    return "v" + std::to_string(info.param.version) +
           (info.param.compression[0] != '\0' ? std::string("_") + info.param.compression : "");
}

/** The transform of `node` relative to the root node (the root's own transform excluded). */
aiMatrix4x4 BelowRoot(const aiScene *scene, const aiNode *node) {
    aiMatrix4x4 result;
    for (; node != nullptr && node != scene->mRootNode; node = node->mParent) {
        result = node->mTransformation * result;
    }
    return result;
}

bool NearMatrix(const aiMatrix4x4 &a, const aiMatrix4x4 &b, float tolerance = 1e-4f) {
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            if (std::fabs(a[r][c] - b[r][c]) > tolerance) {
                return false;
            }
        }
    }
    return true;
}

aiMatrix4x4 Compose(const gen::Transform &t) {
    return aiMatrix4x4(t.scale, t.rotation, t.position);
}

/** The truth vertex with this position and normal (box vertices share positions, not both). */
int TruthVertex(const gen::Lod &lod, const aiVector3D &position, const aiVector3D &normal) {
    for (size_t v = 0; v < lod.positions.size(); ++v) {
        if (Near(lod.positions[v], position) && Near(lod.normals[v], normal)) {
            return static_cast<int>(v);
        }
    }
    return -1;
}

std::map<std::string, float> WeightsOf(const aiMesh *mesh, unsigned vertex) {
    std::map<std::string, float> weights;
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        for (unsigned k = 0; k < mesh->mBones[b]->mNumWeights; ++k) {
            if (mesh->mBones[b]->mWeights[k].mVertexId == vertex) {
                weights[mesh->mBones[b]->mName.C_Str()] += mesh->mBones[b]->mWeights[k].mWeight;
            }
        }
    }
    return weights;
}

std::string MaterialName(const aiScene *scene, const aiMesh *mesh) {
    aiString name;
    scene->mMaterials[mesh->mMaterialIndex]->Get(AI_MATKEY_NAME, name);
    return name.C_Str();
}

class UeFormatModel : public testing::TestWithParam<ModelCase> {};

/** LOD0's vertices, one by one, against the truth: UVs, colours, tangent frame, weights. */
void ExpectBoxVertices(const aiScene *scene, const aiNode *lod0, uint8_t version) {
    const gen::Lod &truth = gen::KnightModel().lods[0];
    const std::vector<gen::Bone> &bones = gen::KnightModel().bones;
    unsigned vertices = 0;
    unsigned faces = 0;
    for (unsigned i = 0; i < lod0->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod0->mMeshes[i]];
        vertices += mesh->mNumVertices;
        faces += mesh->mNumFaces;
        EXPECT_EQ(MaterialName(scene, mesh), mesh->mNumFaces == 8 ? "M_Body" : "M_Head");
        ASSERT_NE(mesh->mNormals, nullptr);
        ASSERT_TRUE(mesh->HasTextureCoords(0) && mesh->HasTextureCoords(1));
        ASSERT_TRUE(mesh->HasVertexColors(0));
        EXPECT_EQ(mesh->HasVertexColors(1), version >= 2);
        ASSERT_TRUE(mesh->HasTangentsAndBitangents());
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const int t = TruthVertex(truth, mesh->mVertices[v], mesh->mNormals[v]);
            ASSERT_GE(t, 0) << "vertex " << v << " of " << mesh->mName.C_Str();
            for (unsigned s = 0; s < 2; ++s) {
                const aiVector2D &uv = truth.uvSets[s].uvs[size_t(t)];
                EXPECT_TRUE(Near(mesh->mTextureCoords[s][v], aiVector3D(uv.x, uv.y, 0)))
                    << "UV set " << s << " of vertex " << t;
            }
            for (unsigned s = 0; s < (version >= 2 ? 2u : 1u); ++s) {
                const auto &c = truth.colorSets[s].colors[size_t(t)];
                const aiColor4D &got = mesh->mColors[s][v];
                EXPECT_NEAR(got.r * 255, c[0], 1e-3);
                EXPECT_NEAR(got.g * 255, c[1], 1e-3);
                EXPECT_NEAR(got.b * 255, c[2], 1e-3);
                EXPECT_NEAR(got.a * 255, c[3], 1e-3);
            }
            const aiVector3D &tangent = truth.tangents[size_t(t)];
            EXPECT_TRUE(Near(mesh->mTangents[v], tangent)) << "tangent of vertex " << t;
            const float sign = version >= 1 ? truth.binormalSigns[size_t(t)] : 1.0f;
            EXPECT_TRUE(Near(mesh->mBitangents[v], (truth.normals[size_t(t)] ^ tangent) * sign))
                << "bitangent of vertex " << t;
            std::map<std::string, float> expected;
            for (const gen::Weight &weight : truth.weights) {
                if (weight.vertex == t) {
                    expected[bones[weight.bone].name] += weight.weight;
                }
            }
            const std::map<std::string, float> got = WeightsOf(mesh, v);
            ASSERT_EQ(got.size(), expected.size()) << "weights of vertex " << t;
            for (const auto &[bone, weight] : expected) {
                EXPECT_NEAR(got.at(bone), weight, 1e-6) << bone << " on vertex " << t;
            }
        }
    }
    EXPECT_EQ(vertices, truth.positions.size());
    EXPECT_EQ(faces, truth.indices.size() / 3);
}

/** Counter-clockwise triangles: the face normal of each agrees with its vertices' normals. */
void ExpectTrianglesFaceOut(const aiScene *scene, const aiNode *lod) {
    for (unsigned i = 0; i < lod->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod->mMeshes[i]];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const unsigned *c = mesh->mFaces[f].mIndices;
            const aiVector3D normal = (mesh->mVertices[c[1]] - mesh->mVertices[c[0]]) ^
                                      (mesh->mVertices[c[2]] - mesh->mVertices[c[0]]);
            EXPECT_GT(normal * mesh->mNormals[c[0]], 0.0f) << "face " << f;
        }
    }
}

void ExpectMorphs(const aiScene *scene, const aiNode *lod0) {
    const gen::Lod &truth = gen::KnightModel().lods[0];
    for (unsigned i = 0; i < lod0->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod0->mMeshes[i]];
        ASSERT_EQ(mesh->mNumAnimMeshes, truth.morphs.size());
        for (unsigned m = 0; m < mesh->mNumAnimMeshes; ++m) {
            const aiAnimMesh *anim = mesh->mAnimMeshes[m];
            EXPECT_EQ(std::string(anim->mName.C_Str()), truth.morphs[m].name);
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const int t = TruthVertex(truth, mesh->mVertices[v], mesh->mNormals[v]);
                aiVector3D expected = truth.positions[size_t(t)];
                for (const gen::MorphDelta &delta : truth.morphs[m].deltas) {
                    if (int(delta.vertex) == t) {
                        expected += delta.position;
                    }
                }
                EXPECT_TRUE(Near(anim->mVertices[v], expected))
                    << truth.morphs[m].name << " on vertex " << t;
            }
        }
    }
}

void ExpectSkeleton(const aiScene *scene, uint8_t version) {
    const gen::Model &model = gen::KnightModel();
    for (const gen::Bone &bone : model.bones) {
        const aiNode *node = FindNode(scene, bone.name);
        ASSERT_NE(node, nullptr) << bone.name;
        EXPECT_TRUE(NearMatrix(node->mTransformation, Compose(bone.bind))) << bone.name;
        const std::string parent = bone.parent < 0 ? scene->mRootNode->mName.C_Str()
                                                   : model.bones[size_t(bone.parent)].name;
        EXPECT_EQ(std::string(node->mParent->mName.C_Str()), parent) << bone.name;
    }
    // Offset matrices: the inverse bind transforms below the root.
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        ASSERT_EQ(mesh->mNumBones, model.bones.size());
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const aiNode *node = FindNode(scene, mesh->mBones[b]->mName.C_Str());
            EXPECT_TRUE(
                NearMatrix(mesh->mBones[b]->mOffsetMatrix * BelowRoot(scene, node), aiMatrix4x4()));
        }
    }
    const aiNode *socket = FindNode(scene, "hand_r");
    ASSERT_NE(socket, nullptr);
    EXPECT_STREQ(socket->mParent->mName.C_Str(), "Arm");
    EXPECT_TRUE(NearMatrix(socket->mTransformation, Compose(model.sockets[0].transform)));
    bool isSocket = false;
    EXPECT_TRUE(socket->mMetaData != nullptr &&
                socket->mMetaData->Get(AGF_META_UEFORMAT_SOCKET, isSocket) && isSocket);
    const aiNode *virtualBone = FindNode(scene, "VB Spine_Arm");
    if (version < 5) {
        EXPECT_EQ(virtualBone, nullptr);
        return;
    }
    ASSERT_NE(virtualBone, nullptr);
    EXPECT_STREQ(virtualBone->mParent->mName.C_Str(), "Spine");
    EXPECT_TRUE(
        NearMatrix(BelowRoot(scene, virtualBone), BelowRoot(scene, FindNode(scene, "Arm"))));
    EXPECT_EQ(MetadataString(virtualBone->mMetaData, AGF_META_UEFORMAT_VIRTUAL_BONE_TARGET), "Arm");
}

void ExpectHull(const aiScene *scene, uint8_t version) {
    double hulls = 0;
    if (version < 3) {
        EXPECT_FALSE(agf::MetadataNumber(scene->mMetaData, AGF_META_UEFORMAT_COLLISIONS, hulls));
        return;
    }
    ASSERT_TRUE(agf::MetadataNumber(scene->mMetaData, AGF_META_UEFORMAT_COLLISIONS, hulls));
    EXPECT_EQ(hulls, 1.0);
    const gen::Hull &truth = gen::KnightModel().hulls[0];
    const std::string prefix = std::string(AGF_META_UEFORMAT_COLLISIONS) + "[0]";
    EXPECT_EQ(MetadataString(scene->mMetaData, prefix + AGF_META_UEFORMAT_HULL_NAME), truth.name);
    for (size_t v = 0; v < truth.vertices.size(); ++v) {
        aiVector3D got;
        ASSERT_TRUE(scene->mMetaData->Get(
            prefix + AGF_META_UEFORMAT_HULL_VERTICES + "[" + std::to_string(v) + "]", got));
        EXPECT_TRUE(Near(got, truth.vertices[v])) << "hull vertex " << v;
    }
    for (size_t t = 0; t * 3 < truth.indices.size(); ++t) {
        aiVector3D got;
        ASSERT_TRUE(scene->mMetaData->Get(
            prefix + AGF_META_UEFORMAT_HULL_TRIANGLES + "[" + std::to_string(t) + "]", got));
        EXPECT_EQ(got, aiVector3D(float(truth.indices[t * 3]), float(truth.indices[t * 3 + 1]),
                                  float(truth.indices[t * 3 + 2])));
    }
}

TEST_P(UeFormatModel, EveryAttributeOfTheKnownModel) {
    const ModelCase param = GetParam();
    auto importer = agf::test::MakeImporter();
    const aiScene *scene =
        ImportBytes(*importer, KnightModelBytes(param.version, param.compression));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const agf::test::ImportWarnings warnings(*importer, "uemodel");
    EXPECT_EQ(warnings.entries(), 0u) << warnings.text();

    const aiNode *lod0 = FindNode(scene, "LOD0");
    ASSERT_NE(lod0, nullptr);
    const aiNode *lod1 = FindNode(scene, "LOD1");
    EXPECT_EQ(lod1 != nullptr, param.version >= 4);
    double index = -1;
    EXPECT_TRUE(agf::MetadataNumber(lod0->mMetaData, AGF_META_UEFORMAT_LOD_INDEX, index));
    EXPECT_EQ(index, 0.0);
    ExpectBoxVertices(scene, lod0, param.version);
    ExpectTrianglesFaceOut(scene, lod0);
    ExpectMorphs(scene, lod0);
    if (lod1 != nullptr) {
        ASSERT_EQ(lod1->mNumMeshes, 1u);
        EXPECT_EQ(scene->mMeshes[lod1->mMeshes[0]]->mNumFaces, 4u);
        ExpectTrianglesFaceOut(scene, lod1);
    }
    ExpectSkeleton(scene, param.version);
    ExpectHull(scene, param.version);

    // Materials by name, with their path from version 6.
    EXPECT_EQ(scene->mNumMaterials, 2u);
    aiString path;
    const bool withPath = scene->mMaterials[0]->Get(AGF_MATKEY_UEFORMAT_PATH, path) == AI_SUCCESS;
    EXPECT_EQ(withPath, param.version >= 6);
    if (withPath) {
        EXPECT_STREQ(path.C_Str(), gen::KnightModel().lods[0].materials[0].path.c_str());
    }
    // The file's axes and units, and the one turn on the root.
    double up = 0;
    double version = -1;
    EXPECT_TRUE(agf::MetadataNumber(scene->mMetaData, AGF_META_UP_AXIS, up));
    EXPECT_EQ(up, 2.0);
    EXPECT_TRUE(agf::MetadataNumber(scene->mMetaData, AGF_META_UEFORMAT_VERSION, version));
    EXPECT_EQ(version, double(param.version));
    EXPECT_EQ(MetadataString(scene->mMetaData, AGF_META_UEFORMAT_COMPRESSION),
              param.compression[0] == '\0' ? "none" : param.compression);
    EXPECT_TRUE(NearMatrix(scene->mRootNode->mTransformation, agf::ZUpToYUpRotation()));
}

INSTANTIATE_TEST_SUITE_P(Layouts, UeFormatModel,
                         testing::Values(ModelCase{10, ""}, ModelCase{10, "ZSTD"},
                                         ModelCase{10, "GZIP"}, ModelCase{9, ""},
                                         ModelCase{8, "ZSTD"}, ModelCase{7, ""}, ModelCase{6, ""},
                                         ModelCase{5, "GZIP"}, ModelCase{4, ""}, ModelCase{3, ""},
                                         ModelCase{2, ""}, ModelCase{1, ""}, ModelCase{0, ""}),
                         CaseName);

TEST(UeFormatModelOptions, FirstLodOnly) {
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_UEFORMAT_LODS, "first");
    const aiScene *scene = ImportBytes(*importer, KnightModelBytes());
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_NE(FindNode(scene, "LOD0"), nullptr);
    EXPECT_EQ(FindNode(scene, "LOD1"), nullptr);
    double count = 0;
    EXPECT_TRUE(agf::MetadataNumber(scene->mMetaData, AGF_META_UEFORMAT_IMPORTED_LOD_COUNT, count));
    EXPECT_EQ(count, 1.0);
    EXPECT_TRUE(agf::MetadataNumber(scene->mMetaData, AGF_META_UEFORMAT_LOD_COUNT, count));
    EXPECT_EQ(count, 2.0);
}

TEST(UeFormatModelOptions, AnotherLodChoiceFailsTheImportNamingTheOption) {
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_UEFORMAT_LODS, "2");
    EXPECT_EQ(ImportBytes(*importer, KnightModelBytes()), nullptr);
    EXPECT_NE(std::string(importer->GetErrorString()).find("IMPORT_UEFORMAT_LODS"),
              std::string::npos)
        << importer->GetErrorString();
}

TEST(UeFormatModelOptions, ZUpKeptAndScaleOnTheRootOnly) {
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_UEFORMAT_YUP, false);
    importer->SetPropertyFloat(AI_CONFIG_IMPORT_UEFORMAT_SCALE, 0.01f);
    const aiScene *scene = ImportBytes(*importer, KnightModelBytes());
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    aiMatrix4x4 scale;
    aiMatrix4x4::Scaling(aiVector3D(0.01f), scale);
    EXPECT_TRUE(NearMatrix(scene->mRootNode->mTransformation, scale, 1e-7f));
    // Mesh data stays in the file's centimetres.
    const aiNode *lod0 = FindNode(scene, "LOD0");
    float top = 0;
    for (unsigned i = 0; i < lod0->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod0->mMeshes[i]];
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            top = std::max(top, mesh->mVertices[v].z);
        }
    }
    EXPECT_FLOAT_EQ(top, 80.0f);
}

} // namespace
