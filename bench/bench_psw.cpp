// Importing a large level: 10,000 actors over 50 distinct PSK assets (the target is
// "under a few seconds"), with Assimp's validation as in every import. The files are written
// once with the test-model generator into a scratch folder of the build tree.
#include "PswWorldWriter.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>

namespace {

namespace gen = agf::testgen::pswgen;

void Write(const std::filesystem::path &path, const std::vector<uint8_t> &bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
}

// Actors in a 100 x 100 grid, every 7th one below the previous actor, every 10th with a
// material override, a light on every 100th.
std::filesystem::path WriteLevel(int actors, int assets) {
    const std::filesystem::path dir = std::filesystem::current_path() / "agf_bench_psw";
    std::filesystem::remove_all(dir);
    for (int a = 0; a < assets; ++a) {
        Write(dir / "Game" / "Props" / ("SM_Prop" + std::to_string(a) + ".pskx"),
              gen::WriteCratePsk());
    }
    gen::WorldSpec world;
    world.version = gen::Version::V2b;
    for (int i = 0; i < actors; ++i) {
        gen::ActorSpec actor;
        actor.name = "Actor_" + std::to_string(i);
        actor.asset = "/Game/Props/SM_Prop" + std::to_string(i % assets) + ".SM_Prop" +
                      std::to_string(i % assets);
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
    Write(dir / "level.psw", gen::WriteWorld(world));
    return dir / "level.psw";
}

void BM_PswImport10kActors50Assets(benchmark::State &state) {
    const std::filesystem::path level = WriteLevel(10000, 50);
    for (auto _ : state) {
        Assimp::Importer importer;
        agf::RegisterImporters(importer);
        const aiScene *scene = importer.ReadFile(level.string(), aiProcess_ValidateDataStructure);
        if (scene == nullptr) {
            state.SkipWithError(importer.GetErrorString());
            break;
        }
        benchmark::DoNotOptimize(scene->mNumMeshes);
        state.counters["meshes"] = scene->mNumMeshes;
        state.counters["lights"] = scene->mNumLights;
    }
}
BENCHMARK(BM_PswImport10kActors50Assets)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
