/** @file AssimpVersion.cpp
 *  The one table of which Assimp versions need which repair. The bounds come from running each
 *  repair's test (test/utAssimpRepairs.cpp) on Debian's 5.2.5 (reports 5.2.4), 5.4.3 and
 *  6.0.5 (docs/assimp-versions.md); where a behaviour changed between two of those, the bound
 *  is the upstream release of the change when known, else the first version measured
 *  without the behaviour.
 */
#include "Common/AssimpVersion.h"

#include <assimp/version.h>

#include <tuple>

namespace agf {

namespace {

constexpr AssimpVersion kEveryLaterVersion{0, 0, 0};

bool Within(const AssimpVersion &version, const AssimpRepairInfo &info) {
    const bool bounded = info.until.major != 0 || info.until.minor != 0 || info.until.patch != 0;
    return !(version < info.since) && (!bounded || version < info.until);
}

} // namespace

std::string AssimpVersion::text() const {
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

bool operator<(const AssimpVersion &a, const AssimpVersion &b) {
    return std::tie(a.major, a.minor, a.patch) < std::tie(b.major, b.minor, b.patch);
}

AssimpVersion LoadedAssimpVersion() {
    // aiGetVersionRevision is the commit hash; the patch level is aiGetVersionPatch.
    return AssimpVersion{aiGetVersionMajor(), aiGetVersionMinor(), aiGetVersionPatch()};
}

const std::vector<AssimpRepairInfo> &AssimpRepairs() {
    using R = AssimpRepair;
    static const std::vector<AssimpRepairInfo> repairs = {
        // Fixed upstream in 5.3.0 (the writer's null records).
        {R::FbxNullRecords, "fbx-null-records", {5, 2, 0}, {5, 3, 0}},
        {R::FbxShapeGeometryNames, "fbx-shape-geometry-names", {5, 2, 0}, {5, 4, 3}},
        {R::FbxFullWeights, "fbx-full-weights", {5, 2, 0}, kEveryLaterVersion},
        {R::FbxAnimationTiming, "fbx-animation-timing", {5, 2, 0}, {6, 0, 5}},
        // Measured on 5.4.3; 5.2.5 writes the key times as seconds, 6.0.5 converts them.
        {R::FbxWholeSecondKeyTimes, "fbx-whole-second-key-times", {5, 4, 0}, {6, 0, 5}},
        {R::ColladaAnimationTiming, "collada-animation-timing", {5, 2, 0}, kEveryLaterVersion},
        {R::MorphTargetNormals, "fbx-morph-target-normals", {5, 2, 0}, {6, 0, 5}},
        {R::FbxMorphAnimation, "fbx-morph-animation", {5, 2, 0}, kEveryLaterVersion},
        {R::FbxMetadata, "fbx-metadata", {5, 2, 0}, kEveryLaterVersion},
        // 5.4.3 is the last 5.x release; 6.0 merges the meshes of a node.
        {R::FbxOneGeometryPerNode, "fbx-one-geometry-per-node", {6, 0, 0}, kEveryLaterVersion},
        {R::ColladaUnevenKeys, "collada-uneven-keys", {5, 2, 0}, kEveryLaterVersion},
        {R::GltfMorphWeights, "gltf-morph-weights", {5, 2, 0}, kEveryLaterVersion},
        {R::GltfLights, "gltf-lights", {5, 2, 0}, kEveryLaterVersion},
        {R::GltfExtras, "gltf-extras", {5, 2, 0}, kEveryLaterVersion},
        // 5.4.3 keeps one value map per UV set; 6.0 shares one between the sets of a mesh.
        {R::FbxUvSetIndices, "fbx-uv-set-indices", {6, 0, 0}, kEveryLaterVersion},
        // Measured on 5.4.3 and 6.0.5; 5.3 not measured.
        {R::FbxReaderTurnsRoot, "fbx-reader-turns-root", {5, 4, 0}, kEveryLaterVersion},
        // Read in the sources: 5.2.5 opens the file, 6.0.5 checks stat's result.
        {R::DefaultIoExists, "default-io-exists", {5, 4, 0}, {6, 0, 0}},
        {R::NestedMetadataCopy, "nested-metadata-copy", {5, 2, 0}, {5, 4, 3}},
    };
    return repairs;
}

bool AssimpNeeds(AssimpRepair repair, const AssimpVersion &version) {
    for (const AssimpRepairInfo &info : AssimpRepairs()) {
        if (info.repair == repair) {
            return Within(version, info);
        }
    }
    return false;
}

bool AssimpNeeds(AssimpRepair repair) {
    static const AssimpVersion loaded = LoadedAssimpVersion();
    return AssimpNeeds(repair, loaded);
}

} // namespace agf
