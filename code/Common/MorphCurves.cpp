/** @file MorphCurves.cpp */
#include "MorphCurves.h"

#include "Common/AnimationSampling.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"

#include <assimp/scene.h>

#include <algorithm>
#include <unordered_map>

namespace agf {

namespace {

float CurveValueAt(const CurveSource &curve, double time) {
    const auto &keys = curve.keys;
    if (keys.empty()) {
        return 0.0f;
    }
    const auto after =
        std::upper_bound(keys.begin(), keys.end(), time,
                         [](double t, const CurveSource::Key &key) { return t < key.time; });
    if (after == keys.begin()) {
        return keys.front().value;
    }
    if (after == keys.end()) {
        return keys.back().value;
    }
    const CurveSource::Key &before = *(after - 1);
    const double span = after->time - before.time;
    const double factor = span > 0 ? (time - before.time) / span : 0.0;
    return static_cast<float>(before.value + (after->value - before.value) * factor);
}

/** For one node: the targets (anim mesh indices of its meshes) and the curve of each. */
struct NodeTargets {
    const aiNode *node = nullptr;
    std::vector<unsigned> targets;
    std::vector<const CurveSource *> curves;
};

} // namespace

std::vector<std::unique_ptr<aiMeshMorphAnim>>
MorphChannelsForCurves(const aiScene &scene, const std::vector<CurveSource> &curves,
                       std::vector<std::string> &unmatched) {
    std::unordered_map<std::string, const CurveSource *> byName;
    for (const CurveSource &curve : curves) {
        byName.emplace(Lower(curve.name), &curve);
    }
    std::vector<bool> used(curves.size(), false);
    std::vector<NodeTargets> nodes;
    for (const aiNode *node : NodesDepthFirst(scene.mRootNode)) {
        NodeTargets entry;
        entry.node = node;
        // Every mesh of a node has the same targets in the same order (SceneBuilder), so the
        // first mesh with targets names them for all.
        for (unsigned i = 0; i < node->mNumMeshes && entry.targets.empty(); ++i) {
            const aiMesh *mesh = scene.mMeshes[node->mMeshes[i]];
            for (unsigned t = 0; t < mesh->mNumAnimMeshes; ++t) {
                const auto it = byName.find(Lower(mesh->mAnimMeshes[t]->mName.C_Str()));
                if (it != byName.end()) {
                    entry.targets.push_back(t);
                    entry.curves.push_back(it->second);
                    used[static_cast<size_t>(it->second - curves.data())] = true;
                }
            }
        }
        if (!entry.targets.empty()) {
            nodes.push_back(std::move(entry));
        }
    }
    for (size_t c = 0; c < curves.size(); ++c) {
        if (!used[c]) {
            unmatched.push_back(curves[c].name);
        }
    }
    std::vector<std::unique_ptr<aiMeshMorphAnim>> channels;
    for (const NodeTargets &entry : nodes) {
        std::vector<double> times;
        for (const CurveSource *curve : entry.curves) {
            for (const CurveSource::Key &key : curve->keys) {
                times.push_back(key.time);
            }
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        if (times.empty()) {
            times.push_back(0.0);
        }
        auto channel = std::make_unique<aiMeshMorphAnim>();
        channel->mName = entry.node->mName;
        channel->mNumKeys = static_cast<unsigned>(times.size());
        channel->mKeys = new aiMeshMorphKey[times.size()];
        for (size_t k = 0; k < times.size(); ++k) {
            aiMeshMorphKey &key = channel->mKeys[k];
            key.mTime = times[k];
            key.mNumValuesAndWeights = static_cast<unsigned>(entry.targets.size());
            key.mValues = new unsigned[entry.targets.size()];
            key.mWeights = new double[entry.targets.size()];
            for (size_t t = 0; t < entry.targets.size(); ++t) {
                key.mValues[t] = entry.targets[t];
                key.mWeights[t] = CurveValueAt(*entry.curves[t], times[k]);
            }
        }
        channels.push_back(std::move(channel));
    }
    return channels;
}

void AttachMorphChannels(aiAnimation &animation, const aiScene &scene,
                         std::vector<std::unique_ptr<aiMeshMorphAnim>> channels) {
    if (channels.empty()) {
        return;
    }
    if (animation.mNumChannels == 0) {
        const aiNode *node = scene.mRootNode->FindNode(channels.front()->mName);
        const TransformParts rest = TransformParts::Of(node->mTransformation);
        KeyArray<aiVectorKey> positions{{0.0, rest.position}};
        KeyArray<aiQuatKey> rotations{{0.0, rest.rotation}};
        KeyArray<aiVectorKey> scalings{{0.0, rest.scaling}};
        if (animation.mDuration > 0) {
            positions.emplace_back(animation.mDuration, rest.position);
            rotations.emplace_back(animation.mDuration, rest.rotation);
            scalings.emplace_back(animation.mDuration, rest.scaling);
        }
        animation.mNumChannels = 1;
        animation.mChannels = new aiNodeAnim *[1];
        animation.mChannels[0] = MakeNodeAnim(node->mName.C_Str(), std::move(positions),
                                              std::move(rotations), std::move(scalings))
                                     .release();
    }
    auto **merged = new aiMeshMorphAnim *[animation.mNumMorphMeshChannels + channels.size()];
    for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
        merged[c] = animation.mMorphMeshChannels[c];
    }
    for (size_t c = 0; c < channels.size(); ++c) {
        merged[animation.mNumMorphMeshChannels + c] = channels[c].release();
    }
    delete[] animation.mMorphMeshChannels;
    animation.mMorphMeshChannels = merged;
    animation.mNumMorphMeshChannels += static_cast<unsigned>(channels.size());
}

} // namespace agf
