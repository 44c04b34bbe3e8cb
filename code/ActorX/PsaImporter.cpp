/** @file PsaImporter.cpp */
#include "PsaImporter.h"

#include "ActorXImporters.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/SceneBuilder.h"
#include "PsaLoading.h"
#include "PsaParser.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/SkeletonMeshBuilder.h>
#include <assimp/commonMetaData.h>
#include <assimp/config.h>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <memory>

namespace agf {

Assimp::BaseImporter *CreatePsaImporter() {
    return new actorx::PsaImporter();
}

} // namespace agf

namespace agf::actorx {

namespace {

const aiImporterDesc kDescription = {
    "Unreal ActorX animation (PSA, PSAX)",
    "",
    "",
    "Skeleton from BONENAMES and every sequence; load onto a PSK for a skinned mesh",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "psa psax"};

// Any value the property cannot hold: tells "not set" apart from an explicit false.
constexpr int kPropertyUnset = 0x7FFF0001;

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

bool PsaImporter::CanRead(const std::string &file, Assimp::IOSystem *io, bool) const {
    uint8_t header[kChunkHeaderSize];
    const size_t read = ReadFileStart(io, file, header, sizeof header);
    return IsPsa(header, read) || IsPsax(header, read);
}

const aiImporterDesc *PsaImporter::GetInfo() const {
    return &kDescription;
}

void PsaImporter::SetupProperties(const Assimp::Importer *importer) {
    mYUp = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSA_YUP, true);
    mScale = importer->GetPropertyFloat(AI_CONFIG_IMPORT_PSA_SCALE, 1.0f);
    // Assimp's BVH and MD5 loaders build a skeleton mesh unless this key is set. We build none
    // by default, and one only when the caller set the key to false explicitly.
    mSkeletonMesh =
        importer->GetPropertyInteger(AI_CONFIG_IMPORT_NO_SKELETON_MESHES, kPropertyUnset) == 0;
    mOptions.useConfigSidecar = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSA_USE_CONFIG, true);
    mOptions.psaxOldRoot = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSAX_OLD_ROOT, false);
}

void PsaImporter::InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    const std::string fileName = FileNameOf(file);
    const std::vector<uint8_t> data = ReadWholeFile(io, file);
    const bool sparse = IsPsax(data.data(), data.size());
    if (!sparse && !IsPsa(data.data(), data.size())) {
        // A single extension match skips CanRead, so the signature is checked here.
        ThrowImportError(fileName, "file header", 0,
                         "not a PSA or PSAX file (no ANIMHEAD or ANIXHEAD chunk)");
    }
    std::vector<PsaBone> bones;
    std::vector<AnimationSet> sets;
    sets.push_back(LoadPsaOrPsax(data, file, io, mOptions, bones));
    AnimationSet &set = sets.front();

    // Skeleton: one node per BONENAMES record under a root named after the file.
    std::vector<std::string> nodeNames = set.boneNames;
    if (MakeNamesUnique(nodeNames) != 0) {
        ASSIMP_LOG_WARN(fileName, ": BONENAMES repeats names; duplicates renamed");
    }
    const bool hierarchy = ParentsLookReal(bones);
    if (!hierarchy && bones.size() > 1) {
        ASSIMP_LOG_INFO(fileName, ": BONENAMES parents are not a real hierarchy; bones are "
                                  "listed flat under the root");
    }
    const std::vector<aiMatrix4x4> rest = RestPoses(set);
    std::vector<NodeSource> nodes(bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        nodes[b].name = nodeNames[b];
        nodes[b].parent = (hierarchy && b != 0) ? bones[b].parentIndex : -1;
        nodes[b].local = rest[b];
    }
    scene->mRootNode = new aiNode(fileName);
    BuildNodeHierarchy(nodes, scene->mRootNode, SourceContext{fileName, "BONENAMES", 0});
    // Bind by the nodes' own (unique) names, so that repeated file names still bind one to one.
    set.boneNames = nodeNames;

    SceneParts parts;
    parts.moveInto(scene); // no meshes: marks the scene incomplete, as validation requires
    if (AddAnimationSetsToScene(scene, sets) == 0) {
        // A skeleton alone is not what an animation file is for: say why nothing came out.
        ThrowImportError(fileName, sparse ? "SEQUENCES" : "ANIMINFO", 0,
                         "no sequence has any keys (see the warnings); nothing to import");
    }

    MetadataBuilder metadata;
    metadata.add(AI_METADATA_SOURCE_FORMAT, sparse ? "ActorX PSAX" : "ActorX PSA")
        .add(AGF_META_UP_AXIS, int32_t(2))
        .add(AGF_META_UP_AXIS_SIGN, int32_t(1))
        .add(AGF_META_UNIT_SCALE_FACTOR, 1.0)
        .add(AGF_META_UNITS, "unreal unit (1 cm in UE4/5)")
        .add(AGF_META_ROOT_ROTATED_TO_Y_UP, mYUp)
        .add(AGF_META_ROOT_SCALE, mScale)
        .add(AGF_META_PSA_FLAT_SKELETON, !hierarchy);
    metadata.mergeInto(scene->mMetaData);

    if (mScale != 1.0f) {
        ApplyScaleOnRoot(scene->mRootNode, mScale);
    }
    if (mYUp) {
        ApplyZUpToYUpOnRoot(scene->mRootNode);
    }
    if (mSkeletonMesh) {
        Assimp::SkeletonMeshBuilder builder(scene);
        scene->mFlags &= ~AI_SCENE_FLAGS_INCOMPLETE;
    }
}

} // namespace agf::actorx
