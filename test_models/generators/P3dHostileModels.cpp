/** @file P3dHostileModels.cpp */
#include "P3dHostileModels.h"

#include "ByteWriter.h"
#include "OdolV4xWriter.h"
#include "P3dTestModels.h"

#include <stdexcept>
#include <string>

namespace agf::testgen::p3d {

namespace {

uint32_t LoadU32(const std::vector<uint8_t> &bytes, size_t offset) {
    uint32_t value = 0;
    for (int k = 3; k >= 0; --k) {
        value = (value << 8) | bytes[offset + k];
    }
    return value;
}

/** A resolution-0 LOD of `points` points in rows of 100 and one triangle on the first three. */
MlodLod MlodLodOfOneTriangle(uint32_t points) {
    MlodLod lod;
    lod.resolution = 0;
    for (uint32_t p = 0; p < points; ++p) {
        lod.points.push_back({float(p % 100), float(p / 100), 0});
    }
    lod.normals = {{0, 0, 1}};
    MlodFace face;
    face.points = {0, 1, 2};
    face.normals = {0, 0, 0};
    face.uvs = {{0, 0}, {1, 0}, {0, 1}};
    lod.faces.push_back(face);
    return lod;
}

} // namespace

std::vector<uint8_t> OdolDirectorySharingOneBody(uint32_t entries, unsigned side) {
    constexpr uint32_t kVersion = 50; // before v57, ModelInfo has nothing per LOD
    const std::vector<uint8_t> single = WriteOdolV4x(OdolGridModel(1, side), {kVersion});
    // One loadable LOD: the directory is its start, its end, the permanent flag and a 17-byte
    // LoadableLodInfo, and the body follows it to the end of the file.
    constexpr size_t kDirectoryBytes = 4 + 4 + 1 + 17;
    size_t directory = 0;
    for (size_t at = 16; at + kDirectoryBytes <= single.size() && directory == 0; ++at) {
        if (LoadU32(single, at) == at + kDirectoryBytes &&
            LoadU32(single, at + 4) == single.size()) {
            directory = at;
        }
    }
    if (directory == 0) {
        throw std::logic_error("the v50 writer's LOD directory was not found");
    }
    const size_t bodyAt = directory + kDirectoryBytes;
    const size_t modelInfoAt = 16; // after the signature, version, LOD count and one resolution

    ByteWriter w;
    w.bytes(single.data(), 8);
    w.u32(entries);
    for (uint32_t i = 0; i < entries; ++i) {
        w.bytes(single.data() + 12, 4); // LOD 0's resolution
    }
    w.bytes(single.data() + modelInfoAt, directory - modelInfoAt);
    const size_t newBodyAt = w.size() + 9 * size_t(entries) + 17;
    const size_t newBodyEnd = newBodyAt + (single.size() - bodyAt);
    for (uint32_t i = 0; i < entries; ++i) {
        w.u32(static_cast<uint32_t>(newBodyAt));
    }
    for (uint32_t i = 0; i < entries; ++i) {
        w.u32(static_cast<uint32_t>(newBodyEnd));
    }
    for (uint32_t i = 0; i < entries; ++i) {
        w.u8(i == 0 ? 0 : 1); // permanent: no LoadableLodInfo
    }
    w.bytes(single.data() + directory + 9, 17); // LOD 0's LoadableLodInfo
    w.bytes(single.data() + bodyAt, single.size() - bodyAt);
    return w.data();
}

std::vector<uint8_t> OdolWithEmptyUvSets(uint32_t version, uint32_t emptySets, unsigned side) {
    OdolModel model = OdolGridModel(1, side);
    model.lods[0].emptyUvSets = emptySets;
    OdolV4xOptions options;
    options.version = version;
    return WriteOdolV4x(model, options);
}

std::vector<uint8_t> MlodFramesOfSplitCorners(uint32_t faces, uint32_t frames) {
    MlodLod lod;
    lod.resolution = 0;
    lod.points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    for (uint32_t f = 0; f < faces; ++f) {
        MlodFace face;
        face.points = {0, 1, 2};
        for (uint32_t k = 0; k < 3; ++k) {
            face.normals.push_back(static_cast<uint32_t>(lod.normals.size()));
            lod.normals.push_back({0, 0, 1});
        }
        face.uvs = {{0, 0}, {1, 0}, {0, 1}};
        lod.faces.push_back(face);
    }
    for (uint32_t f = 0; f < frames; ++f) {
        std::vector<Vec3> positions;
        for (uint32_t p = 0; p < 3; ++p) {
            positions.push_back({float(p), float(f), 0});
        }
        lod.frames.emplace_back(float(f), positions);
    }
    return WriteMlod({lod});
}

std::vector<uint8_t> MlodUvSetsOfOneTriangle(uint32_t points, uint32_t sets) {
    MlodLod lod = MlodLodOfOneTriangle(points);
    for (uint32_t s = 1; s <= sets; ++s) {
        std::vector<Uv> uvs;
        for (uint32_t k = 0; k < 3; ++k) {
            uvs.push_back({float(s + k), float(s)});
        }
        lod.extraUvSets.emplace_back(s, uvs);
    }
    return WriteMlod({lod});
}

std::vector<uint8_t> MlodSelectionsOfOnePoint(uint32_t selections, bool sameName) {
    MlodLod lod = MlodLodOfOneTriangle(3);
    for (uint32_t s = 0; s < selections; ++s) {
        lod.selections.push_back({sameName ? "a" : "s" + std::to_string(s), {{s % 3, 1}}, {0}});
    }
    return WriteMlod({lod});
}

std::vector<uint8_t> OdolWithNamedProperties(uint32_t version, uint32_t properties) {
    OdolModel model = OdolGridModel(1, 3);
    for (uint32_t p = 0; p < properties; ++p) {
        model.lods[0].properties.emplace_back("p" + std::to_string(p), "v");
    }
    return WriteOdolV4x(model, {version});
}

} // namespace agf::testgen::p3d
