/** @file BenchInputs.cpp
 *  Writes the large benchmark inputs with the test-model writers (PSK, PSA/PSAX, P3D, PSW).
 */
#include "BenchInputs.h"

#include "OdolV4xWriter.h"
#include "P3dWriters.h"
#include "PsaModels.h"
#include "PskModels.h"
#include "PswWorldWriter.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace agf::bench {

namespace {

namespace fs = std::filesystem;

constexpr unsigned kPskBones = 100;
constexpr unsigned kPsaBones = 100;
constexpr unsigned kPsaFrames = 10000;
/** ODOL v40 faces index vertices with 16 bits, so the 200k vertices are spread over 4 LODs
 *  (the v73 twin keeps the same grid, though it has 32-bit indices). */
constexpr unsigned kOdolLods = 4;
constexpr unsigned kOdolSideX = 250;
constexpr unsigned kOdolSideY = 200;
constexpr unsigned kMlodLods = 10;
constexpr unsigned kMlodSide = 100;
constexpr int kPswActors = 10000;
constexpr int kPswAssets = 50;

void WriteFile(const fs::path &path, const std::vector<uint8_t> &bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out) {
        throw std::runtime_error("cannot write " + path.string());
    }
    std::printf("wrote %-40s %12zu bytes\n", path.filename().string().c_str(), bytes.size());
}

// A gently rolling surface, so that normals and bounds are not degenerate.
float Height(float x, float y) {
    return 20.0f * std::sin(x * 0.05f) * std::cos(y * 0.07f);
}

agf::testgen::p3d::OdolModel MakeOdolGrid() {
    using namespace agf::testgen::p3d;
    OdolModel model;
    for (unsigned l = 0; l < kOdolLods; ++l) {
        OdolLod lod;
        lod.resolution = float(l);
        lod.twoUvSets = true;
        for (unsigned y = 0; y < kOdolSideY; ++y) {
            for (unsigned x = 0; x < kOdolSideX; ++x) {
                OdolVertex vertex;
                const float fx = float(x) * 0.1f;
                const float fy = float(y) * 0.1f;
                vertex.position = {fx, Height(fx * 10, fy * 10) * 0.01f, fy};
                vertex.normal = {0, 1, 0};
                vertex.uv = {float(x) / kOdolSideX, float(y) / kOdolSideY};
                vertex.uv1 = {vertex.uv[0] * 2, vertex.uv[1] * 2};
                vertex.point = static_cast<uint16_t>(y * kOdolSideX + x);
                lod.vertices.push_back(vertex);
            }
        }
        for (unsigned y = 0; y + 1 < kOdolSideY; ++y) {
            for (unsigned x = 0; x + 1 < kOdolSideX; ++x) {
                const auto at = [](unsigned cx, unsigned cy) {
                    return static_cast<uint16_t>(cy * kOdolSideX + cx);
                };
                lod.faces.push_back({at(x, y), at(x + 1, y), at(x + 1, y + 1)});
                lod.faces.push_back({at(x, y), at(x + 1, y + 1), at(x, y + 1)});
            }
        }
        lod.textures = {"bench\\ground_co.paa"};
        lod.sections = {{0, static_cast<uint32_t>(lod.faces.size()), 0, -1, 0}};
        model.lods.push_back(std::move(lod));
    }
    return model;
}

std::vector<uint8_t> MakeOdol() {
    return agf::testgen::p3d::WriteOdolV40(MakeOdolGrid());
}

// The same grid as Arma 3 writes it: ODOL v73, every array LZO-compressed (flag 2).
std::vector<uint8_t> MakeOdolV73() {
    using agf::testgen::p3d::OdolV4xOptions;
    return agf::testgen::p3d::WriteOdolV4x(MakeOdolGrid(),
                                           {73, OdolV4xOptions::Packing::AllLzo, {0, 0, 0}});
}

std::vector<uint8_t> MakeMlod() {
    using namespace agf::testgen::p3d;
    std::vector<MlodLod> lods;
    for (unsigned l = 0; l < kMlodLods; ++l) {
        MlodLod lod;
        lod.resolution = float(l);
        for (unsigned y = 0; y < kMlodSide; ++y) {
            for (unsigned x = 0; x < kMlodSide; ++x) {
                const float fx = float(x) * 0.1f;
                const float fy = float(y) * 0.1f;
                lod.points.push_back({fx, Height(fx * 10, fy * 10) * 0.01f, fy});
            }
        }
        lod.normals.push_back({0, -1, 0});
        for (unsigned y = 0; y + 1 < kMlodSide; ++y) {
            for (unsigned x = 0; x + 1 < kMlodSide; ++x) {
                MlodFace face;
                const unsigned corners[4][2] = {{x, y}, {x, y + 1}, {x + 1, y + 1}, {x + 1, y}};
                for (const auto &corner : corners) {
                    face.points.push_back(corner[1] * kMlodSide + corner[0]);
                    face.normals.push_back(0);
                    face.uvs.push_back(
                        {float(corner[0]) / kMlodSide, float(corner[1]) / kMlodSide});
                }
                face.texture = (x + y) % 2 == 0 ? "bench\\a_co.paa" : "bench\\b_co.paa";
                lod.faces.push_back(std::move(face));
            }
        }
        lods.push_back(std::move(lod));
    }
    return WriteMlod(lods);
}

// Actors in a 100 x 100 grid over 50 crate assets, every 7th one below the previous actor,
// every 10th with a material override, a light on every 100th.
void WriteLevel(const fs::path &folder) {
    namespace gen = agf::testgen::pswgen;
    for (int a = 0; a < kPswAssets; ++a) {
        WriteFile(folder / "Game" / "Props" / ("SM_Prop" + std::to_string(a) + ".pskx"),
                  gen::WriteCratePsk());
    }
    gen::WorldSpec world;
    world.version = gen::Version::V2b;
    for (int i = 0; i < kPswActors; ++i) {
        gen::ActorSpec actor;
        actor.name = "Actor_" + std::to_string(i);
        const std::string asset = "SM_Prop" + std::to_string(i % kPswAssets);
        actor.asset = "/Game/Props/" + asset + "." + asset;
        actor.parent = i % 7 == 6 ? i - 1 : -1;
        actor.position[0] = float(i % 100) * 300.0f;
        actor.position[1] = float(i / 100) * -300.0f;
        world.actors.push_back(actor);
        if (i % 10 == 0) {
            world.instMaterials.push_back({i, 1, "M_Override" + std::to_string(i % 30)});
        }
        if (i % 100 == 0) {
            gen::LightSpec light;
            light.parent = i;
            light.intensity = 5;
            light.attenuationRadius = 500;
            world.lights.push_back(light);
        }
    }
    WriteFile(folder / "level_10k_actors.psw", gen::WriteWorld(world));
}

} // namespace

std::vector<uint8_t> MakeLadderPsk(unsigned side, bool withNormals) {
    using Content = agf::testgen::psk::PskContent;
    Content content;
    content.headTypeFlag = withNormals ? 20210917 : 20100422;
    const size_t points = size_t(side) * side;
    content.points.reserve(points);
    content.wedges.reserve(points);
    for (unsigned y = 0; y < side; ++y) {
        for (unsigned x = 0; x < side; ++x) {
            const float fx = float(x);
            const float fy = float(y);
            content.points.push_back({fx, fy, Height(fx, fy)});
            content.wedges.push_back({uint32_t(y * side + x), fx / float(side), fy / float(side),
                                      uint8_t(y < side / 2 ? 0 : 1)});
        }
    }
    content.faces32 = points > 65536;
    content.faces.reserve(2 * size_t(side - 1) * (side - 1));
    for (unsigned y = 0; y + 1 < side; ++y) {
        const uint8_t material = y < side / 2 ? 0 : 1;
        for (unsigned x = 0; x + 1 < side; ++x) {
            const uint32_t a = y * side + x;
            const uint32_t b = a + 1;
            const uint32_t c = a + side + 1;
            const uint32_t d = a + side;
            // Clockwise seen from +Z, as the writers store triangles.
            content.faces.push_back({{a, c, b}, material, 1});
            content.faces.push_back({{a, d, c}, material, 1});
        }
    }
    content.materials = {{"Skin", 0}, {"Cloth", 0}};
    for (unsigned b = 0; b < kPskBones; ++b) {
        // A binary tree, each bone a little above and beside its parent.
        const int32_t parent = b == 0 ? 0 : int32_t((b - 1) / 2);
        const float angle = 0.05f * float(b);
        content.bones.push_back({"Bone" + std::to_string(b),
                                 parent,
                                 {0.0f, 0.0f, std::sin(angle), std::cos(angle)},
                                 {b == 0 ? 0.0f : 2.0f, 0.0f, b == 0 ? 0.0f : 1.0f}});
    }
    content.weights.reserve(points * 4);
    const float weights[4] = {0.4f, 0.3f, 0.2f, 0.1f};
    for (unsigned y = 0; y < side; ++y) {
        for (unsigned x = 0; x < side; ++x) {
            const int32_t point = int32_t(y * side + x);
            const unsigned first = (x * 10 / side) * 10 + (y * 10 / side);
            for (unsigned k = 0; k < 4; ++k) {
                content.weights.push_back({weights[k], point, int32_t((first + k) % kPskBones)});
            }
        }
    }
    Content::UvSet extra{"EXTRAUVS0", {}};
    extra.uvs.reserve(points);
    for (const auto &wedge : content.wedges) {
        extra.uvs.push_back({wedge.u * 4.0f, wedge.v * 4.0f});
    }
    content.extraUvs.push_back(std::move(extra));
    if (withNormals) {
        content.normals.reserve(points);
        for (const auto &p : content.points) {
            // Normal of z = Height(x, y): (-dz/dx, -dz/dy, 1), normalised.
            const float dx = 1.0f * std::cos(p[0] * 0.05f) * std::cos(p[1] * 0.07f);
            const float dy = -1.4f * std::sin(p[0] * 0.05f) * std::sin(p[1] * 0.07f);
            const float length = std::sqrt(dx * dx + dy * dy + 1.0f);
            content.normals.push_back({-dx / length, -dy / length, 1.0f / length});
        }
    }
    return agf::testgen::psk::WritePsk(content);
}

std::vector<BenchInput> BenchInputs() {
    std::vector<BenchInput> inputs = {
        {"PSK 10k points", "ladder_10k.psk", "", 100 * 100, "point", true},
        {"PSK 100k points", "ladder_100k.psk", "", 316 * 316, "point", true},
        {"PSK 1M points", "ladder_1m.psk", "", 1000 * 1000, "point", true},
        {"PSK 1M points + VTXNORMS", "ladder_1m_normals.psk", "", 1000 * 1000, "point", false},
        {"PSA 100 bones x 10k frames", "anim_100x10k.psa", "", uint64_t(kPsaBones) * kPsaFrames,
         "key", false},
        {"PSAX 100 bones x 10k frames, sparse", "anim_100x10k.psax", "",
         uint64_t(kPsaBones) * kPsaFrames, "frame", false},
        {"ODOL v40, 4 LODs, 200k vertices, LZSS", "odol_200k.p3d", "",
         uint64_t(kOdolLods) * kOdolSideX * kOdolSideY, "vertex", false},
        {"ODOL v73, 4 LODs, 200k vertices, LZO", "odol73_200k.p3d", "",
         uint64_t(kOdolLods) * kOdolSideX * kOdolSideY, "vertex", false},
        {"MLOD, 10 LODs, 100k points", "mlod_10lods.p3d", "",
         uint64_t(kMlodLods) * kMlodSide * kMlodSide, "point", false},
        {"PSW, 10k actors over 50 PSKs", "level_10k_actors.psw", "", kPswActors, "actor", false},
    };
    for (BenchInput &input : inputs) {
        input.twinName = input.fileName + ".glb";
    }
    return inputs;
}

void WriteBenchInputs(const std::string &folderName) {
    const fs::path folder(folderName);
    fs::create_directories(folder);
    WriteFile(folder / "ladder_10k.psk", MakeLadderPsk(100, false));
    WriteFile(folder / "ladder_100k.psk", MakeLadderPsk(316, false));
    WriteFile(folder / "ladder_1m.psk", MakeLadderPsk(1000, false));
    WriteFile(folder / "ladder_1m_normals.psk", MakeLadderPsk(1000, true));
    WriteFile(folder / "anim_100x10k.psa", agf::testgen::psa::MakeLargePsa(kPsaBones, kPsaFrames));
    WriteFile(folder / "anim_100x10k.psax",
              agf::testgen::psa::MakeLargePsax(kPsaBones, kPsaFrames));
    WriteFile(folder / "odol_200k.p3d", MakeOdol());
    WriteFile(folder / "odol73_200k.p3d", MakeOdolV73());
    WriteFile(folder / "mlod_10lods.p3d", MakeMlod());
    WriteLevel(folder);
}

} // namespace agf::bench
