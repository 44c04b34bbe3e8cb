/** @file UeModelSkeleton.cpp
 *  The bone hierarchy, the skin's bones, sockets and virtual bones of a .uemodel.
 */
#include "UeModelConversion.h"

#include "Common/StringHelpers.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/scene.h>

namespace agf::ueformat {

namespace {

/** The bone called `name` (exact first, then ignoring case), or -1. */
int64_t FindBone(const std::vector<Bone> &bones, const std::string &name) {
    return FindByName(bones, name,
                      [](const Bone &bone) -> const std::string & { return bone.name; });
}

} // namespace

std::vector<aiNode *> ModelConversion::buildSkeleton(aiNode *root) {
    const std::vector<Bone> &bones = mModel.skeleton.bones;
    std::vector<NodeSource> sources(bones.size());
    for (size_t i = 0; i < bones.size(); ++i) {
        sources[i].name = mBoneNames[i];
        sources[i].parent = bones[i].parent;
        sources[i].local =
            ComposeTransform(mSpace.point(bones[i].position), mSpace.rotation(bones[i].rotation));
    }
    std::vector<aiNode *> nodes =
        BuildNodeHierarchy(sources, root, SourceContext{mFileName, "BONES", 0}, mWarnings);
    mSkinBones.resize(bones.size());
    for (size_t i = 0; i < bones.size(); ++i) {
        mSkinBones[i].name = mBoneNames[i];
        // Every LOD node has an identity transform under the root: the root's space is the
        // meshes' space.
        mSkinBones[i].offsetMatrix = AffineInverse(TransformRelativeTo(nodes[i], root));
    }
    return nodes;
}

void ModelConversion::buildSockets(aiNode *root, const std::vector<aiNode *> &boneNodes) {
    const Skeleton &skeleton = mModel.skeleton;
    std::vector<std::vector<aiNode *>> children(boneNodes.size());
    std::vector<aiNode *> rootChildren;
    for (size_t i = 0; i < skeleton.sockets.size(); ++i) {
        const Socket &socket = skeleton.sockets[i];
        auto node = std::make_unique<aiNode>(mSocketNames[i]);
        node->mTransformation =
            ComposeTransform(mSpace.point(socket.location), mSpace.rotation(socket.rotation),
                             UeSpace::scale(socket.scale));
        MetadataBuilder metadata;
        metadata.add(AGF_META_UEFORMAT_SOCKET, true);
        node->mMetaData = metadata.build();
        const int64_t bone = FindBone(skeleton.bones, socket.bone);
        if (bone < 0) {
            warn(WarningKind::OutOfRange, "SOCKETS",
                 "socket " + socket.name + " names bone \"" + socket.bone +
                     "\", which the skeleton lacks; attached to the root");
            rootChildren.push_back(node.release());
        } else {
            children[size_t(bone)].push_back(node.release());
        }
    }
    for (size_t b = 0; b < boneNodes.size(); ++b) {
        AddChildren(boneNodes[b], children[b]);
    }
    AddChildren(root, rootChildren);
}

// Unreal keeps a virtual bone under its source bone, following the target: in the bind pose it
// sits at the target's transform relative to the source.
void ModelConversion::buildVirtualBones(const std::vector<aiNode *> &boneNodes) {
    const Skeleton &skeleton = mModel.skeleton;
    for (size_t i = 0; i < skeleton.virtualBones.size(); ++i) {
        const VirtualBone &virtualBone = skeleton.virtualBones[i];
        const int64_t source = FindBone(skeleton.bones, virtualBone.source);
        const int64_t target = FindBone(skeleton.bones, virtualBone.target);
        if (source < 0 || target < 0) {
            warn(WarningKind::OutOfRange, "VIRTUALBONES",
                 "virtual bone " + virtualBone.name + " names a bone the skeleton lacks (\"" +
                     virtualBone.source + "\" to \"" + virtualBone.target + "\"); left out");
            continue;
        }
        aiNode *sourceNode = boneNodes[size_t(source)];
        const aiNode *targetNode = boneNodes[size_t(target)];
        const aiMatrix4x4 sourceToRoot = TransformRelativeTo(sourceNode, mRoot);
        const aiMatrix4x4 targetToRoot = TransformRelativeTo(targetNode, mRoot);
        auto node = std::make_unique<aiNode>(mVirtualBoneNames[i]);
        node->mTransformation = WithExactAffineRow(AffineInverse(sourceToRoot) * targetToRoot);
        MetadataBuilder metadata;
        metadata.add(AGF_META_UEFORMAT_VIRTUAL_BONE, true)
            .add(AGF_META_UEFORMAT_VIRTUAL_BONE_SOURCE, mBoneNames[size_t(source)])
            .add(AGF_META_UEFORMAT_VIRTUAL_BONE_TARGET, mBoneNames[size_t(target)]);
        node->mMetaData = metadata.build();
        AddChildren(sourceNode, {node.release()});
    }
}

} // namespace agf::ueformat
