/** @file GlbTwins.h
 *  Binary glTF twins of the benchmark inputs: the same content in a format Assimp reads itself,
 *  so that our import can be compared with Assimp's glTF2 importer on equal content.
 */
#pragma once

#include <cstdint>
#include <string>

struct aiScene;

namespace agf::bench {

/** What a scene holds, to show that a twin carries the same content. */
struct SceneCounts {
    uint64_t meshes = 0, vertices = 0, faces = 0, bones = 0, weights = 0;
    uint64_t uvSets = 0, animations = 0, channels = 0, keys = 0, nodes = 0;
};

SceneCounts CountScene(const aiScene *scene);

/** "meshes 2, vertices 1000000, ..." */
std::string Describe(const SceneCounts &counts);

/** Imports `input` with our importers (no post-processing), exports it with Assimp's "glb2"
 *  exporter to `twin`, re-imports the twin with Assimp's glTF2 importer and prints the counts of
 *  both. Returns false (with the reason printed) when any step fails. */
bool WriteGlbTwin(const std::string &input, const std::string &twin);

} // namespace agf::bench
