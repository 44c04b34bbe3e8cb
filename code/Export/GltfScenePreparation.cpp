/** @file GltfScenePreparation.cpp */
#include "GltfScenePreparation.h"

#include "Common/Coordinates.h"
#include "Common/SceneBuilder.h"
#include "Export/MetadataEditing.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

namespace agf::gltf {

namespace {

bool ReadNumber(const aiMetadata *metadata, const char *key, double &value) {
    if (metadata == nullptr) {
        return false;
    }
    for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
        if (std::string(metadata->mKeys[i].C_Str()) != key) {
            continue;
        }
        const void *data = metadata->mValues[i].mData;
        switch (metadata->mValues[i].mType) {
        case AI_FLOAT:
            value = *static_cast<const float *>(data);
            return true;
        case AI_DOUBLE:
            value = *static_cast<const double *>(data);
            return true;
        case AI_INT32:
            value = *static_cast<const int32_t *>(data);
            return true;
        case AI_UINT64:
            value = static_cast<double>(*static_cast<const uint64_t *>(data));
            return true;
        default:
            return false;
        }
    }
    return false;
}

bool ReadString(const aiMetadata *metadata, const char *key, std::string &value) {
    aiString text;
    if (metadata == nullptr || !metadata->Get(key, text)) {
        return false;
    }
    value = text.C_Str();
    return true;
}

void ScaleKeys(aiAnimation &animation, const std::string &node, float factor) {
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        aiNodeAnim &channel = *animation.mChannels[c];
        if (node != channel.mNodeName.C_Str()) {
            continue;
        }
        // A uniform scale commutes with the rotation: S * T * R * Sc = (s T) * R * (s Sc).
        for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
            channel.mPositionKeys[k].mValue *= factor;
        }
        for (unsigned k = 0; k < channel.mNumScalingKeys; ++k) {
            channel.mScalingKeys[k].mValue *= factor;
        }
    }
}

// Meshes that share a node end up in one glTF mesh: group them (union-find on mesh indices).
class MeshGroups {
public:
    explicit MeshGroups(unsigned count) : mParent(count) {
        std::iota(mParent.begin(), mParent.end(), 0u);
    }
    unsigned find(unsigned mesh) {
        while (mParent[mesh] != mesh) {
            mParent[mesh] = mParent[mParent[mesh]];
            mesh = mParent[mesh];
        }
        return mesh;
    }
    void join(unsigned a, unsigned b) { mParent[find(a)] = find(b); }

private:
    std::vector<unsigned> mParent;
};

void JoinNodeMeshes(const aiNode *node, unsigned meshCount, MeshGroups &groups) {
    for (unsigned i = 1; i < node->mNumMeshes; ++i) {
        if (node->mMeshes[i] < meshCount && node->mMeshes[0] < meshCount) {
            groups.join(node->mMeshes[0], node->mMeshes[i]);
        }
    }
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        JoinNodeMeshes(node->mChildren[c], meshCount, groups);
    }
}

std::string TargetKey(const aiAnimMesh &target, unsigned index) {
    return target.mName.length != 0 ? std::string(target.mName.C_Str())
                                    : "#" + std::to_string(index);
}

std::unique_ptr<aiAnimMesh> UnmovedTarget(const aiMesh &mesh, const std::string &name) {
    auto target = std::make_unique<aiAnimMesh>();
    target->mName.Set(name);
    target->mNumVertices = mesh.mNumVertices;
    target->mVertices = new aiVector3D[mesh.mNumVertices];
    std::copy(mesh.mVertices, mesh.mVertices + mesh.mNumVertices, target->mVertices);
    return target;
}

/** Reorders (and completes) the targets of `mesh` to `order`. Returns how many were added. */
unsigned ApplyTargetOrder(aiMesh &mesh, const std::vector<std::string> &order) {
    std::map<std::string, aiAnimMesh *> byName;
    for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
        byName.emplace(TargetKey(*mesh.mAnimMeshes[t], t), mesh.mAnimMeshes[t]);
    }
    unsigned added = 0;
    auto **ordered = new aiAnimMesh *[order.size()];
    for (size_t i = 0; i < order.size(); ++i) {
        const auto found = byName.find(order[i]);
        if (found != byName.end()) {
            ordered[i] = found->second;
            byName.erase(found);
        } else {
            ordered[i] = UnmovedTarget(mesh, order[i]).release();
            ++added;
        }
    }
    for (auto &leftover : byName) {
        delete leftover.second; // a repeated name: only the first one can be kept
    }
    delete[] mesh.mAnimMeshes;
    mesh.mAnimMeshes = ordered;
    mesh.mNumAnimMeshes = static_cast<unsigned>(order.size());
    if (mesh.mMethod == 0) {
        mesh.mMethod = aiMorphingMethod_MORPH_RELATIVE;
    }
    return added;
}

} // namespace

double ScaleRootToMetres(aiScene &scene) {
    double centimetres = 0.0;
    if (scene.mRootNode == nullptr ||
        !ReadNumber(scene.mMetaData, AGF_META_UNIT_SCALE_FACTOR, centimetres) ||
        !std::isfinite(centimetres) || centimetres <= 0.0) {
        return 1.0;
    }
    const double factor = centimetres / 100.0;
    if (factor != 1.0) {
        ApplyScaleOnRoot(scene.mRootNode, static_cast<float>(factor));
        for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
            ScaleKeys(*scene.mAnimations[a], scene.mRootNode->mName.C_Str(),
                      static_cast<float>(factor));
        }
    }
    std::string units;
    if (ReadString(scene.mMetaData, AGF_META_UNITS, units) && units != "metre") {
        SetMetadataString(scene.mMetaData, AGF_META_SOURCE_UNITS, units);
    }
    SetMetadataString(scene.mMetaData, AGF_META_UNITS, "metre");
    SetMetadataDouble(scene.mMetaData, AGF_META_UNIT_SCALE_FACTOR, 100.0);
    SetMetadataDouble(scene.mMetaData, AGF_META_EXPORT_METRE_SCALE, factor);
    return factor;
}

unsigned ShareMorphTargetsWithinNodes(aiScene &scene) {
    if (scene.mRootNode == nullptr || scene.mNumMeshes == 0) {
        return 0;
    }
    MeshGroups groups(scene.mNumMeshes);
    JoinNodeMeshes(scene.mRootNode, scene.mNumMeshes, groups);
    std::map<unsigned, std::vector<unsigned>> members;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        members[groups.find(m)].push_back(m);
    }
    unsigned added = 0;
    for (const auto &group : members) {
        std::vector<std::string> order;
        std::map<std::string, bool> seen;
        bool differ = false;
        for (unsigned m : group.second) {
            const aiMesh &mesh = *scene.mMeshes[m];
            std::vector<std::string> names;
            for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
                names.push_back(TargetKey(*mesh.mAnimMeshes[t], t));
                if (seen.emplace(names.back(), true).second) {
                    order.push_back(names.back());
                }
            }
            differ = differ || names != order;
        }
        if (order.empty() || (!differ && group.second.size() == 1)) {
            continue;
        }
        for (unsigned m : group.second) {
            added += ApplyTargetOrder(*scene.mMeshes[m], order);
        }
    }
    return added;
}

unsigned RepairDegenerateNormals(aiScene &scene) {
    unsigned repaired = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        aiMesh &mesh = *scene.mMeshes[m];
        if (mesh.mNormals == nullptr) {
            continue;
        }
        std::vector<unsigned> broken;
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const float length = mesh.mNormals[v].Length();
            if (!(length > 1e-12f) || !std::isfinite(length)) {
                broken.push_back(v);
            }
        }
        if (broken.empty()) {
            continue;
        }
        std::vector<aiVector3D> sums(mesh.mNumVertices);
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            if (face.mNumIndices < 3) {
                continue;
            }
            const aiVector3D &a = mesh.mVertices[face.mIndices[0]];
            const aiVector3D normal =
                (mesh.mVertices[face.mIndices[1]] - a) ^ (mesh.mVertices[face.mIndices[2]] - a);
            for (unsigned i = 0; i < face.mNumIndices; ++i) {
                sums[face.mIndices[i]] += normal;
            }
        }
        for (unsigned v : broken) {
            const float length = sums[v].Length();
            mesh.mNormals[v] =
                length > 1e-20f && std::isfinite(length) ? sums[v] / length : aiVector3D(0, 0, 1);
            ++repaired;
        }
    }
    return repaired;
}

unsigned SnapBindMatricesToAffine(aiScene &scene) {
    unsigned changed = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            aiMatrix4x4 &offset = mesh.mBones[b]->mOffsetMatrix;
            const bool exact =
                offset.d1 == 0.0f && offset.d2 == 0.0f && offset.d3 == 0.0f && offset.d4 == 1.0f;
            if (!exact && IsAffine(offset)) {
                offset = WithExactAffineRow(offset);
                ++changed;
            }
        }
    }
    return changed;
}

} // namespace agf::gltf

namespace agf::gltf {

unsigned AnchorUnweightedVertices(aiScene &scene) {
    if (scene.mRootNode == nullptr) {
        return 0;
    }
    // The first node that shows each mesh: its vertices are in that node's space.
    std::map<unsigned, const aiNode *> holder;
    for (const aiNode *node : NodesDepthFirst(static_cast<const aiNode *>(scene.mRootNode))) {
        for (unsigned i = 0; i < node->mNumMeshes; ++i) {
            holder.emplace(node->mMeshes[i], node);
        }
    }
    unsigned anchored = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        aiMesh *mesh = scene.mMeshes[m];
        const auto found = holder.find(m);
        if (mesh->mNumBones == 0 || found == holder.end()) {
            continue;
        }
        std::vector<float> sums(mesh->mNumVertices, 0.0f);
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const aiBone *bone = mesh->mBones[b];
            for (unsigned w = 0; w < bone->mNumWeights; ++w) {
                if (bone->mWeights[w].mVertexId < mesh->mNumVertices) {
                    sums[bone->mWeights[w].mVertexId] += bone->mWeights[w].mWeight;
                }
            }
        }
        std::vector<aiVertexWeight> weights;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            if (sums[v] <= 0.0f) {
                weights.emplace_back(v, 1.0f);
            }
        }
        if (weights.empty()) {
            continue;
        }
        // The mesh's own node as a joint, with the identity as its bind matrix: those vertices
        // stay where the node puts them, as they do in the source scene.
        auto anchor = std::make_unique<aiBone>();
        anchor->mName = found->second->mName;
        anchor->mNumWeights = static_cast<unsigned>(weights.size());
        anchor->mWeights = new aiVertexWeight[weights.size()];
        std::copy(weights.begin(), weights.end(), anchor->mWeights);
        auto **bones = new aiBone *[mesh->mNumBones + 1];
        std::copy(mesh->mBones, mesh->mBones + mesh->mNumBones, bones);
        bones[mesh->mNumBones] = anchor.release();
        delete[] mesh->mBones;
        mesh->mBones = bones;
        ++mesh->mNumBones;
        anchored += static_cast<unsigned>(weights.size());
    }
    return anchored;
}

} // namespace agf::gltf
