// Our own P3D files (test_models/p3d, written by test_models/generators/P3dModels.cpp): the
// import is compared with what the generator wrote.
#include "utP3dSupport.h"

#include "P3D/MlodParser.h"
#include "P3D/OdolArrays.h"
#include "P3dTestModels.h"

#include <assimp/Exporter.hpp>

#include <cmath>
#include <map>
#include <set>
#include <tuple>

using namespace agf::test;
using namespace agf::test::p3d;
namespace gen = agf::testgen::p3d;

namespace {

std::filesystem::path Model(const std::string &name) {
    return TestModelsDir() / "p3d" / name;
}

aiVector3D FromEngine(const gen::Vec3 &v) {
    return aiVector3D(v[0], v[1], -v[2]);
}

// Skin weights of a mesh by vertex: bone name -> weight.
std::vector<std::map<std::string, float>> WeightsByVertex(const aiMesh *mesh) {
    std::vector<std::map<std::string, float>> weights(mesh->mNumVertices);
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        const aiBone *bone = mesh->mBones[b];
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            weights[bone->mWeights[w].mVertexId][bone->mName.C_Str()] = bone->mWeights[w].mWeight;
        }
    }
    return weights;
}

bool Near(const aiVector3D &a, const aiVector3D &b, float tolerance = 1e-5f) {
    return (a - b).Length() <= tolerance;
}

} // namespace

TEST(P3dGenerated, MlodCubeLodsGeometryUvsAndNormals) {
    const ImportResult result = ImportP3d(Model("mlod_cube.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<gen::MlodLod> lods = gen::MlodCubeLods();
    const std::vector<const aiNode *> nodes = LodNodes(result.scene);
    ASSERT_EQ(nodes.size(), lods.size());
    const std::vector<std::string> names = {"LOD 0.000", "LOD 1.000", "ShadowVolume 10", "Geometry",
                                            "Memory"};
    for (size_t i = 0; i < lods.size(); ++i) {
        EXPECT_EQ(nodes[i]->mName.C_Str(), names[i]);
        EXPECT_EQ(Meta<float>(nodes[i]->mMetaData, "P3D.Resolution"), lods[i].resolution);
        EXPECT_EQ(Meta<uint64_t>(nodes[i]->mMetaData, "P3D.PointCount"), lods[i].points.size());
        EXPECT_EQ(Meta<uint64_t>(nodes[i]->mMetaData, "P3D.FaceCount"), lods[i].faces.size());
    }
    // LOD 0: 4 quads + 4 triangles = 12 triangles, two materials, a closed outward cube.
    const aiNode *lod0 = nodes[0];
    EXPECT_EQ(TriangleCount(result.scene, lod0), 12u);
    EXPECT_EQ(lod0->mNumMeshes, 2u);
    EXPECT_GT(SignedVolume6(result.scene, lod0), 5.9);
    EXPECT_LT(SignedVolume6(result.scene, lod0), 6.1);
    EXPECT_EQ(NormalAgreement(result.scene, lod0).second, 0u);
    EXPECT_EQ(Meta<int32_t>(lod0->mMetaData, "P3D.UVSetCount"), 2);
    // Every mesh vertex is one of the written corners (Z mirrored), with V flipped, and UV set 1
    // at half scale.
    const gen::MlodLod &cube = lods[0];
    for (unsigned m = 0; m < lod0->mNumMeshes; ++m) {
        const aiMesh *mesh = result.scene->mMeshes[lod0->mMeshes[m]];
        ASSERT_TRUE(mesh->HasTextureCoords(0));
        ASSERT_TRUE(mesh->HasTextureCoords(1));
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            bool found = false;
            for (const gen::MlodFace &face : cube.faces) {
                for (size_t k = 0; k < face.points.size() && !found; ++k) {
                    const aiVector3D uv(face.uvs[k][0], 1.0f - face.uvs[k][1], 0);
                    const aiVector3D uv1(face.uvs[k][0] * 0.5f, 1.0f - face.uvs[k][1] * 0.5f, 0);
                    found = Near(mesh->mVertices[v], FromEngine(cube.points[face.points[k]])) &&
                            Near(mesh->mTextureCoords[0][v], uv) &&
                            Near(mesh->mTextureCoords[1][v], uv1);
                }
            }
            EXPECT_TRUE(found) << "vertex " << v << " of mesh " << m;
            EXPECT_NEAR(mesh->mNormals[v].Length(), 1.0f, 1e-5f);
        }
    }
    // Materials: the .paa is the diffuse texture, the rvmat a custom key; the procedural colour
    // texture sets the diffuse colour.
    bool sawPaa = false, sawColour = false;
    for (unsigned m = 0; m < lod0->mNumMeshes; ++m) {
        const aiMaterial *material =
            result.scene->mMaterials[result.scene->mMeshes[lod0->mMeshes[m]]->mMaterialIndex];
        aiString texture;
        if (material->GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS) {
            EXPECT_STREQ(texture.C_Str(), "agf\\cube_co.paa");
            aiString rvmat;
            EXPECT_EQ(material->Get("$mat.p3d.rvmat", 0, 0, rvmat), AI_SUCCESS);
            EXPECT_STREQ(rvmat.C_Str(), "agf\\cube.rvmat");
            sawPaa = true;
        } else {
            aiColor4D colour;
            ASSERT_EQ(material->Get(AI_MATKEY_COLOR_DIFFUSE, colour), AI_SUCCESS);
            EXPECT_EQ(colour, aiColor4D(1, 0, 0, 1));
            sawColour = true;
        }
    }
    EXPECT_TRUE(sawPaa && sawColour);
    // The ShadowVolume LOD has no #UVSet#; Geometry keeps mass and properties.
    EXPECT_EQ(Meta<int32_t>(nodes[2]->mMetaData, "P3D.UVSetCount"), 0);
    EXPECT_FLOAT_EQ(Meta<float>(nodes[3]->mMetaData, "P3D.Mass"), 20.0f);
    EXPECT_EQ(MetaString(nodes[3]->mMetaData, "P3D.Properties[autocenter]"), "0");
    EXPECT_EQ(MetaString(lod0->mMetaData, "P3D.Properties[class]"), "house");
    // Pairs with equal indices are dropped.
    EXPECT_EQ(Meta<uint64_t>(lod0->mMetaData, "P3D.SharpEdgeCount"), 2u);
}

// The weld: corners become one vertex exactly when point, normal and UV are all equal. Point 0
// is met with a second normal (a later vertex of the point), which a later face repeats and
// must find again rather than make twice; point 1 with a second UV; point 2 with a third normal.
TEST(P3dGenerated, MlodWeldMakesOneVertexPerDistinctCorner) {
    gen::MlodLod lod;
    lod.points = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    lod.normals = {{0, 0, -1}, {0, -1, 0}, {-1, 0, 0}};
    const gen::Uv a{0, 0}, b{1, 0}, c{1, 1}, d{0, 1}, e{0.5f, 0.25f};
    const auto face = [](std::vector<uint32_t> points, std::vector<uint32_t> normals,
                         std::vector<gen::Uv> uvs) {
        gen::MlodFace made;
        made.points = std::move(points);
        made.normals = std::move(normals);
        made.uvs = std::move(uvs);
        made.texture = "agf\\weld_co.paa";
        return made;
    };
    lod.faces = {face({0, 1, 2}, {0, 0, 0}, {a, b, c}), face({0, 2, 3}, {0, 0, 0}, {a, c, d}),
                 face({0, 3, 1}, {1, 0, 0}, {a, d, e}), face({0, 1, 2}, {1, 0, 2}, {a, e, c})};
    std::set<std::array<float, 8>> distinct;
    for (const gen::MlodFace &made : lod.faces) {
        for (size_t k = 0; k < 3; ++k) {
            const gen::Vec3 &p = lod.points[made.points[k]];
            const gen::Vec3 &n = lod.normals[made.normals[k]];
            distinct.insert(
                {p[0], p[1], -p[2], -n[0], -n[1], n[2], made.uvs[k][0], 1.0f - made.uvs[k][1]});
        }
    }
    ASSERT_EQ(distinct.size(), 7u);
    const ImportResult result = ImportBytes("p3d_weld", "weld.p3d", gen::WriteMlod({lod}));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<const aiNode *> nodes = LodNodes(result.scene);
    ASSERT_EQ(nodes.size(), 1u);
    ASSERT_EQ(nodes[0]->mNumMeshes, 1u);
    const aiMesh *mesh = result.scene->mMeshes[nodes[0]->mMeshes[0]];
    EXPECT_EQ(mesh->mNumFaces, 4u);
    ASSERT_EQ(mesh->mNumVertices, 7u);
    std::set<std::array<float, 8>> imported;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        const aiVector3D &p = mesh->mVertices[v];
        const aiVector3D &n = mesh->mNormals[v];
        const aiVector3D &uv = mesh->mTextureCoords[0][v];
        imported.insert({p.x, p.y, p.z, n.x, n.y, n.z, uv.x, uv.y});
    }
    EXPECT_EQ(imported, distinct);
}

// UV set 0: a #UVSet# 0 tagg replaces the UVs of the face records; without one, or with one of
// the wrong size (skipped with a warning), the face records' UVs are read, from faces whose
// names differ in length, so that the second walk over them must step over each name exactly.
TEST(P3dGenerated, MlodUvSet0TaggWinsOverFaceUvsWhichFillInWithoutIt) {
    const auto makeLod = [](float resolution) {
        gen::MlodLod lod;
        lod.resolution = resolution;
        lod.points = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 0, 1}, {3, 0, 1}, {3, 1, 1}, {2, 1, 1}};
        lod.normals = {{0, 0, -1}};
        gen::MlodFace triangle;
        // Built, then moved in: GCC 12 at -O3 warns (-Wnonnull) when a braced list is assigned
        // to an empty vector.
        triangle.points = std::vector<uint32_t>{0, 1, 2};
        triangle.normals = std::vector<uint32_t>{0, 0, 0};
        triangle.uvs = {{0.125f, 0.25f}, {0.375f, 0.5f}, {0.625f, 0.75f}};
        triangle.texture = "a";
        gen::MlodFace quad;
        quad.points = std::vector<uint32_t>{3, 4, 5, 6};
        quad.normals = std::vector<uint32_t>{0, 0, 0, 0};
        quad.uvs = {{0.0625f, 0.1875f}, {0.3125f, 0.4375f}, {0.5625f, 0.6875f}, {0.8125f, 0.9375f}};
        quad.texture = "agf\\uv\\a_much_longer_texture_name_co.paa";
        quad.material = "agf\\uv\\quad.rvmat";
        lod.faces = {triangle, quad};
        lod.writeUvSet0 = false;
        return lod;
    };
    gen::MlodLod replaced = makeLod(0);
    std::vector<gen::Uv> tagged;
    for (size_t corner = 0; corner < 7; ++corner) {
        tagged.push_back({0.9f - 0.1f * float(corner), 0.05f * float(corner)});
    }
    replaced.extraUvSets = {{0, tagged}};
    gen::MlodLod faulty = makeLod(1);
    faulty.extraUvSets = {{0, {{0.5f, 0.5f}}}};
    const gen::MlodLod untagged = makeLod(2);

    const ImportResult result =
        ImportBytes("p3d_uvset0", "uvset0.p3d", gen::WriteMlod({replaced, faulty, untagged}));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<const aiNode *> nodes = LodNodes(result.scene);
    ASSERT_EQ(nodes.size(), 3u);
    // Each point is one corner, so a vertex's position names the UV it must have.
    const auto uvsByPosition = [&](const aiNode *node) {
        std::map<std::array<float, 3>, std::array<float, 2>> uvs;
        for (unsigned m = 0; m < node->mNumMeshes; ++m) {
            const aiMesh *mesh = result.scene->mMeshes[node->mMeshes[m]];
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const aiVector3D &p = mesh->mVertices[v];
                uvs[{p.x, p.y, p.z}] = {mesh->mTextureCoords[0][v].x, mesh->mTextureCoords[0][v].y};
            }
        }
        return uvs;
    };
    const auto expected = [&](const gen::MlodLod &lod, const std::vector<gen::Uv> &cornerUvs) {
        std::map<std::array<float, 3>, std::array<float, 2>> uvs;
        size_t corner = 0;
        for (const gen::MlodFace &face : lod.faces) {
            for (uint32_t point : face.points) {
                const gen::Vec3 &p = lod.points[point];
                const gen::Uv &uv = cornerUvs[corner++];
                uvs[{p[0], p[1], -p[2]}] = {uv[0], 1.0f - uv[1]};
            }
        }
        return uvs;
    };
    std::vector<gen::Uv> faceUvs;
    for (const gen::MlodFace &face : untagged.faces) {
        faceUvs.insert(faceUvs.end(), face.uvs.begin(), face.uvs.end());
    }
    EXPECT_EQ(uvsByPosition(nodes[0]), expected(replaced, tagged));
    EXPECT_EQ(uvsByPosition(nodes[1]), expected(faulty, faceUvs));
    EXPECT_EQ(uvsByPosition(nodes[2]), expected(untagged, faceUvs));
    EXPECT_EQ(Meta<int32_t>(nodes[0]->mMetaData, "P3D.UVSetCount"), 1);
    EXPECT_EQ(Meta<int32_t>(nodes[1]->mMetaData, "P3D.UVSetCount"), 0);
    // The faulty LOD's #UVSet# (12 bytes where its 7 corners need 60) is the one warning.
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "LOD 1 "), 1u) << warnings.text();
    EXPECT_EQ(warnings.entries(), 1u) << warnings.text();
}

TEST(P3dGenerated, MlodCubeSelectionsFramesProxyAndMemoryPoints) {
    const ImportResult result = ImportP3d(Model("mlod_cube.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<const aiNode *> nodes = LodNodes(result.scene);
    const aiMetadata *selections = Nested(nodes[0]->mMetaData, "P3D.Selections");
    EXPECT_EQ(Groups(nodes[0]->mMetaData, "P3D.Selections", "Points"),
              (std::vector<std::string>{"top", "partial", "root", "lid"}));
    EXPECT_EQ(MetaString(Nested(selections, "[top]"), "Points"), "2-3,6-7");
    EXPECT_FALSE(HasMeta(Nested(selections, "[top]"), "Weights"));
    EXPECT_EQ(MetaString(Nested(selections, "[partial]"), "Points"), "0-3");
    EXPECT_EQ(MetaString(Nested(selections, "[partial]"), "Weights"),
              "0:0.501961,1:0.501961,2:0.501961,3:0.501961");
    EXPECT_TRUE(Meta<bool>(Nested(selections, "[lid]"), "Bone"));
    // Where "top" landed in the meshes: every listed vertex is an upper corner.
    const aiMetadata *meshVertices = Nested(Nested(selections, "[top]"), "MeshVertices");
    ASSERT_NE(meshVertices, nullptr);
    for (unsigned m = 0; m < nodes[0]->mNumMeshes; ++m) {
        const aiMesh *mesh = result.scene->mMeshes[nodes[0]->mMeshes[m]];
        aiString ranges;
        if (!meshVertices->Get(agf::MetadataName(mesh->mName.C_Str()), ranges)) {
            continue;
        }
        size_t upper = 0;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            upper += mesh->mVertices[v].y > 0 ? 1 : 0;
        }
        EXPECT_GT(upper, 0u);
    }
    // Two #Animation# frames: morph targets, the second at twice the size.
    const aiMesh *mesh = result.scene->mMeshes[nodes[0]->mMeshes[0]];
    ASSERT_EQ(mesh->mNumAnimMeshes, 2u);
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        EXPECT_TRUE(Near(mesh->mAnimMeshes[0]->mVertices[v], mesh->mVertices[v]));
        EXPECT_TRUE(Near(mesh->mAnimMeshes[1]->mVertices[v], mesh->mVertices[v] * 2.0f));
    }
    EXPECT_EQ(MetaString(nodes[0]->mMetaData, "P3D.FrameTimes"), "0,1");

    // The proxy: right angle at engine (2, 0, 1), up +Y, forward engine +X.
    const aiNode *proxy = FindNode(nodes[1], "proxy:\\agf\\proxies\\crate.001");
    ASSERT_NE(proxy, nullptr);
    EXPECT_EQ(MetaString(proxy->mMetaData, "P3D.Proxy"), "\\agf\\proxies\\crate");
    EXPECT_EQ(Meta<int32_t>(proxy->mMetaData, "P3D.ProxyIndex"), 1);
    const aiMatrix4x4 &t = proxy->mTransformation;
    EXPECT_TRUE(Near(aiVector3D(t.a4, t.b4, t.c4), aiVector3D(2, 0, -1)));
    // Engine forward (+X) mirrored is Assimp +X; engine right (-Z) mirrored is Assimp +Z.
    EXPECT_TRUE(Near(aiVector3D(t.a1, t.b1, t.c1), aiVector3D(0, 0, 1)));
    EXPECT_TRUE(Near(aiVector3D(t.a2, t.b2, t.c2), aiVector3D(0, 1, 0)));
    EXPECT_TRUE(Near(aiVector3D(t.a3, t.b3, t.c3), aiVector3D(-1, 0, 0)));
    EXPECT_GT(t.Determinant(), 0.0f);

    // Memory points: an axis at the centre of its two points, an eye point.
    EXPECT_EQ(ChildNames(nodes[4]), (std::vector<std::string>{"lid_axis", "eye"}));
    const aiNode *axis = FindNode(nodes[4], "lid_axis");
    EXPECT_TRUE(Near(
        aiVector3D(axis->mTransformation.a4, axis->mTransformation.b4, axis->mTransformation.c4),
        aiVector3D(0, 0.5f, 0)));
    EXPECT_TRUE(
        Near(Meta<aiVector3D>(axis->mMetaData, "P3D.AxisStart"), aiVector3D(0, 0.5f, 0.5f)));
    EXPECT_TRUE(Near(Meta<aiVector3D>(axis->mMetaData, "P3D.AxisEnd"), aiVector3D(0, 0.5f, -0.5f)));
    const aiNode *eye = FindNode(nodes[4], "eye");
    EXPECT_TRUE(
        Near(aiVector3D(eye->mTransformation.a4, eye->mTransformation.b4, eye->mTransformation.c4),
             aiVector3D(0.25f, 1.0f, 0.75f)));
    EXPECT_EQ(Meta<uint64_t>(nodes[4]->mMetaData, "P3D.HiddenPointCount"), 1u);
}

TEST(P3dGenerated, MlodCubeSkinFromTheModelCfgNextToIt) {
    const ImportResult result = ImportP3d(Model("mlod_cube.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(MetaString(result.scene->mMetaData, "P3D.Skeleton"), "agf_cube_skeleton");
    const aiNode *root = FindNode(result.scene->mRootNode, "root");
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(ChildNames(root), std::vector<std::string>{"lid"});
    const aiNode *lod0 = LodNodes(result.scene)[0];
    size_t checked = 0;
    for (unsigned m = 0; m < lod0->mNumMeshes; ++m) {
        const aiMesh *mesh = result.scene->mMeshes[lod0->mMeshes[m]];
        const auto weights = WeightsByVertex(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            if (mesh->mVertices[v].y > 0) {
                // lid 1.0 and root (256 - 192) / 255, normalised.
                const float partial = 64.0f / 255.0f;
                ASSERT_EQ(weights[v].size(), 2u);
                EXPECT_NEAR(weights[v].at("lid"), 1.0f / (1.0f + partial), 1e-5f);
                EXPECT_NEAR(weights[v].at("root"), partial / (1.0f + partial), 1e-5f);
            } else {
                ASSERT_EQ(weights[v].size(), 1u);
                EXPECT_NEAR(weights[v].at("root"), 1.0f, 1e-6f);
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 0u);
    // The option replaces the model.cfg; an unknown bone list entry simply binds nothing.
    const ImportResult fromOption = ImportP3d(Model("mlod_cube.p3d"), [](Assimp::Importer &i) {
        i.SetPropertyString(AI_CONFIG_IMPORT_P3D_SKELETON_BONES, "\"lid\", \"\"");
    });
    ASSERT_NE(fromOption.scene, nullptr) << fromOption.error;
    EXPECT_EQ(MetaString(fromOption.scene->mMetaData, "P3D.SkeletonSource"),
              "AI_CONFIG_IMPORT_P3D_SKELETON_BONES");
    const aiMesh *mesh = fromOption.scene->mMeshes[LodNodes(fromOption.scene)[0]->mMeshes[0]];
    ASSERT_EQ(mesh->mNumBones, 1u);
    EXPECT_STREQ(mesh->mBones[0]->mName.C_Str(), "lid");
    // Without any model.cfg there is no skeleton.
    const ImportResult none = ImportP3d(Model("mlod_cube.p3d"), [](Assimp::Importer &i) {
        i.SetPropertyBool(AI_CONFIG_IMPORT_P3D_NO_MODELCFG, true);
    });
    ASSERT_NE(none.scene, nullptr) << none.error;
    EXPECT_FALSE(HasMeta(none.scene->mMetaData, "P3D.Skeleton"));
}

TEST(P3dGenerated, LodChoiceOption) {
    const auto import = [](const std::string &choice) {
        return ImportP3d(Model("mlod_cube.p3d"), [&](Assimp::Importer &i) {
            i.SetPropertyString(AI_CONFIG_IMPORT_P3D_LODS, choice);
        });
    };
    const ImportResult first = import("first");
    ASSERT_NE(first.scene, nullptr) << first.error;
    ASSERT_EQ(LodNodes(first.scene).size(), 1u);
    EXPECT_STREQ(LodNodes(first.scene)[0]->mName.C_Str(), "LOD 0.000");
    EXPECT_EQ(Meta<uint64_t>(first.scene->mMetaData, "P3D.LodCount"), 5u);
    const ImportResult list = import("1e15; ShadowVolume 10, 1");
    ASSERT_NE(list.scene, nullptr) << list.error;
    std::vector<std::string> names;
    for (const aiNode *node : LodNodes(list.scene)) {
        names.push_back(node->mName.C_Str());
    }
    EXPECT_EQ(names, (std::vector<std::string>{"LOD 1.000", "ShadowVolume 10", "Memory"}));
    const ImportResult nothing = import("5");
    EXPECT_EQ(nothing.scene, nullptr);
    EXPECT_NE(nothing.error.find("selects no LOD"), std::string::npos) << nothing.error;
}

TEST(P3dGenerated, Sp3xAndWholeFilePackedMlod) {
    for (const char *name : {"sp3x_triangle.p3d", "packed_sp3x.p3d"}) {
        SCOPED_TRACE(name);
        const ImportResult result = ImportP3d(Model(name));
        ASSERT_NE(result.scene, nullptr) << result.error;
        const std::vector<const aiNode *> lods = LodNodes(result.scene);
        ASSERT_EQ(lods.size(), 1u);
        EXPECT_EQ(TriangleCount(result.scene, lods[0]), 1u);
        EXPECT_EQ(Groups(lods[0]->mMetaData, "P3D.Selections", "Points"),
                  std::vector<std::string>{"tri"});
        aiString texture;
        const aiMesh *mesh = result.scene->mMeshes[lods[0]->mMeshes[0]];
        ASSERT_EQ(result.scene->mMaterials[mesh->mMaterialIndex]->GetTexture(aiTextureType_DIFFUSE,
                                                                             0, &texture),
                  AI_SUCCESS);
        EXPECT_STREQ(texture.C_Str(), "data\\tri.pac");
        EXPECT_GT(SignedVolume6(result.scene, lods[0]), -1.0); // single triangle: just valid
        EXPECT_EQ(NormalAgreement(result.scene, lods[0]).second, 0u);
    }
    const ImportResult packed = ImportP3d(Model("packed_sp3x.p3d"));
    ASSERT_NE(packed.scene, nullptr);
    EXPECT_TRUE(Meta<bool>(packed.scene->mMetaData, "P3D.WholeFileCompressed"));
}

// A LOD's (texture, rvmat) pairs get their indices in order of first use, whether the parser
// compares them one by one (up to 16 pairs) or, past that, through a map: 20 pairs here, ten
// textures each with and without an rvmat, and faces that come back to the first pairs after
// the switch.
TEST(P3dGenerated, MlodFaceMaterialsInOrderOfFirstUseAcrossTheSwitchToAMap) {
    gen::MlodLod lod;
    lod.resolution = 1.0f;
    const size_t faceCount = 24;
    for (size_t i = 0; i <= faceCount; ++i) {
        lod.points.push_back({static_cast<float>(i), 0.0f, 0.0f});
        lod.points.push_back({static_cast<float>(i), 0.0f, 1.0f});
    }
    lod.normals = {{0.0f, -1.0f, 0.0f}};
    const auto pairOf = [](size_t face) {
        return std::make_pair("bench\\t" + std::to_string(face % 10) + "_co.paa",
                              face % 20 < 10 ? std::string() : std::string("bench\\m.rvmat"));
    };
    for (uint32_t f = 0; f < faceCount; ++f) {
        gen::MlodFace face;
        // Moved in, not assigned from a braced list: see the note on GCC 12 above.
        face.points = std::vector<uint32_t>{2 * f, 2 * f + 1, 2 * f + 3, 2 * f + 2};
        face.normals = std::vector<uint32_t>{0, 0, 0, 0};
        face.uvs = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
        std::tie(face.texture, face.material) = pairOf(f);
        lod.faces.push_back(face);
    }
    const std::vector<uint8_t> bytes = gen::WriteMlod({lod});
    agf::Warnings warnings;
    const agf::p3d::Model model =
        agf::p3d::ParseMlod(bytes.data(), bytes.size(), "materials.p3d", warnings);
    ASSERT_EQ(model.lods.size(), 1u);
    const agf::p3d::Lod &read = model.lods[0];
    ASSERT_EQ(read.materials.size(), 20u);
    for (size_t m = 0; m < read.materials.size(); ++m) {
        EXPECT_EQ(std::make_pair(read.materials[m].texture, read.materials[m].rvmat), pairOf(m))
            << m;
    }
    ASSERT_EQ(read.faces.size(), faceCount);
    for (size_t f = 0; f < faceCount; ++f) {
        EXPECT_EQ(read.faces[f].material, f % 20) << f;
    }
}

// ODOL v40 faces stay in the bytes they were parsed from (PackedFaces): for a file packed
// whole, those are the unpacked bytes, which the model must keep until it is converted.
// (Under AddressSanitizer a dangling record would be reported here.)
TEST(P3dGenerated, WholeFilePackedOdolV40ImportsAsItsUnpackedSelf) {
    const std::vector<uint8_t> plain = gen::WriteOdolV40(gen::OdolV40SkinnedModel());
    const ImportResult unpacked = ImportBytes("packed_odol40", "plain.p3d", plain);
    const ImportResult packed =
        ImportBytes("packed_odol40", "packed.p3d", gen::LzssCompress(plain));
    ASSERT_NE(unpacked.scene, nullptr) << unpacked.error;
    ASSERT_NE(packed.scene, nullptr) << packed.error;
    EXPECT_TRUE(Meta<bool>(packed.scene->mMetaData, "P3D.WholeFileCompressed"));
    ASSERT_EQ(packed.scene->mNumMeshes, unpacked.scene->mNumMeshes);
    size_t faces = 0;
    for (unsigned m = 0; m < packed.scene->mNumMeshes; ++m) {
        const aiMesh &a = *packed.scene->mMeshes[m];
        const aiMesh &b = *unpacked.scene->mMeshes[m];
        ASSERT_EQ(a.mNumFaces, b.mNumFaces) << m;
        ASSERT_EQ(a.mMaterialIndex, b.mMaterialIndex) << m;
        for (unsigned f = 0; f < a.mNumFaces; ++f, ++faces) {
            ASSERT_EQ(a.mFaces[f].mNumIndices, 3u);
            for (unsigned k = 0; k < 3; ++k) {
                ASSERT_EQ(a.mFaces[f].mIndices[k], b.mFaces[f].mIndices[k]) << m << " " << f;
            }
        }
    }
    EXPECT_GT(faces, 100u);
}

TEST(P3dGenerated, OdolV40SkeletonSkinSectionsAndMaterials) {
    const gen::OdolModel model = gen::OdolV40SkinnedModel();
    // The sphere's per-vertex arrays are large enough to be LZSS-compressed.
    ASSERT_GE(model.lods[0].vertices.size() * 12, agf::p3d::kLzssThreshold);
    const ImportResult result = ImportP3d(Model("odol40_skinned.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiScene *scene = result.scene;
    EXPECT_EQ(MetaString(scene->mMetaData, "SourceAsset_FormatVersion"), "40");
    EXPECT_EQ(MetaString(scene->mMetaData, "P3D.Skeleton"), "agf_skeleton");
    const aiNode *root = FindNode(scene->mRootNode, "root");
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(ChildNames(root), (std::vector<std::string>{"upper", "lower"}));

    const std::vector<const aiNode *> lods = LodNodes(scene);
    ASSERT_EQ(lods.size(), 3u);
    EXPECT_STREQ(lods[0]->mName.C_Str(), "LOD 0.000");
    EXPECT_STREQ(lods[1]->mName.C_Str(), "LOD 1.000");
    EXPECT_STREQ(lods[2]->mName.C_Str(), "Memory");
    const aiNode *sphere = lods[0];
    const gen::OdolLod &written = model.lods[0];
    EXPECT_EQ(Meta<uint64_t>(sphere->mMetaData, "P3D.PointCount"), written.vertices.size());
    EXPECT_EQ(Meta<uint64_t>(sphere->mMetaData, "P3D.FaceCount"), written.faces.size());
    EXPECT_EQ(Meta<int32_t>(sphere->mMetaData, "P3D.UVSetCount"), 2);
    // Two sections -> two meshes with their own materials.
    ASSERT_EQ(sphere->mNumMeshes, 2u);
    size_t triangles = 0;
    for (const auto &face : written.faces) {
        triangles += face.size() - 2;
    }
    EXPECT_EQ(TriangleCount(scene, sphere), triangles);
    const aiMesh *top = scene->mMeshes[sphere->mMeshes[0]];
    const aiMesh *bottom = scene->mMeshes[sphere->mMeshes[1]];
    size_t topTriangles = 0;
    for (size_t f = 0; f < written.sections[0].endFace; ++f) {
        topTriangles += written.faces[f].size() - 2;
    }
    EXPECT_EQ(top->mNumFaces, topTriangles);
    const aiMaterial *topMaterial = scene->mMaterials[top->mMaterialIndex];
    const aiMaterial *bottomMaterial = scene->mMaterials[bottom->mMaterialIndex];
    aiString texture;
    ASSERT_EQ(topMaterial->GetTexture(aiTextureType_DIFFUSE, 0, &texture), AI_SUCCESS);
    EXPECT_STREQ(texture.C_Str(), "agf\\sphere_top_co.paa");
    aiColor4D diffuse;
    ASSERT_EQ(topMaterial->Get(AI_MATKEY_COLOR_DIFFUSE, diffuse), AI_SUCCESS);
    EXPECT_EQ(diffuse, aiColor4D(0.9f, 0.1f, 0.1f, 1));
    ASSERT_EQ(bottomMaterial->Get(AI_MATKEY_COLOR_DIFFUSE, diffuse), AI_SUCCESS);
    EXPECT_EQ(diffuse, aiColor4D(0.1f, 0.1f, 0.9f, 1));
    float shininess = 0;
    ASSERT_EQ(bottomMaterial->Get(AI_MATKEY_SHININESS, shininess), AI_SUCCESS);
    EXPECT_EQ(shininess, 10.0f);
    aiString stage;
    ASSERT_EQ(topMaterial->Get("$mat.p3d.stage.texture", 0, 2, stage), AI_SUCCESS);
    EXPECT_STREQ(stage.C_Str(), "agf\\top_smdi.paa");
    aiString surface;
    ASSERT_EQ(bottomMaterial->Get("$mat.p3d.surface", 0, 0, surface), AI_SUCCESS);
    EXPECT_STREQ(surface.C_Str(), "agf\\metal.bisurf");
    int pixelShader = 0;
    ASSERT_EQ(topMaterial->Get("$mat.p3d.pixelShaderId", 0, 0, pixelShader), AI_SUCCESS);
    EXPECT_EQ(pixelShader, 7);

    // Winding: the file order is reversed, the normal vote restores outward faces.
    EXPECT_TRUE(Meta<bool>(sphere->mMetaData, "P3D.WindingFlipped"));
    EXPECT_GT(SignedVolume6(scene, sphere), 0.0);
    EXPECT_EQ(NormalAgreement(scene, sphere).second, 0u);
    EXPECT_GT(SignedVolume6(scene, lods[1]), 0.0);

    // Skin: upper vertices -> "upper", lower -> "lower", the equator 128/127 upper/root.
    for (const aiMesh *mesh : {top, bottom}) {
        const auto weights = WeightsByVertex(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const float y = mesh->mVertices[v].y;
            if (y > 0.1f) {
                EXPECT_EQ(weights[v], (std::map<std::string, float>{{"upper", 1.0f}}));
            } else if (y < -0.1f) {
                EXPECT_EQ(weights[v], (std::map<std::string, float>{{"lower", 1.0f}}));
            } else {
                ASSERT_EQ(weights[v].size(), 2u);
                EXPECT_NEAR(weights[v].at("upper"), 128.0f / 255.0f, 1e-6f);
                EXPECT_NEAR(weights[v].at("root"), 127.0f / 255.0f, 1e-6f);
            }
        }
        // UV set 1 is set 0 with V halved (before the flip).
        ASSERT_TRUE(mesh->HasTextureCoords(1));
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const float v0 = 1.0f - mesh->mTextureCoords[0][v].y;
            EXPECT_NEAR(1.0f - mesh->mTextureCoords[1][v].y, v0 * 0.5f, 1e-6f);
        }
        ASSERT_EQ(mesh->mNumAnimMeshes, 1u); // the frame
        EXPECT_TRUE(Near(mesh->mAnimMeshes[0]->mVertices[0], mesh->mVertices[0] * 1.1f, 1e-5f));
    }

    // Proxy record: rotated 90 degrees about Y at engine (0, 1.5, 2), bound to bone 0.
    const aiNode *proxy = FindNode(sphere, "proxy:\\agf\\proxies\\lamp.001");
    ASSERT_NE(proxy, nullptr);
    EXPECT_EQ(MetaString(proxy->mMetaData, "P3D.Proxy"), "\\agf\\proxies\\lamp");
    EXPECT_EQ(MetaString(proxy->mMetaData, "P3D.ProxyBone"), "root");
    EXPECT_EQ(MetaString(proxy->mMetaData, "P3D.ProxySelection"), "top");
    const aiMatrix4x4 &t = proxy->mTransformation;
    EXPECT_TRUE(Near(aiVector3D(t.a4, t.b4, t.c4), aiVector3D(0, 1.5f, -2)));
    EXPECT_TRUE(Near(aiVector3D(t.a1, t.b1, t.c1), aiVector3D(0, 0, 1)));
    EXPECT_TRUE(Near(aiVector3D(t.a3, t.b3, t.c3), aiVector3D(-1, 0, 0)));

    // Selections, sections, properties, animations, memory points.
    const aiMetadata *selections = Nested(sphere->mMetaData, "P3D.Selections");
    EXPECT_EQ(Groups(sphere->mMetaData, "P3D.Selections", "Points"),
              (std::vector<std::string>{"top", "camo"}));
    EXPECT_EQ(MetaString(Nested(selections, "[top]"), "Faces"),
              "0-" + std::to_string(written.sections[0].endFace - 1));
    EXPECT_EQ(Groups(sphere->mMetaData, "P3D.Sections", "Faces"),
              (std::vector<std::string>{"0", "1"}));
    EXPECT_EQ(MetaString(sphere->mMetaData, "P3D.Properties[class]"), "house");
    const aiMetadata *animations = Nested(scene->mMetaData, "P3D.Animations");
    EXPECT_EQ(Groups(scene->mMetaData, "P3D.Animations", "Type"),
              (std::vector<std::string>{"upper_rot", "lower_hide"}));
    EXPECT_EQ(MetaString(Nested(animations, "[upper_rot]"), "Bone"), "upper");
    EXPECT_EQ(MetaString(Nested(animations, "[upper_rot]"), "Source"), "door");
    EXPECT_EQ(Meta<int32_t>(Nested(animations, "[lower_hide]"), "Type"), 9);
    const aiMetadata *info = Nested(scene->mMetaData, "P3D.ModelInfo");
    EXPECT_EQ(MetaString(info, "Class"), "house");
    EXPECT_EQ(MetaString(info, "Damage"), "tent");
    EXPECT_EQ(ChildNames(lods[2]), (std::vector<std::string>{"lid_axis", "eye"}));
    const aiNode *eye = FindNode(lods[2], "eye");
    EXPECT_TRUE(
        Near(aiVector3D(eye->mTransformation.a4, eye->mTransformation.b4, eye->mTransformation.c4),
             aiVector3D(0.25f, 1.0f, 0.75f)));
}

TEST(P3dGenerated, OdolV7SkinFromBoneSelectionsAndModelCfg) {
    const ImportResult result = ImportP3d(Model("odol7_skinned.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiScene *scene = result.scene;
    EXPECT_EQ(MetaString(scene->mMetaData, "SourceAsset_FormatVersion"), "7");
    // agf_limbs: skeletonInherit "agf_root" puts root first.
    EXPECT_EQ(MetaString(scene->mMetaData, "P3D.Skeleton"), "agf_limbs");
    const aiNode *root = FindNode(scene->mRootNode, "root");
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(ChildNames(root), (std::vector<std::string>{"upper", "lower"}));
    const std::vector<const aiNode *> lods = LodNodes(scene);
    ASSERT_EQ(lods.size(), 2u);
    EXPECT_STREQ(lods[1]->mName.C_Str(), "Memory");
    const aiNode *sphere = lods[0];
    ASSERT_EQ(sphere->mNumMeshes, 2u); // two textures
    EXPECT_GT(SignedVolume6(scene, sphere), 0.0);
    EXPECT_EQ(NormalAgreement(scene, sphere).second, 0u);
    size_t bound = 0;
    for (unsigned m = 0; m < sphere->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[sphere->mMeshes[m]];
        const auto weights = WeightsByVertex(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const float y = mesh->mVertices[v].y;
            if (y > 0.1f) {
                EXPECT_EQ(weights[v], (std::map<std::string, float>{{"upper", 1.0f}}));
            } else if (y < -0.1f) {
                EXPECT_EQ(weights[v], (std::map<std::string, float>{{"lower", 1.0f}}));
            } else {
                // Both at byte 128, normalised to halves.
                EXPECT_EQ(weights[v],
                          (std::map<std::string, float>{{"lower", 0.5f}, {"upper", 0.5f}}));
            }
            bound += weights[v].empty() ? 0 : 1;
        }
    }
    EXPECT_GT(bound, 90u);
    EXPECT_NE(FindNode(sphere, "proxy:\\agf\\proxies\\lamp.001"), nullptr);
    // v7 sections count 2 + 2n bytes a face: the writer's byte ranges map onto its faces.
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "sections"), 0u) << warnings.text();
}

TEST(P3dGenerated, OdolSkinSurvivesAGlb2RoundTrip) {
    const ImportResult result = ImportP3d(Model("odol40_skinned.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(result.scene, "glb2");
    ASSERT_NE(blob, nullptr) << exporter.GetErrorString();
    Assimp::Importer reimporter;
    const aiScene *back = reimporter.ReadFileFromMemory(blob->data, blob->size,
                                                        aiProcess_ValidateDataStructure, "glb");
    ASSERT_NE(back, nullptr) << reimporter.GetErrorString();
    unsigned bones = 0;
    float upperWeight = 0;
    for (unsigned m = 0; m < back->mNumMeshes; ++m) {
        bones += back->mMeshes[m]->mNumBones;
        for (unsigned b = 0; b < back->mMeshes[m]->mNumBones; ++b) {
            const aiBone *bone = back->mMeshes[m]->mBones[b];
            if (std::string(bone->mName.C_Str()) == "upper") {
                for (unsigned w = 0; w < bone->mNumWeights; ++w) {
                    upperWeight += bone->mWeights[w].mWeight;
                }
            }
        }
    }
    EXPECT_GE(bones, 3u);
    EXPECT_GT(upperWeight, 10.0f);
    EXPECT_NE(back->mRootNode->FindNode("proxy:\\agf\\proxies\\lamp.001"), nullptr);
}
