/** @file UeFormatLoading.cpp */
#include "UeFormatLoading.h"

#include "Common/FileLoading.h"
#include "Common/Options.h"
#include "UeAnimConverter.h"
#include "UeAnimParser.h"
#include "UeFormatContainer.h"

#include <assimp_gameformats/ImportOptions.h>

namespace agf::ueformat {

bool IsUeAnim(const uint8_t *data, size_t size) {
    return HasIdentifier(data, size, kAnimIdentifier);
}

bool IsUePose(const uint8_t *data, size_t size) {
    return HasIdentifier(data, size, kPoseIdentifier);
}

AnimationSet LoadUeAnimSet(const uint8_t *data, size_t size, const std::string &path,
                           const AnimationLoadContext &context, Header *header) {
    const std::string fileName = FileNameOf(path);
    Warnings &warnings = *context.warnings;
    const Container container = OpenContainer(data, size, fileName, kAnimIdentifier, warnings);
    if (header != nullptr) {
        *header = container.header();
    }
    return ConvertUeAnim(ParseUeAnim(container, warnings), container.header(), fileName, warnings);
}

AnimationSet LoadUePoseSet(const uint8_t *data, size_t size, const std::string &path,
                           const AnimationLoadContext &context, Header *header) {
    const std::string fileName = FileNameOf(path);
    Warnings &warnings = *context.warnings;
    const Container container = OpenContainer(data, size, fileName, kPoseIdentifier, warnings);
    if (header != nullptr) {
        *header = container.header();
    }
    return ConvertUePose(ParseUePose(container, warnings), container.header(), fileName,
                         StringOption(context.properties, AI_CONFIG_IMPORT_UEFORMAT_POSE),
                         warnings);
}

AnimationSet LoadUeAnimAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                    const AnimationLoadContext &context) {
    return LoadUeAnimSet(data, size, path, context);
}

AnimationSet LoadUePoseAnimationSet(const uint8_t *data, size_t size, const std::string &path,
                                    const AnimationLoadContext &context) {
    return LoadUePoseSet(data, size, path, context);
}

} // namespace agf::ueformat
