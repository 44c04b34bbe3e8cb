/** @file PskModels.cpp
 *  Writes PSK files with known content (see PskModels.h) and lists the committed ones.
 */
#include "PskModels.h"

#include "ByteWriter.h"
#include "GeneratedModels.h"

#include <cmath>

namespace agf::testgen {

namespace psk {

namespace {

constexpr float kHalfSqrt2 = 0.70710678f;

class ChunkWriter {
public:
    explicit ChunkWriter(const PskContent &content) : mContent(content) {}

    void header(const std::string &id, int32_t typeFlag, int32_t dataSize, int32_t dataCount) {
        mOut.fixedString(id, 20);
        mOut.i32(typeFlag);
        mOut.i32(dataSize);
        mOut.i32(dataCount);
    }
    void chunk(const std::string &id, int32_t dataSize, size_t dataCount) {
        header(id, mContent.chunkTypeFlag, dataSize, static_cast<int32_t>(dataCount));
    }
    void float3(const Float3 &v) {
        for (float f : v) {
            mOut.f32(f);
        }
    }
    ByteWriter &out() { return mOut; }

private:
    const PskContent &mContent;
    ByteWriter mOut;
};

Float3 Point(unsigned index) {
    return {(index & 1) ? 10.0f : -10.0f, (index & 2) ? 10.0f : -10.0f, (index & 4) ? 20.0f : 0.0f};
}

} // namespace

std::vector<uint8_t> WritePsk(const PskContent &c) {
    ChunkWriter w(c);
    ByteWriter &out = w.out();
    w.header("ACTRHEAD", c.headTypeFlag, 0, 0);
    if (c.doubledHeader) {
        w.header("ACTRHEAD", c.headTypeFlag, 0, 0);
    }
    if (!c.points.empty()) {
        w.chunk("PNTS0000", 12, c.points.size());
        for (const Float3 &p : c.points) {
            w.float3(p);
        }
    }
    if (!c.wedges.empty()) {
        w.chunk("VTXW0000", 16, c.wedges.size());
        for (const auto &wedge : c.wedges) {
            out.u32(wedge.pointIndex);
            out.f32(wedge.u);
            out.f32(wedge.v);
            out.u8(wedge.material);
            out.u8(0x5A); // Reserved and pad hold junk in ActorX files
            out.u16(0xA5A5);
        }
    }
    if (!c.faces.empty()) {
        w.chunk(c.faces32 ? "FACE3200" : "FACE0000", c.faces32 ? 18 : 12, c.faces.size());
        for (const auto &face : c.faces) {
            for (uint32_t wedge : face.wedges) {
                if (c.faces32) {
                    out.u32(wedge);
                } else {
                    out.u16(static_cast<uint16_t>(wedge));
                }
            }
            out.u8(face.material);
            out.u8(0);
            out.u32(face.smoothingGroups);
        }
    }
    if (!c.materials.empty()) {
        w.chunk("MATT0000", 88, c.materials.size());
        for (const auto &material : c.materials) {
            out.fixedString(material.name, 64);
            out.i32(0);
            out.u32(material.polyFlags);
            out.i32(0);
            out.u32(0);
            out.i32(0);
            out.i32(0);
        }
    }
    if (!c.normals.empty()) {
        w.chunk("VTXNORMS", 12, c.normals.size());
        for (const Float3 &n : c.normals) {
            w.float3(n);
        }
    }
    if (!c.sockets.empty()) {
        w.chunk("SKELSOCK", c.socketHeaderSize, c.sockets.size() + size_t(c.socketCountExtra));
        for (const auto &socket : c.sockets) {
            out.fixedString(socket.name, 64);
            out.fixedString(socket.bone, 64);
            w.float3(socket.location);
            out.f32(socket.pitch);
            out.f32(socket.yaw);
            out.f32(socket.roll);
            w.float3(socket.scale);
        }
    }
    if (!c.bones.empty()) {
        w.chunk(c.boneAliasIds ? "REFSKEL0" : "REFSKELT", 120, c.bones.size());
        for (const auto &bone : c.bones) {
            out.fixedString(bone.name, 64);
            out.u32(0);
            out.i32(0);
            out.i32(bone.parent);
            for (float f : bone.orientation) {
                out.f32(f);
            }
            w.float3(bone.position);
            out.f32(1.0f);
            w.float3({1, 1, 1});
        }
    }
    if (!c.weights.empty()) {
        w.chunk(c.boneAliasIds ? "RAWW0000" : "RAWWEIGHTS", 12, c.weights.size());
        for (const auto &weight : c.weights) {
            out.f32(weight.weight);
            out.i32(weight.point);
            out.i32(weight.bone);
        }
    }
    if (!c.colors.empty()) {
        w.chunk("VERTEXCOLOR", 4, c.colors.size());
        for (const auto &color : c.colors) {
            out.bytes(color.data(), 4);
        }
    }
    for (const auto &set : c.extraUvs) {
        w.chunk(set.chunkId, 8, set.uvs.size());
        for (const auto &uv : set.uvs) {
            out.f32(uv[0]);
            out.f32(uv[1]);
        }
    }
    if (!c.pointMorphs.empty()) {
        size_t total = 0;
        w.chunk("MRPHINFO", 68, c.pointMorphs.size());
        for (const auto &morph : c.pointMorphs) {
            out.fixedString(morph.name, 64);
            out.i32(static_cast<int32_t>(morph.deltas.size()));
            total += morph.deltas.size();
        }
        w.chunk("MRPHDATA", 28, total);
        for (const auto &morph : c.pointMorphs) {
            for (const auto &delta : morph.deltas) {
                w.float3(delta.position);
                w.float3(delta.normal);
                out.i32(delta.point);
            }
        }
    }
    for (size_t m = 0; m < c.wedgeMorphs.size(); ++m) {
        w.header("MORPHTARGET" + std::to_string(m), 0, 16,
                 static_cast<int32_t>(c.wedgeMorphs[m].vertices.size()));
        for (const auto &vertex : c.wedgeMorphs[m].vertices) {
            out.i32(vertex.wedge);
            w.float3(vertex.position);
        }
    }
    if (!c.morphNames.empty()) {
        w.chunk("MORPHNAMES", 64, c.morphNames.size());
        for (const std::string &name : c.morphNames) {
            out.fixedString(name, 64);
        }
    }
    if (!c.physics.empty()) {
        w.chunk("PHYSICS0", 101, c.physics.size());
        for (const auto &shape : c.physics) {
            out.fixedString(shape.bone, 64);
            out.u8(shape.type);
            w.float3(shape.offset);
            w.float3(shape.rotation);
            w.float3(shape.scale);
        }
    }
    if (!c.shapeElements.empty()) {
        w.chunk("SHAPEELEMS", 108, c.shapeElements.size());
        for (const auto &shape : c.shapeElements) {
            out.fixedString(shape.name, 64);
            out.i32(shape.type);
            w.float3(shape.centre);
            for (float f : shape.rotation) {
                out.f32(f);
            }
            w.float3(shape.scale);
        }
    }
    return out.data();
}

PskContent SkinnedBox() {
    PskContent c;
    c.headTypeFlag = 20220723;
    c.doubledHeader = true;
    for (unsigned i = 0; i < 8; ++i) {
        c.points.push_back(Point(i));
    }
    // Each side's corners counter-clockwise seen from outside; sides -Z, +Z, -Y, +Y, -X, +X.
    static const unsigned kSides[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                          {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    static const float kCornerUv[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    for (unsigned side = 0; side < 6; ++side) {
        const uint8_t material = side < 2 ? 1 : 0; // caps use material 1
        for (unsigned k = 0; k < 4; ++k) {
            const uint32_t wedge = static_cast<uint32_t>(c.wedges.size());
            const uint32_t junk = (wedge & 1) ? 0xBEEF0000u : 0u;
            c.wedges.push_back(
                {kSides[side][k] | junk, kCornerUv[k][0], kCornerUv[k][1], material});
        }
        const uint32_t base = side * 4;
        const uint32_t smoothing = 1u << side;
        // Counter-clockwise (q0, q1, q2), (q0, q2, q3), written as the exporters do: reversed.
        c.faces.push_back({{base, base + 2, base + 1}, material, smoothing});
        c.faces.push_back({{base, base + 3, base + 2}, material, smoothing});
    }
    c.materials = {{"BoxSides", 0}, {"BoxCaps", 1}};

    c.bones = {
        {"Root", 0, {0, 0, kHalfSqrt2, kHalfSqrt2}, {0, 0, 0}},    // +90 about Z, as is
        {"Spine", 0, {-kHalfSqrt2, 0, 0, kHalfSqrt2}, {0, 0, 10}}, // conj of +90 about X
        {"Head", 1, {0, 0, 0, 1}, {0, 0, 5}},
    };
    // Scattered order, a zero weight, and points 6 and 7 summing to 0.6.
    c.weights = {{0.4f, 4, 2}, {1.0f, 0, 0}, {0.3f, 7, 2}, {0.0f, 0, 2}, {1.0f, 1, 0},
                 {0.6f, 4, 1}, {0.3f, 6, 1}, {1.0f, 2, 0}, {0.6f, 5, 1}, {0.3f, 6, 2},
                 {1.0f, 3, 0}, {0.4f, 5, 2}, {0.3f, 7, 1}};

    PskContent::UvSet first{"EXTRAUV0", {}};
    PskContent::UvSet second{"EXTRAUVS1", {}};
    for (size_t wedge = 0; wedge < c.wedges.size(); ++wedge) {
        const float f = static_cast<float>(wedge);
        first.uvs.push_back({f / 32.0f, (wedge % 4) / 8.0f});
        second.uvs.push_back({0.5f + f / 64.0f, 0.25f});
        c.colors.push_back({static_cast<uint8_t>(wedge * 10), static_cast<uint8_t>(255 - wedge),
                            static_cast<uint8_t>((wedge * 7) % 256), 200});
    }
    c.extraUvs = {first, second};

    PskContent::WedgeMorph stretch;
    for (size_t wedge = 0; wedge < c.wedges.size(); ++wedge) {
        const Float3 p = Point(c.wedges[wedge].pointIndex & 0xFFFF);
        if (p[2] > 10.0f) {
            stretch.vertices.push_back({static_cast<int32_t>(wedge), {p[0], p[1], 30.0f}});
        }
    }
    PskContent::WedgeMorph dent;
    dent.vertices.push_back({0, {-8.0f, -8.0f, 0.0f}});
    c.wedgeMorphs = {stretch, dent};
    c.morphNames = {"Stretch", "Dent"};

    c.physics = {{"Spine", 1, {1, 2, 3}, {10, 20, 30}, {1, 1, 2}}};
    c.shapeElements = {{"Head", 0, {0, 0, 4}, {0, 0, 0, 1}, {3, 3, 3}}};
    return c;
}

PskContent Face3200Tetrahedron() {
    PskContent c;
    c.headTypeFlag = 20220723;
    c.faces32 = true;
    c.boneAliasIds = true;
    c.points = {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {0, 0, 10}};
    for (uint32_t p = 0; p < 4; ++p) {
        c.wedges.push_back({p, c.points[p][0] / 10.0f, c.points[p][1] / 10.0f, 0});
        const Float3 d{c.points[p][0] - 2.5f, c.points[p][1] - 2.5f, c.points[p][2] - 2.5f};
        const float length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        c.normals.push_back({d[0] / length, d[1] / length, d[2] / length});
        c.colors.push_back({static_cast<uint8_t>(10 + p), static_cast<uint8_t>(20 + p),
                            static_cast<uint8_t>(30 + p), static_cast<uint8_t>(40 + p)});
    }
    // Counter-clockwise seen from outside: (0,2,1), (0,1,3), (0,3,2), (1,2,3); written reversed.
    c.faces = {{{0, 1, 2}, 0, 1}, {{0, 3, 1}, 0, 1}, {{0, 2, 3}, 0, 1}, {{1, 3, 2}, 0, 1}};
    c.materials = {{"Tetra", 0}};
    c.bones = {{"root", -1, {0, 0, 0, 1}, {0, 0, 0}}, {"tip", 0, {0, 0, 0, 1}, {0, 0, 10}}};
    c.weights = {{1, 0, 0}, {1, 1, 0}, {1, 2, 0}, {1, 3, 1}};
    c.pointMorphs = {{"Pull", {{{0, 4, 2}, {0, 0, 0}, 3}}},
                     {"Push", {{{1, 1, 0}, {0, 0, 0}, 1}, {{1, 1, 0}, {0, 0, 0}, 2}}}};
    return c;
}

PskContent SocketSkeleton(int32_t socketHeaderSize) {
    PskContent c;
    c.headTypeFlag = 20220723;
    c.doubledHeader = true;
    c.bones = {{"Root", -1, {0, 0, 0, 1}, {0, 0, 0}}, {"Hand", 0, {0, 0, 0, 1}, {0, 20, 50}}};
    c.sockets = {{"Muzzle", "Hand", {10, 5, 0}, 0, 90, 0, {1, 1, 1}},
                 {"Floor", "", {0, 3, -1}, 90, 0, 0, {2, 2, 2}}};
    c.socketHeaderSize = socketHeaderSize;
    c.socketCountExtra = socketHeaderSize == 168 ? 1 : 0;
    return c;
}

} // namespace psk

void AppendPskModels(std::vector<GeneratedModel> &models) {
    models.push_back({"actorx/skinned_box.psk",
                      "PSK: box, 3 bones, junk point indices, 2 extra UV sets, colours, "
                      "MORPHTARGET, physics, doubled ACTRHEAD",
                      [] { return psk::WritePsk(psk::SkinnedBox()); }});
    models.push_back({"actorx/tetra_face3200.psk",
                      "PSK: FACE3200 tetrahedron, VTXNORMS, BGRA colours, MRPHINFO/MRPHDATA",
                      [] { return psk::WritePsk(psk::Face3200Tetrahedron()); }});
    for (int32_t size : {138, 164, 168}) {
        models.push_back({"actorx/sockets_" + std::to_string(size) + ".psk",
                          "PSK: skeleton only, SKELSOCK header size " + std::to_string(size),
                          [size] { return psk::WritePsk(psk::SocketSkeleton(size)); }});
    }
}

} // namespace agf::testgen
