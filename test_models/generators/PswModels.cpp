/** @file PswModels.cpp
 *  Generators for ActorX world test models: one level in each layout generation, with the
 *  meshes and the heightmap it references, all in test_models/actorx/world_levels/.
 */
#include "ByteWriter.h"
#include "GeneratedModels.h"
#include "PswWorldWriter.h"

#include <array>
#include <cmath>

namespace agf::testgen {

namespace pswgen {

namespace {

void ChunkHeader(ByteWriter &out, const std::string &id, int32_t recordSize, int32_t count,
                 int32_t typeFlag = 0) {
    out.fixedString(id, 20);
    out.i32(typeFlag);
    out.i32(recordSize);
    out.i32(count);
}

void Floats(ByteWriter &out, const float *values, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        out.f32(values[i]);
    }
}

// ---- PSK --------------------------------------------------------------------------------------

constexpr int32_t kUEViewerTypeFlag = 20100422;

// Cube point index = (x > 0) + 2 (y > 0) + 4 (z > 0), coordinates +-1.
std::array<float, 3> CubePoint(int index) {
    return {index & 1 ? 1.0f : -1.0f, index & 2 ? 1.0f : -1.0f, index & 4 ? 1.0f : -1.0f};
}

// Counter-clockwise seen from outside; the top two come last.
constexpr int kCubeTriangles[12][3] = {{0, 2, 3}, {0, 3, 1}, {0, 1, 5}, {0, 5, 4},
                                       {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2},
                                       {1, 3, 7}, {1, 7, 5}, {4, 5, 7}, {4, 7, 6}};

struct BoneSpec {
    std::string name;
    int32_t parent;
    float position[3];
};

std::vector<uint8_t> WriteCubePsk(const std::vector<std::string> &materials, bool topUsesSlot1,
                                  const std::vector<BoneSpec> &bones, bool weighted) {
    ByteWriter out;
    ChunkHeader(out, "ACTRHEAD", 0, 0, kUEViewerTypeFlag);
    ChunkHeader(out, "PNTS0000", 12, 8);
    for (int p = 0; p < 8; ++p) {
        const auto point = CubePoint(p);
        Floats(out, point.data(), 3);
    }
    ChunkHeader(out, "VTXW0000", 16, 8);
    for (int w = 0; w < 8; ++w) {
        out.u32(static_cast<uint32_t>(w));
        out.f32(w & 1 ? 1.0f : 0.0f);
        out.f32(w & 2 ? 1.0f : 0.0f);
        out.u8(0);
        out.u8(0);
        out.u16(0);
    }
    ChunkHeader(out, "FACE0000", 12, 12);
    for (int f = 0; f < 12; ++f) {
        // The file stores the reverse of the counter-clockwise order (specs 2.3).
        out.u16(static_cast<uint16_t>(kCubeTriangles[f][0]));
        out.u16(static_cast<uint16_t>(kCubeTriangles[f][2]));
        out.u16(static_cast<uint16_t>(kCubeTriangles[f][1]));
        out.u8(topUsesSlot1 && f >= 10 ? 1 : 0);
        out.u8(0);
        out.u32(1);
    }
    ChunkHeader(out, "MATT0000", 88, static_cast<int32_t>(materials.size()));
    for (const std::string &material : materials) {
        out.fixedString(material, 64);
        for (int k = 0; k < 6; ++k) {
            out.i32(0);
        }
    }
    ChunkHeader(out, "REFSKELT", 120, static_cast<int32_t>(bones.size()));
    for (const BoneSpec &bone : bones) {
        out.fixedString(bone.name, 64);
        out.u32(0);
        out.i32(0);
        out.i32(bone.parent);
        const float identity[4] = {0, 0, 0, 1};
        Floats(out, identity, 4);
        Floats(out, bone.position, 3);
        out.f32(1.0f);
        const float size[3] = {1, 1, 1};
        Floats(out, size, 3);
    }
    ChunkHeader(out, "RAWWEIGHTS", 12, weighted ? 8 : 0);
    if (weighted) {
        for (int p = 0; p < 8; ++p) {
            out.f32(1.0f);
            out.i32(p);
            out.i32(p & 4 ? 1 : 0);
        }
    }
    return out.data();
}

// ---- PNG (stored deflate blocks: no compressor needed) ---------------------------------------

uint32_t Crc32(const uint8_t *data, size_t size, uint32_t crc = 0) {
    crc = ~crc;
    for (size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k) {
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

void BigEndian32(std::vector<uint8_t> &out, uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) {
        out.push_back(static_cast<uint8_t>(value >> shift));
    }
}

void PngChunk(std::vector<uint8_t> &png, const char *type, const std::vector<uint8_t> &data) {
    BigEndian32(png, static_cast<uint32_t>(data.size()));
    std::vector<uint8_t> typed(type, type + 4);
    typed.insert(typed.end(), data.begin(), data.end());
    png.insert(png.end(), typed.begin(), typed.end());
    BigEndian32(png, Crc32(typed.data(), typed.size()));
}

std::vector<uint8_t> ZlibStored(const std::vector<uint8_t> &raw) {
    std::vector<uint8_t> out = {0x78, 0x01};
    size_t offset = 0;
    do {
        const size_t length = std::min<size_t>(raw.size() - offset, 65535);
        const bool last = offset + length == raw.size();
        out.push_back(last ? 1 : 0);
        out.push_back(static_cast<uint8_t>(length));
        out.push_back(static_cast<uint8_t>(length >> 8));
        out.push_back(static_cast<uint8_t>(~length));
        out.push_back(static_cast<uint8_t>(~length >> 8));
        out.insert(out.end(), raw.begin() + static_cast<long>(offset),
                   raw.begin() + static_cast<long>(offset + length));
        offset += length;
    } while (offset < raw.size());
    uint32_t a = 1;
    uint32_t b = 0;
    for (uint8_t byte : raw) {
        a = (a + byte) % 65521;
        b = (b + a) % 65521;
    }
    BigEndian32(out, (b << 16) | a);
    return out;
}

// ---- PSW --------------------------------------------------------------------------------------

void WriteActors(ByteWriter &out, const WorldSpec &world) {
    const bool v1 = world.version == Version::V1;
    const bool v3 = world.version == Version::V3;
    const char *id = v1 ? "WORLDACTORS" : (v3 ? "WORLDACTORS::3" : "WORLDACTORS::2");
    ChunkHeader(out, id, v1 ? 368 : (v3 ? 568 : 560), static_cast<int32_t>(world.actors.size()));
    for (const ActorSpec &actor : world.actors) {
        out.fixedString(actor.name, v1 ? 64 : 256);
        out.fixedString(actor.asset, 256);
        out.i32(actor.parent);
        Floats(out, actor.position, 3);
        Floats(out, actor.rotation, 4);
        Floats(out, actor.scale, 3);
        out.u32(actor.flags);
        if (v3) {
            out.i32(actor.materialStart);
            out.i32(actor.materialCount);
        }
    }
}

void WriteInstMaterials(ByteWriter &out, const WorldSpec &world) {
    const bool wide = world.version == Version::V2b;
    ChunkHeader(out, wide ? "INSTMATERIAL::2" : "INSTMATERIAL", wide ? 264 : 72,
                static_cast<int32_t>(world.instMaterials.size()));
    for (const InstMaterialSpec &material : world.instMaterials) {
        out.i32(material.actor);
        out.i32(material.slot);
        out.fixedString(material.name, wide ? 256 : 64);
    }
}

void WriteLights(ByteWriter &out, const WorldSpec &world) {
    ChunkHeader(out, "WORLDLIGHTS", 48, static_cast<int32_t>(world.lights.size()));
    for (const LightSpec &light : world.lights) {
        out.i32(light.parent);
        out.bytes(light.color, 4);
        out.i32(light.type);
        const float values[9] = {
            light.width,        light.height,      light.length,     light.attenuationRadius,
            light.sourceRadius, light.temperature, light.shadowBias, light.intensity,
            light.sourceAngle};
        Floats(out, values, 9);
    }
}

void WriteLandscape(ByteWriter &out, const WorldSpec &world) {
    ChunkHeader(out, "LANDSCAPE", 296, static_cast<int32_t>(world.tiles.size()));
    for (const TileSpec &tile : world.tiles) {
        out.fixedString(tile.texture, 256);
        out.i32(tile.actor);
        out.i32(tile.tileX);
        out.i32(tile.tileY);
        out.i32(tile.type);
        out.i32(tile.componentSize);
        out.i32(256 / (tile.componentSize + 1));
        out.f32(tile.offsetX);
        out.f32(tile.offsetY);
        out.i32(tile.dimX);
        out.i32(tile.dimY);
    }
}

std::array<float, 4> AxisAngle(float x, float y, float z, float degrees) {
    const float half = degrees * 3.14159265358979f / 360.0f;
    return {x * std::sin(half), y * std::sin(half), z * std::sin(half), std::cos(half)};
}

ActorSpec Actor(const std::string &name, const std::string &asset, int32_t parent,
                std::array<float, 3> position, std::array<float, 4> rotation = {0, 0, 0, 1},
                std::array<float, 3> scale = {1, 1, 1}, uint32_t flags = 0) {
    ActorSpec actor;
    actor.name = name;
    actor.asset = asset;
    actor.parent = parent;
    std::copy(position.begin(), position.end(), actor.position);
    std::copy(rotation.begin(), rotation.end(), actor.rotation);
    std::copy(scale.begin(), scale.end(), actor.scale);
    actor.flags = flags;
    return actor;
}

} // namespace

const char *VersionName(Version version) {
    switch (version) {
    case Version::V1:
        return "v1";
    case Version::V2:
        return "v2";
    case Version::V2b:
        return "v2b";
    case Version::V3:
        return "v3";
    }
    return "?";
}

std::vector<uint8_t> WriteWorld(const WorldSpec &world) {
    ByteWriter out;
    ChunkHeader(out, "WRLDHEAD", 0, 0);
    if (world.version == Version::V3) {
        ChunkHeader(out, "ACTORMATERIALS", 512, static_cast<int32_t>(world.actorMaterials.size()));
        for (const ActorMaterialSpec &material : world.actorMaterials) {
            out.fixedString(material.slotName, 256);
            out.fixedString(material.path, 256);
        }
        WriteActors(out, world);
        WriteLights(out, world);
    } else {
        WriteActors(out, world);
        if (world.version != Version::V1) {
            WriteLights(out, world);
        }
        WriteInstMaterials(out, world);
    }
    WriteLandscape(out, world);
    return out.data();
}

std::vector<uint8_t> WriteCratePsk() {
    return WriteCubePsk({kCrateMaterials[0], kCrateMaterials[1]}, true, {{"Root", 0, {0, 0, 0}}},
                        false);
}

std::vector<uint8_t> WriteGuardPsk() {
    return WriteCubePsk({"Cloth"}, false, {{"pelvis", 0, {0, 0, 0}}, {"head", 0, {0, 0, 1}}}, true);
}

std::vector<uint8_t> WriteBrokenPsk() {
    ByteWriter out;
    ChunkHeader(out, "ACTRHEAD", 0, 0, kUEViewerTypeFlag);
    ChunkHeader(out, "PNTS0000", 12, 8);
    const float point[3] = {1, 2, 3};
    Floats(out, point, 3);
    return out.data();
}

uint16_t DemoHeightSample(int gridX, int gridY) {
    return static_cast<uint16_t>(32768 + 1000 * gridX - 700 * gridY + 300 * gridX * gridY);
}

std::vector<uint8_t> WriteDemoHeightmapPng() {
    const int side = kHeightmapSide;
    std::vector<uint8_t> raw;
    for (int ty = 0; ty < side; ++ty) {
        raw.push_back(0); // filter: none
        for (int tx = 0; tx < side; ++tx) {
            // Texel -> grid vertex: each component keeps its own (quads + 1)-texel square.
            const int gridX =
                (tx / (kComponentQuads + 1)) * kComponentQuads + tx % (kComponentQuads + 1);
            const int gridY =
                (ty / (kComponentQuads + 1)) * kComponentQuads + ty % (kComponentQuads + 1);
            const uint16_t sample = DemoHeightSample(gridX, gridY);
            for (int channel = 0; channel < 4; ++channel) {
                raw.push_back(static_cast<uint8_t>(sample >> 8));
                raw.push_back(static_cast<uint8_t>(sample));
            }
        }
    }
    std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    std::vector<uint8_t> header;
    BigEndian32(header, static_cast<uint32_t>(side));
    BigEndian32(header, static_cast<uint32_t>(side));
    header.insert(header.end(),
                  {16, 6, 0, 0, 0}); // 16 bits, RGBA, deflate, no filter, no interlace
    PngChunk(png, "IHDR", header);
    PngChunk(png, "IDAT", ZlibStored(raw));
    PngChunk(png, "IEND", {});
    return png;
}

WorldSpec DemoWorld(Version version) {
    const bool hasSkeletonFlag = version != Version::V1;
    WorldSpec world;
    world.version = version;
    world.actors = {
        Actor("Group", "None", -1, {1000, 0, 0}, AxisAngle(0, 0, 1, 90), {2, 2, 2}),
        Actor("Crate_A", kCrateAsset, -1, {100, -200, 50}),
        Actor("Crate_B", kCrateAsset, 0, {10, 20, 0}, AxisAngle(1, 0, 0, 30), {1, 1, 0.5f}),
        Actor("Crate_Gold", kCrateAsset, -1, {-300, 0, 0}),
        Actor("Missing_Thing", "/Game/Props/SM_DoesNotExist.SM_DoesNotExist", -1, {0, 500, 0},
              {0, 0, 0, 1}, {1, 1, 1}, 1 | 2),
        Actor("Lamp", "None", -1, {0, 0, 300}),
        Actor("Guard", "/Game/Chars/SK_Guard.SK_Guard", -1, {200, 200, 0}, {0, 0, 0, 1}, {1, 1, 1},
              hasSkeletonFlag ? 8u : 0u),
        Actor("Landscape", "None", -1, {-500, -500, -100}, {0, 0, 0, 1}, {100, 100, 100}),
        Actor("Broken_Thing", "/Game/Props/SM_Broken.SM_Broken", -1, {0, -500, 0}),
    };
    if (version == Version::V3) {
        // Every mesh actor lists all its slots; only Crate_Gold's slot 1 differs from the mesh.
        const auto listCrate = [&](size_t actor, const std::string &metal) {
            world.actors[actor].materialStart = static_cast<int32_t>(world.actorMaterials.size());
            world.actors[actor].materialCount = 2;
            world.actorMaterials.push_back({"Wood", "/Game/Materials/Wood.Wood"});
            world.actorMaterials.push_back({"Metal", metal});
        };
        listCrate(1, "/Game/Materials/Metal.Metal");
        listCrate(2, "/Game/Materials/Metal.Metal");
        listCrate(3, std::string("/Game/Materials/") + kOverrideMaterial + "." + kOverrideMaterial);
        world.actors[6].materialStart = static_cast<int32_t>(world.actorMaterials.size());
        world.actors[6].materialCount = 1;
        world.actorMaterials.push_back({"Cloth", "/Game/Materials/Cloth.Cloth"});
    } else {
        world.instMaterials.push_back({3, 1, kOverrideMaterial});
    }
    if (version != Version::V1) {
        LightSpec light;
        light.parent = 5;
        light.color[0] = 255;
        light.color[1] = 200;
        light.color[2] = 100;
        light.type = 2;
        light.width = 8;
        light.height = 8;
        light.attenuationRadius = 1000;
        light.sourceRadius = 5;
        light.temperature = 6500;
        light.shadowBias = 0.5f;
        light.intensity = 8;
        light.sourceAngle = 2;
        world.lights.push_back(light);
    }
    for (int cy = 0; cy < 2; ++cy) {
        for (int cx = 0; cx < 2; ++cx) {
            TileSpec tile;
            tile.texture = kHeightmapTexture;
            tile.actor = 7;
            tile.tileX = cx * kComponentQuads;
            tile.tileY = cy * kComponentQuads;
            tile.componentSize = kComponentQuads;
            tile.offsetX = float(cx * (kComponentQuads + 1)) / kHeightmapSide;
            tile.offsetY = float(cy * (kComponentQuads + 1)) / kHeightmapSide;
            world.tiles.push_back(tile);
        }
    }
    TileSpec weightmap;
    weightmap.texture = "/Game/Maps/Demo.8";
    weightmap.actor = 7;
    weightmap.type = 1;
    world.tiles.push_back(weightmap);
    return world;
}

} // namespace pswgen

void AppendPswModels(std::vector<GeneratedModel> &models) {
    const std::string folder = "actorx/world_levels/";
    for (pswgen::Version version :
         {pswgen::Version::V1, pswgen::Version::V2, pswgen::Version::V2b, pswgen::Version::V3}) {
        models.push_back({folder + "level_" + pswgen::VersionName(version) + ".psw",
                          std::string("PSW ") + pswgen::VersionName(version) +
                              " demo level: 9 actors, shared and overridden crates, a missing "
                              "and a broken asset, a skinned guard, lights from v2, 2x2 terrain",
                          [version] { return pswgen::WriteWorld(pswgen::DemoWorld(version)); }});
    }
    models.push_back(
        {folder + pswgen::kCrateFile, "static cube, slots Wood and Metal", pswgen::WriteCratePsk});
    models.push_back({folder + pswgen::kGuardFile, "skinned cube, bones pelvis and head",
                      pswgen::WriteGuardPsk});
    models.push_back(
        {folder + pswgen::kBrokenFile, "PSK cut inside PNTS0000", pswgen::WriteBrokenPsk, true});
    models.push_back({folder + pswgen::kHeightmapFile,
                      "16-bit RGBA heightmap of the 2x2 demo landscape",
                      pswgen::WriteDemoHeightmapPng});
}

} // namespace agf::testgen
