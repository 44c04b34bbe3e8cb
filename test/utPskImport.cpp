// PSK import checked against generated files of exactly known content (PskModels.h): positions,
// winding, normals, UVs, colours, bones, weights, morphs, sockets, physics and options.
#include "utPskSupport.h"

#include "ActorX/PskConversion.h"
#include "Common/Coordinates.h"
#include "PskModels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace {

using namespace agf::test::psk;
namespace gen = agf::testgen::psk;

aiVector3D ToVector(const gen::Float3 &v) {
    return aiVector3D(v[0], v[1], v[2]);
}

// Index of the box wedge a vertex came from: its point has the vertex position and its side
// (4 wedges per side) has the vertex normal.
int BoxWedgeOf(const gen::PskContent &box, const aiVector3D &position, const aiVector3D &normal) {
    static const aiVector3D kSideNormals[6] = {{0, 0, -1}, {0, 0, 1},  {0, -1, 0},
                                               {0, 1, 0},  {-1, 0, 0}, {1, 0, 0}};
    for (size_t w = 0; w < box.wedges.size(); ++w) {
        const aiVector3D point = ToVector(box.points[box.wedges[w].pointIndex & 0xFFFF]);
        if (point == position && Near(kSideNormals[w / 4], normal)) {
            return static_cast<int>(w);
        }
    }
    return -1;
}

// Expected normalised weights of each point, computed from the content.
std::vector<std::map<std::string, float>> ExpectedPointWeights(const gen::PskContent &content) {
    std::vector<std::map<std::string, float>> weights(content.points.size());
    for (const auto &w : content.weights) {
        if (w.weight > 0) {
            weights[size_t(w.point)][content.bones[size_t(w.bone)].name] += w.weight;
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

// How many points of `content` have weights that do not sum to 1 (the importer normalises
// them and says so once).
size_t UnnormalisedPoints(const gen::PskContent &content) {
    std::vector<double> sums(content.points.size(), 0.0);
    std::vector<bool> weighted(content.points.size(), false);
    for (const auto &w : content.weights) {
        const size_t point = static_cast<size_t>(w.point);
        sums.at(point) += w.weight;
        weighted.at(point) = true;
    }
    size_t count = 0;
    for (size_t p = 0; p < sums.size(); ++p) {
        count += weighted[p] && std::fabs(sums[p] - 1.0) > 1e-3;
    }
    return count;
}

TEST(PskImport, BoxGeometryWindingAndNormals) {
    const gen::PskContent box = gen::SkinnedBox();
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(box));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 2u); // sides and caps
    unsigned faces = 0, vertices = 0;
    const aiVector3D centre(0, 0, 10);
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        faces += mesh->mNumFaces;
        vertices += mesh->mNumVertices;
        ASSERT_TRUE(mesh->HasNormals());
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace &face = mesh->mFaces[f];
            const aiVector3D a = mesh->mVertices[face.mIndices[0]];
            const aiVector3D b = mesh->mVertices[face.mIndices[1]];
            const aiVector3D c = mesh->mVertices[face.mIndices[2]];
            const aiVector3D normal = ((b - a) ^ (c - a)).Normalize();
            // Counter-clockwise front faces: the normal points out of the closed box.
            EXPECT_GT(normal * ((a + b + c) / 3.0f - centre), 0.0f) << "face " << f;
            // Flat shading: one smoothing bit per side, so every corner has the face normal.
            for (unsigned k = 0; k < 3; ++k) {
                EXPECT_TRUE(Near(mesh->mNormals[face.mIndices[k]], normal));
            }
        }
    }
    EXPECT_EQ(faces, 12u);
    EXPECT_EQ(vertices, 24u); // one vertex per wedge
    // Material 0 holds the 4 sides (8 faces), material 1 the caps.
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        EXPECT_EQ(scene->mMeshes[m]->mNumFaces, scene->mMeshes[m]->mMaterialIndex == 0 ? 8u : 4u);
    }
    ASSERT_EQ(scene->mNumMaterials, 2u);
    aiString name;
    scene->mMaterials[0]->Get(AI_MATKEY_NAME, name);
    EXPECT_STREQ(name.C_Str(), "BoxSides");
    scene->mMaterials[1]->Get(AI_MATKEY_NAME, name);
    EXPECT_STREQ(name.C_Str(), "BoxCaps");
    int twoSided = 0;
    EXPECT_EQ(scene->mMaterials[1]->Get(AI_MATKEY_TWOSIDED, twoSided), AI_SUCCESS);
    EXPECT_EQ(twoSided, 1);
    EXPECT_NE(scene->mMaterials[0]->Get(AI_MATKEY_TWOSIDED, twoSided), AI_SUCCESS);
}

TEST(PskImport, BoxPerWedgeData) {
    const gen::PskContent box = gen::SkinnedBox();
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(box));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const auto pointWeights = ExpectedPointWeights(box);
    std::set<int> seen;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        ASSERT_EQ(mesh->GetNumUVChannels(), 3u); // VTXW, EXTRAUV0 (no S), EXTRAUVS1
        ASSERT_TRUE(mesh->HasVertexColors(0));
        const auto weights = VertexWeights(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const int w = BoxWedgeOf(box, mesh->mVertices[v], mesh->mNormals[v]);
            ASSERT_GE(w, 0) << "vertex " << v << " matches no wedge";
            seen.insert(w);
            const auto &wedge = box.wedges[size_t(w)];
            EXPECT_EQ(mesh->mTextureCoords[0][v], aiVector3D(wedge.u, 1.0f - wedge.v, 0));
            const auto &uv1 = box.extraUvs[0].uvs[size_t(w)];
            EXPECT_EQ(mesh->mTextureCoords[1][v], aiVector3D(uv1[0], 1.0f - uv1[1], 0));
            const auto &uv2 = box.extraUvs[1].uvs[size_t(w)];
            EXPECT_EQ(mesh->mTextureCoords[2][v], aiVector3D(uv2[0], 1.0f - uv2[1], 0));
            const auto &c = box.colors[size_t(w)];
            EXPECT_EQ(mesh->mColors[0][v],
                      aiColor4D(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f));
            const auto &expected = pointWeights[wedge.pointIndex & 0xFFFF];
            ASSERT_EQ(weights[v].size(), expected.size()) << "vertex " << v;
            for (const auto &[bone, weight] : expected) {
                EXPECT_NEAR(weights[v].at(bone), weight, 1e-6f) << "vertex " << v << " " << bone;
            }
        }
    }
    EXPECT_EQ(seen.size(), box.wedges.size());
}

TEST(PskImport, BoxBonesFollowTheQuaternionRule) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SkinnedBox()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiNode *root = FindNode(scene, "Root");
    const aiNode *spine = FindNode(scene, "Spine");
    const aiNode *head = FindNode(scene, "Head");
    ASSERT_TRUE(root && spine && head);
    EXPECT_EQ(root->mParent, scene->mRootNode);
    EXPECT_EQ(spine->mParent, root);
    EXPECT_EQ(head->mParent, spine);
    // Root: +90 degrees about Z as stored; Spine: the stored conjugate gives +90 about X.
    aiMatrix4x4 rz, rx, spineOffset, headOffset;
    aiMatrix4x4::RotationZ(float(agf::kPi / 2), rz);
    aiMatrix4x4::RotationX(float(agf::kPi / 2), rx);
    aiMatrix4x4::Translation(aiVector3D(0, 0, 10), spineOffset);
    aiMatrix4x4::Translation(aiVector3D(0, 0, 5), headOffset);
    EXPECT_TRUE(NearMatrix(GlobalBelowRoot(scene, root), rz));
    EXPECT_TRUE(NearMatrix(GlobalBelowRoot(scene, spine), rz * spineOffset * rx));
    const aiMatrix4x4 headGlobal = GlobalBelowRoot(scene, head);
    EXPECT_TRUE(NearMatrix(headGlobal, rz * spineOffset * rx * headOffset));
    // Worked by hand: Rz90 * Rx90 * (0, 0, 5) = (5, 0, 0), plus the spine at (0, 0, 10).
    EXPECT_TRUE(Near(headGlobal * aiVector3D(0, 0, 0), aiVector3D(5, 0, 10)));
    // No mesh node may carry a bone's name.
    for (unsigned c = 0; c < scene->mRootNode->mNumChildren; ++c) {
        const aiNode *child = scene->mRootNode->mChildren[c];
        if (child->mNumMeshes != 0) {
            EXPECT_STRNE(child->mName.C_Str(), "Root");
        }
    }
}

TEST(PskImport, SkinningTheBindPoseReproducesTheMesh) {
    for (const auto &content : {gen::SkinnedBox(), gen::Face3200Tetrahedron()}) {
        auto importer = agf::test::MakeImporter();
        const aiScene *scene = ImportPsk(*importer, gen::WritePsk(content));
        ASSERT_NE(scene, nullptr) << importer->GetErrorString();
        for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
            const aiMesh *mesh = scene->mMeshes[m];
            ASSERT_GT(mesh->mNumBones, 0u);
            std::vector<aiVector3D> skinned(mesh->mNumVertices);
            std::vector<float> total(mesh->mNumVertices, 0);
            for (unsigned b = 0; b < mesh->mNumBones; ++b) {
                const aiBone *bone = mesh->mBones[b];
                const aiNode *node = FindNode(scene, bone->mName.C_Str());
                ASSERT_NE(node, nullptr);
                const aiMatrix4x4 skin = GlobalBelowRoot(scene, node) * bone->mOffsetMatrix;
                for (unsigned k = 0; k < bone->mNumWeights; ++k) {
                    const aiVertexWeight &w = bone->mWeights[k];
                    skinned[w.mVertexId] += (skin * mesh->mVertices[w.mVertexId]) * w.mWeight;
                    total[w.mVertexId] += w.mWeight;
                }
            }
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                EXPECT_NEAR(total[v], 1.0f, 1e-5f);
                EXPECT_TRUE(Near(skinned[v], mesh->mVertices[v], 1e-3f)) << "vertex " << v;
            }
        }
    }
}

TEST(PskImport, BoxWedgeMorphTargets) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SkinnedBox()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    bool dentSeen = false;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        EXPECT_EQ(mesh->mMethod, unsigned(aiMorphingMethod_MORPH_RELATIVE));
        for (unsigned a = 0; a < mesh->mNumAnimMeshes; ++a) {
            const aiAnimMesh *morph = mesh->mAnimMeshes[a];
            const std::string name = morph->mName.C_Str();
            ASSERT_EQ(morph->mNumVertices, mesh->mNumVertices);
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const aiVector3D base = mesh->mVertices[v];
                aiVector3D expected = base;
                if (name == "Stretch" && base.z > 10) {
                    expected.z = 30;
                }
                // Dent moves wedge 0 only: point 0 on the bottom (-Z) side.
                const bool wedge0 = base == aiVector3D(-10, -10, 0) &&
                                    Near(mesh->mNormals[v], aiVector3D(0, 0, -1));
                if (name == "Dent" && wedge0) {
                    expected = aiVector3D(-8, -8, 0);
                    dentSeen = true;
                }
                EXPECT_EQ(morph->mVertices[v], expected) << name << " vertex " << v;
            }
            EXPECT_TRUE(name == "Stretch" || name == "Dent") << name;
        }
    }
    EXPECT_TRUE(dentSeen);
    // Both meshes have top vertices (sides and the top cap), so both carry Stretch.
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        EXPECT_GE(scene->mMeshes[m]->mNumAnimMeshes, 1u);
    }
}

TEST(PskImport, BoxPhysicsShapesAsBoneMetadata) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SkinnedBox()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiNode *spine = FindNode(scene, "Spine");
    ASSERT_NE(spine->mMetaData, nullptr);
    int32_t count = 0;
    ASSERT_TRUE(spine->mMetaData->Get(AGF_META_PSK_PHYSICS_SHAPES, count));
    EXPECT_EQ(count, 1);
    const std::string first = AGF_META_PSK_PHYSICS_SHAPES "[0].";
    int32_t type = -1;
    aiString typeName, source;
    aiVector3D offset, rotation, scale;
    EXPECT_TRUE(spine->mMetaData->Get(first + "Type", type));
    EXPECT_TRUE(spine->mMetaData->Get(first + "TypeName", typeName));
    EXPECT_TRUE(spine->mMetaData->Get(first + "Source", source));
    EXPECT_TRUE(spine->mMetaData->Get(first + "Offset", offset));
    EXPECT_TRUE(spine->mMetaData->Get(first + "Rotation", rotation));
    EXPECT_TRUE(spine->mMetaData->Get(first + "Scale", scale));
    EXPECT_EQ(type, 1);
    EXPECT_STREQ(typeName.C_Str(), "sphere");
    EXPECT_STREQ(source.C_Str(), "PHYSICS0");
    EXPECT_EQ(offset, aiVector3D(1, 2, 3));
    EXPECT_EQ(rotation, aiVector3D(10, 20, 30));
    EXPECT_EQ(scale, aiVector3D(1, 1, 2));

    const aiNode *head = FindNode(scene, "Head");
    ASSERT_NE(head->mMetaData, nullptr);
    ASSERT_TRUE(head->mMetaData->Get(AGF_META_PSK_PHYSICS_SHAPES, count));
    EXPECT_EQ(count, 1);
    float w = 0;
    EXPECT_TRUE(head->mMetaData->Get(first + "RotationW", w));
    EXPECT_EQ(w, 1.0f);
    EXPECT_TRUE(head->mMetaData->Get(first + "Offset", offset));
    EXPECT_EQ(offset, aiVector3D(0, 0, 4));
    aiString headSource;
    EXPECT_TRUE(head->mMetaData->Get(first + "Source", headSource));
    EXPECT_STREQ(headSource.C_Str(), "SHAPEELEMS");
}

TEST(PskImport, BoxSceneMetadataAndRoot) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SkinnedBox()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiMetadata *meta = scene->mMetaData;
    ASSERT_NE(meta, nullptr);
    uint64_t points = 0, wedges = 0, faces = 0, bones = 0;
    int32_t typeFlag = 0, upAxis = -1;
    aiString generator;
    EXPECT_TRUE(meta->Get(AGF_META_PSK_POINT_COUNT, points));
    EXPECT_TRUE(meta->Get(AGF_META_PSK_WEDGE_COUNT, wedges));
    EXPECT_TRUE(meta->Get(AGF_META_PSK_FACE_COUNT, faces));
    EXPECT_TRUE(meta->Get(AGF_META_PSK_BONE_COUNT, bones));
    EXPECT_TRUE(meta->Get(AGF_META_PSK_TYPE_FLAG, typeFlag));
    EXPECT_TRUE(meta->Get(AGF_META_UP_AXIS, upAxis));
    EXPECT_TRUE(meta->Get("SourceAsset_Generator", generator));
    EXPECT_EQ(points, 8u);
    EXPECT_EQ(wedges, 24u);
    EXPECT_EQ(faces, 12u);
    EXPECT_EQ(bones, 3u);
    EXPECT_EQ(typeFlag, 20220723);
    EXPECT_EQ(upAxis, 2);
    EXPECT_STREQ(generator.C_Str(), "CUE4Parse (FModel)");
    double unit = 0;
    EXPECT_TRUE(meta->Get(AGF_META_UNIT_SCALE_FACTOR, unit));
    EXPECT_EQ(unit, 1.0);
    // Default: the root turns Z-up into Y-up, (x, y, z) -> (x, z, -y).
    const aiMatrix4x4 &root = scene->mRootNode->mTransformation;
    EXPECT_TRUE(Near(root * aiVector3D(0, 0, 1), aiVector3D(0, 1, 0)));
    EXPECT_TRUE(Near(root * aiVector3D(0, 1, 0), aiVector3D(0, 0, -1)));
}

TEST(PskImport, OptionsScaleUpAxisMorphsAndSockets) {
    const std::vector<uint8_t> bytes = gen::WritePsk(gen::SkinnedBox());
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, false);
    importer->SetPropertyFloat(AI_CONFIG_IMPORT_PSK_SCALE, 0.01f);
    importer->SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_MORPHS, true);
    const aiScene *scene = ImportPsk(*importer, bytes);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    aiMatrix4x4 expected;
    aiMatrix4x4::Scaling(aiVector3D(0.01f), expected);
    EXPECT_TRUE(NearMatrix(scene->mRootNode->mTransformation, expected, 1e-7f));
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        EXPECT_EQ(scene->mMeshes[m]->mNumAnimMeshes, 0u);
        // Mesh data stays in file units.
        for (unsigned v = 0; v < scene->mMeshes[m]->mNumVertices; ++v) {
            EXPECT_EQ(std::fabs(scene->mMeshes[m]->mVertices[v].x), 10.0f);
        }
    }
    bool rotated = true;
    EXPECT_TRUE(scene->mMetaData->Get(AGF_META_ROOT_ROTATED_TO_Y_UP, rotated));
    EXPECT_FALSE(rotated);

    auto sockets = agf::test::MakeImporter();
    sockets->SetPropertyBool(AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS, true);
    const aiScene *skeleton = ImportPsk(*sockets, gen::WritePsk(gen::SocketSkeleton(164)));
    ASSERT_NE(skeleton, nullptr) << sockets->GetErrorString();
    EXPECT_EQ(FindNode(skeleton, "Muzzle"), nullptr);
    EXPECT_NE(FindNode(skeleton, "Hand"), nullptr);
}

TEST(PskImport, Face3200TetrahedronWithVertexNormalsAndPointMorphs) {
    const gen::PskContent tetra = gen::Face3200Tetrahedron();
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(tetra));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 1u);
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_EQ(mesh->mNumFaces, 4u);
    EXPECT_EQ(mesh->mNumVertices, 4u);
    bool faces32 = false;
    EXPECT_TRUE(scene->mMetaData->Get(AGF_META_PSK_FACES_32BIT, faces32));
    EXPECT_TRUE(faces32);
    const aiVector3D centre(2.5f, 2.5f, 2.5f);
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        const aiFace &face = mesh->mFaces[f];
        const aiVector3D a = mesh->mVertices[face.mIndices[0]];
        const aiVector3D b = mesh->mVertices[face.mIndices[1]];
        const aiVector3D c = mesh->mVertices[face.mIndices[2]];
        EXPECT_GT(((b - a) ^ (c - a)) * ((a + b + c) / 3.0f - centre), 0.0f) << "face " << f;
    }
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        // VTXNORMS are used as given (per point; one wedge per point here).
        const aiVector3D expected = (mesh->mVertices[v] - centre).Normalize();
        EXPECT_TRUE(Near(mesh->mNormals[v], expected));
        // RGBA by default: the first byte is red.
        const size_t p = size_t(
            std::find_if(tetra.points.begin(), tetra.points.end(),
                         [&](const gen::Float3 &q) { return ToVector(q) == mesh->mVertices[v]; }) -
            tetra.points.begin());
        ASSERT_LT(p, tetra.points.size());
        EXPECT_EQ(mesh->mColors[0][v].r, tetra.colors[p][0] / 255.0f);
        EXPECT_EQ(mesh->mColors[0][v].b, tetra.colors[p][2] / 255.0f);
    }
    // Bones from REFSKEL0 (root parent -1) and weights from RAWW0000.
    EXPECT_NE(FindNode(scene, "root"), nullptr);
    EXPECT_NE(FindNode(scene, "tip"), nullptr);
    EXPECT_EQ(mesh->mNumBones, 2u);
    // MRPHDATA deltas are raw UE space: Y is mirrored on import.
    ASSERT_EQ(mesh->mNumAnimMeshes, 2u);
    for (unsigned a = 0; a < mesh->mNumAnimMeshes; ++a) {
        const aiAnimMesh *morph = mesh->mAnimMeshes[a];
        const std::string name = morph->mName.C_Str();
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D base = mesh->mVertices[v];
            aiVector3D expected = base;
            if (name == "Pull" && base == aiVector3D(0, 0, 10)) {
                expected = aiVector3D(0, -4, 12);
            }
            if (name == "Push" && (base == aiVector3D(10, 0, 0) || base == aiVector3D(0, 10, 0))) {
                expected = base + aiVector3D(1, -1, 0);
            }
            EXPECT_EQ(morph->mVertices[v], expected) << name << " vertex " << v;
        }
        EXPECT_TRUE(name == "Pull" || name == "Push") << name;
    }
}

TEST(PskImport, BgraOptionSwapsRedAndBlue) {
    const gen::PskContent tetra = gen::Face3200Tetrahedron();
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA, true);
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(tetra));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const aiMesh *mesh = scene->mMeshes[0];
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        for (size_t p = 0; p < tetra.points.size(); ++p) {
            if (ToVector(tetra.points[p]) == mesh->mVertices[v]) {
                EXPECT_EQ(mesh->mColors[0][v].r, tetra.colors[p][2] / 255.0f);
                EXPECT_EQ(mesh->mColors[0][v].g, tetra.colors[p][1] / 255.0f);
                EXPECT_EQ(mesh->mColors[0][v].b, tetra.colors[p][0] / 255.0f);
                EXPECT_EQ(mesh->mColors[0][v].a, tetra.colors[p][3] / 255.0f);
            }
        }
    }
}

class PskSocketSizes : public testing::TestWithParam<int32_t> {};

TEST_P(PskSocketSizes, SocketsAreChildNodesWithMirroredTransforms) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SocketSkeleton(GetParam())));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 0u);
    EXPECT_NE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE, 0u);
    const aiNode *hand = FindNode(scene, "Hand");
    const aiNode *muzzle = FindNode(scene, "Muzzle");
    const aiNode *floor = FindNode(scene, "Floor");
    ASSERT_TRUE(hand && muzzle && floor);
    EXPECT_EQ(muzzle->mParent, hand);
    EXPECT_EQ(floor->mParent, scene->mRootNode);
    for (const aiNode *socket : {muzzle, floor}) {
        bool flag = false;
        ASSERT_NE(socket->mMetaData, nullptr);
        EXPECT_TRUE(socket->mMetaData->Get(AGF_META_PSK_SOCKET, flag));
        EXPECT_TRUE(flag);
    }
    // Location (10, 5, 0) in UE space is (10, -5, 0) here. Yaw +90 turns UE's X towards UE's
    // +Y, which is -Y after the mirror.
    const aiMatrix4x4 &m = muzzle->mTransformation;
    EXPECT_TRUE(Near(aiVector3D(m.a4, m.b4, m.c4), aiVector3D(10, -5, 0)));
    EXPECT_TRUE(Near(aiVector3D(m.a1, m.b1, m.c1), aiVector3D(0, -1, 0)));
    EXPECT_TRUE(Near(aiVector3D(m.a3, m.b3, m.c3), aiVector3D(0, 0, 1)));
    // Pitch +90 lifts the nose: X turns to +Z. Scale 2 is kept.
    const aiMatrix4x4 &f = floor->mTransformation;
    EXPECT_TRUE(Near(aiVector3D(f.a4, f.b4, f.c4), aiVector3D(0, -3, -1)));
    EXPECT_TRUE(Near(aiVector3D(f.a1, f.b1, f.c1), aiVector3D(0, 0, 2)));
}

INSTANTIATE_TEST_SUITE_P(HeaderSizes, PskSocketSizes, testing::Values(138, 164, 168));

TEST(PskImport, UnnormalisedWeightsAreReported) {
    auto importer = agf::test::MakeImporter();
    const gen::PskContent box = gen::SkinnedBox();
    ASSERT_NE(ImportPsk(*importer, gen::WritePsk(box)), nullptr);
    const size_t unnormalised = UnnormalisedPoints(box);
    ASSERT_GT(unnormalised, 0u);
    const agf::test::ImportWarnings warnings(*importer, "psk");
    const std::vector<agf::Warning> normalised =
        warnings.of(agf::WarningKind::Adjusted, "RAWWEIGHTS");
    ASSERT_EQ(normalised.size(), 1u) << warnings.text();
    EXPECT_EQ(normalised[0].message, "the weights of " + std::to_string(unnormalised) +
                                         " points did not sum to 1; they were normalised");
}

TEST(PskImport, NormalisedWeightsGiveNoWarning) {
    auto importer = agf::test::MakeImporter();
    const gen::PskContent tetrahedron = gen::Face3200Tetrahedron();
    ASSERT_EQ(UnnormalisedPoints(tetrahedron), 0u);
    ASSERT_NE(ImportPsk(*importer, gen::WritePsk(tetrahedron)), nullptr);
    const agf::test::ImportWarnings warnings(*importer, "psk");
    EXPECT_EQ(warnings.count(agf::WarningKind::Adjusted, "RAWWEIGHTS"), 0u) << warnings.text();
}

TEST(PskImport, SmoothingGroupsShareNormalsOnlyAcrossASharedBit) {
    // Two triangles folded along a shared edge (points 0 and 1), wedges shared along it.
    gen::PskContent fold;
    fold.points = {{0, 0, 0}, {10, 0, 0}, {5, 10, 0}, {5, -10, 5}};
    for (uint32_t p = 0; p < 4; ++p) {
        fold.wedges.push_back({p, 0, 0, 0});
    }
    fold.materials = {{"Fold", 0}};
    for (uint32_t second : {1u, 2u, 0u}) {
        // Masks: first face always 1; second face 1 (shared), 2 (not shared) or 0 (flat).
        fold.faces = {{{0, 2, 1}, 0, 1}, {{0, 1, 3}, 0, second}};
        auto importer = agf::test::MakeImporter();
        const aiScene *scene = ImportPsk(*importer, gen::WritePsk(fold));
        ASSERT_NE(scene, nullptr) << importer->GetErrorString();
        const aiMesh *mesh = scene->mMeshes[0];
        // Vertices on the shared edge: one per wedge when smooth, two when hard.
        EXPECT_EQ(mesh->mNumVertices, second == 1 ? 4u : 6u) << "mask " << second;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            EXPECT_NEAR(mesh->mNormals[v].Length(), 1.0f, 1e-5f);
        }
    }
}

// A mesh whose corners all take their point's smoothed normal (every face in one group, the
// common export) is split by a shorter loop, one vertex per used wedge. It must give what the
// general loop gives: the same grid imported again with one flat triangle appended (new points
// and wedges, so the general loop runs and numbers the grid's vertices first) has the same
// vertices and triangles, plus the triangle's.
TEST(PskImport, OneNormalPerPointSplitsAsTheGeneralLoop) {
    gen::PskContent grid;
    const uint32_t side = 6;
    for (uint32_t y = 0; y < side; ++y) {
        for (uint32_t x = 0; x < side; ++x) {
            grid.points.push_back({float(x), float(y), float((x * 7 + y * 3) % 5) * 0.3f});
        }
    }
    // Wedges in another order than first use, and a point with two wedges (a UV seam).
    for (uint32_t p = side * side; p-- > 0;) {
        grid.wedges.push_back({p, float(p % side) / side, float(p / side) / side, 0});
    }
    grid.wedges.push_back({side + 1, 0.5f, 0.5f, 0});
    const auto wedgeOf = [&](uint32_t point) { return side * side - 1 - point; };
    for (uint32_t y = 0; y + 1 < side; ++y) {
        for (uint32_t x = 0; x + 1 < side; ++x) {
            const uint32_t a = y * side + x, b = a + 1, c = a + side + 1, d = a + side;
            const uint32_t wa = a == side + 1 && x % 2 == 1 ? side * side : wedgeOf(a);
            grid.faces.push_back({{wa, wedgeOf(c), wedgeOf(b)}, 0, 1});
            grid.faces.push_back({{wa, wedgeOf(d), wedgeOf(c)}, 0, 1});
        }
    }
    grid.materials = {{"Grid", 0}};
    gen::PskContent withFlat = grid;
    const uint32_t base = static_cast<uint32_t>(withFlat.points.size());
    const uint32_t wedgeBase = static_cast<uint32_t>(withFlat.wedges.size());
    withFlat.points.insert(withFlat.points.end(), {{20, 0, 0}, {21, 0, 0}, {20, 1, 0}});
    for (uint32_t k = 0; k < 3; ++k) {
        withFlat.wedges.push_back({base + k, 0, 0, 0});
    }
    withFlat.faces.push_back({{wedgeBase, wedgeBase + 2, wedgeBase + 1}, 0, 0});

    auto fastImporter = agf::test::MakeImporter();
    const aiScene *fast = ImportPsk(*fastImporter, gen::WritePsk(grid));
    ASSERT_NE(fast, nullptr) << fastImporter->GetErrorString();
    auto generalImporter = agf::test::MakeImporter();
    const aiScene *general = ImportPsk(*generalImporter, gen::WritePsk(withFlat));
    ASSERT_NE(general, nullptr) << generalImporter->GetErrorString();
    const aiMesh *a = fast->mMeshes[0];
    const aiMesh *b = general->mMeshes[0];
    ASSERT_EQ(a->mNumVertices + 3, b->mNumVertices);
    ASSERT_EQ(a->mNumFaces + 1, b->mNumFaces);
    EXPECT_EQ(a->mNumVertices, side * side + 1); // every wedge used once: the seam's too
    EXPECT_EQ(std::memcmp(a->mVertices, b->mVertices, a->mNumVertices * sizeof(aiVector3D)), 0);
    EXPECT_EQ(std::memcmp(a->mNormals, b->mNormals, a->mNumVertices * sizeof(aiVector3D)), 0);
    EXPECT_EQ(std::memcmp(a->mTextureCoords[0], b->mTextureCoords[0],
                          a->mNumVertices * sizeof(aiVector3D)),
              0);
    for (unsigned f = 0; f < a->mNumFaces; ++f) {
        ASSERT_EQ(std::memcmp(a->mFaces[f].mIndices, b->mFaces[f].mIndices, 3 * sizeof(unsigned)),
                  0)
            << "face " << f;
    }
    // The seam: the point's two wedges are two vertices with its one smoothed normal.
    const auto &seam = grid.points[side + 1];
    std::vector<unsigned> onSeam;
    for (unsigned v = 0; v < a->mNumVertices; ++v) {
        if (a->mVertices[v] == aiVector3D(seam[0], seam[1], seam[2])) {
            onSeam.push_back(v);
        }
    }
    ASSERT_EQ(onSeam.size(), 2u);
    EXPECT_EQ(a->mNormals[onSeam[0]], a->mNormals[onSeam[1]]);
    EXPECT_NE(a->mTextureCoords[0][onSeam[0]], a->mTextureCoords[0][onSeam[1]]);
}

} // namespace

namespace {

/** A cone of `sides` faces around one apex point, each face with its own smoothing mask, all
 *  masks sharing bit 0 (so that smoothing joins every face at the apex). */
gen::PskContent ConeOfDistinctMasks(uint32_t sides) {
    gen::PskContent cone;
    cone.materials.push_back({"Cone", 0});
    cone.points.push_back({0, 0, 1});
    const float kTwoPi = 6.28318531f;
    for (uint32_t i = 0; i < sides; ++i) {
        const float angle = kTwoPi * static_cast<float>(i) / static_cast<float>(sides);
        cone.points.push_back({std::cos(angle), std::sin(angle), 0});
    }
    for (uint32_t i = 0; i < sides; ++i) {
        const uint32_t first = static_cast<uint32_t>(cone.wedges.size());
        for (const uint32_t point : {0u, 1 + i, 1 + (i + 1) % sides}) {
            cone.wedges.push_back({point, 0, 0, 0});
        }
        cone.faces.push_back({{first, first + 1, first + 2}, 0, (i << 1) | 1u});
    }
    return cone;
}

/** The normals of the vertices at the apex, (0, 0, 1), and each with its face's normal. */
std::vector<std::pair<aiVector3D, aiVector3D>> ApexNormals(const aiScene *scene) {
    std::vector<std::pair<aiVector3D, aiVector3D>> apex;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace &face = mesh->mFaces[f];
            const aiVector3D a = mesh->mVertices[face.mIndices[0]];
            const aiVector3D b = mesh->mVertices[face.mIndices[1]];
            const aiVector3D c = mesh->mVertices[face.mIndices[2]];
            const aiVector3D faceNormal = ((b - a) ^ (c - a)).Normalize();
            for (unsigned k = 0; k < 3; ++k) {
                const unsigned v = face.mIndices[k];
                if (Near(mesh->mVertices[v], aiVector3D(0, 0, 1))) {
                    apex.emplace_back(mesh->mNormals[v], faceNormal);
                }
            }
        }
    }
    return apex;
}

} // namespace

TEST(PskImport, APointWithMoreMasksThanTheLimitSmoothsEachMaskAlone) {
    // Smoothing across masks costs the square of the masks at a point: a damaged file with
    // every face on one point and its own mask would take hours.
    for (const uint32_t sides : {uint32_t(agf::psk::kMaxMasksSummedTogether), 5000u}) {
        SCOPED_TRACE(sides);
        auto importer = agf::test::MakeImporter();
        const aiScene *scene = ImportPsk(*importer, gen::WritePsk(ConeOfDistinctMasks(sides)));
        ASSERT_NE(scene, nullptr) << importer->GetErrorString();
        const auto apex = ApexNormals(scene);
        ASSERT_EQ(apex.size(), sides);
        const agf::test::ImportWarnings warnings(*importer, "psk");
        const bool overTheLimit = sides > agf::psk::kMaxMasksSummedTogether;
        EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "FACE"), overTheLimit ? 1u : 0u)
            << warnings.text();
        for (const auto &normals : apex) {
            if (overTheLimit) {
                // Each face's own normal: its mask's only face at the apex.
                EXPECT_NEAR(normals.first * normals.second, 1.0f, 1e-4f);
            } else {
                // Every mask shares bit 0: the sum of the whole cone, its axis.
                EXPECT_NEAR(std::fabs(normals.first.z), 1.0f, 1e-4f);
            }
        }
    }
}
