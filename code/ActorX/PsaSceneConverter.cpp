/** @file PsaSceneConverter.cpp
 *  The scene of a PSA or PSAX imported on its own: the skeleton BONENAMES describes, with the
 *  file's animations bound to it.
 */
#include "ActorXUnits.h"
#include "PsaConverter.h"

#include "Common/AnimationBinding.h"
#include "Common/Coordinates.h"
#include "Common/ImportError.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/SkeletonMeshBuilder.h>
#include <assimp/commonMetaData.h>
#include <assimp/scene.h>

namespace agf::actorx {

namespace {

// BONENAMES parents are real when they form a tree under bone 0 and are not UEViewer's
// placeholder (every non-root bone parented to 0, meaning "unknown").
bool ParentsLookReal(const std::vector<PsaBone> &bones) {
    const int64_t count = static_cast<int64_t>(bones.size());
    bool anyBeyondRoot = false;
    for (int64_t i = 1; i < count; ++i) {
        const int64_t parent = bones[i].parentIndex;
        if (parent < 0 || parent >= count || parent == i) {
            return false;
        }
        anyBeyondRoot = anyBeyondRoot || parent != 0;
    }
    if (count > 2 && !anyBeyondRoot) {
        return false;
    }
    // Every chain must reach bone 0 within `count` steps, or there is a cycle.
    for (int64_t i = 1; i < count; ++i) {
        int64_t current = i;
        for (int64_t steps = 0; current != 0; ++steps) {
            if (steps > count) {
                return false;
            }
            current = bones[current].parentIndex;
        }
    }
    return true;
}

// A PSA has no bind pose that matches its keys (BONENAMES transforms are unmirrored or
// meaningless depending on the writer), so each bone rests at its first key of the first
// animation that moves it.
std::vector<aiMatrix4x4> RestPoses(const AnimationSet &set) {
    std::vector<aiMatrix4x4> rest(set.boneNames.size());
    std::vector<bool> found(set.boneNames.size(), false);
    for (const AnimationSource &animation : set.animations) {
        for (const ChannelSource &channel : animation.channels) {
            if (channel.bone >= found.size() || found[channel.bone]) {
                continue;
            }
            found[channel.bone] = true;
            const aiVector3D position =
                channel.positionKeys.empty() ? aiVector3D() : channel.positionKeys[0].mValue;
            const aiQuaternion rotation =
                channel.rotationKeys.empty() ? aiQuaternion() : channel.rotationKeys[0].mValue;
            const aiVector3D scaling =
                channel.scalingKeys.empty() ? aiVector3D(1, 1, 1) : channel.scalingKeys[0].mValue;
            rest[channel.bone] = ComposeTransform(position, rotation, scaling);
        }
    }
    return rest;
}

} // namespace

void ConvertPsaScene(AnimationSet set, const std::vector<PsaBone> &bones,
                     const PsaSceneOptions &options, const std::string &fileName, aiScene *scene,
                     Warnings &warnings) {
    // Skeleton: one node per BONENAMES record under a root named after the file.
    const bool hierarchy = ParentsLookReal(bones);
    const std::vector<aiMatrix4x4> rest = RestPoses(set);
    std::vector<NodeSource> nodes(bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        nodes[b].parent = (hierarchy && b != 0) ? bones[b].parentIndex : -1;
        nodes[b].local = rest[b];
    }
    if (BuildAnimationFileScene(scene, std::move(set), std::move(nodes), fileName,
                                SourceContext{fileName, "BONENAMES", 0}, warnings) == 0) {
        // A skeleton alone is not what an animation file is for: say why nothing came out.
        ThrowImportError(fileName, options.sparse ? "SEQUENCES" : "ANIMINFO", 0,
                         "no sequence has any keys (see the warnings); nothing to import");
    }

    MetadataBuilder metadata;
    metadata.add(AI_METADATA_SOURCE_FORMAT, options.sparse ? "ActorX PSAX" : "ActorX PSA")
        .add(AGF_META_PSA_FLAT_SKELETON, !hierarchy);
    AddUnitsMetadata(metadata, UnrealSceneUnits(options.yUp, options.scale));
    metadata.mergeInto(scene->mMetaData);

    if (options.scale != 1.0f) {
        ApplyScaleOnRoot(scene->mRootNode, options.scale);
    }
    if (options.yUp) {
        ApplyZUpToYUpOnRoot(scene->mRootNode);
    }
    if (options.skeletonMesh) {
        Assimp::SkeletonMeshBuilder builder(scene);
        scene->mFlags &= ~AI_SCENE_FLAGS_INCOMPLETE;
    }
}

} // namespace agf::actorx
