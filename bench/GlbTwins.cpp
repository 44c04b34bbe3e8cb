/** @file GlbTwins.cpp */
#include "GlbTwins.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstdio>
#include <functional>

namespace agf::bench {

namespace {

void VisitNodes(const aiNode *node, const std::function<void(const aiNode *)> &visit) {
    if (node == nullptr) {
        return;
    }
    visit(node);
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        VisitNodes(node->mChildren[i], visit);
    }
}

} // namespace

SceneCounts CountScene(const aiScene *scene) {
    SceneCounts counts;
    counts.meshes = scene->mNumMeshes;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        counts.vertices += mesh->mNumVertices;
        counts.faces += mesh->mNumFaces;
        counts.bones += mesh->mNumBones;
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            counts.weights += mesh->mBones[b]->mNumWeights;
        }
        counts.uvSets += mesh->GetNumUVChannels();
    }
    counts.animations = scene->mNumAnimations;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation *animation = scene->mAnimations[a];
        counts.channels += animation->mNumChannels;
        for (unsigned c = 0; c < animation->mNumChannels; ++c) {
            const aiNodeAnim *channel = animation->mChannels[c];
            counts.keys += uint64_t(channel->mNumPositionKeys) + channel->mNumRotationKeys +
                           channel->mNumScalingKeys;
        }
    }
    VisitNodes(scene->mRootNode, [&counts](const aiNode *) { ++counts.nodes; });
    return counts;
}

std::string Describe(const SceneCounts &c) {
    char text[320];
    std::snprintf(text, sizeof text,
                  "meshes %llu, vertices %llu, faces %llu, bones %llu, weights %llu, uv sets %llu, "
                  "animations %llu, channels %llu, keys %llu, nodes %llu",
                  (unsigned long long)c.meshes, (unsigned long long)c.vertices,
                  (unsigned long long)c.faces, (unsigned long long)c.bones,
                  (unsigned long long)c.weights, (unsigned long long)c.uvSets,
                  (unsigned long long)c.animations, (unsigned long long)c.channels,
                  (unsigned long long)c.keys, (unsigned long long)c.nodes);
    return text;
}

bool WriteGlbTwin(const std::string &input, const std::string &twin) {
    Assimp::Importer importer;
    agf::RegisterImporters(importer);
    const aiScene *scene = importer.ReadFile(input, 0);
    if (scene == nullptr) {
        std::printf("  %s: import failed: %s\n", input.c_str(), importer.GetErrorString());
        return false;
    }
    const SceneCounts ours = CountScene(scene);
    Assimp::Exporter exporter;
    if (exporter.Export(scene, "glb2", twin) != AI_SUCCESS) {
        std::printf("  %s: glb2 export failed: %s\n", input.c_str(), exporter.GetErrorString());
        return false;
    }
    Assimp::Importer reader;
    const aiScene *reread = reader.ReadFile(twin, 0);
    if (reread == nullptr) {
        std::printf("  %s: re-import failed: %s\n", twin.c_str(), reader.GetErrorString());
        return false;
    }
    std::printf("  ours: %s\n  glb:  %s\n", Describe(ours).c_str(),
                Describe(CountScene(reread)).c_str());
    return true;
}

} // namespace agf::bench
