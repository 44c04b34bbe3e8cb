// Decoding speed of the two decompressors of P3D ODOL arrays, in MB/s of output: BI's LZSS
// (before v44) and LZO1X (v44 on; issue 14 asks for at least 500 MB/s). The input is mesh-like
// data (float positions on a grid, repeated normals and small indices) compressed by the
// test-model generators' writers, so the mix of literals and matches resembles a real ODOL
// array rather than a best or worst case.
#include "Common/Lzo.h"
#include "Common/Lzss.h"
#include "LzoWriter.h"
#include "P3dWriters.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

std::vector<uint8_t> MeshLikeData(size_t vertexCount) {
    std::vector<uint8_t> data;
    data.reserve(vertexCount * 28);
    auto put = [&data](const void *value, size_t size) {
        const auto *bytes = static_cast<const uint8_t *>(value);
        data.insert(data.end(), bytes, bytes + size);
    };
    for (size_t v = 0; v < vertexCount; ++v) {
        const float position[3] = {float(v % 256) * 0.25f, float(v / 256 % 256) * 0.25f,
                                   float(v % 7) * 0.01f};
        const float normal[3] = {0.0f, 1.0f, 0.0f};
        const uint32_t index = static_cast<uint32_t>(v / 3);
        put(position, sizeof position);
        put(normal, sizeof normal);
        put(&index, sizeof index);
    }
    return data;
}

// Decodes `compressed` with `decode(compressed, output)` once per iteration; the result must be
// the original, or the numbers would measure a broken decoder.
template <typename Decode>
void DecodeMeshData(benchmark::State &state, const std::vector<uint8_t> &original,
                    const std::vector<uint8_t> &compressed, Decode decode) {
    std::vector<uint8_t> output(original.size());
    for (auto _ : state) {
        decode(compressed, output);
        benchmark::DoNotOptimize(output.data());
    }
    if (output != original) {
        state.SkipWithError("decoded data differs from the original");
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * original.size()));
    state.counters["ratio"] = double(original.size()) / double(compressed.size());
}

void LzssDecodeMeshData(benchmark::State &state) {
    const std::vector<uint8_t> original = MeshLikeData(static_cast<size_t>(state.range(0)));
    DecodeMeshData(
        state, original, agf::testgen::p3d::LzssCompress(original),
        [&original](const std::vector<uint8_t> &compressed, std::vector<uint8_t> &output) {
            agf::BinaryReader reader(compressed.data(), compressed.size(), "bench.lzss");
            agf::LzssDecode(reader, original.size(), output);
        });
}
BENCHMARK(LzssDecodeMeshData)->Arg(1 << 16)->Arg(1 << 19)->Unit(benchmark::kMillisecond);

void LzoDecodeMeshData(benchmark::State &state) {
    const std::vector<uint8_t> original = MeshLikeData(static_cast<size_t>(state.range(0)));
    DecodeMeshData(state, original, agf::testgen::LzoCompress(original),
                   [](const std::vector<uint8_t> &compressed, std::vector<uint8_t> &output) {
                       const agf::LzoResult result = agf::LzoDecompress(
                           compressed.data(), compressed.size(), output.data(), output.size());
                       benchmark::DoNotOptimize(result);
                   });
}
BENCHMARK(LzoDecodeMeshData)->Arg(1 << 16)->Arg(1 << 19)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
