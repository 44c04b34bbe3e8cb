// Idol FX imports checked against the real sample (and Assimp's own X import of its source) and
// against generated files whose content is known exactly: static and skinned FXM, MOT, ANB.
#include "utIdolFxSupport.h"

#include "IdolFX/AnbParser.h"
#include "IdolFX/FxmParser.h"
#include "IdolFX/MotParser.h"

#include <assimp/material.h>

#include <set>

namespace {

using namespace agf::test::idolfx;

// ------------------------------------------------------------------------------------------------
// The real sample: a converter's FXM of chest2_top.x (positions x 10, back in Direct3D space).

aiVector3D FaceNormal(const aiMesh *mesh, const aiFace &face) {
    const aiVector3D &a = mesh->mVertices[face.mIndices[0]];
    const aiVector3D &b = mesh->mVertices[face.mIndices[1]];
    const aiVector3D &c = mesh->mVertices[face.mIndices[2]];
    return (b - a) ^ (c - a);
}

TEST(IdolFxSample, MatchesAssimpsOwnImportOfTheXSource) {
    AGF_REQUIRE_SAMPLE(fxmPath, "fxm/chest2_top__assimp.fxm");
    AGF_REQUIRE_SAMPLE(xPath, "fxm/chest2_top.x");
    auto importer = agf::test::MakeImporter();
    const aiScene *fxm = importer->ReadFile(fxmPath.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(fxm, nullptr) << importer->GetErrorString();
    Assimp::Importer plain;
    const aiScene *x = plain.ReadFile(xPath.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(x, nullptr) << plain.GetErrorString();

    ASSERT_EQ(fxm->mNumMeshes, 1u);
    const aiMesh *mesh = fxm->mMeshes[0];
    EXPECT_EQ(mesh->mNumFaces, 116u);
    EXPECT_EQ(mesh->mNumVertices, 105u);
    aiString materialName;
    fxm->mMaterials[mesh->mMaterialIndex]->Get(AI_MATKEY_NAME, materialName);
    EXPECT_STREQ(materialName.C_Str(), "WebAdd1");

    // Up to welding: every (position, UV) of one import appears in the other. The converter
    // scaled the .x positions by 10.
    struct Corner {
        aiVector3D position;
        aiVector3D uv;
    };
    std::vector<Corner> xCorners;
    std::vector<const aiMesh *> xMeshes;
    for (unsigned m = 0; m < x->mNumMeshes; ++m) {
        const aiMesh *xMesh = x->mMeshes[m];
        xMeshes.push_back(xMesh);
        ASSERT_TRUE(xMesh->HasTextureCoords(0));
        for (unsigned v = 0; v < xMesh->mNumVertices; ++v) {
            xCorners.push_back({xMesh->mVertices[v] * 10.0f, xMesh->mTextureCoords[0][v]});
        }
    }
    const auto matches = [](const Corner &a, const Corner &b) {
        return (a.position - b.position).Length() < 0.02f && (a.uv - b.uv).Length() < 1e-4f;
    };
    std::vector<Corner> ours;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        ours.push_back({mesh->mVertices[v], mesh->mTextureCoords[0][v]});
    }
    size_t unmatchedOurs = 0;
    for (const Corner &corner : ours) {
        bool found = false;
        for (const Corner &other : xCorners) {
            found = found || matches(corner, other);
        }
        unmatchedOurs += found ? 0 : 1;
    }
    size_t unmatchedX = 0;
    for (const Corner &corner : xCorners) {
        bool found = false;
        for (const Corner &other : ours) {
            found = found || matches(corner, other);
        }
        unmatchedX += found ? 0 : 1;
    }
    EXPECT_EQ(unmatchedOurs, 0u);
    EXPECT_EQ(unmatchedX, 0u);

    // Same winding: each of our triangles has a twin in the X import facing the same way.
    size_t sameWay = 0;
    size_t opposite = 0;
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        const aiFace &face = mesh->mFaces[f];
        for (const aiMesh *xMesh : xMeshes) {
            for (unsigned g = 0; g < xMesh->mNumFaces; ++g) {
                const aiFace &xFace = xMesh->mFaces[g];
                unsigned shared = 0;
                for (unsigned i = 0; i < 3; ++i) {
                    for (unsigned j = 0; j < 3; ++j) {
                        const aiVector3D d = mesh->mVertices[face.mIndices[i]] -
                                             xMesh->mVertices[xFace.mIndices[j]] * 10.0f;
                        shared += d.Length() < 0.02f ? 1 : 0;
                    }
                }
                if (shared == 3) {
                    const aiVector3D xNormal = FaceNormal(xMesh, xFace);
                    ((FaceNormal(mesh, face) * xNormal) > 0 ? sameWay : opposite) += 1;
                }
            }
        }
    }
    EXPECT_GE(sameWay, 116u);
    EXPECT_EQ(opposite, 0u);

    // The file is version 0 (converter output), static.
    int32_t version = -1;
    ASSERT_TRUE(fxm->mMetaData->Get(AGF_META_FXM_VERSION, version));
    EXPECT_EQ(version, 0);
}

// ------------------------------------------------------------------------------------------------
// Static FXM

class IdolFxStatic : public ::testing::TestWithParam<unsigned> {};

TEST_P(IdolFxStatic, EverySubmeshWithItsOwnStride) {
    const unsigned submeshCount = GetParam();
    const gen::FxmSpec spec = gen::StaticFxmSpec(submeshCount, submeshCount == 1 ? 1 : 2);
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteFxm(spec), "fxm");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, submeshCount);
    ASSERT_EQ(scene->mNumMaterials, submeshCount);
    for (unsigned s = 0; s < submeshCount; ++s) {
        const gen::FxmSubmeshSpec &submesh = spec.submeshes[s];
        const aiMesh *mesh = scene->mMeshes[s];
        SCOPED_TRACE(submesh.name);
        EXPECT_STREQ(mesh->mName.C_Str(), submesh.name.c_str());
        aiString materialName;
        scene->mMaterials[mesh->mMaterialIndex]->Get(AI_MATKEY_NAME, materialName);
        EXPECT_STREQ(materialName.C_Str(), submesh.name.c_str());
        ASSERT_EQ(mesh->mNumVertices, submesh.vertices.size());
        ASSERT_EQ(mesh->mNumFaces, submesh.triangles.size());
        const bool secondUv = submesh.fvf == 0x212;
        EXPECT_EQ(mesh->HasTextureCoords(1), secondUv);
        // Faces keep their order; the winding flip swaps the last two corners.
        const int fileCorner[3] = {0, 2, 1};
        for (size_t t = 0; t < submesh.triangles.size(); ++t) {
            const aiFace &face = mesh->mFaces[t];
            for (int corner = 0; corner < 3; ++corner) {
                const unsigned v = face.mIndices[corner];
                const gen::FxmVertexSpec &vertex =
                    submesh.vertices[submesh.triangles[t][fileCorner[corner]]];
                EXPECT_TRUE(Near(mesh->mVertices[v], Converted(vertex.position)));
                EXPECT_TRUE(Near(mesh->mNormals[v], Converted(vertex.normal)));
                EXPECT_TRUE(Near(mesh->mTextureCoords[0][v],
                                 aiVector3D(vertex.uv0[0], 1.0f - vertex.uv0[1], 0)));
                if (secondUv) {
                    EXPECT_TRUE(Near(mesh->mTextureCoords[1][v],
                                     aiVector3D(vertex.uv1[0], 1.0f - vertex.uv1[1], 0)));
                }
            }
        }
        const aiNode *node = scene->mRootNode->FindNode(submesh.name.c_str());
        ASSERT_NE(node, nullptr);
        int32_t stride = 0;
        ASSERT_TRUE(node->mMetaData != nullptr &&
                    node->mMetaData->Get(AGF_META_FXM_STRIDE, stride));
        EXPECT_EQ(stride, static_cast<int32_t>(submesh.stride));
    }
    int32_t version = -1;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_FXM_VERSION, version));
    EXPECT_EQ(version, static_cast<int32_t>(spec.version));
}

INSTANTIATE_TEST_SUITE_P(OneToThreeSubmeshes, IdolFxStatic, ::testing::Values(1u, 2u, 3u));

// A closed cube: after the conversion every face points away from the centre (CCW fronts).
TEST(IdolFxStatic, ClosedCubeFacesPointOutwards) {
    const gen::FxmSpec spec = gen::StaticFxmSpec(3, 2);
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteFxm(spec), "fxm");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        aiVector3D centre;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            centre += mesh->mVertices[v];
        }
        centre /= static_cast<float>(mesh->mNumVertices);
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace &face = mesh->mFaces[f];
            const aiVector3D middle =
                (mesh->mVertices[face.mIndices[0]] + mesh->mVertices[face.mIndices[1]] +
                 mesh->mVertices[face.mIndices[2]]) /
                3.0f;
            EXPECT_GT(FaceNormal(mesh, face) * (middle - centre), 0.0f)
                << "mesh " << m << " face " << f;
            // The stored normals agree with the winding.
            EXPECT_GT(FaceNormal(mesh, face) * mesh->mNormals[face.mIndices[0]], 0.0f);
        }
    }
}

TEST(IdolFxStatic, KeepNativeLeavesTheFileSpace) {
    const gen::FxmSpec spec = gen::StaticFxmSpec(1, 1);
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_FXM_KEEP_NATIVE, true);
    const aiScene *scene = ImportBytes(*importer, gen::WriteFxm(spec), "fxm");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiMesh *mesh = scene->mMeshes[0];
    const gen::FxmSubmeshSpec &submesh = spec.submeshes[0];
    for (size_t t = 0; t < submesh.triangles.size(); ++t) {
        const aiFace &face = mesh->mFaces[t];
        for (int corner = 0; corner < 3; ++corner) {
            const gen::FxmVertexSpec &vertex = submesh.vertices[submesh.triangles[t][corner]];
            EXPECT_TRUE(Near(mesh->mVertices[face.mIndices[corner]], Vec(vertex.position)));
            EXPECT_TRUE(Near(mesh->mTextureCoords[0][face.mIndices[corner]],
                             aiVector3D(vertex.uv0[0], vertex.uv0[1], 0)));
        }
    }
    bool converted = true;
    ASSERT_TRUE(scene->mMetaData->Get(AGF_META_IDOLFX_RIGHT_HANDED, converted));
    EXPECT_FALSE(converted);
}

TEST(IdolFxStatic, TextureIsFoundNextToTheModelOrMarkedAsAGuess) {
    const std::filesystem::path dir = agf::test::ScratchDir("idolfx_textures");
    agf::test::WriteBytes(dir / "static.fxm", gen::WriteFxm(gen::StaticFxmSpec(2, 2)));
    agf::test::WriteBytes(dir / "WallLightmap.tga", {0});
    auto importer = agf::test::MakeImporter();
    const aiScene *scene =
        importer->ReadFile((dir / "static.fxm").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    std::map<std::string, std::pair<std::string, int>> textures;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiString name;
        aiString texture;
        int guessed = 0;
        scene->mMaterials[m]->Get(AI_MATKEY_NAME, name);
        scene->mMaterials[m]->GetTexture(aiTextureType_DIFFUSE, 0, &texture);
        scene->mMaterials[m]->Get(AGF_MATKEY_FXM_TEXTURE_GUESSED, guessed);
        textures[name.C_Str()] = {texture.C_Str(), guessed};
    }
    EXPECT_EQ(textures["Crate"], std::make_pair(std::string("Crate.jpg"), 1));
    EXPECT_EQ(textures["WallLightmap"], std::make_pair(std::string("WallLightmap.tga"), 0));
}

// ------------------------------------------------------------------------------------------------
// Keypose (skinned) FXM

class IdolFxKeypose : public ::testing::TestWithParam<unsigned> {};

TEST_P(IdolFxKeypose, JointsStandAtTheirBindPositions) {
    const gen::FxmSpec spec = gen::KeyposeFxmSpec(GetParam());
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteFxm(spec), "fxm");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 1u);
    const aiMesh *mesh = scene->mMeshes[0];
    for (size_t j = 0; j < spec.joints.size(); ++j) {
        const gen::FxmJointSpec &joint = spec.joints[j];
        SCOPED_TRACE(joint.name);
        const aiNode *node = scene->mRootNode->FindNode(joint.name.c_str());
        ASSERT_NE(node, nullptr);
        if (joint.parent < 0) {
            EXPECT_EQ(node->mParent, scene->mRootNode);
        } else {
            EXPECT_STREQ(node->mParent->mName.C_Str(),
                         spec.joints[static_cast<size_t>(joint.parent)].name.c_str());
        }
        const aiMatrix4x4 world = gen::JointWorldMatrix(spec, j);
        const aiMatrix4x4 global = GlobalTransform(node);
        EXPECT_TRUE(Near(aiVector3D(global.a4, global.b4, global.c4),
                         aiVector3D(world.a4, world.b4, -world.c4), 1e-3f));
        // The node's Y axis is the mirrored Y axis of the Direct3D joint.
        EXPECT_TRUE(Near(aiVector3D(global.a2, global.b2, global.c2),
                         aiVector3D(world.a2, world.b2, -world.c2), 1e-4f));
        // The bone's offset matrix inverts the bind pose.
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            if (joint.name == mesh->mBones[b]->mName.C_Str()) {
                const aiMatrix4x4 product = mesh->mBones[b]->mOffsetMatrix * global;
                EXPECT_TRUE(product.Equal(aiMatrix4x4(), 1e-4f));
            }
        }
    }
}

TEST_P(IdolFxKeypose, WeightsMaskedByTheCountAndRenormalised) {
    const gen::FxmSpec spec = gen::KeyposeFxmSpec(GetParam());
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteFxm(spec), "fxm");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiMesh *mesh = scene->mMeshes[0];
    const auto weights = WeightsByVertex(mesh);
    const gen::FxmSubmeshSpec &submesh = spec.submeshes[0];
    std::set<unsigned> countsSeen;
    for (size_t v = 0; v < submesh.vertices.size(); ++v) {
        const int index = FindVertex(mesh, Converted(submesh.vertices[v].position));
        ASSERT_GE(index, 0);
        const auto expected = ExpectedWeights(spec, submesh.skin[v]);
        const auto &actual = weights[static_cast<size_t>(index)];
        countsSeen.insert(submesh.skin[v].influenceCount);
        ASSERT_EQ(actual.size(), expected.size()) << "vertex " << v;
        float sum = 0;
        for (const auto &[bone, weight] : expected) {
            ASSERT_EQ(actual.count(bone), 1u) << bone;
            EXPECT_NEAR(actual.at(bone), weight, 1e-5f) << "vertex " << v << " bone " << bone;
            sum += actual.at(bone);
        }
        EXPECT_NEAR(sum, 1.0f, 1e-5f);
    }
    EXPECT_EQ(countsSeen, (std::set<unsigned>{0, 2, 3, 4}));
}

INSTANTIATE_TEST_SUITE_P(ThreeToFiveJoints, IdolFxKeypose, ::testing::Values(3u, 4u, 5u));

// ------------------------------------------------------------------------------------------------
// MOT

// The value of a key list at `time` (the keys are at exactly that time in these tests).
template <typename Key> const Key *KeyAt(const Key *keys, unsigned count, double time) {
    for (unsigned k = 0; k < count; ++k) {
        if (std::fabs(keys[k].mTime - time) < 1e-6) {
            return &keys[k];
        }
    }
    return nullptr;
}

const aiNodeAnim *Channel(const aiAnimation *animation, const std::string &name) {
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        if (name == animation->mChannels[c]->mNodeName.C_Str()) {
            return animation->mChannels[c];
        }
    }
    return nullptr;
}

// Every key of the spec is in the channel, converted, at time x ticksPerSecond.
void ExpectKeys(const aiAnimation *animation, const gen::MotSpec &spec, double ticksPerSecond) {
    for (const gen::MotTrackSpec &track : spec.tracks) {
        SCOPED_TRACE(track.name);
        const aiNodeAnim *channel = Channel(animation, track.name);
        ASSERT_NE(channel, nullptr);
        EXPECT_EQ(channel->mNumRotationKeys, track.rotations.size());
        for (const auto &key : track.rotations) {
            const aiQuatKey *actual =
                KeyAt(channel->mRotationKeys, channel->mNumRotationKeys, key.time * ticksPerSecond);
            ASSERT_NE(actual, nullptr) << key.time;
            EXPECT_TRUE(SameRotation(actual->mValue, ConvertedRotation(key.xyzw)));
        }
        for (const auto &key : track.positions) {
            const aiVectorKey *actual =
                KeyAt(channel->mPositionKeys, channel->mNumPositionKeys, key.time * ticksPerSecond);
            ASSERT_NE(actual, nullptr) << key.time;
            EXPECT_TRUE(Near(actual->mValue, Converted(key.value)));
        }
        for (const auto &key : track.scalings) {
            const aiVectorKey *actual =
                KeyAt(channel->mScalingKeys, channel->mNumScalingKeys, key.time * ticksPerSecond);
            ASSERT_NE(actual, nullptr) << key.time;
            EXPECT_TRUE(Near(actual->mValue, Vec(key.value)));
        }
    }
}

TEST(IdolFxMot, AloneGivesASkeletonOnlySceneWithTheAnimation) {
    const gen::MotSpec spec = gen::ChainMotSpec(4);
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteMot(spec), "mot");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 0u);
    EXPECT_NE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE, 0u);
    ASSERT_EQ(scene->mNumAnimations, 1u);
    const aiAnimation *animation = scene->mAnimations[0];
    EXPECT_EQ(animation->mTicksPerSecond, 1000.0);
    EXPECT_NEAR(animation->mDuration, 1000.0, 1e-3);
    EXPECT_EQ(animation->mNumChannels, spec.tracks.size());
    for (const gen::MotTrackSpec &track : spec.tracks) {
        EXPECT_NE(scene->mRootNode->FindNode(track.name.c_str()), nullptr) << track.name;
    }
    ExpectKeys(animation, spec, 1000.0);
}

TEST(IdolFxMot, TicksPerSecondOption) {
    const gen::MotSpec spec = gen::ChainMotSpec(3);
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyFloat(AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND, 30.0f);
    const aiScene *scene = ImportBytes(*importer, gen::WriteMot(spec), "mot");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mAnimations[0]->mTicksPerSecond, 30.0);
    EXPECT_NEAR(scene->mAnimations[0]->mDuration, 30.0, 1e-4);
    ExpectKeys(scene->mAnimations[0], spec, 30.0);
}

TEST(IdolFxMot, FxmAutoLoadsItsSiblingUnlessTurnedOff) {
    const std::filesystem::path fxm = agf::test::TestModelsDir() / "idolfx" / "keypose_chain4.fxm";
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(fxm.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 1u);
    EXPECT_STREQ(scene->mAnimations[0]->mName.C_Str(), "keypose_chain4");
    ExpectKeys(scene->mAnimations[0], gen::ChainMotSpec(4), 1000.0);
    // Every channel drives a joint that skins the mesh.
    std::set<std::string> bones;
    for (unsigned b = 0; b < scene->mMeshes[0]->mNumBones; ++b) {
        bones.insert(scene->mMeshes[0]->mBones[b]->mName.C_Str());
    }
    for (unsigned c = 0; c < scene->mAnimations[0]->mNumChannels; ++c) {
        EXPECT_EQ(bones.count(scene->mAnimations[0]->mChannels[c]->mNodeName.C_Str()), 1u);
    }

    auto withoutAutoload = agf::test::MakeImporter();
    withoutAutoload->SetPropertyBool(AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD, true);
    const aiScene *alone = withoutAutoload->ReadFile(fxm.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(alone, nullptr) << withoutAutoload->GetErrorString();
    EXPECT_EQ(alone->mNumAnimations, 0u);
}

TEST(IdolFxMot, ExplicitFileAndKeepNativeSpace) {
    const std::filesystem::path dir = agf::test::ScratchDir("idolfx_explicit_mot");
    agf::test::WriteBytes(dir / "ghoul.fxm", gen::WriteFxm(gen::KeyposeFxmSpec(4)));
    const gen::MotSpec spec = gen::ChainMotSpec(4);
    agf::test::WriteBytes(dir / "walk.mot", gen::WriteMot(spec));

    auto importer = agf::test::MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, "walk.mot");
    const aiScene *scene =
        importer->ReadFile((dir / "ghoul.fxm").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 1u);
    ExpectKeys(scene->mAnimations[0], spec, 1000.0);

    // Native space: the mesh keeps Direct3D's axes, so do the keys: (-x, -y, -z, w), no mirror.
    auto native = agf::test::MakeImporter();
    native->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, "walk.mot");
    native->SetPropertyBool(AI_CONFIG_IMPORT_FXM_KEEP_NATIVE, true);
    const aiScene *nativeScene =
        native->ReadFile((dir / "ghoul.fxm").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(nativeScene, nullptr) << native->GetErrorString();
    ASSERT_EQ(nativeScene->mNumAnimations, 1u);
    const aiNodeAnim *root = Channel(nativeScene->mAnimations[0], spec.tracks[0].name);
    ASSERT_NE(root, nullptr);
    const auto &fileKey = spec.tracks[0].rotations[1];
    const aiQuatKey *key = KeyAt(root->mRotationKeys, root->mNumRotationKeys, 1000.0);
    ASSERT_NE(key, nullptr);
    EXPECT_TRUE(SameRotation(key->mValue, aiQuaternion(fileKey.xyzw[3], -fileKey.xyzw[0],
                                                       -fileKey.xyzw[1], -fileKey.xyzw[2])));
    const aiVectorKey *position = KeyAt(root->mPositionKeys, root->mNumPositionKeys, 500.0);
    ASSERT_NE(position, nullptr);
    EXPECT_TRUE(Near(position->mValue, Vec(spec.tracks[0].positions[1].value)));
}

TEST(IdolFxMot, UnknownTracksAreDroppedWhenBoundToAnFxm) {
    const std::filesystem::path dir = agf::test::ScratchDir("idolfx_unknown_track");
    agf::test::WriteBytes(dir / "ghoul.fxm", gen::WriteFxm(gen::KeyposeFxmSpec(3)));
    gen::MotSpec spec = gen::ChainMotSpec(3);
    gen::MotTrackSpec tail = spec.tracks[1];
    tail.name = "Bip01 Tail";
    spec.tracks.push_back(tail);
    spec.tracks[2].name = "BIP01 SPINE"; // binds without regard to case
    agf::test::WriteBytes(dir / "ghoul.mot", gen::WriteMot(spec));
    auto importer = agf::test::MakeImporter();
    const aiScene *scene =
        importer->ReadFile((dir / "ghoul.fxm").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 1u);
    EXPECT_EQ(scene->mAnimations[0]->mNumChannels, 3u);
    EXPECT_NE(Channel(scene->mAnimations[0], "Bip01 Spine"), nullptr);
    EXPECT_EQ(Channel(scene->mAnimations[0], "Bip01 Tail"), nullptr);
}

TEST(IdolFxMot, SignatureRejectsLightWaveMotions) {
    const std::vector<uint8_t> mot = gen::WriteMot(gen::ChainMotSpec(3));
    EXPECT_TRUE(agf::idolfx::LooksLikeMot(mot.data(), mot.size()));
    std::vector<uint8_t> lightWave(mot);
    std::memcpy(lightWave.data(), "LWMO", 4);
    EXPECT_FALSE(agf::idolfx::LooksLikeMot(lightWave.data(), lightWave.size()));
}

// ------------------------------------------------------------------------------------------------
// ANB

// Output vertex -> (point index, UV index) of the spec, found by base position and UV.
std::vector<std::pair<size_t, size_t>> MatchAnbVertices(const aiMesh *mesh,
                                                        const gen::AnbSubmeshSpec &submesh) {
    std::vector<std::pair<size_t, size_t>> pairs;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        size_t point = SIZE_MAX;
        size_t uv = SIZE_MAX;
        for (size_t p = 0; p < submesh.basePoints.size(); ++p) {
            const auto &b = submesh.basePoints[p];
            if (Near(mesh->mVertices[v], aiVector3D(b[0], b[1], -b[2]))) {
                point = p;
            }
        }
        for (size_t u = 0; u < submesh.uvs.size(); ++u) {
            const auto &t = submesh.uvs[u];
            if (Near(mesh->mTextureCoords[0][v], aiVector3D(t[0], 1.0f - t[1], 0))) {
                uv = u;
            }
        }
        pairs.emplace_back(point, uv);
    }
    return pairs;
}

TEST(IdolFxAnb, SplitsOnPositionUvPairsInEveryFrame) {
    const gen::AnbSpec spec = gen::TwoSubmeshAnbSpec();
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteAnb(spec), "anb");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 2u);
    for (unsigned s = 0; s < 2; ++s) {
        const gen::AnbSubmeshSpec &submesh = spec.submeshes[s];
        ASSERT_NE(submesh.uvs.size(), submesh.basePoints.size());
        const aiMesh *mesh = scene->mMeshes[s];
        std::set<std::pair<size_t, size_t>> expectedPairs;
        for (size_t t = 0; t < submesh.triangles.size(); ++t) {
            for (int c = 0; c < 3; ++c) {
                expectedPairs.insert({submesh.triangles[t][c], submesh.uvTriangles[t][c]});
            }
        }
        const auto pairs = MatchAnbVertices(mesh, submesh);
        const std::set<std::pair<size_t, size_t>> actualPairs(pairs.begin(), pairs.end());
        EXPECT_EQ(actualPairs, expectedPairs);
        EXPECT_EQ(mesh->mNumVertices, expectedPairs.size());
        EXPECT_EQ(mesh->mNumFaces, submesh.triangles.size());

        ASSERT_EQ(mesh->mNumAnimMeshes, spec.frameCount() - 1);
        EXPECT_EQ(mesh->mMethod, static_cast<unsigned>(aiMorphingMethod_MORPH_RELATIVE));
        for (unsigned f = 0; f < mesh->mNumAnimMeshes; ++f) {
            const aiAnimMesh *frame = mesh->mAnimMeshes[f];
            ASSERT_EQ(frame->mNumVertices, mesh->mNumVertices);
            ASSERT_TRUE(frame->HasNormals());
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const auto &point = submesh.frames[f][pairs[v].first];
                EXPECT_TRUE(Near(frame->mVertices[v], aiVector3D(point[0], point[1], -point[2])));
                EXPECT_TRUE(Near(frame->mNormals[v], aiVector3D(point[3], point[4], -point[5])));
            }
        }
    }
}

TEST(IdolFxAnb, MorphAnimationPlaysTheFramesInOrder) {
    const gen::AnbSpec spec = gen::TwoSubmeshAnbSpec();
    for (float fps : {0.0f, 12.0f}) {
        auto importer = agf::test::MakeImporter();
        if (fps != 0.0f) {
            importer->SetPropertyFloat(AI_CONFIG_IMPORT_ANB_FPS, fps);
        }
        const aiScene *scene = ImportBytes(*importer, gen::WriteAnb(spec), "anb");
        ASSERT_NE(scene, nullptr) << importer->GetErrorString();
        ASSERT_EQ(scene->mNumAnimations, 1u);
        const aiAnimation *animation = scene->mAnimations[0];
        EXPECT_EQ(animation->mTicksPerSecond, fps == 0.0f ? 24.0 : 12.0);
        EXPECT_EQ(animation->mDuration, spec.frameCount() - 1.0);
        ASSERT_EQ(animation->mNumMorphMeshChannels, 2u);
        // Plus one constant channel on the root that spans the frames (kept by exporters).
        ASSERT_EQ(animation->mNumChannels, 1u);
        EXPECT_EQ(scene->mRootNode->FindNode(animation->mChannels[0]->mNodeName), scene->mRootNode);
        for (unsigned c = 0; c < 2; ++c) {
            const aiMeshMorphAnim *channel = animation->mMorphMeshChannels[c];
            // Bound to the node that holds the mesh.
            const aiNode *node = scene->mRootNode->FindNode(channel->mName);
            ASSERT_NE(node, nullptr);
            ASSERT_EQ(node->mNumMeshes, 1u);
            const aiMesh *mesh = scene->mMeshes[node->mMeshes[0]];
            ASSERT_EQ(channel->mNumKeys, spec.frameCount());
            for (unsigned k = 0; k < channel->mNumKeys; ++k) {
                const aiMeshMorphKey &key = channel->mKeys[k];
                EXPECT_EQ(key.mTime, static_cast<double>(k));
                ASSERT_EQ(key.mNumValuesAndWeights, mesh->mNumAnimMeshes);
                for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
                    EXPECT_EQ(key.mWeights[i], key.mValues[i] + 1 == k ? 1.0 : 0.0);
                }
            }
        }
    }
}

TEST(IdolFxAnb, SignatureAccountsForTheWholeFile) {
    const std::vector<uint8_t> anb = gen::WriteAnb(gen::TwoSubmeshAnbSpec());
    EXPECT_TRUE(agf::idolfx::LooksLikeAnb(anb.data(), anb.size()));
    EXPECT_FALSE(agf::idolfx::LooksLikeAnb(anb.data(), anb.size() - 1));
    std::vector<uint8_t> longer(anb);
    longer.push_back(0);
    EXPECT_FALSE(agf::idolfx::LooksLikeAnb(longer.data(), longer.size()));
    const std::vector<uint8_t> fxm = gen::WriteFxm(gen::StaticFxmSpec(1, 1));
    EXPECT_FALSE(agf::idolfx::LooksLikeAnb(fxm.data(), fxm.size()));
    EXPECT_TRUE(agf::idolfx::LooksLikeFxm(fxm.data(), fxm.size()));
    EXPECT_FALSE(agf::idolfx::LooksLikeFxm(anb.data(), anb.size()));
}

} // namespace
