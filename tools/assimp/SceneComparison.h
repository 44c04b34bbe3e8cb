/** @file SceneComparison.h
 *  Comparing two imported scenes value by value, for `assimp cmpdump`: every count, name,
 *  transform, vertex attribute, face, bone weight, material property, key, light, camera,
 *  texture and metadata entry, in order. Floating-point values may differ by a tolerance.
 */
#pragma once

#include <cstddef>
#include <string>

struct aiScene;

namespace agf::cli {

struct SceneDifference {
    bool equal = true;
    /** Where the first difference is, e.g. "aiScene.mMeshes[2].mVertices[17].y". */
    std::string path;
    /** "expected 1.5, but actual is 1.75 (delta 0.25)". */
    std::string detail;
    /** How many values were compared (up to the first difference). */
    size_t valuesCompared = 0;
};

/** Compares `actual` with `expected`; floats and doubles are equal when they differ by at most
 *  `tolerance` (absolute). Stops at the first difference. */
SceneDifference CompareScenes(const aiScene &actual, const aiScene &expected, double tolerance);

} // namespace agf::cli
