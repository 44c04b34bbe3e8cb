/** @file MotLoading.cpp */
#include "MotLoading.h"

#include "Common/FileLoading.h"
#include "Common/Options.h"
#include "MotConverter.h"
#include "MotParser.h"

#include <assimp_gameformats/GameFormats.h>

#include <algorithm>

namespace agf::idolfx {

bool IsMot(const uint8_t *data, size_t size) {
    return LooksLikeMot(data, size);
}

AnimationSet LoadMotAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                 const AnimationLoadContext &context) {
    const std::string fileName = FileNameOf(path);
    const double ticksPerSecond =
        FloatOption(context.properties, AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND);
    RequirePositiveFinite(fileName, AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND, ticksPerSecond);
    const MotFile file = ParseMot(data, size, fileName, *context.warnings);
    AnimationSet set;
    set.sourceFile = fileName;
    AnimationSource animation;
    animation.name = BaseNameOf(path);
    animation.ticksPerSecond = ticksPerSecond;
    for (size_t t = 0; t < file.tracks.size(); ++t) {
        set.boneNames.push_back(file.tracks[t].name);
        MotTrackKeys keys =
            ConvertMotTrackKeys(file.tracks[t], context.targetRightHanded, ticksPerSecond);
        animation.duration = std::max(animation.duration, keys.lastTime);
        ChannelSource channel;
        channel.bone = static_cast<uint32_t>(t);
        channel.positionKeys = std::move(keys.positions);
        channel.rotationKeys = std::move(keys.rotations);
        channel.scalingKeys = std::move(keys.scalings);
        animation.channels.push_back(std::move(channel));
    }
    set.animations.push_back(std::move(animation));
    return set;
}

} // namespace agf::idolfx
