/** @file GltfMorphWeights.cpp */
#include "GltfMorphWeights.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

namespace agf::gltf {

namespace {

/** The node index for a morph channel, and how many targets its mesh has (0: none). */
size_t FindMorphNode(const aiScene &scene, const std::vector<const aiNode *> &nodes,
                     const aiString &name, unsigned &targets) {
    for (size_t i = 0; i < nodes.size(); ++i) {
        const aiNode *node = nodes[i];
        if (node->mName == name && node->mNumMeshes != 0 && node->mMeshes[0] < scene.mNumMeshes) {
            targets = scene.mMeshes[node->mMeshes[0]]->mNumAnimMeshes;
            return i;
        }
    }
    targets = 0;
    return nodes.size();
}

double TicksPerSecond(const aiAnimation &animation) {
    return animation.mTicksPerSecond > 0.0 ? animation.mTicksPerSecond : 1.0;
}

} // namespace

unsigned AddMorphWeightChannels(GltfDocument &document, const aiScene &scene,
                                const std::vector<const aiNode *> &nodes) {
    const auto animations = document.json.find("animations");
    unsigned written = 0;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene.mAnimations[a];
        if (animation.mNumMorphMeshChannels == 0 || animations == document.json.end() ||
            a >= animations->size()) {
            continue;
        }
        Json &target = (*animations)[a];
        for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
            const aiMeshMorphAnim &channel = *animation.mMorphMeshChannels[c];
            unsigned targets = 0;
            const size_t node = FindMorphNode(scene, nodes, channel.mName, targets);
            if (node == nodes.size() || targets == 0 || channel.mNumKeys == 0) {
                continue;
            }
            std::vector<float> times;
            std::vector<float> weights;
            times.reserve(channel.mNumKeys);
            weights.reserve(size_t(channel.mNumKeys) * targets);
            for (unsigned k = 0; k < channel.mNumKeys; ++k) {
                const aiMeshMorphKey &key = channel.mKeys[k];
                times.push_back(static_cast<float>(key.mTime / TicksPerSecond(animation)));
                const size_t first = weights.size();
                weights.resize(first + targets, 0.0f);
                for (unsigned v = 0; v < key.mNumValuesAndWeights; ++v) {
                    if (key.mValues[v] < targets) {
                        weights[first + key.mValues[v]] = static_cast<float>(key.mWeights[v]);
                    }
                }
            }
            const unsigned input = document.appendFloatAccessor(times, 1, true);
            const unsigned output = document.appendFloatAccessor(weights, 1, false);
            Json &samplers = target["samplers"];
            if (!samplers.is_array()) {
                samplers = Json::array();
            }
            samplers.push_back({{"input", input}, {"interpolation", "LINEAR"}, {"output", output}});
            Json &channels = target["channels"];
            if (!channels.is_array()) {
                channels = Json::array();
            }
            channels.push_back({{"sampler", samplers.size() - 1},
                                {"target", {{"node", node}, {"path", "weights"}}}});
            ++written;
        }
    }
    return written;
}

} // namespace agf::gltf
