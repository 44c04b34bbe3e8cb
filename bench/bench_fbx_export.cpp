// What the FBX export fixes cost: Assimp 5.2.5's own binary "fbx" writer against ours (copy,
// re-time, write, repair), and the repair of the written bytes alone, on a skinned, morphing,
// animated grid mesh of growing size.
#include <assimp_gameformats/GameFormats.h>

#include "Export/FbxBinaryRepair.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

namespace {

/** A side x side grid of vertices, two bones blending along X, two morph targets and one
 *  animation of 240 keys per track at 30 ticks/s. */
std::unique_ptr<aiScene> GridScene(unsigned int side) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *children[2] = {new aiNode("Grid"), new aiNode("Bone0")};
    scene->mRootNode->addChildren(2, children);
    aiNode *bone1 = new aiNode("Bone1");
    children[1]->addChildren(1, &bone1);
    children[0]->mNumMeshes = 1;
    children[0]->mMeshes = new unsigned int[1]{0};

    aiMesh *mesh = new aiMesh();
    mesh->mName = "Grid";
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = side * side;
    mesh->mVertices = new aiVector3D[mesh->mNumVertices];
    mesh->mNormals = new aiVector3D[mesh->mNumVertices];
    for (unsigned int y = 0; y < side; ++y) {
        for (unsigned int x = 0; x < side; ++x) {
            mesh->mVertices[y * side + x] =
                aiVector3D(static_cast<float>(x), static_cast<float>(y), 0.0f);
            mesh->mNormals[y * side + x] = aiVector3D(0, 0, 1);
        }
    }
    mesh->mNumFaces = 2 * (side - 1) * (side - 1);
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    unsigned int face = 0;
    for (unsigned int y = 0; y + 1 < side; ++y) {
        for (unsigned int x = 0; x + 1 < side; ++x) {
            const unsigned int a = y * side + x, b = a + 1, c = a + side, d = c + 1;
            for (const auto &tri : {std::vector<unsigned int>{a, b, d}, {a, d, c}}) {
                mesh->mFaces[face].mNumIndices = 3;
                mesh->mFaces[face].mIndices = new unsigned int[3]{tri[0], tri[1], tri[2]};
                ++face;
            }
        }
    }
    mesh->mNumBones = 2;
    mesh->mBones = new aiBone *[2];
    for (unsigned int b = 0; b < 2; ++b) {
        aiBone *bone = new aiBone();
        bone->mName = b == 0 ? "Bone0" : "Bone1";
        bone->mNumWeights = mesh->mNumVertices;
        bone->mWeights = new aiVertexWeight[mesh->mNumVertices];
        for (unsigned int v = 0; v < mesh->mNumVertices; ++v) {
            const float t = static_cast<float>(v % side) / static_cast<float>(side - 1);
            bone->mWeights[v] = aiVertexWeight(v, b == 0 ? 1.0f - t : t);
        }
        mesh->mBones[b] = bone;
    }
    mesh->mNumAnimMeshes = 2;
    mesh->mAnimMeshes = new aiAnimMesh *[2];
    for (unsigned int m = 0; m < 2; ++m) {
        aiAnimMesh *target = new aiAnimMesh();
        target->mName = m == 0 ? "Up" : "Out";
        target->mNumVertices = mesh->mNumVertices;
        target->mVertices = new aiVector3D[mesh->mNumVertices];
        for (unsigned int v = 0; v < mesh->mNumVertices; ++v) {
            target->mVertices[v] = mesh->mVertices[v] + aiVector3D(0, 0, m == 0 ? 1.0f : 0.5f);
        }
        mesh->mAnimMeshes[m] = target;
    }
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1] { mesh };
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1] { new aiMaterial() };

    constexpr unsigned int kKeys = 240;
    aiNodeAnim *channel = new aiNodeAnim();
    channel->mNodeName = "Bone1";
    channel->mNumPositionKeys = channel->mNumRotationKeys = channel->mNumScalingKeys = kKeys;
    channel->mPositionKeys = new aiVectorKey[kKeys];
    channel->mRotationKeys = new aiQuatKey[kKeys];
    channel->mScalingKeys = new aiVectorKey[kKeys];
    for (unsigned int k = 0; k < kKeys; ++k) {
        const double t = static_cast<double>(k);
        channel->mPositionKeys[k] = aiVectorKey(t, aiVector3D(0, static_cast<float>(k), 0));
        channel->mRotationKeys[k] =
            aiQuatKey(t, aiQuaternion(aiVector3D(0, 0, 1), 0.01f * static_cast<float>(k)));
        channel->mScalingKeys[k] = aiVectorKey(t, aiVector3D(1, 1, 1));
    }
    aiAnimation *animation = new aiAnimation();
    animation->mName = "Take";
    animation->mTicksPerSecond = 30.0;
    animation->mDuration = kKeys - 1;
    animation->mNumChannels = 1;
    animation->mChannels = new aiNodeAnim *[1] { channel };
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1] { animation };
    return scene;
}

void ExportFbx(benchmark::State &state, bool withFixes) {
    const std::unique_ptr<aiScene> scene = GridScene(static_cast<unsigned int>(state.range(0)));
    Assimp::Exporter exporter;
    if (withFixes) {
        agf::RegisterExporters(exporter);
    }
    size_t bytes = 0;
    for (auto _ : state) {
        const aiExportDataBlob *blob = exporter.ExportToBlob(scene.get(), "fbx");
        if (blob == nullptr) {
            state.SkipWithError(exporter.GetErrorString());
            return;
        }
        bytes = blob->size;
        benchmark::DoNotOptimize(blob->data);
    }
    state.counters["file_bytes"] = static_cast<double>(bytes);
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}

void BM_StockFbxExport(benchmark::State &state) {
    ExportFbx(state, false);
}
void BM_FixedFbxExport(benchmark::State &state) {
    ExportFbx(state, true);
}

void BM_RepairOnly(benchmark::State &state) {
    const std::unique_ptr<aiScene> scene = GridScene(static_cast<unsigned int>(state.range(0)));
    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene.get(), "fbx");
    const auto *data = static_cast<const uint8_t *>(blob->data);
    const std::vector<uint8_t> upstream(data, data + blob->size);
    for (auto _ : state) {
        std::vector<uint8_t> repaired =
            agf::fbx::RepairAssimp525BinaryFbx(upstream.data(), upstream.size(), "bench.fbx", {1});
        benchmark::DoNotOptimize(repaired.data());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * upstream.size()));
}

} // namespace

// Grid sides 32, 128, 320: about 1 k, 16 k and 100 k vertices.
BENCHMARK(BM_StockFbxExport)->Arg(32)->Arg(128)->Arg(320)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FixedFbxExport)->Arg(32)->Arg(128)->Arg(320)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RepairOnly)->Arg(32)->Arg(128)->Arg(320)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
