/** @file AdditiveAnimation.cpp */
#include "AdditiveAnimation.h"

#include "Common/ImportError.h"
#include "Common/Options.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace agf {

namespace {

/** How close a key must be to the bind value to count as the reference pose a writer filled
 *  in (relative to the value's size, at least this much absolute). */
constexpr float kReferenceTolerance = 1e-4f;
/** Mesh space makes a key per node and key time: at most this many per delta key, plus the
 *  slack below, before a clip is left as it is. */
constexpr size_t kMeshSpaceKeysPerDeltaKey = 4;
constexpr size_t kMeshSpaceKeySlack = 65536;

bool Near(const aiVector3D &a, const aiVector3D &b) {
    const float scale = std::max({1.0f, std::fabs(b.x), std::fabs(b.y), std::fabs(b.z)});
    return (a - b).Length() <= kReferenceTolerance * scale;
}

bool Near(const aiQuaternion &a, const aiQuaternion &b) {
    // q and -q are one rotation.
    const float dot = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
    return std::fabs(std::fabs(dot) - 1.0f) <= kReferenceTolerance;
}

template <typename Key, typename Value>
bool AllKeysAre(const KeyArray<Key> &keys, const Value &value) {
    return !keys.empty() && std::all_of(keys.begin(), keys.end(),
                                        [&](const Key &key) { return Near(key.mValue, value); });
}

/** Empties the components that hold the node's bind value instead of a delta; returns how many. */
size_t DropReferencePoseComponents(NodeKeys &keys) {
    const TransformParts bind = TransformParts::Of(keys.node->mTransformation);
    size_t dropped = 0;
    if (!Near(bind.position, aiVector3D()) && AllKeysAre(keys.positions, bind.position)) {
        keys.positions.clear();
        ++dropped;
    }
    if (!Near(bind.rotation, aiQuaternion()) && AllKeysAre(keys.rotations, bind.rotation)) {
        keys.rotations.clear();
        ++dropped;
    }
    if (!Near(bind.scaling, aiVector3D()) && AllKeysAre(keys.scalings, bind.scaling)) {
        keys.scalings.clear();
        ++dropped;
    }
    return dropped;
}

aiVector3D AddScale(const aiVector3D &base, const aiVector3D &delta) {
    return aiVector3D(base.x * (1 + delta.x), base.y * (1 + delta.y), base.z * (1 + delta.z));
}

aiQuaternion Compose(const aiQuaternion &delta, const aiQuaternion &base) {
    return (delta * base).Normalize();
}

/** Local space, one node: translations and scales always compose this way. */
void RestorePositionsAndScales(NodeKeys &keys, const TransformParts &base) {
    if (keys.positions.empty()) {
        keys.positions.emplace_back(0.0, base.position);
    } else {
        for (aiVectorKey &key : keys.positions) {
            key.mValue = base.position + key.mValue;
        }
    }
    if (keys.scalings.empty()) {
        keys.scalings.emplace_back(0.0, base.scaling);
    } else {
        for (aiVectorKey &key : keys.scalings) {
            key.mValue = AddScale(base.scaling, key.mValue);
        }
    }
}

void RestoreLocalRotations(NodeKeys &keys, const TransformParts &base) {
    if (keys.rotations.empty()) {
        keys.rotations.emplace_back(0.0, base.rotation);
        return;
    }
    for (aiQuatKey &key : keys.rotations) {
        key.mValue = Compose(key.mValue, base.rotation);
    }
}

NodeKeys ConstantKeys(aiNode *node, const TransformParts &parts) {
    NodeKeys keys;
    keys.node = node;
    keys.positions.emplace_back(0.0, parts.position);
    keys.rotations.emplace_back(0.0, parts.rotation);
    keys.scalings.emplace_back(0.0, parts.scaling);
    return keys;
}

/** Mesh space: the nodes whose component-space rotation is followed, parents first. */
struct Chain {
    std::vector<aiNode *> nodes; ///< depth first
    std::vector<int64_t> parent; ///< index into nodes, or -1
    std::vector<int64_t> delta;  ///< index into the deltas, or -1
    std::vector<bool> moves;     ///< a delta on it or above it
};

Chain MakeChain(const std::vector<NodeKeys> &deltas, const AdditiveBasePose &base,
                const aiScene &scene) {
    std::unordered_set<const aiNode *> wanted;
    const auto want = [&](const aiNode *node) {
        for (; node != nullptr && node != scene.mRootNode; node = node->mParent) {
            if (!wanted.insert(node).second) {
                break;
            }
        }
    };
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            want(scene.mRootNode->FindNode(mesh->mBones[b]->mName));
        }
    }
    for (const NodeKeys &keys : deltas) {
        want(keys.node);
    }
    for (const aiNode *node : base.animatedNodes()) {
        want(node);
    }
    Chain chain;
    std::unordered_map<const aiNode *, int64_t> indexOf;
    std::unordered_map<const aiNode *, int64_t> deltaOf;
    for (size_t d = 0; d < deltas.size(); ++d) {
        deltaOf[deltas[d].node] = static_cast<int64_t>(d);
    }
    for (aiNode *node : NodesDepthFirst(scene.mRootNode)) {
        if (wanted.count(node) == 0) {
            continue;
        }
        const auto parent = indexOf.find(node->mParent);
        const int64_t parentIndex = parent == indexOf.end() ? -1 : parent->second;
        const auto delta = deltaOf.find(node);
        const int64_t deltaIndex = delta == deltaOf.end() ? -1 : delta->second;
        indexOf[node] = static_cast<int64_t>(chain.nodes.size());
        chain.nodes.push_back(node);
        chain.parent.push_back(parentIndex);
        chain.delta.push_back(deltaIndex);
        chain.moves.push_back(deltaIndex >= 0 ||
                              (parentIndex >= 0 && chain.moves[size_t(parentIndex)]));
    }
    return chain;
}

std::vector<double> KeyTimes(const std::vector<NodeKeys> &deltas) {
    std::vector<double> times;
    for (const NodeKeys &keys : deltas) {
        for (const aiQuatKey &key : keys.rotations) {
            times.push_back(key.mTime);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    if (times.empty()) {
        times.push_back(0.0);
    }
    return times;
}

size_t DeltaKeyCount(const std::vector<NodeKeys> &deltas) {
    size_t count = 0;
    for (const NodeKeys &keys : deltas) {
        count += keys.positions.size() + keys.rotations.size() + keys.scalings.size();
    }
    return count;
}

std::vector<NodeKeys> ApplyInMeshSpace(std::vector<NodeKeys> &deltas, const AdditiveBasePose &base,
                                       const aiScene &scene) {
    const Chain chain = MakeChain(deltas, base, scene);
    const std::vector<double> times = KeyTimes(deltas);
    std::vector<KeyArray<aiQuatKey>> rotations(chain.nodes.size());
    std::vector<aiQuaternion> component(chain.nodes.size());
    std::vector<aiQuaternion> moved(chain.nodes.size());
    for (size_t n = 0; n < chain.nodes.size(); ++n) {
        if (chain.moves[n]) {
            rotations[n].reserve(times.size());
        }
    }
    for (double time : times) {
        for (size_t n = 0; n < chain.nodes.size(); ++n) {
            const aiQuaternion local = base.of(chain.nodes[n]).rotation;
            const int64_t parent = chain.parent[n];
            component[n] = parent < 0 ? local : Compose(component[size_t(parent)], local);
            aiQuaternion delta;
            if (chain.delta[n] >= 0) {
                const KeyArray<aiQuatKey> &keys = deltas[size_t(chain.delta[n])].rotations;
                delta = SampleRotationKeys(keys.data(), static_cast<unsigned>(keys.size()), time,
                                           aiQuaternion());
            }
            moved[n] = Compose(delta, component[n]);
            if (!chain.moves[n]) {
                continue;
            }
            const aiQuaternion restored =
                parent < 0 ? moved[n]
                           : Compose(aiQuaternion(moved[size_t(parent)]).Conjugate(), moved[n]);
            rotations[n].emplace_back(time, restored);
        }
    }
    std::vector<NodeKeys> result;
    for (size_t n = 0; n < chain.nodes.size(); ++n) {
        if (!chain.moves[n]) {
            continue;
        }
        NodeKeys keys;
        if (chain.delta[n] >= 0) {
            keys = std::move(deltas[size_t(chain.delta[n])]);
        }
        keys.node = chain.nodes[n];
        RestorePositionsAndScales(keys, base.of(keys.node));
        keys.rotations = std::move(rotations[n]);
        result.push_back(std::move(keys));
    }
    return result;
}

} // namespace

const char *AdditiveSpaceName(AdditiveSpace space) {
    return space == AdditiveSpace::Mesh ? "mesh" : "local";
}

AdditiveOptions ReadAdditiveOptions(const Assimp::Importer *importer, const std::string &fileName) {
    AdditiveOptions options;
    const std::string base = Trim(StringOption(importer, AI_CONFIG_IMPORT_ANIMATION_ADDITIVE));
    if (base.empty() || EqualsIgnoreCase(base, "keep")) {
        options.base = AdditiveOptions::Base::Keep;
    } else if (EqualsIgnoreCase(base, "bind")) {
        options.base = AdditiveOptions::Base::Bind;
    } else {
        options.base = AdditiveOptions::Base::Animation;
        options.baseAnimation = base;
    }
    const std::string space =
        Lower(Trim(StringOption(importer, AI_CONFIG_IMPORT_ANIMATION_ADDITIVE_SPACE)));
    if (space == "mesh") {
        options.space = AdditiveSpace::Mesh;
    } else if (space != "local") {
        ThrowImportError(fileName, "options", 0,
                         "IMPORT_ANIMATION_ADDITIVE_SPACE must be local or mesh, not \"" + space +
                             "\"");
    }
    return options;
}

AdditiveBasePose AdditiveBasePose::Frame(const aiAnimation &animation, double tick, aiNode *root) {
    AdditiveBasePose pose;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        aiNode *node = root->FindNode(channel->mNodeName);
        if (node == nullptr || pose.mParts.count(node) != 0) {
            continue;
        }
        pose.mParts[node] = SampleChannel(channel, tick, TransformParts::Of(node->mTransformation));
        pose.mAnimated.push_back(node);
    }
    return pose;
}

TransformParts AdditiveBasePose::of(const aiNode *node) const {
    const auto it = mParts.find(node);
    return it != mParts.end() ? it->second : TransformParts::Of(node->mTransformation);
}

std::vector<NodeKeys> ApplyAdditive(std::vector<NodeKeys> deltas, const AdditiveBasePose &base,
                                    AdditiveSpace space, const aiScene &scene,
                                    const std::string &fileName, const std::string &clipName,
                                    Warnings &warnings, bool *restored) {
    size_t referenceComponents = 0;
    for (NodeKeys &keys : deltas) {
        referenceComponents += DropReferencePoseComponents(keys);
    }
    if (referenceComponents != 0) {
        warnings.add(WarningKind::Adjusted, fileName, "additive animation \"" + clipName + "\"",
                     Warning::kNoOffset,
                     std::to_string(referenceComponents) +
                         " tracks hold the bind pose, not a delta (a writer filling bones the "
                         "clip does not animate); taken as no change");
    }
    std::vector<NodeKeys> result;
    if (space == AdditiveSpace::Mesh) {
        const size_t deltaKeys = DeltaKeyCount(deltas);
        const size_t limit = deltaKeys * kMeshSpaceKeysPerDeltaKey + kMeshSpaceKeySlack;
        const Chain chain = MakeChain(deltas, base, scene);
        const size_t moving =
            static_cast<size_t>(std::count(chain.moves.begin(), chain.moves.end(), true));
        if (KeyTimes(deltas).size() * moving > limit) {
            warnings.add(WarningKind::LimitReached, fileName,
                         "additive animation \"" + clipName + "\"", Warning::kNoOffset,
                         "restoring it in mesh space would make more than " +
                             std::to_string(limit) + " keys; kept as deltas");
            if (restored != nullptr) {
                *restored = false;
            }
            return deltas;
        }
        result = ApplyInMeshSpace(deltas, base, scene);
    } else {
        for (NodeKeys &keys : deltas) {
            const TransformParts parts = base.of(keys.node);
            RestorePositionsAndScales(keys, parts);
            RestoreLocalRotations(keys, parts);
            result.push_back(std::move(keys));
        }
    }
    // The base animation's pose holds for every node it moves that the clip leaves alone.
    std::unordered_set<const aiNode *> keyed;
    for (const NodeKeys &keys : result) {
        keyed.insert(keys.node);
    }
    for (aiNode *node : base.animatedNodes()) {
        if (keyed.count(node) == 0) {
            result.push_back(ConstantKeys(node, base.of(node)));
        }
    }
    return result;
}

} // namespace agf
