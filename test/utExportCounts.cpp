// The FBX and glb round trips keep what users count: the morph targets, bones, nodes, meshes
// and animations of the source, on whichever Assimp the tests are built against (each Assimp
// writer lays out multi-mesh nodes and shapes its own way; docs/assimp-versions.md). FBX adds
// one node per mesh of a node that holds several: one Model per mesh, as Blender reads them.
#include "TestSupport.h"

#include <assimp/Exporter.hpp>

#include <cctype>
#include <set>
#include <sstream>

namespace {

struct Counts {
    unsigned nodes = 0;
    unsigned meshes = 0;
    unsigned morphTargets = 0; ///< over every mesh
    unsigned animations = 0;
    std::set<std::string> bones;

    std::string text() const {
        std::ostringstream out;
        out << nodes << " nodes, " << meshes << " meshes, " << morphTargets << " morph targets, "
            << bones.size() << " bones, " << animations << " animations";
        return out.str();
    }
};

unsigned CountNodes(const aiNode *node) {
    unsigned count = 1;
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        count += CountNodes(node->mChildren[c]);
    }
    return count;
}

/** The meshes of nodes that hold more than one: FBX gives each its own Model (a child of the
 *  node's), on every Assimp version (Export/FbxMeshNodes.h). */
unsigned MeshesOfMultiMeshNodes(const aiNode *node) {
    unsigned count = node->mNumMeshes > 1 ? node->mNumMeshes : 0;
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        count += MeshesOfMultiMeshNodes(node->mChildren[c]);
    }
    return count;
}

Counts CountsOf(const aiScene &scene) {
    Counts counts;
    counts.nodes = CountNodes(scene.mRootNode);
    counts.meshes = scene.mNumMeshes;
    counts.animations = scene.mNumAnimations;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        counts.morphTargets += mesh->mNumAnimMeshes;
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            counts.bones.insert(mesh->mBones[b]->mName.C_Str());
        }
    }
    return counts;
}

struct Case {
    const char *model; ///< under test_models/
    unsigned morphTargets;
};

class ExportCounts : public ::testing::TestWithParam<std::tuple<Case, const char *>> {};

TEST_P(ExportCounts, RoundTripKeepsTheSourcesCounts) {
    const Case &model = std::get<0>(GetParam());
    const std::string format = std::get<1>(GetParam());
    const std::filesystem::path source = agf::test::TestModelsDir() / model.model;
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(source.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    const Counts expected = CountsOf(*scene);
    // The number the task of each model states, so that a change of an importer shows here.
    ASSERT_EQ(expected.morphTargets, model.morphTargets) << expected.text();

    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const std::string extension = format == "glb2" ? "glb" : "fbx";
    const std::filesystem::path dir =
        agf::test::ScratchDir("export_counts_" + format + "_" + source.stem().string());
    const std::string path = (dir / ("model." + extension)).string();
    ASSERT_EQ(exporter.Export(scene, format.c_str(), path), aiReturn_SUCCESS)
        << exporter.GetErrorString();
    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    const Counts counts = CountsOf(*back);
    SCOPED_TRACE("source: " + expected.text() + "; " + format + ": " + counts.text());
    const unsigned meshNodes = format == "fbx" ? MeshesOfMultiMeshNodes(scene->mRootNode) : 0;
    EXPECT_EQ(counts.nodes, expected.nodes + meshNodes);
    EXPECT_EQ(counts.meshes, expected.meshes);
    EXPECT_EQ(counts.morphTargets, expected.morphTargets);
    EXPECT_EQ(counts.bones, expected.bones);
    EXPECT_EQ(counts.animations, expected.animations);
}

// A PSK with two meshes on one node, both with the same two morph targets (one of which moves
// none of the first mesh's vertices); ODOLs whose render LOD has two meshes (v50: with a frame
// each); a skinned chain animated by the MOT beside it; an ANB's morph animation on two
// submeshes.
const Case kCases[] = {
    {"actorx/skinned_box.psk", 4},    {"p3d/odol50_skinned.p3d", 2},   {"p3d/odol7_skinned.p3d", 0},
    {"idolfx/keypose_chain4.fxm", 0}, {"idolfx/two_submeshes.anb", 6},
};

std::string CaseName(const ::testing::TestParamInfo<ExportCounts::ParamType> &info) {
    std::string name = std::string(std::get<0>(info.param).model) + "_" + std::get<1>(info.param);
    for (char &c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            c = '_';
        }
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Models, ExportCounts,
                         ::testing::Combine(::testing::ValuesIn(kCases),
                                            ::testing::Values("fbx", "glb2")),
                         CaseName);

} // namespace
