/** @file BoneMatching.h
 *  Finding the target node of each pose bone: instance suffixes, the name map, exact and
 *  case-insensitive names.
 */
#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

struct aiNode;
struct aiScene;

namespace agf::poses {

/** `name` without a Poser instance suffix ":<digits>" ("lShldr:1" -> "lShldr"). */
std::string StripInstanceSuffix(const std::string &name);

/** The nodes of a target scene by name. */
class TargetNodes {
public:
    explicit TargetNodes(const aiScene &scene);

    /** The node named exactly `name` (suffix stripped), else the first one, depth first, equal
     *  without case; nullptr when none. */
    const aiNode *find(const std::string &name) const;

    /** The target's bones: nodes named by a mesh bone, or every node below the root when no
     *  mesh has bones. In depth-first order. */
    const std::vector<const aiNode *> &bones() const { return mBones; }

private:
    std::unordered_map<std::string, const aiNode *> mExact;
    std::unordered_map<std::string, const aiNode *> mFolded;
    std::vector<const aiNode *> mBones;
};

/** A pose-bone to target-bone map, looked up exactly, then without case. */
class BoneNameMap {
public:
    BoneNameMap() = default;
    explicit BoneNameMap(const std::vector<std::pair<std::string, std::string>> &pairs);

    /** The mapped target name of a pose bone (suffix stripped), or the bone's own name. */
    std::string targetNameOf(const std::string &poseBone) const;

private:
    std::unordered_map<std::string, std::string> mExact;
    std::unordered_map<std::string, std::string> mFolded;
};

} // namespace agf::poses
