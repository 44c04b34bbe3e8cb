/** @file FbxMeshNodes.cpp */
#include "Export/FbxMeshNodes.h"

#include "Common/SceneBuilder.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <set>
#include <string>
#include <vector>

namespace agf {

namespace {

std::string UniqueName(const std::string &wanted, std::set<std::string> &taken) {
    std::string name = wanted;
    for (unsigned suffix = 1; name.empty() || taken.count(name) != 0; ++suffix) {
        name = wanted + "_" + std::to_string(suffix);
    }
    taken.insert(name);
    return name;
}

aiMeshMorphAnim *CopyMorphChannel(const aiMeshMorphAnim &source, const std::string &name) {
    auto *copy = new aiMeshMorphAnim();
    copy->mName.Set(name);
    copy->mNumKeys = source.mNumKeys;
    copy->mKeys = new aiMeshMorphKey[source.mNumKeys];
    for (unsigned k = 0; k < source.mNumKeys; ++k) {
        const aiMeshMorphKey &from = source.mKeys[k];
        aiMeshMorphKey &to = copy->mKeys[k];
        to.mTime = from.mTime;
        to.mNumValuesAndWeights = from.mNumValuesAndWeights;
        to.mValues = new unsigned int[from.mNumValuesAndWeights];
        to.mWeights = new double[from.mNumValuesAndWeights];
        std::copy(from.mValues, from.mValues + from.mNumValuesAndWeights, to.mValues);
        std::copy(from.mWeights, from.mWeights + from.mNumValuesAndWeights, to.mWeights);
    }
    return copy;
}

/** Replaces every morph channel that names `node` by one per child in `children`. */
void SplitMorphChannels(aiScene &scene, const std::string &node,
                        const std::vector<std::string> &children) {
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        aiAnimation &animation = *scene.mAnimations[a];
        std::vector<aiMeshMorphAnim *> channels;
        for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
            aiMeshMorphAnim *channel = animation.mMorphMeshChannels[c];
            if (node != channel->mName.C_Str()) {
                channels.push_back(channel);
                continue;
            }
            for (const std::string &child : children) {
                channels.push_back(CopyMorphChannel(*channel, child));
            }
            delete channel;
        }
        if (channels.size() == animation.mNumMorphMeshChannels) {
            continue;
        }
        delete[] animation.mMorphMeshChannels;
        animation.mNumMorphMeshChannels = static_cast<unsigned>(channels.size());
        animation.mMorphMeshChannels = new aiMeshMorphAnim *[channels.size()];
        std::copy(channels.begin(), channels.end(), animation.mMorphMeshChannels);
    }
}

} // namespace

unsigned GiveEachMeshItsOwnNode(aiScene &scene) {
    if (scene.mRootNode == nullptr) {
        return 0;
    }
    const std::vector<aiNode *> nodes = NodesDepthFirst(scene.mRootNode);
    std::set<std::string> taken;
    for (const aiNode *node : nodes) {
        taken.insert(node->mName.C_Str());
    }
    unsigned added = 0;
    for (aiNode *node : nodes) {
        if (node->mNumMeshes < 2) {
            continue;
        }
        std::vector<aiNode *> children;
        std::vector<std::string> names;
        for (unsigned m = 0; m < node->mNumMeshes; ++m) {
            const aiMesh &mesh = *scene.mMeshes[node->mMeshes[m]];
            names.push_back(UniqueName(mesh.mName.C_Str(), taken));
            auto *child = new aiNode(names.back());
            child->mNumMeshes = 1;
            child->mMeshes = new unsigned int[1]{node->mMeshes[m]};
            children.push_back(child);
        }
        delete[] node->mMeshes;
        node->mMeshes = nullptr;
        node->mNumMeshes = 0;
        node->addChildren(static_cast<unsigned>(children.size()), children.data());
        SplitMorphChannels(scene, node->mName.C_Str(), names);
        added += static_cast<unsigned>(children.size());
    }
    return added;
}

} // namespace agf
