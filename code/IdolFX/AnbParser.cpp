/** @file AnbParser.cpp
 *  The ANB layout (spec §4).
 */
#include "AnbParser.h"

#include "Common/BinaryReader.h"

#include <cmath>

namespace agf::idolfx {

namespace {

// Record sizes, the least bytes a count of records must find before anything is allocated.
constexpr uint64_t kPointBytes = 24;         ///< position and normal, three floats each
constexpr uint64_t kTriangleBytes = 6;       ///< three u16 indices
constexpr uint64_t kUvBytes = 8;             ///< two floats
constexpr uint64_t kSubmeshHeaderBytes = 12; ///< vertex, UV and face counts

AnbPoint ReadPoint(BinaryReader &reader) {
    const uint64_t offset = reader.offset();
    float values[6];
    for (float &value : values) {
        value = reader.f32();
    }
    for (float value : values) {
        if (!std::isfinite(value)) {
            reader.failAt(offset, "vertex has a non-finite coordinate");
        }
    }
    AnbPoint point;
    point.position = {values[0], values[1], values[2]};
    point.normal = {values[3], values[4], values[5]};
    return point;
}

std::vector<std::array<uint16_t, 3>> ReadTriangles(BinaryReader &reader, size_t count, size_t limit,
                                                   const char *what) {
    reader.checkedCount(count, kTriangleBytes, what);
    std::vector<std::array<uint16_t, 3>> triangles(count);
    for (size_t t = 0; t < count; ++t) {
        for (int corner = 0; corner < 3; ++corner) {
            const uint64_t offset = reader.offset();
            const uint16_t index = reader.u16();
            if (index >= limit) {
                reader.failAt(offset, std::string(what) + " " + std::to_string(t) + ": index " +
                                          std::to_string(index) + " past the end (" +
                                          std::to_string(limit) + " entries)");
            }
            triangles[t][corner] = index;
        }
    }
    return triangles;
}

} // namespace

AnbFile ParseAnb(const uint8_t *data, size_t size, const std::string &fileName,
                 Warnings &warnings) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("header");
    AnbFile file;
    file.frameCount = reader.u32();
    if (file.frameCount == 0 || file.frameCount > kMaxAnbFrames) {
        reader.failAt(0, "frame count " + std::to_string(file.frameCount) + " outside 1.." +
                             std::to_string(kMaxAnbFrames) + " (the base shape counts as one)");
    }
    const uint32_t submeshCount = reader.u32();
    if (submeshCount == 0 || submeshCount > kMaxAnbSubmeshes) {
        reader.failAt(4, "submesh count " + std::to_string(submeshCount) + " outside 1.." +
                             std::to_string(kMaxAnbSubmeshes));
    }
    reader.checkedCount(submeshCount, kSubmeshHeaderBytes, "submesh");
    file.submeshes.resize(submeshCount);
    uint64_t bytesPerFrame = 0;
    for (uint32_t s = 0; s < submeshCount; ++s) {
        reader.setStructure("submesh " + std::to_string(s));
        AnbSubmesh &submesh = file.submeshes[s];
        const uint32_t vertexCount = reader.u32();
        const uint32_t uvCount = reader.u32();
        const uint32_t faceCount = reader.u32();
        reader.checkedCount(vertexCount, kPointBytes, "vertex");
        submesh.basePoints.resize(vertexCount);
        for (AnbPoint &point : submesh.basePoints) {
            point = ReadPoint(reader);
        }
        submesh.triangles = ReadTriangles(reader, faceCount, vertexCount, "triangle");
        reader.checkedCount(uvCount, kUvBytes, "UV");
        submesh.uvs.resize(uvCount);
        for (Float2 &uv : submesh.uvs) {
            uv = ReadFloat2(reader);
        }
        submesh.uvTriangles = ReadTriangles(reader, faceCount, uvCount, "UV triangle");
        bytesPerFrame += uint64_t(vertexCount) * kPointBytes;
    }
    reader.setStructure("morph frames");
    if (bytesPerFrame == 0 && file.frameCount > 1) {
        // Nothing in the file would bound the frame count: each frame would be 0 bytes.
        reader.fail(std::to_string(file.frameCount - 1) +
                    " morph frames, but no submesh has a vertex for them to move");
    }
    reader.checkedCount(file.frameCount - 1, bytesPerFrame, "frame");
    // A submesh without vertices has no frames: holding an empty point array per frame for it
    // would cost more than the frames' bytes in the file.
    for (AnbSubmesh &submesh : file.submeshes) {
        if (!submesh.basePoints.empty()) {
            submesh.framePoints.resize(file.frameCount - 1);
        }
    }
    for (uint32_t f = 1; f < file.frameCount; ++f) {
        for (uint32_t s = 0; s < submeshCount; ++s) {
            AnbSubmesh &submesh = file.submeshes[s];
            if (submesh.basePoints.empty()) {
                continue;
            }
            reader.setStructure("frame " + std::to_string(f) + " submesh " + std::to_string(s));
            std::vector<AnbPoint> &points = submesh.framePoints[f - 1];
            points.resize(submesh.basePoints.size());
            for (AnbPoint &point : points) {
                point = ReadPoint(reader);
            }
        }
    }
    if (!reader.atEnd()) {
        warnings.add(WarningKind::Unknown, fileName, "end of file", reader.offset(),
                     std::to_string(reader.remaining()) + " bytes after the last frame ignored");
    }
    return file;
}

bool LooksLikeAnb(const uint8_t *data, size_t size) {
    try {
        BinaryReader reader(data, size, "signature");
        const uint32_t frameCount = reader.u32();
        const uint32_t submeshCount = reader.u32();
        if (frameCount == 0 || frameCount > kMaxAnbFrames || submeshCount == 0 ||
            submeshCount > kMaxAnbSubmeshes) {
            return false;
        }
        uint64_t bytesPerFrame = 0;
        for (uint32_t s = 0; s < submeshCount; ++s) {
            const uint64_t vertexCount = reader.u32();
            const uint64_t uvCount = reader.u32();
            const uint64_t faceCount = reader.u32();
            if (vertexCount > 65536 || uvCount > 65536) {
                return false;
            }
            reader.skip(vertexCount * kPointBytes + faceCount * kTriangleBytes * 2 +
                        uvCount * kUvBytes);
            bytesPerFrame += vertexCount * kPointBytes;
        }
        return bytesPerFrame * (frameCount - 1) == reader.remaining() && bytesPerFrame != 0;
    } catch (const ImportError &) {
        return false;
    }
}

} // namespace agf::idolfx
