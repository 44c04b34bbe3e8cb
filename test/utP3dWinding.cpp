// Which way P3D faces point (issue #14): ODOL polygons are reversed from binarized order and keep
// MLOD's inward normals, for every version; MLOD LODs without normals get computed ones. Checked
// on generated models with exactly known geometry and on the OFP twin tomahawk (v7 and MLOD).
#include "utP3dSupport.h"

#include "P3dTestModels.h"
#include "P3dWriters.h"

#include <cmath>
#include <map>
#include <tuple>

using namespace agf::test;
using namespace agf::test::p3d;
namespace gen = agf::testgen::p3d;

namespace {

std::filesystem::path Model(const std::string &name) {
    return TestModelsDir() / "p3d" / name;
}

using EdgeKey = std::tuple<float, float, float, float, float, float>;

EdgeKey Edge(const aiVector3D &from, const aiVector3D &to) {
    return {from.x, from.y, from.z, to.x, to.y, to.z};
}

/** True when every directed edge of the node's triangles (corners compared by position, since
 *  vertices are split by normal and UV) is matched by exactly one edge running the other way:
 *  a closed, consistently wound surface, for which the signed volume says which way it faces. */
bool IsClosed(const aiScene *scene, const aiNode *node) {
    std::map<EdgeKey, int> directed;
    size_t triangles = 0;
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[m]];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f, ++triangles) {
            const aiFace &face = mesh->mFaces[f];
            for (unsigned k = 0; k < 3; ++k) {
                ++directed[Edge(mesh->mVertices[face.mIndices[k]],
                                mesh->mVertices[face.mIndices[(k + 1) % 3]])];
            }
        }
    }
    for (const auto &entry : directed) {
        const auto &[x0, y0, z0, x1, y1, z1] = entry.first;
        const auto opposite = directed.find(EdgeKey{x1, y1, z1, x0, y0, z0});
        if (entry.second != 1 || opposite == directed.end() || opposite->second != 1) {
            return false;
        }
    }
    return triangles != 0;
}

std::vector<uint8_t> WithOutwardNormals(gen::OdolModel model) {
    for (gen::OdolLod &lod : model.lods) {
        for (gen::OdolVertex &vertex : lod.vertices) {
            // The generator stores MLOD's inward normals, as the binarizer does; point them out.
            vertex.normal = {-vertex.normal[0], -vertex.normal[1], -vertex.normal[2]};
        }
    }
    return gen::WriteOdolV7(model);
}

} // namespace

TEST(P3dWinding, GeneratedOdolLodsAreClosedAndFaceOutward) {
    for (const char *name : {"odol40_skinned.p3d", "odol7_skinned.p3d"}) {
        SCOPED_TRACE(name);
        const ImportResult result = ImportP3d(Model(name));
        ASSERT_NE(result.scene, nullptr) << result.error;
        const std::vector<const aiNode *> lods = LodNodes(result.scene);
        ASSERT_GE(lods.size(), 2u);
        // The sphere (12 segments, 9 rings) and, in v40, the unit cube.
        const aiNode *sphere = lods[0];
        ASSERT_TRUE(IsClosed(result.scene, sphere));
        // A polyhedron inscribed in the unit sphere: below 4/3 pi, well above half of it.
        const double sphereVolume = SignedVolume6(result.scene, sphere) / 6.0;
        EXPECT_GT(sphereVolume, 0.5 * 4.18879);
        EXPECT_LT(sphereVolume, 4.18879);
        const auto agreement = NormalAgreement(result.scene, sphere);
        EXPECT_EQ(agreement.first, TriangleCount(result.scene, sphere));
        EXPECT_EQ(agreement.second, 0u);
        if (std::string(name) == "odol40_skinned.p3d") {
            ASSERT_TRUE(IsClosed(result.scene, lods[1]));
            EXPECT_NEAR(SignedVolume6(result.scene, lods[1]), 6.0, 1e-4);
            EXPECT_EQ(NormalAgreement(result.scene, lods[1]).second, 0u);
        }
        const ImportWarnings warnings(*result.importer, "p3d");
        EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, " faces"), 0u) << warnings.text();
    }
}

TEST(P3dWinding, OdolPolygonsAreUnreversedLikeTheBinarizer) {
    // The v40 cube's faces are triangles (c0 c1 c2) and (c0 c2 c3) of each outward quad, stored
    // as 1 0 2: undoing that gives back exactly the generator's triangles, corner for corner.
    const ImportResult result = ImportP3d(Model("odol40_skinned.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiNode *cube = LodNodes(result.scene)[1];
    ASSERT_EQ(cube->mNumMeshes, 1u);
    const aiMesh *mesh = result.scene->mMeshes[cube->mMeshes[0]];
    const gen::OdolModel model = gen::OdolV40SkinnedModel();
    const gen::OdolLod &written = model.lods[1];
    ASSERT_EQ(mesh->mNumFaces, written.faces.size());
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        const std::vector<uint16_t> &stored = written.faces[f];
        const uint16_t expected[3] = {stored[1], stored[0], stored[2]};
        for (unsigned k = 0; k < 3; ++k) {
            const gen::Vec3 &p = written.vertices[expected[k]].position;
            const aiVector3D &got = mesh->mVertices[mesh->mFaces[f].mIndices[k]];
            EXPECT_EQ(got, aiVector3D(p[0], p[1], -p[2])) << "face " << f << " corner " << k;
        }
    }
}

TEST(P3dWinding, TheRuleDecidesAndDisagreeingNormalsOnlyWarn) {
    // The same v7 sphere with outward-stored normals: the old per-LOD vote would have flipped
    // the faces inward to match them. The fixed rule keeps the faces outward and says how many
    // faces the stored normals contradict: all of them.
    const ImportResult result = ImportBytes("p3d_winding_vote", "outward.p3d",
                                            WithOutwardNormals(gen::OdolV7SkinnedModel()));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiNode *sphere = LodNodes(result.scene)[0];
    EXPECT_GT(SignedVolume6(result.scene, sphere), 0.0);
    const size_t triangles = TriangleCount(result.scene, sphere);
    EXPECT_EQ(NormalAgreement(result.scene, sphere).second, triangles);
    // One warning, in LOD 0.000's faces, counted once per face against the winding.
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "LOD 0.000 faces"), triangles)
        << warnings.text();
    ASSERT_EQ(warnings.entries(), 1u) << warnings.text();
    EXPECT_EQ(warnings.all().front().file, "outward.p3d");
    EXPECT_NE(warnings.all().front().offset, agf::Warning::kNoOffset);
}

TEST(P3dWinding, Sp3xLodsWithoutNormalsGetFlatOutwardNormals) {
    const ImportResult result = ImportP3d(Model("sp3x_no_normals.p3d"));
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<const aiNode *> lods = LodNodes(result.scene);
    ASSERT_EQ(lods.size(), 2u);
    EXPECT_STREQ(lods[0]->mName.C_Str(), "LOD 0.000");
    EXPECT_STREQ(lods[1]->mName.C_Str(), "Geometry");
    const ImportWarnings warnings(*result.importer, "p3d");
    // One warning per LOD, naming it; the 32-byte default path after the last LOD is expected.
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent), 2u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "LOD 0 faces"), 1u) << warnings.text();
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "LOD 1 faces"), 1u) << warnings.text();
    EXPECT_EQ(warnings.entries(), 2u) << warnings.text();
    for (const aiNode *lod : lods) {
        SCOPED_TRACE(lod->mName.C_Str());
        ASSERT_TRUE(IsClosed(result.scene, lod));
        EXPECT_NEAR(SignedVolume6(result.scene, lod), 6.0, 1e-5); // the unit cube
        EXPECT_EQ(Meta<uint64_t>(lod->mMetaData, "P3D.NormalCount"),
                  lod == lods[0] ? 7u : 6u); // one per face: face 1 is split in LOD 0
        for (unsigned m = 0; m < lod->mNumMeshes; ++m) {
            const aiMesh *mesh = result.scene->mMeshes[lod->mMeshes[m]];
            for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
                const unsigned *corner = mesh->mFaces[f].mIndices;
                const aiVector3D &a = mesh->mVertices[corner[0]];
                const aiVector3D outward =
                    ((mesh->mVertices[corner[1]] - a) ^ (mesh->mVertices[corner[2]] - a))
                        .Normalize();
                for (unsigned k = 0; k < 3; ++k) {
                    EXPECT_LT((mesh->mNormals[corner[k]] - outward).Length(), 1e-6f);
                }
            }
        }
    }
    // The fixed-size tagg names carry the content: property, selection, mass.
    EXPECT_EQ(MetaString(lods[0]->mMetaData, "P3D.Properties[class]"), "house");
    EXPECT_EQ(Groups(lods[1]->mMetaData, "P3D.Selections", "Points"),
              (std::vector<std::string>{"Component01"}));
    EXPECT_EQ(MetaString(lods[1]->mMetaData, "P3D.Selections[Component01].Points"), "0-7");
    EXPECT_FLOAT_EQ(Meta<float>(lods[1]->mMetaData, "P3D.Mass"), 2.0f);
    EXPECT_EQ(Meta<uint64_t>(lods[1]->mMetaData, "P3D.SharpEdgeCount"), 1u);
}

namespace {

/** Measures of one LOD, to compare a binarized model with its source. */
struct LodMeasure {
    std::string name;
    size_t triangles = 0;
    bool closed = false;
    double volume6 = 0;
    size_t disagreeing = 0;
};

std::vector<LodMeasure> MeasureLods(const aiScene *scene) {
    std::vector<LodMeasure> measures;
    for (const aiNode *lod : LodNodes(scene)) {
        LodMeasure measure;
        measure.name = lod->mName.C_Str();
        measure.triangles = TriangleCount(scene, lod);
        measure.closed = IsClosed(scene, lod);
        measure.volume6 = SignedVolume6(scene, lod);
        measure.disagreeing = NormalAgreement(scene, lod).second;
        measures.push_back(measure);
    }
    return measures;
}

} // namespace

TEST(P3dWinding, OfpTwinTomahawkV7FacesOutwardLikeItsMlod) {
    AGF_REQUIRE_SAMPLE(odolPath, "p3d/odol/tomahawk_v7.p3d");
    AGF_REQUIRE_SAMPLE(mlodPath, "p3d/odol/tomahawk_mlod_sp3x.p3d");
    const ImportResult odol = ImportP3d(odolPath);
    ASSERT_NE(odol.scene, nullptr) << odol.error;
    const ImportResult mlod = ImportP3d(mlodPath);
    ASSERT_NE(mlod.scene, nullptr) << mlod.error;
    const std::vector<LodMeasure> binarized = MeasureLods(odol.scene);
    const std::vector<LodMeasure> source = MeasureLods(mlod.scene);
    ASSERT_EQ(binarized.size(), 3u);
    ASSERT_EQ(source.size(), 3u);
    size_t closedLods = 0;
    for (size_t i = 0; i < binarized.size(); ++i) {
        SCOPED_TRACE(binarized[i].name);
        EXPECT_EQ(binarized[i].name, source[i].name);
        EXPECT_EQ(binarized[i].name,
                  (std::vector<std::string>{"LOD 0.000", "LOD 1.000", "Geometry"})[i]);
        // Both face outward: a positive volume, and nearly the same one (one model, two
        // encodings; the binarizer moves points a little).
        EXPECT_GT(binarized[i].volume6, 0.0);
        EXPECT_GT(source[i].volume6, 0.0);
        EXPECT_NEAR(binarized[i].volume6, source[i].volume6, 0.01 * source[i].volume6);
        EXPECT_EQ(binarized[i].triangles, source[i].triangles);
        // The normals come across unchanged: they contradict the winding in exactly the faces
        // where the MLOD's own normals do (the Geometry LOD's normals are stale in the source),
        // and in few render faces.
        EXPECT_EQ(binarized[i].disagreeing, source[i].disagreeing);
        if (i == 0) {
            EXPECT_LT(binarized[i].disagreeing * 20, binarized[i].triangles);
        }
        closedLods += binarized[i].closed && source[i].closed ? 1 : 0;
    }
    // The Geometry LOD is closed, so its positive volume says it faces outward.
    EXPECT_TRUE(binarized[2].closed);
    const ImportWarnings warnings(*odol.importer, "p3d");
    ASSERT_GT(binarized[0].disagreeing, 0u);
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, binarized[0].name + " faces"),
              binarized[0].disagreeing)
        << warnings.text();
    EXPECT_GE(closedLods, 1u);
}

TEST(P3dWinding, EveryOdolSampleAndGeneratedV4xFileFacesOutward) {
    // Real v48, v50 and v73 files and our v4x writer's files: every closed LOD has a positive
    // volume, and a closed render LOD's stored normals mostly agree with the rule's winding.
    std::vector<std::filesystem::path> files;
    for (const char *name : {"odol48_skinned.p3d", "odol50_skinned.p3d", "odol68_alternate.p3d",
                             "odol73_lzo.p3d", "odol73_raw.p3d"}) {
        files.push_back(Model(name));
    }
    const std::filesystem::path samples = SamplesDir() / "p3d" / "odol";
    if (std::filesystem::is_directory(samples)) {
        for (const char *name :
             {"ASC_lampa_ind_v48.p3d", "MBG_Police_Station_v48.p3d", "bear_trap_v50.p3d",
              "bloodbag_v50.p3d", "BuildingPos_v73.p3d", "ace_IRStrobe_v73.p3d"}) {
            AGF_REQUIRE_SAMPLE(path, std::string("p3d/odol/") + name);
            files.push_back(path);
        }
    }
    size_t closedLods = 0;
    for (const std::filesystem::path &file : files) {
        SCOPED_TRACE(file.filename().string());
        const ImportResult result = ImportP3d(file);
        ASSERT_NE(result.scene, nullptr) << result.error;
        for (const LodMeasure &lod : MeasureLods(result.scene)) {
            SCOPED_TRACE(lod.name);
            if (!lod.closed) {
                continue;
            }
            ++closedLods;
            EXPECT_GT(lod.volume6, 0.0);
            // Geometry LODs' stored normals are stale in the sources themselves (the tomahawk
            // MLOD above; bear_trap and bloodbag's Geometry disagree in half their faces), so
            // only render LODs must agree.
            if (lod.name.rfind("LOD ", 0) == 0) {
                EXPECT_LE(lod.disagreeing * 10, lod.triangles);
            }
        }
    }
    // At least the sphere of each generated file is closed.
    EXPECT_GE(closedLods, 5u);
}
