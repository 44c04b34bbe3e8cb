/** @file P3dWriters.cpp
 *  The BI-LZSS compressor, the MLOD writer and the ODOL v7 writer (the v40 to v75 writer is
 *  OdolV4xWriter.cpp).
 */
#include "P3dWriters.h"

#include "ByteWriter.h"
#include "P3dWriterParts.h"

#include <algorithm>
#include <cstring>

namespace agf::testgen::p3d {

namespace {

constexpr size_t kMaxDistance = 4095;
constexpr size_t kMinMatch = 3;
constexpr size_t kMaxMatch = 18;
constexpr size_t kHashSize = 1 << 12;
constexpr size_t kMaxChain = 256;

using parts::Asciiz;
using parts::Bytes;
using parts::IndexBytes;
using parts::WriteVec3;

// ---- MLOD ----

void WriteTagg(ByteWriter &w, bool sp3x, const std::string &name,
               const std::vector<uint8_t> &data) {
    if (sp3x) {
        w.fixedString(name, 64);
    } else {
        w.u8(1);
        Asciiz(w, name);
    }
    w.u32(static_cast<uint32_t>(data.size()));
    w.bytes(data.data(), data.size());
}

void WriteMlodLod(ByteWriter &w, const MlodLod &lod) {
    w.text(lod.sp3x ? "SP3X" : "P3DM");
    w.u32(lod.sp3x ? 0x1C : 28);
    w.u32(lod.sp3x ? 0x99 : 0x100);
    w.u32(static_cast<uint32_t>(lod.points.size()));
    w.u32(static_cast<uint32_t>(lod.normals.size()));
    w.u32(static_cast<uint32_t>(lod.faces.size()));
    w.u32(0);
    for (size_t p = 0; p < lod.points.size(); ++p) {
        WriteVec3(w, lod.points[p]);
        w.u32(lod.pointFlags.empty() ? 0 : lod.pointFlags[p]);
    }
    for (const Vec3 &n : lod.normals) {
        WriteVec3(w, n);
    }
    for (const MlodFace &face : lod.faces) {
        if (lod.sp3x) {
            w.fixedString(face.texture, 32);
        }
        w.u32(static_cast<uint32_t>(face.points.size()));
        for (size_t slot = 0; slot < 4; ++slot) {
            if (slot < face.points.size()) {
                w.u32(face.points[slot]);
                w.u32(face.normals[slot]);
                w.f32(face.uvs[slot][0]);
                w.f32(face.uvs[slot][1]);
            } else {
                // Stale data in the unused slot, as real files have.
                w.u32(0xDEADBEEF);
                w.u32(0xDEADBEEF);
                w.f32(7.0f);
                w.f32(7.0f);
            }
        }
        w.u32(face.flags);
        if (!lod.sp3x) {
            Asciiz(w, face.texture);
            Asciiz(w, face.material);
        }
    }
    w.text("TAGG");
    const size_t points = lod.points.size();
    const size_t faces = lod.faces.size();
    for (const MlodSelection &selection : lod.selections) {
        std::vector<uint8_t> data(points + faces, 0);
        for (const auto &entry : selection.points) {
            data[entry.first] = entry.second;
        }
        for (uint32_t f : selection.faces) {
            data[points + f] = 1;
        }
        WriteTagg(w, lod.sp3x, selection.name, data);
    }
    // An editor tagg that the importer skips.
    WriteTagg(w, lod.sp3x, "#Selected#", std::vector<uint8_t>(points + faces, 0));
    if (!lod.mass.empty()) {
        ByteWriter data;
        for (float m : lod.mass) {
            data.f32(m);
        }
        WriteTagg(w, lod.sp3x, "#Mass#", data.data());
    }
    if (!lod.sharpEdges.empty()) {
        ByteWriter data;
        for (const auto &edge : lod.sharpEdges) {
            data.u32(edge.first);
            data.u32(edge.second);
        }
        WriteTagg(w, lod.sp3x, "#SharpEdges#", data.data());
    }
    for (const auto &property : lod.properties) {
        ByteWriter data;
        data.fixedString(property.first, 64);
        data.fixedString(property.second, 64);
        WriteTagg(w, lod.sp3x, "#Property#", data.data());
    }
    if (lod.writeUvSet0) {
        ByteWriter data;
        data.u32(0);
        for (const MlodFace &face : lod.faces) {
            for (const Uv &uv : face.uvs) {
                data.f32(uv[0]);
                data.f32(uv[1]);
            }
        }
        WriteTagg(w, lod.sp3x, "#UVSet#", data.data());
    }
    for (const auto &set : lod.extraUvSets) {
        ByteWriter data;
        data.u32(set.first);
        for (const Uv &uv : set.second) {
            data.f32(uv[0]);
            data.f32(uv[1]);
        }
        WriteTagg(w, lod.sp3x, "#UVSet#", data.data());
    }
    for (const auto &frame : lod.frames) {
        ByteWriter data;
        data.f32(frame.first);
        for (const Vec3 &p : frame.second) {
            WriteVec3(data, p);
        }
        WriteTagg(w, lod.sp3x, "#Animation#", data.data());
    }
    WriteTagg(w, lod.sp3x, "#EndOfFile#", {});
    w.f32(lod.resolution);
}

// ---- ODOL v7 ----

/** Compressed array (spec 3.4): count, then the payload by the LZSS rule. */
void CompressedArray(ByteWriter &w, const std::vector<uint8_t> &bytes, size_t count) {
    w.i32(static_cast<int32_t>(count));
    parts::LzssPayload(w, bytes);
}

// Faces with their texture and flags, then the sections, which v7 gives in 2 + 2n bytes a face.
void WriteV7FacesAndSections(ByteWriter &w, const OdolLod &lod) {
    const std::vector<uint32_t> offsets = parts::FaceOffsets(lod.faces, 2);
    w.u32(static_cast<uint32_t>(lod.faces.size()));
    w.u32(offsets.back());
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        w.u32(0);
        w.u16(static_cast<uint16_t>(f < lod.faceTextures.size() ? lod.faceTextures[f] : 0xFFFF));
        w.u8(static_cast<uint8_t>(lod.faces[f].size()));
        for (uint16_t index : lod.faces[f]) {
            w.u16(index);
        }
    }
    w.u32(static_cast<uint32_t>(lod.sections.size()));
    for (const OdolSection &section : lod.sections) {
        w.u32(offsets[section.firstFace]);
        w.u32(offsets[section.endFace]);
        w.u32(0);
        w.u16(static_cast<uint16_t>(section.textureIndex));
        w.u32(section.faceFlags);
    }
}

void WriteV7Selections(ByteWriter &w, const OdolLod &lod) {
    w.u32(static_cast<uint32_t>(lod.selections.size()));
    for (const OdolSelection &selection : lod.selections) {
        Asciiz(w, selection.name);
        CompressedArray(w, Bytes(selection.faces), selection.faces.size());
        CompressedArray(w, {}, 0); // face weights
        CompressedArray(w, {}, 0); // unknown u32 array
        w.u8(selection.sectional ? 1 : 0);
        CompressedArray(w, Bytes(selection.sections), selection.sections.size());
        CompressedArray(w, Bytes(selection.vertices), selection.vertices.size());
        CompressedArray(w, selection.weights, selection.weights.size());
    }
}

std::vector<uint8_t> WriteV7LodBody(const OdolLod &lod) {
    ByteWriter w;
    const size_t n = lod.vertices.size();
    std::vector<uint32_t> flags;
    for (const OdolVertex &v : lod.vertices) {
        flags.push_back(v.pointFlags);
    }
    CompressedArray(w, Bytes(flags), n);
    CompressedArray(w, parts::FloatUvBytes(lod.vertices, false), n);
    w.u32(static_cast<uint32_t>(n));
    for (const OdolVertex &v : lod.vertices) {
        WriteVec3(w, v.position);
    }
    w.u32(static_cast<uint32_t>(n));
    for (const OdolVertex &v : lod.vertices) {
        WriteVec3(w, v.normal);
    }
    w.u32(0);
    w.u32(0);
    parts::WriteBounds(w, parts::Positions(lod.vertices, Vec3{0, 0, 0}));
    w.u32(static_cast<uint32_t>(lod.textures.size()));
    for (const std::string &texture : lod.textures) {
        Asciiz(w, texture);
    }
    const parts::PointMaps maps = parts::MapPoints(lod.vertices);
    CompressedArray(w, IndexBytes(maps.pointToVertex, 2), maps.pointToVertex.size());
    CompressedArray(w, IndexBytes(maps.vertexToPoint, 2), n);
    WriteV7FacesAndSections(w, lod);
    WriteV7Selections(w, lod);
    w.u32(static_cast<uint32_t>(lod.properties.size()));
    for (const auto &property : lod.properties) {
        Asciiz(w, property.first);
        Asciiz(w, property.second);
    }
    w.u32(static_cast<uint32_t>(lod.frames.size()));
    for (const auto &frame : lod.frames) {
        w.f32(frame.first);
        w.u32(static_cast<uint32_t>(frame.second.size()));
        for (const Vec3 &p : frame.second) {
            WriteVec3(w, p);
        }
    }
    w.u32(0);
    w.u32(0);
    w.u32(0);
    w.u32(static_cast<uint32_t>(lod.proxies.size()));
    for (const OdolProxy &proxy : lod.proxies) {
        Asciiz(w, proxy.path);
        for (const Vec3 &row : proxy.rows) {
            WriteVec3(w, row);
        }
        w.u32(static_cast<uint32_t>(proxy.id));
        w.u32(static_cast<uint32_t>(proxy.selection));
    }
    return w.data();
}

} // namespace

std::vector<uint8_t> LzssCompress(const std::vector<uint8_t> &data) {
    const size_t n = data.size();
    std::vector<uint8_t> out;
    std::vector<int64_t> head(kHashSize, -1);
    std::vector<int64_t> previous(n, -1);
    auto hash = [&](size_t p) {
        return ((static_cast<size_t>(data[p]) << 8) ^ (static_cast<size_t>(data[p + 1]) << 4) ^
                data[p + 2]) &
               (kHashSize - 1);
    };
    auto insert = [&](size_t p) {
        if (p + 2 < n) {
            const size_t h = hash(p);
            previous[p] = head[h];
            head[h] = static_cast<int64_t>(p);
        }
    };
    size_t pos = 0;
    while (pos < n) {
        const size_t flagAt = out.size();
        out.push_back(0);
        uint8_t flags = 0;
        for (int bit = 0; bit < 8 && pos < n; ++bit) {
            size_t bestLength = 0;
            size_t bestDistance = 0;
            if (pos + kMinMatch <= n) {
                int64_t candidate = head[hash(pos)];
                const size_t limit = std::min(kMaxMatch, n - pos);
                for (size_t chain = 0; candidate >= 0 && chain < kMaxChain; ++chain) {
                    const size_t c = static_cast<size_t>(candidate);
                    if (pos - c > kMaxDistance) {
                        break;
                    }
                    size_t length = 0;
                    while (length < limit && data[c + length] == data[pos + length]) {
                        ++length;
                    }
                    if (length > bestLength) {
                        bestLength = length;
                        bestDistance = pos - c;
                        if (length == limit) {
                            break;
                        }
                    }
                    candidate = previous[c];
                }
            }
            if (bestLength >= kMinMatch) {
                out.push_back(static_cast<uint8_t>(bestDistance & 0xFF));
                out.push_back(
                    static_cast<uint8_t>(((bestDistance >> 4) & 0xF0) | (bestLength - kMinMatch)));
                for (size_t k = 0; k < bestLength; ++k) {
                    insert(pos + k);
                }
                pos += bestLength;
            } else {
                flags = static_cast<uint8_t>(flags | (1u << bit));
                out.push_back(data[pos]);
                insert(pos);
                ++pos;
            }
        }
        out[flagAt] = flags;
    }
    uint32_t sum = 0;
    for (uint8_t b : data) {
        sum += b;
    }
    for (int shift = 0; shift < 32; shift += 8) {
        out.push_back(static_cast<uint8_t>(sum >> shift));
    }
    return out;
}

std::vector<uint8_t> WriteMlod(const std::vector<MlodLod> &lods, bool sp3xDefaultPath) {
    ByteWriter w;
    w.text("MLOD");
    w.u32(0x101);
    w.u32(static_cast<uint32_t>(lods.size()));
    for (const MlodLod &lod : lods) {
        WriteMlodLod(w, lod);
    }
    if (sp3xDefaultPath) {
        w.fixedString("data\\", 32);
    }
    return w.data();
}

std::vector<uint8_t> WriteOdolV7(const OdolModel &model) {
    ByteWriter w;
    w.text("ODOL");
    w.u32(7);
    w.u32(static_cast<uint32_t>(model.lods.size()));
    for (const OdolLod &lod : model.lods) {
        const std::vector<uint8_t> body = WriteV7LodBody(lod);
        w.bytes(body.data(), body.size());
    }
    for (const OdolLod &lod : model.lods) {
        w.f32(lod.resolution);
    }
    // ModelInfo (v7)
    w.u32(0);
    w.f32(1.0f);
    w.f32(1.0f);
    w.u32(0);
    w.u32(0);
    w.u32(0);
    WriteVec3(w, {0, 0, 0});
    w.u32(0);
    w.u32(0);
    w.f32(0.5f);
    for (int i = 0; i < 5; ++i) {
        WriteVec3(w, {0, 0, 0});
    }
    for (int i = 0; i < 9; ++i) {
        w.f32(i % 4 == 0 ? 1.0f : 0.0f);
    }
    for (int i = 0; i < 5; ++i) {
        w.u8(0);
    }
    w.u8(0);  // mapType
    w.i32(0); // masses
    w.f32(model.mass);
    w.f32(model.mass > 0 ? 1.0f / model.mass : 0.0f);
    w.f32(100.0f);
    w.f32(0.01f);
    for (int i = 0; i < 12; ++i) {
        w.u8(0xFF);
    }
    return w.data();
}

} // namespace agf::testgen::p3d
