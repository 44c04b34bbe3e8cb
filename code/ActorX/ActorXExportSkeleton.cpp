/** @file ActorXExportSkeleton.cpp */
#include "ActorXExportSkeleton.h"

#include "ActorXRecords.h"

#include "Common/AssimpVersion.h"
#include "Common/Coordinates.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/commonMetaData.h>

#include <cmath>
#include <set>
#include <unordered_set>

namespace agf::actorx {

namespace {

bool MetadataText(const aiScene &scene, const char *key, std::string &value) {
    aiString text;
    if (scene.mMetaData == nullptr || !scene.mMetaData->Get(key, text)) {
        return false;
    }
    value = text.C_Str();
    return true;
}

bool UsablePositive(double value) {
    return std::isfinite(value) && value > 0.0;
}

/** The rotation that turns `axis` (0 X, 1 Y, 2 Z) with `sign` into +Z. Entries are exact. */
aiMatrix4x4 UpToZ(int axis, int sign) {
    aiMatrix4x4 m;   // identity: +Z stays
    if (axis == 1) { // +Y: (x, y, z) -> (x, -z, y); -Y: (x, z, -y)
        m.b2 = 0;
        m.c3 = 0;
        m.b3 = sign > 0 ? -1.0f : 1.0f;
        m.c2 = sign > 0 ? 1.0f : -1.0f;
    } else if (axis == 0) { // +X: (x, y, z) -> (-z, y, x); -X: (z, y, -x)
        m.a1 = 0;
        m.c3 = 0;
        m.a3 = sign > 0 ? -1.0f : 1.0f;
        m.c1 = sign > 0 ? 1.0f : -1.0f;
    } else if (sign < 0) { // -Z: half a turn about X
        m.b2 = -1;
        m.c3 = -1;
    }
    return m;
}

/** The scene's up axis from metadata: our importers record the file's axis and whether they
 *  turned the root Y-up; Assimp's FBX importer records the file's axes (CoordAxis among them)
 *  and, up to 5.3, leaves the data in them; later ones turn the root of a scene with meshes
 *  Y-up (fbx-reader-turns-root). */
void SceneUpAxis(const aiScene &scene, int &axis, int &sign) {
    axis = 1;
    sign = 1;
    double rotated = 0, up = 0, upSign = 1, coordAxis = 0;
    const bool hasUp = MetadataNumber(scene.mMetaData, AGF_META_UP_AXIS, up) && up >= 0 && up <= 2;
    MetadataNumber(scene.mMetaData, AGF_META_UP_AXIS_SIGN, upSign);
    if (MetadataNumber(scene.mMetaData, AGF_META_ROOT_ROTATED_TO_Y_UP, rotated) && rotated != 0) {
        return;
    }
    const bool fromFbx = MetadataNumber(scene.mMetaData, "CoordAxis", coordAxis);
    if (fromFbx && scene.mNumMeshes > 0 && AssimpNeeds(AssimpRepair::FbxReaderTurnsRoot)) {
        return;
    }
    if (hasUp) {
        axis = static_cast<int>(up);
        sign = upSign < 0 ? -1 : 1;
    }
}

/** Scene units per centimetre (Unreal unit) from metadata; 0 when the scene does not say. */
double SceneScaleFromMetadata(const aiScene &scene) {
    double centimetresPerUnit = 0, rootScale = 0;
    if (MetadataNumber(scene.mMetaData, AGF_META_UNIT_SCALE_FACTOR, centimetresPerUnit) &&
        UsablePositive(centimetresPerUnit)) {
        // Our importers keep the file's unit in UnitScaleFactor and put their scale option on
        // the root node: a scene unit is UnitScaleFactor / RootScale centimetres.
        if (MetadataNumber(scene.mMetaData, AGF_META_ROOT_SCALE, rootScale) &&
            UsablePositive(rootScale)) {
            return rootScale / centimetresPerUnit;
        }
        return 1.0 / centimetresPerUnit;
    }
    std::string format;
    if (MetadataText(scene, AI_METADATA_SOURCE_FORMAT, format) &&
        Lower(format).find("gltf") != std::string::npos) {
        return 0.01; // glTF is in metres
    }
    return 0.0;
}

aiMatrix4x4 Scaled(const aiMatrix4x4 &m, double factor) {
    aiMatrix4x4 result = m;
    for (unsigned row = 0; row < 3; ++row) {
        for (unsigned column = 0; column < 4; ++column) {
            result[row][column] = static_cast<float>(result[row][column] * factor);
        }
    }
    return result;
}

/** The rigid part of an affine matrix: its rotation and translation, scale removed. */
aiMatrix4x4 RigidPart(const aiMatrix4x4 &m, aiVector3D &scaling) {
    aiQuaternion rotation;
    aiVector3D position;
    m.Decompose(scaling, rotation, position);
    return ComposeTransform(position, rotation.Normalize());
}

bool ScaleIsOne(const aiVector3D &s, float tolerance = 1e-3f) {
    return std::fabs(s.x - 1) <= tolerance && std::fabs(s.y - 1) <= tolerance &&
           std::fabs(s.z - 1) <= tolerance;
}

/** The lowest common ancestor of two nodes (null when they are in different trees). */
const aiNode *CommonAncestor(const aiNode *a, const aiNode *b) {
    std::unordered_set<const aiNode *> above;
    for (const aiNode *n = a; n != nullptr; n = n->mParent) {
        above.insert(n);
    }
    for (const aiNode *n = b; n != nullptr; n = n->mParent) {
        if (above.count(n) != 0) {
            return n;
        }
    }
    return nullptr;
}

/** Collects the nodes that must be bones: skinned by some mesh, or moved by some animation. */
class BoneCollector {
public:
    BoneCollector(const aiScene &scene, ExportWarnings &warnings)
        : mScene(scene), mWarnings(warnings) {}

    void run() {
        const std::vector<const aiNode *> meshNodes = MeshNodes(mScene);
        for (unsigned m = 0; m < mScene.mNumMeshes; ++m) {
            const aiMesh *mesh = mScene.mMeshes[m];
            if (meshNodes[m] == nullptr || mesh == nullptr) {
                continue; // not placed in the scene: not written
            }
            const aiMatrix4x4 meshGlobal = GlobalTransform(meshNodes[m]);
            for (unsigned b = 0; b < mesh->mNumBones; ++b) {
                const aiBone *bone = mesh->mBones[b];
                const aiNode *node = mScene.mRootNode->FindNode(bone->mName);
                if (node == nullptr) {
                    throw ExportError("mesh \"" + std::string(mesh->mName.C_Str()) + "\": bone \"" +
                                      bone->mName.C_Str() +
                                      "\" names no node of the scene, so it has no place in "
                                      "the skeleton");
                }
                mark(node);
                if (mBind.count(node) == 0) {
                    mBind[node] = meshGlobal * AffineInverse(bone->mOffsetMatrix);
                }
            }
        }
        for (unsigned a = 0; a < mScene.mNumAnimations; ++a) {
            const aiAnimation *animation = mScene.mAnimations[a];
            for (unsigned c = 0; animation != nullptr && c < animation->mNumChannels; ++c) {
                const aiNodeAnim *channel = animation->mChannels[c];
                const aiNode *node = mScene.mRootNode->FindNode(channel->mNodeName);
                if (node == nullptr) {
                    mUnboundChannels.push_back(channel->mNodeName.C_Str());
                } else if (IsSocketNode(*node)) {
                    mSocketChannels.push_back(channel->mNodeName.C_Str());
                } else {
                    mark(node);
                }
            }
        }
        if (!mUnboundChannels.empty()) {
            mWarnings.add(WarningKind::OutOfRange, "animations",
                          "channels of nodes the scene does not have are ignored: " +
                              JoinNames(mUnboundChannels));
        }
        if (!mSocketChannels.empty()) {
            mWarnings.add(WarningKind::Unsupported, "animations",
                          "sockets cannot be animated; their channels are "
                          "ignored: " +
                              JoinNames(mSocketChannels));
        }
    }

    std::vector<const aiNode *> marked;
    std::unordered_map<const aiNode *, aiMatrix4x4> mBind;

private:
    void mark(const aiNode *node) {
        if (mMarked.insert(node).second) {
            marked.push_back(node);
        }
    }

    const aiScene &mScene;
    ExportWarnings &mWarnings;
    std::unordered_set<const aiNode *> mMarked;
    std::vector<std::string> mUnboundChannels;
    std::vector<std::string> mSocketChannels;
};

} // namespace

ExportSpace ChooseExportSpace(const aiScene &scene, const ActorXExportOptions &options) {
    ExportSpace space;
    int axis = 1, sign = 1;
    if (options.yUpGiven) {
        axis = options.yUp ? 1 : 2;
    } else {
        SceneUpAxis(scene, axis, sign);
    }
    space.upAxis = std::string(sign > 0 ? "+" : "-") + "XYZ"[axis];
    double sceneUnitsPerCentimetre = options.scaleGiven ? options.scale : 0.0;
    if (!options.scaleGiven) {
        sceneUnitsPerCentimetre = SceneScaleFromMetadata(scene);
        if (sceneUnitsPerCentimetre <= 0.0) {
            sceneUnitsPerCentimetre = 1.0;
        }
    }
    space.unitsPerSceneUnit = 1.0 / sceneUnitsPerCentimetre;
    space.sceneToFile = Scaled(UpToZ(axis, sign), space.unitsPerSceneUnit);
    return space;
}

std::vector<const aiNode *> MeshNodes(const aiScene &scene) {
    std::vector<const aiNode *> nodes(scene.mNumMeshes, nullptr);
    if (scene.mRootNode == nullptr) {
        return nodes;
    }
    for (const aiNode *node : NodesDepthFirst(static_cast<const aiNode *>(scene.mRootNode))) {
        for (unsigned k = 0; k < node->mNumMeshes; ++k) {
            const unsigned mesh = node->mMeshes[k];
            if (mesh < nodes.size() && nodes[mesh] == nullptr) {
                nodes[mesh] = node;
            }
        }
    }
    return nodes;
}

aiMatrix4x4 GlobalTransform(const aiNode *node) {
    aiMatrix4x4 global;
    for (const aiNode *n = node; n != nullptr; n = n->mParent) {
        global = n->mTransformation * global;
    }
    return global;
}

bool IsSocketNode(const aiNode &node) {
    bool socket = false;
    return node.mMetaData != nullptr && node.mMetaData->Get(AGF_META_PSK_SOCKET, socket) && socket;
}

bool NearlyEqual(const aiMatrix4x4 &a, const aiMatrix4x4 &b, float tolerance) {
    float translation = 0;
    for (unsigned row = 0; row < 3; ++row) {
        translation = std::max({translation, std::fabs(a[row][3]), std::fabs(b[row][3])});
    }
    for (unsigned row = 0; row < 4; ++row) {
        for (unsigned column = 0; column < 4; ++column) {
            const float limit = column == 3 ? tolerance * (1 + translation) : tolerance;
            if (!(std::fabs(a[row][column] - b[row][column]) <= limit)) {
                return false;
            }
        }
    }
    return true;
}

std::vector<std::string> FieldNames(const std::vector<std::string> &names, size_t maxBytes,
                                    const std::string &fallbackPrefix, size_t &shortened,
                                    size_t &renamed) {
    std::vector<std::string> result(names.size());
    std::set<std::string> used; // lower case: readers match names ignoring case
    for (size_t i = 0; i < names.size(); ++i) {
        std::string name = TruncateUtf8(names[i], maxBytes);
        if (name.size() != names[i].size() && !name.empty()) {
            ++shortened;
        }
        if (name.empty()) {
            name = fallbackPrefix + std::to_string(i);
        }
        if (used.count(Lower(name)) != 0) {
            ++renamed;
            for (size_t n = 2;; ++n) {
                const std::string suffix = "_" + std::to_string(n);
                const std::string candidate = TruncateUtf8(name, maxBytes - suffix.size()) + suffix;
                if (used.count(Lower(candidate)) == 0) {
                    name = candidate;
                    break;
                }
            }
        }
        used.insert(Lower(name));
        result[i] = name;
    }
    return result;
}

int64_t ExportSkeleton::nearestBone(const aiNode *node) const {
    for (const aiNode *n = node; n != nullptr; n = n->mParent) {
        const auto found = boneOfNode.find(n);
        if (found != boneOfNode.end()) {
            return found->second;
        }
    }
    return -1;
}

TransformParts ExportSkeleton::toFile(uint32_t index, const TransformParts &parts) const {
    const ExportBone &bone = bones[index];
    TransformParts out =
        bone.prefixIsIdentity ? parts : TransformParts::Of(bone.prefix * parts.matrix());
    if (index == 0) {
        // The prefix of bone 0 holds the conversion to file units, which is no scale of the
        // bone's own.
        if (!bone.prefixIsIdentity) {
            out.scaling /= static_cast<ai_real>(lengthScale);
        }
    } else {
        out.position *= static_cast<ai_real>(lengthScale);
    }
    out.rotation.Normalize();
    return out;
}

namespace {

/** Orders the bones (depth first from the root bone) and fills names, parents and prefixes. */
void PlaceBones(const ExportSpace &space, const aiNode *rootNode,
                const std::unordered_set<const aiNode *> &isBone, ExportSkeleton &skeleton) {
    for (const aiNode *node : NodesDepthFirst(rootNode)) {
        if (isBone.count(node) == 0) {
            continue;
        }
        ExportBone bone;
        bone.node = node;
        bone.restLocal = TransformParts::Of(node->mTransformation);
        if (node == rootNode) {
            bone.prefix =
                space.sceneToFile *
                (node->mParent != nullptr ? GlobalTransform(node->mParent) : aiMatrix4x4());
        } else {
            aiMatrix4x4 folded;
            const aiNode *above = node->mParent;
            while (isBone.count(above) == 0) {
                folded = above->mTransformation * folded;
                above = above->mParent;
            }
            bone.parent = static_cast<int32_t>(skeleton.boneOfNode.at(above));
            bone.prefix = folded;
        }
        bone.prefixIsIdentity = NearlyEqual(bone.prefix, aiMatrix4x4(), 1e-6f);
        skeleton.boneOfNode[node] = static_cast<uint32_t>(skeleton.bones.size());
        skeleton.bones.push_back(bone);
    }
}

/** The reference pose: rigid file-space locals from the bind pose (aiBone offsets where the
 *  scene has them, the node transforms elsewhere). */
void ComputeBindPose(const ExportSpace &space,
                     const std::unordered_map<const aiNode *, aiMatrix4x4> &bind,
                     ExportSkeleton &skeleton, ExportWarnings &warnings) {
    const size_t count = skeleton.bones.size();
    std::vector<aiMatrix4x4> global(count), rigid(count);
    std::vector<std::string> scaled;
    for (size_t b = 0; b < count; ++b) {
        ExportBone &bone = skeleton.bones[b];
        const auto found = bind.find(bone.node);
        if (found != bind.end()) {
            global[b] = found->second;
        } else if (b == 0) {
            global[b] = GlobalTransform(bone.node);
        } else {
            global[b] = global[size_t(bone.parent)] * bone.prefix * bone.node->mTransformation;
        }
        aiVector3D scaling;
        rigid[b] = RigidPart(space.sceneToFile * global[b], scaling);
        if (!ScaleIsOne(scaling)) {
            scaled.push_back(bone.name);
        }
        const aiMatrix4x4 local =
            b == 0 ? rigid[b] : AffineInverse(rigid[size_t(bone.parent)]) * rigid[b];
        // Where the node's own transform is that pose (the usual case), use it: fewer roundings.
        TransformParts candidate = skeleton.toFile(static_cast<uint32_t>(b), bone.restLocal);
        candidate.scaling = aiVector3D(1, 1, 1);
        if (NearlyEqual(candidate.matrix(), local, 1e-4f)) {
            bone.bindLocal = candidate;
        } else {
            bone.bindLocal = TransformParts::Of(local);
            bone.bindLocal.scaling = aiVector3D(1, 1, 1);
        }
        bone.bindLocal.rotation.Normalize();
    }
    if (!scaled.empty()) {
        warnings.add(WarningKind::Unsupported, "REFSKELT",
                     "bones are scaled in the bind pose, which REFSKELT cannot hold; "
                     "their scale is left out of the reference skeleton (positions "
                     "are kept): " +
                         JoinNames(scaled));
    }
}

} // namespace

ExportSkeleton ExtractSkeleton(const aiScene &scene, const ExportSpace &space,
                               ExportWarnings &warnings) {
    if (scene.mRootNode == nullptr) {
        throw ExportError("the scene has no root node");
    }
    BoneCollector collector(scene, warnings);
    collector.run();
    ExportSkeleton skeleton;
    if (collector.marked.empty()) {
        skeleton.synthetic = true;
        ExportBone root;
        root.name = "Root";
        skeleton.bones.push_back(root);
        return skeleton;
    }
    const aiNode *rootNode = collector.marked.front();
    for (const aiNode *node : collector.marked) {
        rootNode = CommonAncestor(rootNode, node);
    }
    std::unordered_set<const aiNode *> isBone(collector.marked.begin(), collector.marked.end());
    if (isBone.insert(rootNode).second) {
        std::vector<std::string> tops;
        for (const aiNode *node : collector.marked) {
            const aiNode *above = node->mParent;
            while (above != nullptr && above != rootNode && isBone.count(above) == 0) {
                above = above->mParent;
            }
            if (above == rootNode) {
                tops.push_back(node->mName.C_Str());
            }
        }
        warnings.add(WarningKind::Adjusted, "REFSKELT",
                     "the bones " + JoinNames(tops) +
                         " have no common parent bone; their common ancestor node \"" +
                         rootNode->mName.C_Str() + "\" is written as the root bone");
    }
    PlaceBones(space, rootNode, isBone, skeleton);

    std::vector<std::string> names;
    for (const ExportBone &bone : skeleton.bones) {
        names.push_back(bone.node->mName.C_Str());
    }
    size_t shortened = 0, renamed = 0;
    names = FieldNames(names, kMaxNameBytes, "Bone_", shortened, renamed);
    for (size_t b = 0; b < names.size(); ++b) {
        skeleton.bones[b].name = names[b];
    }
    if (shortened != 0) {
        warnings.add(WarningKind::Adjusted, "REFSKELT",
                     std::to_string(shortened) + " bone names longer than 63 bytes were shortened");
    }
    if (renamed != 0) {
        warnings.add(WarningKind::Adjusted, "REFSKELT",
                     std::to_string(renamed) +
                         " bone names that repeat (ignoring case, after shortening) "
                         "got a suffix _2, _3...");
    }

    const aiMatrix4x4 &prefix = skeleton.bones[0].prefix;
    const double determinant = std::fabs(static_cast<double>(prefix.Determinant()));
    skeleton.lengthScale = determinant > 0 ? std::cbrt(determinant) : 1.0;
    if (!std::isfinite(skeleton.lengthScale) || skeleton.lengthScale <= 0) {
        throw ExportError("the transforms above the skeleton's root bone \"" +
                          skeleton.bones[0].name + "\" are not finite or collapse space");
    }
    ComputeBindPose(space, collector.mBind, skeleton, warnings);
    return skeleton;
}

} // namespace agf::actorx
