// PSK -> glb2 / binary FBX -> import again: vertices, bones, weights and morph targets survive.
#include "utPskSupport.h"

#include "PskModels.h"

#include <assimp/Exporter.hpp>

#include <set>

namespace {

using namespace agf::test::psk;
namespace gen = agf::testgen::psk;

struct SceneSummary {
    unsigned vertices = 0;
    unsigned faces = 0;
    std::set<std::string> bones;
    unsigned morphTargets = 0; ///< the largest per mesh
    /** Position -> bone -> weight, over every skinned vertex. */
    std::map<std::tuple<float, float, float>, std::map<std::string, float>> weights;
};

SceneSummary Summarise(const aiScene *scene) {
    SceneSummary summary;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        summary.vertices += mesh->mNumVertices;
        summary.faces += mesh->mNumFaces;
        summary.morphTargets = std::max(summary.morphTargets, mesh->mNumAnimMeshes);
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            summary.bones.insert(mesh->mBones[b]->mName.C_Str());
        }
        const auto weights = VertexWeights(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D &p = mesh->mVertices[v];
            summary.weights[{p.x, p.y, p.z}] = weights[v];
        }
    }
    return summary;
}

void ExpectSameWeights(const SceneSummary &original, const SceneSummary &back) {
    ASSERT_EQ(original.weights.size(), back.weights.size());
    for (const auto &[position, weights] : original.weights) {
        const auto it = back.weights.find(position);
        ASSERT_NE(it, back.weights.end());
        ASSERT_EQ(it->second.size(), weights.size());
        for (const auto &[bone, weight] : weights) {
            EXPECT_NEAR(it->second.at(bone), weight, 1e-4f) << bone;
        }
    }
}

const aiScene *ExportAndImport(const aiScene *scene, const char *format, const char *extension,
                               Assimp::Importer &reader, unsigned flags) {
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const std::filesystem::path dir =
        agf::test::ScratchDir(std::string("psk_round_trip_") + format);
    const std::string path = (dir / (std::string("model.") + extension)).string();
    EXPECT_EQ(exporter.Export(scene, format, path), aiReturn_SUCCESS) << exporter.GetErrorString();
    const aiScene *back = reader.ReadFile(path, aiProcess_ValidateDataStructure | flags);
    EXPECT_NE(back, nullptr) << reader.GetErrorString();
    return back;
}

// The exporters' vertex positions are in mesh space, like ours; the box has no vertex shared
// by two positions with different weights, so weights can be matched by position.
TEST(PskRoundTrip, Glb2KeepsVerticesBonesWeightsAndMorphs) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SkinnedBox()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const SceneSummary original = Summarise(scene);
    Assimp::Importer reader;
    const aiScene *back = ExportAndImport(scene, "glb2", "glb", reader, 0);
    ASSERT_NE(back, nullptr);
    const SceneSummary result = Summarise(back);
    EXPECT_EQ(result.vertices, original.vertices);
    EXPECT_EQ(result.faces, original.faces);
    EXPECT_EQ(result.bones, original.bones);
    EXPECT_EQ(result.morphTargets, original.morphTargets);
    ExpectSameWeights(original, result);
}

TEST(PskRoundTrip, BinaryFbxKeepsVerticesBonesWeightsAndMorphs) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportPsk(*importer, gen::WritePsk(gen::SkinnedBox()));
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const SceneSummary original = Summarise(scene);
    Assimp::Importer reader;
    // Assimp's FBX reader un-indexes meshes (one vertex per face corner); joining identical
    // vertices gives back the indexed count.
    const aiScene *back =
        ExportAndImport(scene, "fbx", "fbx", reader, aiProcess_JoinIdenticalVertices);
    ASSERT_NE(back, nullptr);
    const SceneSummary result = Summarise(back);
    EXPECT_EQ(result.vertices, original.vertices);
    EXPECT_EQ(result.faces, original.faces);
    EXPECT_EQ(result.bones, original.bones);
    EXPECT_EQ(result.morphTargets, original.morphTargets);
    ExpectSameWeights(original, result);
}

TEST(PskRoundTrip, SlurpSampleThroughGlb2) {
    AGF_REQUIRE_SAMPLE(path, "actorx/Slurp_Monster_Axe_LOD0.psk");
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    // The glb2 exporter joins identical vertices (Slurp has wedges equal in every attribute),
    // so the baseline is joined the same way.
    auto joiner = agf::test::MakeImporter();
    const aiScene *joined = joiner->ReadFile(path.string(), aiProcess_ValidateDataStructure |
                                                                aiProcess_JoinIdenticalVertices);
    ASSERT_NE(joined, nullptr) << joiner->GetErrorString();
    const SceneSummary original = Summarise(joined);
    Assimp::Importer reader;
    const aiScene *back = ExportAndImport(scene, "glb2", "glb", reader, 0);
    ASSERT_NE(back, nullptr);
    const SceneSummary result = Summarise(back);
    EXPECT_EQ(result.vertices, original.vertices);
    EXPECT_EQ(result.bones, original.bones);
    EXPECT_EQ(result.morphTargets, 5u);
    ASSERT_EQ(back->mNumMeshes, 1u);
    EXPECT_EQ(back->mMeshes[0]->GetNumUVChannels(), 2u);
    EXPECT_TRUE(back->mMeshes[0]->HasVertexColors(0));
    EXPECT_TRUE(back->mMeshes[0]->HasNormals());
}

} // namespace
