/** @file BoneMatching.cpp */
#include "Poses/BoneMatching.h"

#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"

#include <assimp/scene.h>

#include <cctype>
#include <unordered_set>

namespace agf::poses {

std::string StripInstanceSuffix(const std::string &name) {
    const size_t colon = name.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == name.size()) {
        return name;
    }
    for (size_t i = colon + 1; i < name.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(name[i]))) {
            return name;
        }
    }
    return name.substr(0, colon);
}

TargetNodes::TargetNodes(const aiScene &scene) {
    std::unordered_set<std::string> boneNames;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            boneNames.insert(mesh->mBones[b]->mName.C_Str());
        }
    }
    // Depth first: the first node of a name wins, as Assimp's own FindNode does.
    for (const aiNode *node : NodesDepthFirst(static_cast<const aiNode *>(scene.mRootNode))) {
        const std::string name = StripInstanceSuffix(node->mName.C_Str());
        mExact.emplace(name, node);
        mFolded.emplace(Lower(name), node);
        const bool isBone =
            boneNames.empty() ? node != scene.mRootNode : boneNames.count(node->mName.C_Str()) != 0;
        if (isBone) {
            mBones.push_back(node);
        }
    }
}

const aiNode *TargetNodes::find(const std::string &name) const {
    const std::string key = StripInstanceSuffix(name);
    const auto exact = mExact.find(key);
    if (exact != mExact.end()) {
        return exact->second;
    }
    const auto folded = mFolded.find(Lower(key));
    return folded != mFolded.end() ? folded->second : nullptr;
}

BoneNameMap::BoneNameMap(const std::vector<std::pair<std::string, std::string>> &pairs) {
    for (const auto &pair : pairs) {
        const std::string from = StripInstanceSuffix(pair.first);
        mExact.emplace(from, pair.second);
        mFolded.emplace(Lower(from), pair.second);
    }
}

std::string BoneNameMap::targetNameOf(const std::string &poseBone) const {
    const std::string key = StripInstanceSuffix(poseBone);
    const auto exact = mExact.find(key);
    if (exact != mExact.end()) {
        return exact->second;
    }
    const auto folded = mFolded.find(Lower(key));
    return folded != mFolded.end() ? folded->second : key;
}

} // namespace agf::poses
