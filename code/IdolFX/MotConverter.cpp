/** @file MotConverter.cpp */
#include "MotConverter.h"

#include "Common/FileLoading.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "IdolFxCoordinates.h"
#include "IdolFxSceneInfo.h"

#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <algorithm>

namespace agf::idolfx {

namespace {

const aiNode *FindNodeIgnoringCase(const aiNode *node, const std::string &name) {
    if (EqualsIgnoreCase(node->mName.C_Str(), name)) {
        return node;
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        if (const aiNode *found = FindNodeIgnoringCase(node->mChildren[i], name)) {
            return found;
        }
    }
    return nullptr;
}

const aiNode *FindTrackNode(const aiNode *root, const std::string &name) {
    if (root == nullptr) {
        return nullptr;
    }
    if (const aiNode *exact = root->FindNode(name.c_str())) {
        return exact;
    }
    return FindNodeIgnoringCase(root, name);
}

template <typename Key> bool SortByTime(std::vector<Key> &keys) {
    const auto earlier = [](const Key &a, const Key &b) { return a.mTime < b.mTime; };
    if (std::is_sorted(keys.begin(), keys.end(), earlier)) {
        return false;
    }
    std::stable_sort(keys.begin(), keys.end(), earlier);
    return true;
}

// The track's first keys as a local transform, defaulting each missing kind to identity.
aiMatrix4x4 FirstPose(const MotTrack &track, const IdolFxSpace &space) {
    aiVector3D position;
    aiQuaternion rotation;
    aiVector3D scaling(1, 1, 1);
    if (!track.positions.empty()) {
        position = space.point(track.positions.front().value);
    }
    if (!track.rotations.empty()) {
        const MotRotationKey &key = track.rotations.front();
        rotation = NormalizedOrIdentity(space.rotation(key.x, key.y, key.z, key.w));
    }
    if (!track.scalings.empty()) {
        const Float3 &s = track.scalings.front().value;
        scaling = aiVector3D(s.x, s.y, s.z);
    }
    return ComposeTransform(position, rotation, scaling);
}

} // namespace

MotTrackKeys ConvertMotTrackKeys(const MotTrack &track, bool convertToRightHanded,
                                 double ticksPerSecond) {
    const IdolFxSpace space(convertToRightHanded);
    MotTrackKeys keys;
    for (const MotVectorKey &key : track.positions) {
        keys.positions.emplace_back(key.time * ticksPerSecond, space.point(key.value));
    }
    for (const MotRotationKey &key : track.rotations) {
        keys.rotations.emplace_back(key.time * ticksPerSecond, NormalizedOrIdentity(space.rotation(
                                                                   key.x, key.y, key.z, key.w)));
    }
    for (const MotVectorKey &key : track.scalings) {
        keys.scalings.emplace_back(key.time * ticksPerSecond,
                                   aiVector3D(key.value.x, key.value.y, key.value.z));
    }
    const bool positionsSorted = SortByTime(keys.positions);
    const bool rotationsSorted = SortByTime(keys.rotations);
    const bool scalingsSorted = SortByTime(keys.scalings);
    keys.reordered = positionsSorted || rotationsSorted || scalingsSorted;
    for (const auto &key : keys.positions) {
        keys.lastTime = std::max(keys.lastTime, key.mTime);
    }
    for (const auto &key : keys.rotations) {
        keys.lastTime = std::max(keys.lastTime, key.mTime);
    }
    for (const auto &key : keys.scalings) {
        keys.lastTime = std::max(keys.lastTime, key.mTime);
    }
    return keys;
}

std::unique_ptr<aiAnimation> ConvertMotAnimation(const MotFile &file,
                                                 const MotConvertOptions &options,
                                                 const aiNode *skeletonRoot, Warnings &warnings) {
    const IdolFxSpace space(options.convertToRightHanded);
    const double tps = options.ticksPerSecond;
    std::vector<std::string> channelNames;
    std::vector<const aiNode *> channelNodes;
    for (const MotTrack &track : file.tracks) {
        const aiNode *node = FindTrackNode(skeletonRoot, track.name);
        channelNodes.push_back(node);
        channelNames.push_back(node != nullptr ? std::string(node->mName.C_Str()) : track.name);
    }
    std::vector<std::string> uniqueNames = channelNames;
    if (MakeNamesUnique(uniqueNames) != 0) {
        warnings.add(WarningKind::Duplicate, FileNameOf(options.fileName), "tracks", 0,
                     "several tracks drive the same bone; the later ones were renamed and drive "
                     "nothing");
    }

    double duration = 0.0;
    size_t unsortedTracks = 0;
    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    for (size_t t = 0; t < file.tracks.size(); ++t) {
        const MotTrack &track = file.tracks[t];
        MotTrackKeys keys = ConvertMotTrackKeys(track, options.convertToRightHanded, tps);
        unsortedTracks += keys.reordered ? 1 : 0;
        duration = std::max(duration, keys.lastTime);
        const bool bound = channelNodes[t] != nullptr && uniqueNames[t] == channelNames[t];
        const aiMatrix4x4 rest = bound ? channelNodes[t]->mTransformation : FirstPose(track, space);
        channels.push_back(MakeNodeAnim(uniqueNames[t], std::move(keys.positions),
                                        std::move(keys.rotations), std::move(keys.scalings), rest));
    }
    if (unsortedTracks != 0) {
        warnings.add(WarningKind::Adjusted, FileNameOf(options.fileName), "tracks", 0,
                     std::to_string(unsortedTracks) + " tracks had keys out of time order; sorted");
    }
    return MakeAnimation(BaseNameOf(options.fileName), tps, duration, std::move(channels));
}

void ConvertMotScene(const MotFile &file, const MotConvertOptions &options, aiScene *scene,
                     Warnings &warnings) {
    const IdolFxSpace space(options.convertToRightHanded);
    std::vector<std::string> names;
    names.push_back(FileNameOf(options.fileName));
    for (const MotTrack &track : file.tracks) {
        names.push_back(track.name);
    }
    MakeNamesUnique(names);
    scene->mRootNode = new aiNode(names[0]);
    std::vector<aiNode *> trackNodes;
    for (size_t t = 0; t < file.tracks.size(); ++t) {
        auto *node = new aiNode(names[1 + t]);
        node->mTransformation = FirstPose(file.tracks[t], space);
        trackNodes.push_back(node);
    }
    AddChildren(scene->mRootNode, trackNodes);

    SceneParts parts;
    if (!file.tracks.empty()) {
        parts.addAnimation(ConvertMotAnimation(file, options, scene->mRootNode, warnings));
    }
    MetadataBuilder metadata = IdolFxSceneMetadata("Idol FX MOT", options.convertToRightHanded);
    metadata.add(AGF_META_MOT_TRACK_COUNT, static_cast<int32_t>(file.tracks.size()));
    metadata.mergeInto(scene->mMetaData);
    parts.moveInto(scene);
}

} // namespace agf::idolfx
