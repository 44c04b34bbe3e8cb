// The real MLOD samples (../shared/samples/p3d, third-party, skipped when missing): every LOD
// with the counts, selections, properties, UV sets, proxies and memory points their README
// lists, winding on closed meshes, and a glb2 round trip.
#include "utP3dSupport.h"

#include <assimp/Exporter.hpp>

#include <map>

using namespace agf::test;
using namespace agf::test::p3d;

namespace {

struct LodExpectation {
    std::string name;
    uint64_t points;
    uint64_t faces;
    size_t triangles; // quads count twice
    std::vector<std::string> selections;
    int32_t uvSets;
};

void CheckLods(const aiScene *scene, const std::vector<LodExpectation> &expected) {
    const std::vector<const aiNode *> lods = LodNodes(scene);
    ASSERT_EQ(lods.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        SCOPED_TRACE(expected[i].name);
        const aiNode *lod = lods[i];
        EXPECT_EQ(lod->mName.C_Str(), expected[i].name);
        EXPECT_EQ(Meta<uint64_t>(lod->mMetaData, "P3D.PointCount"), expected[i].points);
        EXPECT_EQ(Meta<uint64_t>(lod->mMetaData, "P3D.FaceCount"), expected[i].faces);
        EXPECT_EQ(TriangleCount(scene, lod), expected[i].triangles);
        EXPECT_EQ(Meta<int32_t>(lod->mMetaData, "P3D.UVSetCount"), expected[i].uvSets);
        EXPECT_EQ(Groups(lod->mMetaData, "P3D.Selections", "Points"), expected[i].selections);
    }
}

const char *const kPylonProxy = "\\a3\\weapons_f\\dynamicloadout\\pylonpod_3x_missile_agm_02_f";
const char *const kPylonProxySelection =
    "proxy:\\a3\\weapons_f\\dynamicloadout\\pylonpod_3x_missile_agm_02_f.001";
const std::vector<std::string> kPylonMemoryPoints = {"mainturret_axis",
                                                     "maingun_axis",
                                                     "PiP_pos",
                                                     "PiP_dir",
                                                     "flare_launcher_1_pos",
                                                     "flare_launcher_1_dir",
                                                     "flare_launcher_2_pos",
                                                     "flare_launcher_2_dir",
                                                     "maingun",
                                                     "pylon_rotate_axis",
                                                     "pylon1",
                                                     "eye",
                                                     "gunnerview",
                                                     "mainTurret"};

} // namespace

TEST(P3dSamples, PylonSingleHas17LodsProxiesAndMemoryPoints) {
    AGF_REQUIRE_SAMPLE(path, "p3d/pylon_single.p3d");
    const ImportResult result = ImportP3d(path);
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<std::string> proxyAndPylon = {kPylonProxySelection, "pylon1"};
    std::vector<LodExpectation> expected;
    for (int i = 0; i < 8; ++i) {
        expected.push_back({"LOD " + std::to_string(i) + ".000", 3, 1, 1, proxyAndPylon, 1});
    }
    expected.push_back({"ShadowVolume 0", 3, 1, 1, proxyAndPylon, 1});
    expected.push_back({"ShadowVolume 10", 3, 1, 1, proxyAndPylon, 1});
    expected.push_back({"Geometry", 8, 6, 12, {"Component01"}, 1});
    expected.push_back({"Buoyancy", 8, 12, 12, {"Component01"}, 1});
    expected.push_back({"PhysX", 8, 6, 12, {"Component01"}, 1});
    expected.push_back({"Memory", 17, 0, 0, kPylonMemoryPoints, 1});
    expected.push_back({"Land Contact", 4, 0, 0, {"Component01"}, 1});
    expected.push_back({"View Geometry", 8, 12, 12, {"Component01"}, 1});
    expected.push_back({"Fire Geometry", 3, 1, 1, proxyAndPylon, 1});
    CheckLods(result.scene, expected);

    const std::vector<const aiNode *> lods = LodNodes(result.scene);
    // Raw resolution values, including the large codes.
    EXPECT_EQ(Meta<float>(lods[9]->mMetaData, "P3D.Resolution"), 10010.0f);
    EXPECT_EQ(Meta<float>(lods[13]->mMetaData, "P3D.Resolution"), 1e15f);
    // The proxy selection becomes a proxy node in every LOD that has it (visual, shadow, fire).
    size_t proxies = 0;
    for (const aiNode *lod : lods) {
        for (unsigned c = 0; c < lod->mNumChildren; ++c) {
            const aiNode *child = lod->mChildren[c];
            if (HasMeta(child->mMetaData, "P3D.Proxy")) {
                EXPECT_EQ(MetaString(child->mMetaData, "P3D.Proxy"), kPylonProxy);
                EXPECT_EQ(Meta<int32_t>(child->mMetaData, "P3D.ProxyIndex"), 1);
                ++proxies;
            }
        }
    }
    EXPECT_EQ(proxies, 11u);
    // Memory points are children of the Memory LOD, at the centre of their points.
    EXPECT_EQ(ChildNames(lods[13]), kPylonMemoryPoints);
    const aiNode *axis = FindNode(lods[13], "mainturret_axis");
    ASSERT_NE(axis, nullptr);
    EXPECT_EQ(Meta<uint64_t>(axis->mMetaData, "P3D.PointCount"), 2u);
    const aiVector3D start = Meta<aiVector3D>(axis->mMetaData, "P3D.AxisStart");
    const aiVector3D end = Meta<aiVector3D>(axis->mMetaData, "P3D.AxisEnd");
    const aiVector3D centre = (start + end) * 0.5f;
    EXPECT_NEAR(axis->mTransformation.a4, centre.x, 1e-6);
    EXPECT_NEAR(axis->mTransformation.b4, centre.y, 1e-6);
    EXPECT_NEAR(axis->mTransformation.c4, centre.z, 1e-6);
    // Properties of the first LOD.
    const aiMetadata *lod0 = lods[0]->mMetaData;
    EXPECT_EQ(MetaString(lod0, "P3D.Properties[lodnoshadow]"), "1");
    EXPECT_EQ(MetaString(lod0, "P3D.Properties[forcenotalpha]"), "1");
    EXPECT_EQ(MetaString(lod0, "P3D.Properties[sbsource]"), "shadowvolume");
    EXPECT_EQ(MetaString(lod0, "P3D.Properties[prefershadowvolume]"), "1");
    EXPECT_EQ(MetaString(lod0, "P3D.Properties[reversed]"), "1");
    EXPECT_EQ(MetaString(lods[12]->mMetaData, "P3D.Properties[autocenter]"), "0");
    EXPECT_TRUE(HasMeta(lods[10]->mMetaData, "P3D.Mass"));
}

TEST(P3dSamples, PylonTurretHas15LodsAndHiddenPoints) {
    AGF_REQUIRE_SAMPLE(path, "p3d/pylon_turret.p3d");
    const ImportResult result = ImportP3d(path);
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<const aiNode *> lods = LodNodes(result.scene);
    const std::vector<std::string> names = {
        "LOD 0.000", "LOD 1.000", "LOD 2.000", "LOD 3.000",      "LOD 4.000",
        "LOD 5.000", "LOD 6.000", "LOD 7.000", "ShadowVolume 0", "ShadowVolume 10",
        "Geometry",  "PhysX",     "Memory",    "Land Contact",   "View Geometry"};
    ASSERT_EQ(lods.size(), names.size());
    uint64_t hidden = 0;
    for (size_t i = 0; i < lods.size(); ++i) {
        EXPECT_EQ(lods[i]->mName.C_Str(), names[i]);
        hidden += Meta<uint64_t>(lods[i]->mMetaData, "P3D.HiddenPointCount");
    }
    EXPECT_EQ(hidden, 36u);
    EXPECT_EQ(Meta<uint64_t>(lods[0]->mMetaData, "P3D.PointCount"), 7u);
    EXPECT_EQ(Meta<uint64_t>(lods[10]->mMetaData, "P3D.FaceCount"), 8u);
    EXPECT_EQ(TriangleCount(result.scene, lods[10]), 14u);
    EXPECT_EQ(Groups(lods[0]->mMetaData, "P3D.Selections", "Points"),
              (std::vector<std::string>{kPylonProxySelection, "pylon1", "maingun",
                                        "proxy:\\a3\\characters_f\\proxies\\weapon.001"}));
    EXPECT_NE(FindNode(lods[0], "proxy:\\a3\\characters_f\\proxies\\weapon.001"), nullptr);
    EXPECT_NE(FindNode(lods[12], "Usti hlavne"), nullptr);
    EXPECT_NE(FindNode(lods[12], "Konec hlavne"), nullptr);
    const aiMetadata *flags = Nested(lods[0]->mMetaData, "P3D.PointFlags");
    EXPECT_TRUE(HasMeta(flags, "[0x01000000]"));
}

TEST(P3dSamples, OpticHasQuadsProceduralTexturesAndPartialWeights) {
    AGF_REQUIRE_SAMPLE(path, "p3d/cba_optic_small_70.p3d");
    const ImportResult result = ImportP3d(path);
    ASSERT_NE(result.scene, nullptr) << result.error;
    CheckLods(result.scene,
              {{"LOD 0.000",
                16,
                15,
                18,
                {"scopering", "reticle", "crosshairs", "* Cannot generate ST coordinates"},
                1}});
    EXPECT_EQ(result.scene->mNumMaterials, 3u);
    size_t fileTextures = 0;
    size_t colours = 0;
    for (unsigned m = 0; m < result.scene->mNumMaterials; ++m) {
        const aiMaterial *material = result.scene->mMaterials[m];
        aiString texture;
        if (material->GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS) {
            EXPECT_STREQ(texture.C_Str(),
                         "x\\cba\\addons\\optics\\reticles\\scopeblack_small_70_ca.paa");
            ++fileTextures;
        }
        aiColor4D colour;
        if (material->Get(AI_MATKEY_COLOR_DIFFUSE, colour) == AI_SUCCESS) {
            ++colours;
        }
    }
    EXPECT_EQ(fileTextures, 1u);
    EXPECT_EQ(colours, 2u); // the two procedural colour textures
    // Bytes 128/129 are partial weights (256 - b) / 255.
    const aiMetadata *lodMeta = LodNodes(result.scene)[0]->mMetaData;
    const aiMetadata *selections = Nested(lodMeta, "P3D.Selections");
    bool partial = false;
    for (const std::string &key : Groups(lodMeta, "P3D.Selections", "Points")) {
        partial = partial || HasMeta(Nested(selections, agf::MetadataName(key)), "Weights");
    }
    EXPECT_TRUE(partial);
}

TEST(P3dSamples, BuildingPosInvisibleTargetAndCrate) {
    AGF_REQUIRE_SAMPLE(building, "p3d/BuildingPos.p3d");
    AGF_REQUIRE_SAMPLE(target, "p3d/InvisibleTargetVehicle.p3d");
    AGF_REQUIRE_SAMPLE(crate, "p3d/sample_2_crate.p3d");
    {
        const ImportResult result = ImportP3d(building);
        ASSERT_NE(result.scene, nullptr) << result.error;
        CheckLods(result.scene, {{"LOD 0.000", 16, 22, 22, {"cylinder"}, 1},
                                 {"LOD 1.000", 8, 10, 10, {"cylinder"}, 1},
                                 {"Paths", 1, 0, 0, {"pos1"}, 1}});
        EXPECT_EQ(ChildNames(LodNodes(result.scene)[2]), std::vector<std::string>{"pos1"});
    }
    {
        const ImportResult result = ImportP3d(target);
        ASSERT_NE(result.scene, nullptr) << result.error;
        CheckLods(result.scene, {{"LOD 1.000", 0, 0, 0, {}, 1},
                                 {"Geometry", 8, 6, 12, {}, 1},
                                 {"Land Contact", 4, 0, 0, {}, 1},
                                 {"View Geometry", 8, 6, 12, {}, 1},
                                 {"Fire Geometry", 8, 6, 12, {"Component01"}, 1}});
        const aiNode *fire = LodNodes(result.scene)[4];
        ASSERT_EQ(fire->mNumMeshes, 1u);
        const aiMaterial *material =
            result.scene->mMaterials[result.scene->mMeshes[fire->mMeshes[0]]->mMaterialIndex];
        aiString rvmat;
        ASSERT_EQ(material->Get("$mat.p3d.rvmat", 0, 0, rvmat), AI_SUCCESS);
        EXPECT_STREQ(rvmat.C_Str(), "a3\\data_f\\penetration\\cloth.rvmat");
    }
    {
        const ImportResult result = ImportP3d(crate);
        ASSERT_NE(result.scene, nullptr) << result.error;
        CheckLods(result.scene, {{"LOD 1.000", 96, 168, 168, {"lid", "camo1"}, 1},
                                 {"LOD 2.000", 48, 72, 72, {"lid", "camo1"}, 1},
                                 {"ShadowVolume 0", 16, 24, 24, {"lid"}, 0},
                                 {"Geometry", 16, 24, 24, {"component01", "component02", "lid"}, 1},
                                 {"Buoyancy", 8, 12, 12, {"component01"}, 1},
                                 {"Memory", 4, 0, 0, {"lid_axis", "interaction"}, 1},
                                 {"Roadway", 8, 5, 10, {}, 1}});
        const std::vector<const aiNode *> lods = LodNodes(result.scene);
        EXPECT_EQ(MetaString(lods[3]->mMetaData, "P3D.Properties[buoyancy]"), "1");
        EXPECT_EQ(ChildNames(lods[5]), (std::vector<std::string>{"lid_axis", "interaction"}));
        // All points carry 0x02000000.
        EXPECT_EQ(Keys(Nested(lods[0]->mMetaData, "P3D.PointFlags")),
                  std::vector<std::string>{"[0x02000000]"});
        // The shadow LOD has no #UVSet#: its mesh still gets the face UVs.
        const aiMesh *shadow = result.scene->mMeshes[lods[2]->mMeshes[0]];
        EXPECT_TRUE(shadow->HasTextureCoords(0));
    }
}

TEST(P3dSamples, ClosedMeshesFaceOutward) {
    AGF_REQUIRE_SAMPLE(crate, "p3d/sample_2_crate.p3d");
    AGF_REQUIRE_SAMPLE(pylon, "p3d/pylon_single.p3d");
    const ImportResult crateResult = ImportP3d(crate);
    ASSERT_NE(crateResult.scene, nullptr) << crateResult.error;
    const ImportResult pylonResult = ImportP3d(pylon);
    ASSERT_NE(pylonResult.scene, nullptr) << pylonResult.error;
    const std::vector<std::pair<const aiScene *, std::string>> closed = {
        {crateResult.scene, "LOD 1.000"}, {crateResult.scene, "Geometry"},
        {crateResult.scene, "Buoyancy"},  {pylonResult.scene, "Geometry"},
        {pylonResult.scene, "PhysX"},     {pylonResult.scene, "View Geometry"}};
    for (const auto &entry : closed) {
        SCOPED_TRACE(entry.second);
        const aiNode *node = FindNode(entry.first->mRootNode, entry.second);
        ASSERT_NE(node, nullptr);
        // Counter-clockwise outward faces enclose a positive volume...
        EXPECT_GT(SignedVolume6(entry.first, node), 0.0);
        // ... and agree with the (negated) MLOD normals.
        const auto agreement = NormalAgreement(entry.first, node);
        EXPECT_GT(agreement.first, 0u);
        EXPECT_EQ(agreement.second, 0u);
    }
}

TEST(P3dSamples, PylonSurvivesAGlb2RoundTrip) {
    AGF_REQUIRE_SAMPLE(path, "p3d/pylon_single.p3d");
    const ImportResult result = ImportP3d(path);
    ASSERT_NE(result.scene, nullptr) << result.error;
    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(result.scene, "glb2");
    ASSERT_NE(blob, nullptr) << exporter.GetErrorString();
    Assimp::Importer reimporter;
    const aiScene *back = reimporter.ReadFileFromMemory(blob->data, blob->size,
                                                        aiProcess_ValidateDataStructure, "glb");
    ASSERT_NE(back, nullptr) << reimporter.GetErrorString();
    for (const char *name : {"LOD 0.000", "LOD 7.000", "ShadowVolume 10", "Geometry", "Memory",
                             "Fire Geometry", "mainturret_axis", "eye", kPylonProxySelection}) {
        EXPECT_NE(back->mRootNode->FindNode(name), nullptr) << name;
    }
}
