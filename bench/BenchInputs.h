/** @file BenchInputs.h
 *  The large benchmark inputs, written with the test-model generators' writers at benchmark
 *  sizes into a scratch folder (never committed).
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::bench {

/** One benchmark input: a file of ours and, when Assimp can hold the same content in glTF, the
 *  name of its binary glTF twin (written later by WriteGlbTwins). */
struct BenchInput {
    std::string label;      ///< row label in the result table, e.g. "PSK 1M points"
    std::string fileName;   ///< inside the scratch folder
    std::string twinName;   ///< "<fileName>.glb", or empty when no twin is made
    uint64_t sizeUnits = 0; ///< points, keys, vertices or actors, for the per-unit columns
    std::string unitName;   ///< "point", "key", "vertex", "actor"
    bool ladder = false;    ///< part of the PSK ladder (linear growth check)
};

/** Every input, in table order. Fast: nothing is written. */
std::vector<BenchInput> BenchInputs();

/** Writes every input into `folder` (created if needed); prints one line per file. */
void WriteBenchInputs(const std::string &folder);

/** The skeletal PSK of the ladder: a `side` x `side` grid of points on a wavy surface, one wedge
 *  per point, two triangles per grid cell in two materials, all in smoothing group 1, 100 bones
 *  (a binary tree), 4 weights per point, EXTRAUVS0, and VTXNORMS when `withNormals`. */
std::vector<uint8_t> MakeLadderPsk(unsigned side, bool withNormals);

} // namespace agf::bench
