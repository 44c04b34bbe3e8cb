/** @file UeAnimImporter.cpp
 *  The Assimp importer for UEFormat animations (.ueanim) and poses (.uepose) imported on their
 *  own: the files carry bone names but no hierarchy, so the skeleton is flat under the root.
 */
#include "Common/AdditiveAnimation.h"
#include "Common/AnimationBinding.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/Options.h"
#include "Common/UnrealUnits.h"
#include "UeFormatContainer.h"
#include "UeFormatImporterBase.h"
#include "UeFormatImporters.h"
#include "UeFormatLoading.h"
#include "UeFormatSpace.h"

#include <assimp_gameformats/ImportOptions.h>
#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/commonMetaData.h>
#include <assimp/scene.h>

#include <algorithm>

namespace agf {

namespace ueformat {

namespace {

const aiImporterDesc kDescription = {
    "UEFormat animation and pose importer (assimp-gameformats)",
    "",
    "",
    "UEANIM and UEPOSE from FModel and CUE4Parse; load onto a .uemodel for a skinned mesh",
    aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
    0,
    0,
    0,
    0,
    "ueanim uepose",
};

/** A .ueanim's bones rest at their first keys (the file has no reference pose); additive
 *  clips' and poses' in the identity, so that each shows its deltas as they are (and a scale
 *  delta of 0 makes no degenerate rest). */
aiMatrix4x4 RestOf(const AnimationSet &set, uint32_t bone, bool identity) {
    if (identity) {
        return aiMatrix4x4();
    }
    for (const AnimationSource &animation : set.animations) {
        for (const ChannelSource &channel : animation.channels) {
            if (channel.bone != bone) {
                continue;
            }
            return ComposeTransform(
                channel.positionKeys.empty() ? aiVector3D() : channel.positionKeys[0].mValue,
                channel.rotationKeys.empty() ? aiQuaternion() : channel.rotationKeys[0].mValue,
                channel.scalingKeys.empty() ? aiVector3D(1, 1, 1) : channel.scalingKeys[0].mValue);
        }
    }
    return aiMatrix4x4();
}

} // namespace

class UeAnimImporter : public UeFormatImporterBase {
public:
    UeAnimImporter() : UeFormatImporterBase(kDescription, {kAnimIdentifier, kPoseIdentifier}) {}

    void setupOptions(const Assimp::Importer *importer) override {
        mProperties = importer;
        mScale = FloatOption(importer, AI_CONFIG_IMPORT_UEFORMAT_SCALE);
        mYUp = BoolOption(importer, AI_CONFIG_IMPORT_UEFORMAT_YUP);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override;

private:
    const Assimp::Importer *mProperties = nullptr;
    float mScale = 1.0f;
    bool mYUp = true;
};

void UeAnimImporter::importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                                Warnings &warnings) {
    const std::string name = FileNameOf(file);
    RequirePositiveFinite(name, AI_CONFIG_IMPORT_UEFORMAT_SCALE, mScale);
    AdditiveOptions additive = ReadAdditiveOptions(mProperties, name);
    const FileBytes bytes = readModelFile(io, file);
    const bool poses = requireIdentifier(bytes.data(), bytes.size(), name) == kPoseIdentifier;
    AnimationLoadContext context;
    context.io = io;
    context.properties = mProperties;
    context.warnings = &warnings;
    Header header;
    AnimationSet set = poses ? LoadUePoseSet(bytes.data(), bytes.size(), file, context, &header)
                             : LoadUeAnimSet(bytes.data(), bytes.size(), file, context, &header);
    const bool deltas = poses || std::any_of(set.animations.begin(), set.animations.end(),
                                             [](const AnimationSource &animation) {
                                                 return animation.additive.additive;
                                             });
    if (deltas) {
        additive.base = AdditiveOptions::Base::Bind; // the identity rest: the deltas as they are
    }
    std::vector<NodeSource> nodes(set.boneNames.size());
    for (size_t b = 0; b < nodes.size(); ++b) {
        nodes[b].local = RestOf(set, static_cast<uint32_t>(b), deltas);
    }
    const std::string rootName = BaseNameOf(file).empty() ? "UEFormat" : BaseNameOf(file);
    if (BuildAnimationFileScene(scene, std::move(set), std::move(nodes), rootName,
                                SourceContext{name, "TRACKS", 0}, warnings, additive) == 0) {
        ThrowImportError(name, poses ? "POSES" : "TRACKS", 0,
                         "no animation has any keys (see the warnings); nothing to import");
    }
    MetadataBuilder metadata;
    metadata
        .add(AI_METADATA_SOURCE_FORMAT,
             poses ? "UEFormat poses (UEPOSE)" : "UEFormat animation (UEANIM)")
        .add(AI_METADATA_SOURCE_FORMAT_VERSION, std::to_string(header.version))
        .add(AGF_META_UEFORMAT_VERSION, int32_t(header.version))
        .add(AGF_META_UEFORMAT_OBJECT_NAME, header.objectName)
        .add(AGF_META_UEFORMAT_COMPRESSION,
             header.compression.empty() ? std::string("none") : header.compression);
    if (!header.objectPath.empty()) {
        metadata.add(AGF_META_UEFORMAT_OBJECT_PATH, header.objectPath);
    }
    AddUnitsMetadata(metadata, UnrealSceneUnits(mYUp, mScale));
    metadata.mergeInto(scene->mMetaData);
    if (mScale != 1.0f) {
        ApplyScaleOnRoot(scene->mRootNode, mScale);
    }
    if (mYUp) {
        ApplyZUpToYUpOnRoot(scene->mRootNode);
    }
}

} // namespace ueformat

Assimp::BaseImporter *CreateUeAnimImporter() {
    return new ueformat::UeAnimImporter();
}

} // namespace agf
