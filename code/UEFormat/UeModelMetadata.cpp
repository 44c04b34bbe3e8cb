/** @file UeModelMetadata.cpp
 *  The scene metadata of a .uemodel: the header's names, the units, the counts, and the convex
 *  hulls, which have no place in an aiScene of their own.
 */
#include "UeModelConversion.h"

#include "Common/UnrealUnits.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/commonMetaData.h>
#include <assimp/scene.h>

namespace agf::ueformat {

namespace {

/** The most hull points and triangles written as metadata entries, all hulls together. Each
 *  entry costs about a kilobyte (Assimp's aiString key), so a hull of a million points would
 *  cost a gigabyte; real convex hulls have a few hundred. */
constexpr size_t kMaxCollisionEntries = 1024;

} // namespace

void ModelConversion::addCollisionMetadata(MetadataBuilder &metadata) {
    const std::vector<ConvexCollision> &hulls = mModel.collisions;
    if (hulls.empty()) {
        return;
    }
    metadata.add(AGF_META_UEFORMAT_COLLISIONS, uint64_t(hulls.size()));
    size_t entries = 0;
    size_t leftOut = 0;
    for (size_t h = 0; h < hulls.size(); ++h) {
        const ConvexCollision &hull = hulls[h];
        const std::string prefix = AGF_META_UEFORMAT_COLLISIONS + MetadataName(std::to_string(h));
        const size_t triangles = hull.indices.size() / 3;
        metadata.add(prefix + AGF_META_UEFORMAT_HULL_NAME, hull.name)
            .add(prefix + AGF_META_UEFORMAT_HULL_VERTEX_COUNT, uint64_t(hull.vertices.size()))
            .add(prefix + AGF_META_UEFORMAT_HULL_TRIANGLE_COUNT, uint64_t(triangles));
        if (entries + hull.vertices.size() + triangles > kMaxCollisionEntries) {
            ++leftOut;
            continue;
        }
        entries += hull.vertices.size() + triangles;
        for (size_t v = 0; v < hull.vertices.size(); ++v) {
            metadata.add(prefix + AGF_META_UEFORMAT_HULL_VERTICES + MetadataName(std::to_string(v)),
                         mSpace.point(hull.vertices[v]));
        }
        for (size_t t = 0; t < triangles; ++t) {
            const int32_t *corners = &hull.indices[t * 3];
            metadata.add(prefix + AGF_META_UEFORMAT_HULL_TRIANGLES +
                             MetadataName(std::to_string(t)),
                         aiVector3D(float(corners[0]), float(corners[1]), float(corners[2])));
        }
    }
    if (leftOut != 0) {
        warn(WarningKind::LimitReached, "COLLISION",
             "the points and triangles of " + std::to_string(leftOut) +
                 " convex hulls left out of the metadata (at most " +
                 std::to_string(kMaxCollisionEntries) + " in all); their counts are kept");
    }
}

void ModelConversion::writeSceneMetadata(aiScene *scene, size_t importedLods) {
    MetadataBuilder metadata;
    metadata.add(AI_METADATA_SOURCE_FORMAT, "UEFormat model (UEMODEL)");
    metadata.add(AI_METADATA_SOURCE_FORMAT_VERSION, std::to_string(mHeader.version));
    AddUnitsMetadata(metadata, UnrealSceneUnits(mOptions.yUp, mOptions.scale));
    metadata.add(AGF_META_UEFORMAT_VERSION, int32_t(mHeader.version))
        .add(AGF_META_UEFORMAT_OBJECT_NAME, mHeader.objectName)
        .add(AGF_META_UEFORMAT_COMPRESSION,
             mHeader.compression.empty() ? std::string("none") : mHeader.compression)
        .add(AGF_META_UEFORMAT_LOD_COUNT, uint64_t(mModel.lods.size()))
        .add(AGF_META_UEFORMAT_IMPORTED_LOD_COUNT, uint64_t(importedLods))
        .add(AGF_META_UEFORMAT_BONE_COUNT, uint64_t(mModel.skeleton.bones.size()));
    if (!mHeader.objectPath.empty()) {
        metadata.add(AGF_META_UEFORMAT_OBJECT_PATH, mHeader.objectPath);
    }
    if (!mModel.skeleton.path.empty()) {
        metadata.add(AGF_META_UEFORMAT_SKELETON_PATH, mModel.skeleton.path);
    }
    addCollisionMetadata(metadata);
    metadata.mergeInto(scene->mMetaData);
}

} // namespace agf::ueformat
