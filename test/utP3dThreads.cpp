// LODs on several threads (#18): generated multi-LOD P3D files large enough to be split give
// the same scene, the same warnings in the same order and the same error with
// AI_CONFIG_IMPORT_GAMEFORMATS_THREADS at 1, 2 and 4, damaged LODs included.
#include "utP3dSupport.h"

#include "Common/ImporterBase.h"
#include "OdolV4xWriter.h"
#include "P3D/MlodParser.h"
#include "P3D/P3dConverter.h"
#include "P3dTestModels.h"

#include <assimp_gameformats/ImportOptions.h>

#include <cmath>
#include <cstring>

using namespace agf::test;
using namespace agf::test::p3d;
namespace gen = agf::testgen::p3d;

namespace {

// Side of each LOD's vertex grid: 80 x 80 vertices and 12482 triangles make every LOD body tens
// of kilobytes and several thousand vertices, above both thresholds of the split.
constexpr unsigned kSide = 80;
constexpr unsigned kLods = 4;

/** FNV-1a of raw bytes, so that a scene's arrays fit in a short description. */
uint64_t Fnv(const void *data, size_t size, uint64_t hash = 1469598103934665603ull) {
    const auto *bytes = static_cast<const uint8_t *>(data);
    for (size_t i = 0; i < size; ++i) {
        hash = (hash ^ bytes[i]) * 1099511628211ull;
    }
    return hash;
}

std::string MetadataText(const aiMetadata *metadata) {
    std::string text;
    for (unsigned i = 0; metadata != nullptr && i < metadata->mNumProperties; ++i) {
        const aiMetadataEntry &entry = metadata->mValues[i];
        text += std::string(" ") + metadata->mKeys[i].C_Str() + "=";
        switch (entry.mType) {
        case AI_BOOL:
            text += *static_cast<bool *>(entry.mData) ? "true" : "false";
            break;
        case AI_INT32:
            text += std::to_string(*static_cast<int32_t *>(entry.mData));
            break;
        case AI_UINT64:
            text += std::to_string(*static_cast<uint64_t *>(entry.mData));
            break;
        case AI_FLOAT:
            text += std::to_string(Fnv(entry.mData, sizeof(float)));
            break;
        case AI_DOUBLE:
            text += std::to_string(Fnv(entry.mData, sizeof(double)));
            break;
        case AI_AISTRING:
            text += static_cast<aiString *>(entry.mData)->C_Str();
            break;
        case AI_AIVECTOR3D:
            text += std::to_string(Fnv(entry.mData, sizeof(aiVector3D)));
            break;
        default:
            text += "?";
        }
    }
    return text;
}

void DescribeNode(const aiNode *node, const std::string &indent, std::string &text) {
    text += indent + node->mName.C_Str() + " transform " +
            std::to_string(Fnv(&node->mTransformation, sizeof(aiMatrix4x4))) + " meshes";
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        text += " " + std::to_string(node->mMeshes[m]);
    }
    text += MetadataText(node->mMetaData) + "\n";
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        DescribeNode(node->mChildren[c], indent + "  ", text);
    }
}

/** Everything the tests compare: node tree with names, transforms, meshes and metadata; every
 *  mesh's name, material, counts and array bytes, faces, bones and morph targets; materials. */
std::string DescribeScene(const aiScene *scene) {
    std::string text;
    DescribeNode(scene->mRootNode, "", text);
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        const size_t vertexBytes = sizeof(aiVector3D) * mesh->mNumVertices;
        uint64_t faces = Fnv(nullptr, 0);
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            faces = Fnv(mesh->mFaces[f].mIndices, sizeof(unsigned) * mesh->mFaces[f].mNumIndices,
                        faces);
        }
        text += "mesh " + std::to_string(m) + " " + mesh->mName.C_Str() + " material " +
                std::to_string(mesh->mMaterialIndex) + " vertices " +
                std::to_string(mesh->mNumVertices) + " faces " + std::to_string(mesh->mNumFaces) +
                " " + std::to_string(faces) + " positions " +
                std::to_string(Fnv(mesh->mVertices, vertexBytes));
        if (mesh->mNormals != nullptr) {
            text += " normals " + std::to_string(Fnv(mesh->mNormals, vertexBytes));
        }
        for (unsigned set = 0; set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
            if (mesh->mTextureCoords[set] != nullptr) {
                text += " uv" + std::to_string(set) + " " +
                        std::to_string(Fnv(mesh->mTextureCoords[set], vertexBytes));
            }
        }
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const aiBone *bone = mesh->mBones[b];
            text += " bone " + std::string(bone->mName.C_Str()) + " " +
                    std::to_string(Fnv(bone->mWeights, sizeof(aiVertexWeight) * bone->mNumWeights));
        }
        for (unsigned a = 0; a < mesh->mNumAnimMeshes; ++a) {
            const aiAnimMesh *morph = mesh->mAnimMeshes[a];
            text += " morph " + std::string(morph->mName.C_Str()) + " " +
                    std::to_string(Fnv(morph->mVertices, sizeof(aiVector3D) * morph->mNumVertices));
        }
        text += "\n";
    }
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiString name;
        scene->mMaterials[m]->Get(AI_MATKEY_NAME, name);
        text += "material " + std::to_string(m) + " " + name.C_Str() + " properties " +
                std::to_string(scene->mMaterials[m]->mNumProperties) + "\n";
    }
    return text + MetadataText(scene->mMetaData);
}

/** One import's scene description, warnings and error. */
struct Outcome {
    std::string scene;
    std::string warnings;
    std::string error;
};

Outcome ImportWithThreads(const std::string &testName, const std::string &name,
                          const std::vector<uint8_t> &bytes, int threads) {
    const ImportResult result = ImportBytes(
        testName + std::to_string(threads), name, bytes, [&](Assimp::Importer &importer) {
            importer.SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, threads);
        });
    Outcome outcome;
    outcome.error = result.error;
    if (result.scene != nullptr) {
        outcome.scene = DescribeScene(result.scene);
    }
    outcome.warnings = ImportWarnings(*result.importer, "p3d").text();
    if (const agf::Warnings *warnings = agf::LastImportWarningsOf(*result.importer, "p3d")) {
        outcome.warnings += "dropped " + std::to_string(warnings->dropped()) + "\n";
    }
    return outcome;
}

/** Imports `bytes` with 1, 2 and 4 threads: everything must match the one-thread import, which
 *  is returned. */
Outcome ExpectSameWithAnyThreadCount(const std::string &testName, const std::string &name,
                                     const std::vector<uint8_t> &bytes) {
    const Outcome one = ImportWithThreads(testName, name, bytes, 1);
    for (int threads : {2, 4}) {
        const Outcome many = ImportWithThreads(testName, name, bytes, threads);
        EXPECT_EQ(many.error, one.error) << threads << " threads";
        EXPECT_EQ(many.warnings, one.warnings) << threads << " threads";
        EXPECT_TRUE(many.scene == one.scene) << threads << " threads: the scenes differ";
    }
    return one;
}

/** An MLOD of `lods` grids, each with a selection and two textures. */
std::vector<gen::MlodLod> MlodGrids(unsigned lods) {
    std::vector<gen::MlodLod> result;
    for (unsigned l = 0; l < lods; ++l) {
        gen::MlodLod lod;
        const unsigned side = kSide - 8 * l;
        lod.resolution = float(l);
        for (unsigned y = 0; y < side; ++y) {
            for (unsigned x = 0; x < side; ++x) {
                lod.points.push_back(gen::GridSurfacePoint(x, y, l));
            }
        }
        lod.normals.push_back({0, -1, 0});
        for (unsigned y = 0; y + 1 < side; ++y) {
            for (unsigned x = 0; x + 1 < side; ++x) {
                gen::MlodFace face;
                const unsigned corners[4][2] = {{x, y}, {x, y + 1}, {x + 1, y + 1}, {x + 1, y}};
                for (const auto &corner : corners) {
                    face.points.push_back(corner[1] * side + corner[0]);
                    face.normals.push_back(0);
                    face.uvs.push_back({float(corner[0]) / side, float(corner[1]) / side});
                }
                face.texture = (x + y) % 2 == 0 ? "grid\\a_co.paa" : "grid\\b_co.paa";
                lod.faces.push_back(std::move(face));
            }
        }
        gen::MlodSelection selection;
        selection.name = "part" + std::to_string(l % 2);
        for (uint32_t p = 0; p < 40; ++p) {
            selection.points.push_back({p, 1});
        }
        lod.selections.push_back(selection);
        result.push_back(std::move(lod));
    }
    return result;
}

/** An MLOD parsed on `threads` threads with a minimum LOD size of one byte, so that a test
 *  file's LODs are read apart (the importer's minimum, kMinimumMlodLodBytesForThreads, is
 *  megabytes a LOD), then converted on one thread. */
Outcome ParseMlodWithThreads(const std::vector<uint8_t> &bytes, unsigned threads) {
    Outcome outcome;
    agf::Warnings warnings;
    try {
        agf::p3d::Model model =
            agf::p3d::ParseMlod(bytes.data(), bytes.size(), "grid.p3d", warnings, threads, 1);
        aiScene scene;
        agf::p3d::ConvertModel(std::move(model), agf::p3d::ConvertOptions(), "grid.p3d", &scene,
                               warnings);
        outcome.scene = DescribeScene(&scene);
    } catch (const agf::ImportError &error) {
        outcome.error = error.what();
    }
    for (const agf::Warning &warning : warnings.entries()) {
        outcome.warnings += warning.text() + "\n";
    }
    outcome.warnings += "dropped " + std::to_string(warnings.dropped()) + "\n";
    return outcome;
}

/** ParseMlodWithThreads with 2 and 4 threads must match 1 thread's outcome, which is returned. */
Outcome ExpectSameMlodWithAnyThreadCount(const std::vector<uint8_t> &bytes) {
    const Outcome one = ParseMlodWithThreads(bytes, 1);
    for (unsigned threads : {2u, 4u}) {
        const Outcome many = ParseMlodWithThreads(bytes, threads);
        EXPECT_EQ(many.error, one.error) << threads << " threads";
        EXPECT_EQ(many.warnings, one.warnings) << threads << " threads";
        EXPECT_TRUE(many.scene == one.scene) << threads << " threads: the scenes differ";
    }
    return one;
}

/** Where LOD `lod` of WriteMlod(lods) starts: the file of the LODs before it, whose header has
 *  the same size. */
size_t MlodLodStart(const std::vector<gen::MlodLod> &lods, size_t lod) {
    return gen::WriteMlod(std::vector<gen::MlodLod>(lods.begin(), lods.begin() + lod)).size();
}

} // namespace

TEST(P3dThreads, OdolV40LodsGiveTheSameSceneOnAnyThreadCount) {
    const Outcome outcome = ExpectSameWithAnyThreadCount(
        "P3dThreadsV40", "grid.p3d", gen::WriteOdolV40(gen::OdolGridModel(kLods, kSide)));
    ASSERT_TRUE(outcome.error.empty()) << outcome.error;
    EXPECT_NE(outcome.scene.find("LOD 3.000"), std::string::npos) << outcome.scene;
}

TEST(P3dThreads, OdolV73LodsGiveTheSameSceneOnAnyThreadCount) {
    const std::vector<uint8_t> bytes =
        gen::WriteOdolV4x(gen::OdolGridModel(kLods, kSide),
                          {73, gen::OdolV4xOptions::Packing::AllLzo, {1.0f, 2.0f, 3.0f}});
    const Outcome outcome = ExpectSameWithAnyThreadCount("P3dThreadsV73", "grid73.p3d", bytes);
    ASSERT_TRUE(outcome.error.empty()) << outcome.error;
}

TEST(P3dThreads, MlodLodsGiveTheSameSceneOnAnyThreadCount) {
    const Outcome outcome =
        ExpectSameWithAnyThreadCount("P3dThreadsMlod", "grid.p3d", gen::WriteMlod(MlodGrids(6)));
    ASSERT_TRUE(outcome.error.empty()) << outcome.error;
    EXPECT_NE(outcome.scene.find("LOD 5.000"), std::string::npos) << outcome.scene;
}

// The MLOD LODs read apart while the walk goes on (ForEachLodAsLocated) give the model of one
// thread: sound LODs, LODs with warnings of their own, and damage the walk does not see (a point
// index) or stops at (a LOD signature), which keeps the LODs before it with the same warning.
TEST(P3dThreads, MlodLodsReadApartGiveTheSameModel) {
    std::vector<gen::MlodLod> lods = MlodGrids(6);
    lods[1].mass = {1.0f}; // one mass for thousands of points: a warning in LOD 1
    lods[3].mass = {2.0f};
    const Outcome sound = ExpectSameMlodWithAnyThreadCount(gen::WriteMlod(lods));
    ASSERT_TRUE(sound.error.empty()) << sound.error;
    EXPECT_NE(sound.scene.find("LOD 5.000"), std::string::npos) << sound.scene;
    const size_t mass1 = sound.warnings.find("LOD 1");
    const size_t mass3 = sound.warnings.find("LOD 3");
    ASSERT_NE(mass1, std::string::npos) << sound.warnings;
    ASSERT_NE(mass3, std::string::npos) << sound.warnings;
    EXPECT_LT(mass1, mass3) << sound.warnings;

    std::vector<gen::MlodLod> badPoint = lods;
    badPoint[2].faces[5].points[0] = 999999; // the walk passes it; the parser does not
    const Outcome pointOutcome = ExpectSameMlodWithAnyThreadCount(gen::WriteMlod(badPoint));
    ASSERT_TRUE(pointOutcome.error.empty()) << pointOutcome.error;
    EXPECT_NE(pointOutcome.warnings.find("999999"), std::string::npos) << pointOutcome.warnings;
    EXPECT_NE(pointOutcome.warnings.find("keeping the 2 LODs before it"), std::string::npos)
        << pointOutcome.warnings;
    EXPECT_EQ(pointOutcome.scene.find("LOD 2.000"), std::string::npos);

    std::vector<uint8_t> badSignature = gen::WriteMlod(lods);
    std::memcpy(badSignature.data() + MlodLodStart(lods, 4), "XXXX", 4); // the walk stops there
    const Outcome signatureOutcome = ExpectSameMlodWithAnyThreadCount(badSignature);
    ASSERT_TRUE(signatureOutcome.error.empty()) << signatureOutcome.error;
    EXPECT_NE(signatureOutcome.warnings.find("keeping the 4 LODs before it"), std::string::npos)
        << signatureOutcome.warnings;
    EXPECT_NE(signatureOutcome.scene.find("LOD 3.000"), std::string::npos);
    EXPECT_EQ(signatureOutcome.scene.find("LOD 4.000"), std::string::npos);

    std::vector<gen::MlodLod> badFirst = lods;
    badFirst[0].faces[0].points[0] = 999998; // the first LOD's damage is the error
    const Outcome firstOutcome = ExpectSameMlodWithAnyThreadCount(gen::WriteMlod(badFirst));
    EXPECT_NE(firstOutcome.error.find("999998"), std::string::npos) << firstOutcome.error;
}

// A damaged body, found by whichever thread reads it, is skipped with the same warning in the
// same place among the others' warnings; a frame the converter rejects and normals against the
// winding warn from the converter's threads, in LOD order.
TEST(P3dThreads, DamagedLodsWarnAsOnOneThread) {
    gen::OdolModel model = gen::OdolGridModel(kLods, kSide);
    model.lods[1].faces[5] = {0, 1, 60000}; // vertex index out of range: LOD 1 is skipped
    model.lods[3].faces[7] = {0, 1, 60001};
    model.lods[0].frames.push_back({0.5f, {gen::Vec3{0, 0, 0}}}); // 1 point for thousands
    model.lods[2].frames.push_back({0.25f, {gen::Vec3{0, 0, 0}}});
    for (gen::OdolVertex &vertex : model.lods[2].vertices) {
        vertex.normal = {0, -1, 0}; // against the winding
    }
    const Outcome outcome =
        ExpectSameWithAnyThreadCount("P3dThreadsDamaged", "damaged.p3d", gen::WriteOdolV40(model));
    ASSERT_TRUE(outcome.error.empty()) << outcome.error;
    const size_t skipped1 = outcome.warnings.find("LOD 1 skipped");
    const size_t skipped3 = outcome.warnings.find("LOD 3 skipped");
    const size_t frame0 = outcome.warnings.find("LOD 0.000 frame 0");
    const size_t frame2 = outcome.warnings.find("LOD 2.000 frame 0");
    const size_t winding = outcome.warnings.find("LOD 2.000 faces");
    ASSERT_NE(skipped1, std::string::npos) << outcome.warnings;
    ASSERT_NE(skipped3, std::string::npos) << outcome.warnings;
    ASSERT_NE(frame0, std::string::npos) << outcome.warnings;
    ASSERT_NE(frame2, std::string::npos) << outcome.warnings;
    ASSERT_NE(winding, std::string::npos) << outcome.warnings;
    EXPECT_LT(skipped1, skipped3);
    EXPECT_LT(skipped3, frame0) << "the parser's warnings come before the converter's";
    EXPECT_LT(frame0, winding) << "LOD 0's frame before LOD 2's winding";
    EXPECT_LT(winding, frame2) << "LOD 2's winding before its frame";
    EXPECT_EQ(outcome.scene.find("LOD 1.000"), std::string::npos);
}

// Every body damaged: the error is the first LOD's, whichever thread failed first.
TEST(P3dThreads, EveryLodDamagedFailsWithTheFirstLodsError) {
    gen::OdolModel model = gen::OdolGridModel(kLods, kSide);
    for (size_t l = 0; l < model.lods.size(); ++l) {
        model.lods[l].faces[l] = {0, 1, static_cast<uint16_t>(60000 + l)};
    }
    for (const std::vector<uint8_t> &bytes :
         {gen::WriteOdolV40(model),
          gen::WriteOdolV4x(model, {73, gen::OdolV4xOptions::Packing::AllLzo, {0, 0, 0}})}) {
        const Outcome outcome = ExpectSameWithAnyThreadCount("P3dThreadsFail", "bad.p3d", bytes);
        EXPECT_NE(outcome.error.find("no LOD could be read"), std::string::npos) << outcome.error;
        EXPECT_NE(outcome.error.find("60000"), std::string::npos) << outcome.error;
    }
}

// A LOD that produces more distinct warnings than a sink keeps: its thread's own sink would
// drop some, so the LOD is read again on the calling thread, and the kept and dropped
// warnings are those of one thread.
TEST(P3dThreads, AFullWarningSinkGivesTheSameWarnings) {
    gen::OdolModel model = gen::OdolGridModel(kLods, kSide);
    for (gen::OdolLod &lod : model.lods) {
        for (unsigned s = 0; s < 300; ++s) {
            gen::OdolSelection selection;
            selection.name = "broken" + std::to_string(s);
            selection.vertices = {0, 1};
            selection.weights = {1}; // one weight for two vertices: a warning each
            lod.selections.push_back(selection);
        }
    }
    const Outcome outcome =
        ExpectSameWithAnyThreadCount("P3dThreadsFull", "full.p3d", gen::WriteOdolV40(model));
    ASSERT_TRUE(outcome.error.empty()) << outcome.error;
    EXPECT_EQ(outcome.warnings.find("dropped 0\n"), std::string::npos) << "the sink overflowed";
}
