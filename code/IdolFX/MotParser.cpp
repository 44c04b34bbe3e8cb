/** @file MotParser.cpp
 *  The MOT layout (spec §3): 28 unknown header bytes, a track count, then per track an unknown
 *  float, the bone name and four counted key arrays (rotation, position, scale, matrix).
 */
#include "MotParser.h"

#include "Common/BinaryReader.h"
#include "Common/TextEncoding.h"
#include "IdolFxStrings.h"

#include <cmath>
#include <cstring>

namespace agf::idolfx {

namespace {

constexpr uint64_t kRotationKeyBytes = 20;
constexpr uint64_t kVectorKeyBytes = 16;
constexpr uint64_t kMatrixKeyBytes = 68;
// Smallest track: unknown float, empty name, four zero counts.
constexpr uint64_t kMinTrackBytes = 4 + 4 + 4 * 4;

void RequireFinite(const BinaryReader &reader, uint64_t offset, const float *values, size_t count,
                   const std::string &what) {
    for (size_t i = 0; i < count; ++i) {
        if (!std::isfinite(values[i])) {
            reader.failAt(offset + 4 * i, what + " has a non-finite value");
        }
    }
}

std::vector<MotVectorKey> ReadVectorKeys(BinaryReader &reader, const char *kind) {
    const uint32_t count = reader.u32();
    reader.checkedCount(count, kVectorKeyBytes, kind);
    std::vector<MotVectorKey> keys(count);
    for (size_t k = 0; k < keys.size(); ++k) {
        const uint64_t offset = reader.offset();
        float values[4];
        for (float &value : values) {
            value = reader.f32();
        }
        RequireFinite(reader, offset, values, 4, std::string(kind) + " " + std::to_string(k));
        keys[k].time = values[0];
        keys[k].value = {values[1], values[2], values[3]};
    }
    return keys;
}

} // namespace

MotFile ParseMot(const uint8_t *data, size_t size, const std::string &fileName,
                 Warnings &warnings) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("header");
    MotFile file;
    reader.bytes(file.header.data(), file.header.size());
    const uint64_t countOffset = reader.offset();
    const uint32_t trackCount = reader.u32();
    if (trackCount > kMaxMotTracks) {
        reader.failAt(countOffset, "track count " + std::to_string(trackCount) +
                                       " exceeds the limit of " + std::to_string(kMaxMotTracks));
    }
    reader.checkedCount(trackCount, kMinTrackBytes, "track");
    file.tracks.resize(trackCount);
    for (uint32_t t = 0; t < trackCount; ++t) {
        reader.setStructure("track " + std::to_string(t));
        MotTrack &track = file.tracks[t];
        track.unknownValue = reader.f32();
        track.name = ToUtf8(ReadLengthString(reader, kMaxIdolFxStringLength, "bone name"));
        reader.setStructure("track " + std::to_string(t) + " (" + track.name + ")");

        const uint32_t rotationCount = reader.u32();
        reader.checkedCount(rotationCount, kRotationKeyBytes, "rotation key");
        track.rotations.resize(rotationCount);
        for (size_t k = 0; k < track.rotations.size(); ++k) {
            const uint64_t offset = reader.offset();
            float values[5];
            for (float &value : values) {
                value = reader.f32();
            }
            RequireFinite(reader, offset, values, 5, "rotation key " + std::to_string(k));
            track.rotations[k] = {values[0], values[1], values[2], values[3], values[4]};
        }
        track.positions = ReadVectorKeys(reader, "position key");
        track.scalings = ReadVectorKeys(reader, "scale key");
        track.matrixKeyCount = reader.u32();
        reader.checkedCount(track.matrixKeyCount, kMatrixKeyBytes, "matrix key");
        reader.skip(uint64_t(track.matrixKeyCount) * kMatrixKeyBytes);
        if (track.matrixKeyCount != 0) {
            warnings.add(WarningKind::Unsupported, reader,
                         std::to_string(track.matrixKeyCount) +
                             " matrix keys; they are not imported");
        }
    }
    if (!reader.atEnd()) {
        warnings.add(WarningKind::Unknown, fileName, "end of file", reader.offset(),
                     std::to_string(reader.remaining()) + " bytes after the last track ignored");
    }
    return file;
}

bool LooksLikeMot(const uint8_t *data, size_t size) {
    if (size >= 4 && (std::memcmp(data, "LWMO", 4) == 0 || std::memcmp(data, "LWSC", 4) == 0)) {
        return false;
    }
    try {
        BinaryReader reader(data, size, "signature");
        reader.skip(kMotHeaderSize);
        const uint32_t trackCount = reader.u32();
        if (trackCount == 0 || trackCount > kMaxMotTracks) {
            return false;
        }
        reader.checkedCount(trackCount, kMinTrackBytes, "track");
        const float unknownValue = reader.f32();
        const uint32_t length = reader.u32();
        if (!std::isfinite(unknownValue) || length == 0 || length > 256) {
            return false;
        }
        const std::string name(reinterpret_cast<const char *>(reader.view(length)), length);
        const uint32_t rotationCount = reader.u32();
        return IsPrintableName(name) && rotationCount <= reader.remaining() / kRotationKeyBytes;
    } catch (const ImportError &) {
        return false;
    }
}

} // namespace agf::idolfx
