/** @file SceneReport.h
 *  What `assimp info` prints about a scene: the stock tool's counts, mesh and material lists and
 *  node tree, plus each animation's timing and the scene metadata.
 */
#pragma once

#include <cstdio>

struct aiScene;

namespace agf::cli {

struct ReportStyle {
    bool verbose = false; ///< node transforms and node metadata in the tree
    bool silent = false;  ///< the counts only
};

/** The counts the report prints as "Meshes", "Bones" (bones summed over meshes) and
 *  "Animations"; `assimp view` shows the same numbers. */
struct ReportCounts {
    unsigned int meshes = 0;
    unsigned int bones = 0;
    unsigned int animations = 0;
};

ReportCounts CountForReport(const aiScene &scene);

/** Prints the report for `scene` to `out`. `memoryBytes` is the Importer's estimate. */
void PrintSceneReport(std::FILE *out, const aiScene &scene, unsigned int memoryBytes,
                      const ReportStyle &style);

} // namespace agf::cli
