// The real binarized samples (../shared/samples/p3d/odol, third-party, skipped when missing):
// ODOL v48, v50 and v73 import and validate, their LOD lists are the ones their headers give
// (as listed in the samples' README), the counts the spec checked on them come through, the
// skinned DayZ-mod model keeps its skeleton and weights, and the binarized BuildingPos agrees
// with its MLOD source.
#include "utP3dSupport.h"

#include <map>
#include <set>

using namespace agf::test;
using namespace agf::test::p3d;

namespace {

std::vector<std::string> LodNames(const aiScene *scene) {
    std::vector<std::string> names;
    for (const aiNode *lod : LodNodes(scene)) {
        names.emplace_back(lod->mName.C_Str());
    }
    return names;
}

struct Box {
    aiVector3D low{1e30f, 1e30f, 1e30f}, high{-1e30f, -1e30f, -1e30f};
};

Box BoundingBox(const aiScene *scene, const aiNode *node) {
    Box box;
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[m]];
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D &p = mesh->mVertices[v];
            box.low = aiVector3D(std::min(box.low.x, p.x), std::min(box.low.y, p.y),
                                 std::min(box.low.z, p.z));
            box.high = aiVector3D(std::max(box.high.x, p.x), std::max(box.high.y, p.y),
                                  std::max(box.high.z, p.z));
        }
    }
    return box;
}

const aiScene *ImportSample(ImportResult &result, const std::filesystem::path &path) {
    result = ImportP3d(path);
    EXPECT_NE(result.scene, nullptr) << path << ": " << result.error;
    return result.scene;
}

} // namespace

TEST(P3dOdolSamples, EveryFileImportsWithTheLodsOfItsHeader) {
    // The LOD lists of the samples' README (from each file's header), in header order.
    const std::map<std::string, std::vector<std::string>> expected = {
        {"ASC_lampa_ind_v48.p3d",
         {"LOD 0.000", "LOD 2.000", "LOD 6.000", "ShadowVolume 0", "ShadowVolume 10", "Geometry",
          "Memory", "Hit Points", "View Geometry", "ShadowVolume 1000", "ShadowVolume 1010"}},
        {"MBG_Police_Station_v48.p3d",
         {"LOD 0.000", "ShadowVolume 1", "Geometry", "Memory", "Roadway", "Paths", "Fire Geometry",
          "ShadowVolume 1000"}},
        {"bear_trap_v50.p3d",
         {"LOD 1.000", "LOD 2.000", "LOD 3.000", "ShadowVolume 0", "Geometry", "Memory", "Roadway",
          "ShadowVolume 1000"}},
        {"bloodbag_v50.p3d",
         {"LOD 0.000", "LOD 1.000", "ShadowVolume 2", "Geometry", "ShadowVolume 1000"}},
        {"BuildingPos_v73.p3d", {"LOD 0.000", "LOD 1.000", "Paths"}},
        {"ace_IRStrobe_v73.p3d", {"LOD 0.000"}},
    };
    const std::map<std::string, std::string> versions = {
        {"ASC_lampa_ind_v48.p3d", "48"}, {"MBG_Police_Station_v48.p3d", "48"},
        {"bear_trap_v50.p3d", "50"},     {"bloodbag_v50.p3d", "50"},
        {"BuildingPos_v73.p3d", "73"},   {"ace_IRStrobe_v73.p3d", "73"}};
    for (const auto &[file, names] : expected) {
        SCOPED_TRACE(file);
        AGF_REQUIRE_SAMPLE(path, "p3d/odol/" + file);
        ImportResult result;
        const aiScene *scene = ImportSample(result, path);
        ASSERT_NE(scene, nullptr);
        const ImportWarnings warnings(*result.importer, "p3d");
        EXPECT_EQ(LodNames(scene), names);
        EXPECT_EQ(MetaString(scene->mMetaData, "SourceAsset_FormatVersion"), versions.at(file));
        // Every body parses exactly to its directory end with its sized block intact: no LOD
        // is skipped, and the only disagreements are the converter's, between stored normals
        // and the winding of a LOD's faces.
        EXPECT_EQ(warnings.count(agf::WarningKind::Truncated), 0u) << warnings.text();
        EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent),
                  warnings.count(agf::WarningKind::Inconsistent, " faces"))
            << warnings.text();
    }
}

TEST(P3dOdolSamples, CountsTheSpecCheckedOnTheFirstLods) {
    AGF_REQUIRE_SAMPLE(lampPath, "p3d/odol/ASC_lampa_ind_v48.p3d");
    ImportResult lamp;
    ASSERT_NE(ImportSample(lamp, lampPath), nullptr);
    const aiNode *lamp0 = LodNodes(lamp.scene).at(0);
    // 365 vertices, 160 triangles and 152 quads in 2 sections (spec 5.1).
    EXPECT_EQ(Meta<uint64_t>(lamp0->mMetaData, "P3D.PointCount"), 365u);
    EXPECT_EQ(Meta<uint64_t>(lamp0->mMetaData, "P3D.FaceCount"), 312u);
    EXPECT_EQ(TriangleCount(lamp.scene, lamp0), 160u + 2u * 152u);
    EXPECT_EQ(Groups(lamp0->mMetaData, "P3D.Sections", "Faces").size(), 2u);
    EXPECT_EQ(MetaString(lamp.scene->mMetaData, "P3D.Skeleton"), "ASC_LampDam");
    EXPECT_EQ(Groups(lamp.scene->mMetaData, "P3D.Animations", "Type"),
              (std::vector<std::string>{"hide_bright"}));

    AGF_REQUIRE_SAMPLE(strobePath, "p3d/odol/ace_IRStrobe_v73.p3d");
    ImportResult strobe;
    ASSERT_NE(ImportSample(strobe, strobePath), nullptr);
    const aiNode *strobe0 = LodNodes(strobe.scene).at(0);
    EXPECT_EQ(Meta<uint64_t>(strobe0->mMetaData, "P3D.PointCount"), 416u);
    EXPECT_EQ(Meta<uint64_t>(strobe0->mMetaData, "P3D.FaceCount"), 328u);
}

TEST(P3dOdolSamples, SkinnedDayzModelKeepsSkeletonAndWeights) {
    AGF_REQUIRE_SAMPLE(path, "p3d/odol/bear_trap_v50.p3d");
    ImportResult result;
    const aiScene *scene = ImportSample(result, path);
    ASSERT_NE(scene, nullptr);
    EXPECT_FALSE(MetaString(scene->mMetaData, "P3D.Skeleton").empty());
    const aiNode *lod = LodNodes(scene).at(0);
    size_t weightedVertices = 0;
    std::set<std::string> boneNames;
    for (unsigned m = 0; m < lod->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[lod->mMeshes[m]];
        std::vector<float> sums(mesh->mNumVertices, 0.0f);
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            boneNames.insert(mesh->mBones[b]->mName.C_Str());
            EXPECT_NE(scene->mRootNode->FindNode(mesh->mBones[b]->mName), nullptr);
            for (unsigned w = 0; w < mesh->mBones[b]->mNumWeights; ++w) {
                sums[mesh->mBones[b]->mWeights[w].mVertexId] +=
                    mesh->mBones[b]->mWeights[w].mWeight;
            }
        }
        for (float sum : sums) {
            if (sum > 0) {
                ++weightedVertices;
                EXPECT_NEAR(sum, 1.0f, 1e-4f);
            }
        }
    }
    // Both trap jaws move: two bones, and every vertex of the visual LOD is skinned.
    EXPECT_EQ(boneNames.size(), 2u);
    EXPECT_GT(weightedVertices, 0u);
}

TEST(P3dOdolSamples, BinarizedBuildingPosAgreesWithItsMlodSource) {
    AGF_REQUIRE_SAMPLE(mlodPath, "p3d/BuildingPos.p3d");
    AGF_REQUIRE_SAMPLE(odolPath, "p3d/odol/BuildingPos_v73.p3d");
    ImportResult mlod, odol;
    ASSERT_NE(ImportSample(mlod, mlodPath), nullptr);
    ASSERT_NE(ImportSample(odol, odolPath), nullptr);
    const std::vector<const aiNode *> source = LodNodes(mlod.scene);
    const std::vector<const aiNode *> binarized = LodNodes(odol.scene);
    ASSERT_EQ(LodNames(odol.scene), LodNames(mlod.scene));
    for (size_t i = 0; i < source.size(); ++i) {
        SCOPED_TRACE(source[i]->mName.C_Str());
        EXPECT_EQ(Meta<uint64_t>(binarized[i]->mMetaData, "P3D.FaceCount"),
                  Meta<uint64_t>(source[i]->mMetaData, "P3D.FaceCount"));
        EXPECT_EQ(TriangleCount(odol.scene, binarized[i]), TriangleCount(mlod.scene, source[i]));
        EXPECT_EQ(Groups(binarized[i]->mMetaData, "P3D.Selections", "Points"),
                  Groups(source[i]->mMetaData, "P3D.Selections", "Points"));
        if (binarized[i]->mNumMeshes == 0) {
            continue;
        }
        // The binarizer centres the model; the import puts it back (0.1 mm: float rounding).
        const Box a = BoundingBox(mlod.scene, source[i]);
        const Box b = BoundingBox(odol.scene, binarized[i]);
        for (int k = 0; k < 3; ++k) {
            EXPECT_NEAR(a.low[k], b.low[k], 1e-4f) << k;
            EXPECT_NEAR(a.high[k], b.high[k], 1e-4f) << k;
        }
    }
}
