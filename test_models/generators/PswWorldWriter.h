/** @file PswWorldWriter.h
 *  Writes ActorX worlds (.psw) of every layout generation, the small PSK meshes they reference
 *  and a heightmap PNG, with content the tests know exactly (specs/actorx.md, sections 2, 7).
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::pswgen {

enum class Version { V1, V2, V2b, V3 };

struct ActorSpec {
    std::string name;
    std::string asset = "None";
    int32_t parent = -1;
    float position[3] = {0, 0, 0};
    float rotation[4] = {0, 0, 0, 1}; ///< x, y, z, w as stored
    float scale[3] = {1, 1, 1};
    uint32_t flags = 0;
    int32_t materialStart = 0; ///< v3
    int32_t materialCount = 0; ///< v3
};

struct InstMaterialSpec {
    int32_t actor = 0;
    int32_t slot = 0;
    std::string name;
};

struct ActorMaterialSpec {
    std::string slotName;
    std::string path;
};

struct LightSpec {
    int32_t parent = -1;
    uint8_t color[4] = {255, 255, 255, 255};
    int32_t type = 1;
    float width = 0, height = 0, length = 0, attenuationRadius = 0, sourceRadius = 0,
          temperature = 0, shadowBias = 0, intensity = 0, sourceAngle = 0;
};

struct TileSpec {
    std::string texture;
    int32_t actor = 0;
    int32_t tileX = 0, tileY = 0, type = 0, componentSize = 4;
    float offsetX = 0, offsetY = 0;
    int32_t dimX = 2, dimY = 2;
};

struct WorldSpec {
    Version version = Version::V3;
    std::vector<ActorSpec> actors;
    std::vector<InstMaterialSpec> instMaterials;   ///< v1, v2, v2b
    std::vector<ActorMaterialSpec> actorMaterials; ///< v3
    std::vector<LightSpec> lights;                 ///< v2, v2b, v3
    std::vector<TileSpec> tiles;
};

/** The world file: WRLDHEAD, then the chunks of that version in the fork's order. */
std::vector<uint8_t> WriteWorld(const WorldSpec &world);

/** A static crate: a unit cube of side 2 centred at the origin (8 points, 8 wedges,
 *  12 triangles); slot 0 "Wood" (sides and bottom, 10 triangles), slot 1 "Metal" (top, 2);
 *  one bone and no weights, as the Blender exporter writes static meshes. */
std::vector<uint8_t> WriteCratePsk();
constexpr const char *kCrateMaterials[2] = {"Wood", "Metal"};

/** A skinned guard: the same cube with bones "pelvis" (root) and "head" (child, at z = 1);
 *  the 4 bottom points weigh on pelvis and the 4 top points on head; one material "Cloth". */
std::vector<uint8_t> WriteGuardPsk();

/** A file that starts as a PSK but whose point chunk is cut short. */
std::vector<uint8_t> WriteBrokenPsk();

/** The demo landscape: a 2 x 2 grid of components of kComponentQuads quads, stored like
 *  Unreal stores them: one shared heightmap, each component in its own
 *  (kComponentQuads + 1)-texel square (edge texels repeated), as a 16-bit RGBA PNG whose four
 *  channels hold the same value. */
constexpr int kComponentQuads = 4;
constexpr int kHeightmapSide = 2 * (kComponentQuads + 1);
/** The 16-bit sample of landscape grid vertex (x, y), x and y in 0 .. 2 * kComponentQuads. */
uint16_t DemoHeightSample(int gridX, int gridY);
std::vector<uint8_t> WriteDemoHeightmapPng();

/** The demo level, identical content in every version (what a version cannot store, such as
 *  lights in v1, is left out). Actor indices, see the .cpp for values:
 *  0 Group (no asset), 1 Crate_A, 2 Crate_B (child of Group), 3 Crate_Gold (slot 1 overridden
 *  by "M_Gold"), 4 Missing_Thing (missing asset, hidden + no shadow), 5 Lamp (light parent),
 *  6 Guard (skinned asset), 7 Landscape, 8 Broken_Thing (broken asset). */
WorldSpec DemoWorld(Version version);
constexpr const char *kCrateAsset = "/Game/Props/SM_Crate.SM_Crate";
constexpr const char *kCrateFile = "Game/Props/SM_Crate.pskx";
constexpr const char *kGuardFile = "Game/Chars/SK_Guard.psk";
constexpr const char *kBrokenFile = "Game/Props/SM_Broken.pskx";
constexpr const char *kHeightmapTexture = "/Game/Maps/Demo.7_HEIGHT";
constexpr const char *kHeightmapFile = "Game/Maps/Demo.7_HEIGHT.png";
constexpr const char *kOverrideMaterial = "M_Gold";

/** "v1", "v2", "v2b", "v3". */
const char *VersionName(Version version);

} // namespace agf::testgen::pswgen
