/** @file bench_psa.cpp
 *  Import throughput of a large PSA (100 bones x 10,000 frames, about 48 MB) next to a plain
 *  read of the same file (read it whole, then one pass over its 32-bit words), so that the
 *  importer's cost can be told apart from the disk's.
 */
#include "PsaModels.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr unsigned kBones = 100;
constexpr unsigned kFrames = 10000;

// Writes the file once per run, in the system's temporary folder.
const std::string &LargePsaPath() {
    static const std::string path = [] {
        const std::filesystem::path file =
            std::filesystem::temp_directory_path() / "agf_bench_psa_100x10000.psa";
        const std::vector<uint8_t> bytes = agf::testgen::psa::MakeLargePsa(kBones, kFrames);
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char *>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
        if (!out) {
            throw std::runtime_error("cannot write " + file.string());
        }
        return file.string();
    }();
    return path;
}

int64_t FileSize() {
    return static_cast<int64_t>(std::filesystem::file_size(LargePsaPath()));
}

void BM_PlainReadOnePass(benchmark::State &state) {
    const std::string &path = LargePsaPath();
    for (auto _ : state) {
        std::ifstream in(path, std::ios::binary);
        std::vector<char> bytes(static_cast<size_t>(FileSize()));
        in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        uint32_t sum = 0;
        for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
            uint32_t word;
            std::memcpy(&word, bytes.data() + i, 4);
            sum += word;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(state.iterations() * FileSize());
}

void ImportWith(benchmark::State &state, unsigned flags) {
    const std::string &path = LargePsaPath();
    for (auto _ : state) {
        Assimp::Importer importer;
        agf::RegisterImporters(importer);
        const aiScene *scene = importer.ReadFile(path, flags);
        if (scene == nullptr || scene->mNumAnimations != 1 ||
            scene->mAnimations[0]->mNumChannels != kBones) {
            state.SkipWithError(importer.GetErrorString());
            break;
        }
        benchmark::DoNotOptimize(scene);
    }
    state.SetBytesProcessed(state.iterations() * FileSize());
}

void BM_ImportPsa(benchmark::State &state) {
    ImportWith(state, 0);
}

void BM_ImportPsaValidated(benchmark::State &state) {
    ImportWith(state, aiProcess_ValidateDataStructure);
}

} // namespace

BENCHMARK(BM_PlainReadOnePass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportPsa)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportPsaValidated)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
