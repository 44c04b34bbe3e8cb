/** @file OdolV4xVertices.cpp
 *  The sized per-vertex block of an ODOL v40 to v75 LOD body (specs/p3d.md section 4.5, fields
 *  19 to 27; 4.8): clip flags (v50+), UV sets (quantised from v45), positions, normals (packed
 *  from v45), ST, vertexBoneRef and neighborBoneRef; then decoding.
 */
#include "OdolV4x.h"

#include "Common/HugePages.h"

namespace agf::p3d::odol4x {

namespace {

float Dequantise(int16_t value, float low, float high) {
    return low + (static_cast<float>(value) + 32767.0f) * (high - low) / 65535.0f;
}

// A v45+ UV set: i16 pairs spread linearly over the set's range (spec 4.8).
std::vector<std::array<float, 2>> DecodeQuantisedUvs(const ArrayBytes &array,
                                                     const std::array<float, 4> &range) {
    std::vector<uint8_t> scratch;
    const uint8_t *raw = array.contiguous(scratch);
    std::vector<std::array<float, 2>> uvs;
    ResizeLarge(uvs, array.count);
    for (size_t v = 0; v < uvs.size(); ++v) {
        const uint8_t *p = raw + 4 * v;
        const auto u = static_cast<int16_t>(BinaryReader::LoadU16(p));
        const auto w = static_cast<int16_t>(BinaryReader::LoadU16(p + 2));
        uvs[v] = {Dequantise(u, range[0], range[2]), Dequantise(w, range[1], range[3])};
    }
    return uvs;
}

// 10:10:10 signed components, scaled by -1/511 (spec 4.8): MLOD's inward-pointing normals.
Vec3 UnpackNormal(uint32_t packed) {
    auto component = [packed](int shift) {
        int value = static_cast<int>((packed >> shift) & 0x3FFu);
        if (value > 511) {
            value -= 1024;
        }
        return static_cast<float>(value) * (-1.0f / 511.0f);
    };
    return Vec3{component(0), component(10), component(20)};
}

} // namespace

VertexBlock ReadVertexBlock(BinaryReader &reader, const Layout &layout,
                            const std::string &structurePrefix) {
    VertexBlock block;
    if (layout.clipFlagsInVertexBlock()) {
        reader.setStructure(structurePrefix + "clip flags");
        block.clipFlags =
            ReadCondensed(reader, layout, 4, "clip flag", StorageIn(block.clipFlagValues));
    }
    reader.setStructure(structurePrefix + "UV set 0");
    auto readSet = [&]() {
        if (layout.packedVertices()) {
            std::array<float, 4> range{};
            for (float &value : range) {
                value = reader.f32();
            }
            block.uvRanges.push_back(range);
            block.uvArrays.push_back(ReadCondensed(reader, layout, 4, "UV"));
        } else {
            std::vector<std::array<float, 2>> &stored = block.floatUvs.emplace_back();
            block.uvArrays.push_back(ReadCondensed(reader, layout, 8, "UV", StorageIn(stored)));
        }
    };
    readSet();
    const uint64_t setCountOffset = reader.offset();
    const uint32_t uvSetCount = reader.u32();
    if (uvSetCount == 0 || uvSetCount > 1 + reader.remaining() / 5) {
        reader.failAt(setCountOffset,
                      "UV set count " + std::to_string(uvSetCount) + " is not plausible");
    }
    for (uint32_t set = 1; set < uvSetCount; ++set) {
        reader.setStructure(structurePrefix + "UV set " + std::to_string(set));
        if (set < kMaxUvSets) {
            readSet();
            continue;
        }
        if (block.uvSetsLeftOut == 0) {
            block.firstSetLeftOut = reader.offset();
        }
        if (layout.packedVertices()) {
            reader.skip(16); // the set's range
        }
        SkipCondensed(reader, layout, layout.packedVertices() ? 4 : 8, "UV");
        ++block.uvSetsLeftOut;
    }
    const size_t normalSize = layout.packedVertices() ? 4 : 12;
    const size_t tangentSize = layout.packedVertices() ? 8 : 24;
    reader.setStructure(structurePrefix + "positions");
    block.positions = ReadArray(reader, layout, 12, "position", StorageIn(block.points));
    reader.setStructure(structurePrefix + "normals");
    block.normals = ReadCondensed(reader, layout, normalSize, "normal",
                                  layout.packedVertices() ? StorageIn(block.packedNormals)
                                                          : StorageIn(block.normalVectors));
    reader.setStructure(structurePrefix + "ST");
    block.tangents = SkipArray(reader, layout, tangentSize, "ST"); // only counted
    reader.setStructure(structurePrefix + "vertex bone refs");
    block.boneRefs = ReadArray(reader, layout, 12, "vertexBoneRef");
    reader.setStructure(structurePrefix + "neighbour bone refs");
    SkipArray(reader, layout, 32, "neighborBoneRef");
    return block;
}

void FillVertices(const BinaryReader &reader, const Layout &layout, VertexBlock &block, Lod &lod) {
    const size_t vertexCount = block.positions.count;
    RequireCount(reader, block.normals, vertexCount, "normals");
    RequireCount(reader, block.tangents, vertexCount, "ST");
    RequireCount(reader, block.boneRefs, vertexCount, "vertexBoneRef");
    lod.points = std::move(block.points); // positions have no default fill
    if (layout.packedVertices()) {
        if (block.normals.defaultFill) {
            block.packedNormals = DecodeU32(block.normals);
        }
        ResizeLarge(lod.normals, block.packedNormals.size());
        for (size_t v = 0; v < block.packedNormals.size(); ++v) {
            lod.normals[v] = UnpackNormal(block.packedNormals[v]);
        }
    } else {
        lod.normals =
            block.normals.defaultFill ? DecodeVec3(block.normals) : std::move(block.normalVectors);
    }
    if (lod.normals.empty()) {
        ResizeLarge(lod.normals, vertexCount, Vec3{});
    }
    for (size_t set = 0; set < block.uvArrays.size(); ++set) {
        const ArrayBytes &array = block.uvArrays[set];
        RequireCount(reader, array, vertexCount, "UV set");
        std::vector<std::array<float, 2>> uvs =
            layout.packedVertices() ? DecodeQuantisedUvs(array, block.uvRanges[set])
                                    : FloatUvSet(array, block.floatUvs[set], vertexCount);
        if (uvs.empty()) {
            ResizeLarge(uvs, vertexCount, {0.0f, 0.0f});
        }
        lod.uvSets.emplace_back(std::move(uvs));
        lod.uvSetIds.push_back(static_cast<uint32_t>(set));
    }
}

} // namespace agf::p3d::odol4x
