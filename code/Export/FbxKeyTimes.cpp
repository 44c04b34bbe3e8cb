/** @file FbxKeyTimes.cpp
 *  Key times numbered for Assimp 5.4's FBX writer, and mapped back in the written file.
 */
#include "Export/FbxKeyTimes.h"

#include "Export/FbxTakeLength.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace agf {

namespace {

template <typename Key>
void CollectTimes(const Key *keys, unsigned int count, std::vector<double> &times) {
    for (unsigned int i = 0; i < count; ++i) {
        times.push_back(keys[i].mTime);
    }
}

template <typename Key>
void NumberTimes(Key *keys, unsigned int count, const std::vector<double> &times) {
    for (unsigned int i = 0; i < count; ++i) {
        keys[i].mTime = static_cast<double>(
            std::lower_bound(times.begin(), times.end(), keys[i].mTime) - times.begin());
    }
}

} // namespace

std::vector<double> NumberNodeKeyTimes(aiScene &scene) {
    std::vector<double> times;
    for (unsigned int a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene.mAnimations[a];
        for (unsigned int c = 0; c < animation.mNumChannels; ++c) {
            const aiNodeAnim &channel = *animation.mChannels[c];
            CollectTimes(channel.mPositionKeys, channel.mNumPositionKeys, times);
            CollectTimes(channel.mRotationKeys, channel.mNumRotationKeys, times);
            CollectTimes(channel.mScalingKeys, channel.mNumScalingKeys, times);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    for (unsigned int a = 0; a < scene.mNumAnimations; ++a) {
        aiAnimation &animation = *scene.mAnimations[a];
        for (unsigned int c = 0; c < animation.mNumChannels; ++c) {
            aiNodeAnim &channel = *animation.mChannels[c];
            NumberTimes(channel.mPositionKeys, channel.mNumPositionKeys, times);
            NumberTimes(channel.mRotationKeys, channel.mNumRotationKeys, times);
            NumberTimes(channel.mScalingKeys, channel.mNumScalingKeys, times);
        }
        // The written length is replaced by the exact one (FbxTakeLength.h); until then it must
        // not cut the last numbered key.
        animation.mDuration = std::max(animation.mDuration, static_cast<double>(times.size()));
    }
    return times;
}

namespace fbx {

namespace {

/** The exact time for a written value, or false when the value is not one of the numbers. */
bool MappedTime(int64_t written, const std::vector<double> &seconds, int64_t &exact) {
    if (written < 0 || written % kFbxTimePerSecond != 0) {
        return false;
    }
    const uint64_t index = static_cast<uint64_t>(written / kFbxTimePerSecond);
    if (index >= seconds.size()) {
        return false;
    }
    exact = SecondsToFbxTime(seconds[index]);
    return true;
}

/** An array property's bytes (FbxProperty::text): count, encoding, byte length, data. */
constexpr size_t kArrayHeaderSize = 12;

uint32_t ReadU32(const std::string &bytes, size_t at) {
    uint32_t value = 0;
    std::memcpy(&value, bytes.data() + at, sizeof value);
    return value; // FBX is little-endian, as every platform we build for
}

void RestoreArray(FbxProperty &array, const std::vector<double> &seconds, KeyTimeReport &report) {
    if (array.text.size() < kArrayHeaderSize) {
        return;
    }
    const uint32_t count = ReadU32(array.text, 0);
    const uint32_t encoding = ReadU32(array.text, 4);
    const uint32_t length = ReadU32(array.text, 8);
    if (encoding != 0) {
        ++report.compressed;
        return;
    }
    if (length != static_cast<uint64_t>(count) * sizeof(int64_t) ||
        array.text.size() - kArrayHeaderSize < length) {
        return;
    }
    for (uint32_t i = 0; i < count; ++i) {
        const size_t at = kArrayHeaderSize + i * sizeof(int64_t);
        int64_t value = 0;
        std::memcpy(&value, array.text.data() + at, sizeof value);
        int64_t exact = 0;
        if (!MappedTime(value, seconds, exact)) {
            ++report.unmapped;
            continue;
        }
        std::memcpy(&array.text[at], &exact, sizeof exact);
    }
    ++report.curves;
}

} // namespace

KeyTimeReport RestoreKeyTimes(FbxBinaryFile &file, const std::vector<double> &seconds,
                              const std::string &fileName) {
    KeyTimeReport report;
    for (FbxRecord &top : file.records) {
        if (top.name != "Objects") {
            continue;
        }
        for (FbxRecord &object : top.children) {
            if (object.name != "AnimationCurve") {
                continue;
            }
            for (FbxRecord &child : object.children) {
                if (child.name != "KeyTime") {
                    continue;
                }
                std::vector<FbxProperty> fields = DecodeProperties(child, fileName);
                if (fields.size() != 1 || fields[0].type != 'l') {
                    continue;
                }
                RestoreArray(fields[0], seconds, report);
                child.properties = EncodeProperties(fields);
            }
        }
    }
    return report;
}

KeyTimeReport RestoreKeyTimesAscii(std::string &text, const std::vector<double> &seconds) {
    KeyTimeReport report;
    static const std::string kKeyTime = "KeyTime: *";
    std::string rewritten;
    rewritten.reserve(text.size());
    size_t copied = 0;
    for (size_t at = text.find(kKeyTime); at != std::string::npos;
         at = text.find(kKeyTime, at + kKeyTime.size())) {
        const size_t close = text.find('}', at);
        const size_t values = text.find("a:", at);
        if (close == std::string::npos || values == std::string::npos || values > close) {
            continue;
        }
        rewritten.append(text, copied, values + 2 - copied);
        std::string mapped = " ";
        size_t i = values + 2;
        while (i < close) {
            const char c = text[i];
            if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
                size_t end = i + 1;
                while (end < close && std::isdigit(static_cast<unsigned char>(text[end]))) {
                    ++end;
                }
                int64_t written = 0;
                const auto parsed = std::from_chars(text.data() + i, text.data() + end, written);
                int64_t exact = 0;
                if (parsed.ec == std::errc() && MappedTime(written, seconds, exact)) {
                    mapped += std::to_string(exact);
                } else {
                    ++report.unmapped;
                    mapped.append(text, i, end - i);
                }
                i = end;
            } else if (c == ',') {
                mapped += ',';
                ++i;
            } else {
                ++i; // the writer's line breaks and indents inside the list
            }
        }
        rewritten += mapped;
        rewritten += '\n';
        // Keep the closing brace's own indent.
        size_t indentStart = close;
        while (indentStart > values &&
               (text[indentStart - 1] == '\t' || text[indentStart - 1] == ' ')) {
            --indentStart;
        }
        copied = indentStart;
        ++report.curves;
    }
    rewritten.append(text, copied, std::string::npos);
    text.swap(rewritten);
    return report;
}

} // namespace fbx
} // namespace agf
