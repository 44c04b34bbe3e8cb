/** @file AnbConverter.cpp */
#include "AnbConverter.h"

#include "Common/CopyBudget.h"
#include "Common/FileLoading.h"
#include "Common/SceneBuilder.h"
#include "IdolFxCoordinates.h"

#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <unordered_map>

namespace agf::idolfx {

namespace {

// One output vertex per distinct (position index, UV index) pair, like OBJ's v/vt corners.
struct SplitVertices {
    std::vector<uint16_t> point; // per output vertex: index into the submesh's points
    std::vector<uint16_t> uv;    // per output vertex: index into the UV pool
    std::vector<Triangle> triangles;
};

SplitVertices Split(const AnbSubmesh &submesh, const IdolFxSpace &space) {
    SplitVertices split;
    std::unordered_map<uint32_t, uint32_t> vertexByPair;
    split.triangles.resize(submesh.triangles.size());
    for (size_t t = 0; t < submesh.triangles.size(); ++t) {
        for (int corner = 0; corner < 3; ++corner) {
            const uint16_t point = submesh.triangles[t][corner];
            const uint16_t uv = submesh.uvTriangles[t][corner];
            const uint32_t pair = (uint32_t(point) << 16) | uv;
            auto inserted = vertexByPair.emplace(pair, static_cast<uint32_t>(split.point.size()));
            if (inserted.second) {
                split.point.push_back(point);
                split.uv.push_back(uv);
            }
            split.triangles[t].vertices[corner] = inserted.first->second;
        }
        space.triangle(split.triangles[t].vertices);
    }
    return split;
}

// Frames 1 .. frameCount of the submesh become its morph targets.
MeshSource MakeMeshSource(const AnbSubmesh &submesh, const SplitVertices &split,
                          const IdolFxSpace &space, size_t frameCount) {
    MeshSource source;
    const size_t count = split.point.size();
    source.uvSets.resize(1);
    for (size_t v = 0; v < count; ++v) {
        const AnbPoint &point = submesh.basePoints[split.point[v]];
        source.positions.push_back(space.point(point.position));
        source.normals.push_back(space.point(point.normal));
        source.uvSets[0].push_back(space.uv(submesh.uvs[split.uv[v]]));
    }
    std::vector<uint32_t> allVertices(count);
    for (size_t v = 0; v < count; ++v) {
        allVertices[v] = static_cast<uint32_t>(v);
    }
    for (size_t f = 0; f < frameCount; ++f) {
        MorphSource morph;
        morph.name = "frame" + std::to_string(f + 1);
        morph.vertices = allVertices;
        for (size_t v = 0; v < count; ++v) {
            const AnbPoint &point = submesh.framePoints[f][split.point[v]];
            morph.positions.push_back(space.point(point.position));
            morph.normals.push_back(space.point(point.normal));
        }
        source.morphs.push_back(std::move(morph));
    }
    return source;
}

// Key i (at tick i) shows shape i: weight 1 on anim mesh i - 1, 0 on the others; key 0 is the
// base shape with every weight 0. Every key lists every target so that no consumer has to
// guess the weights of unlisted ones.
std::unique_ptr<aiMeshMorphAnim> MakeMorphChannel(const std::string &nodeName,
                                                  unsigned targetCount) {
    auto channel = std::make_unique<aiMeshMorphAnim>();
    channel->mName.Set(nodeName);
    channel->mNumKeys = targetCount + 1;
    channel->mKeys = new aiMeshMorphKey[targetCount + 1];
    for (unsigned k = 0; k <= targetCount; ++k) {
        aiMeshMorphKey &key = channel->mKeys[k];
        key.mTime = k;
        key.mNumValuesAndWeights = targetCount;
        key.mValues = new unsigned[targetCount];
        key.mWeights = new double[targetCount];
        for (unsigned target = 0; target < targetCount; ++target) {
            key.mValues[target] = target;
            key.mWeights[target] = (k != 0 && target == k - 1) ? 1.0 : 0.0;
        }
    }
    return channel;
}

// How many of the submesh's frames fit in the budget. A frame of a few bytes in the file is a
// full copy of the split vertices in the scene (its positions and normals, the morph source's
// index list and copy on the way), an aiAnimMesh, and a row of the morph channel's keys.
size_t KeptFrames(const AnbSubmesh &submesh, const SplitVertices &split, CopyBudget &budget,
                  const AnbConvertOptions &options, size_t submeshIndex, Warnings &warnings) {
    const size_t frames = submesh.framePoints.size();
    const size_t bytesPerFrame =
        split.point.size() * (24 + 28) + sizeof(aiAnimMesh) + frames * (sizeof(unsigned) + 8);
    const size_t budgetBefore = budget.bytesLeft();
    const size_t kept = budget.take(frames, bytesPerFrame);
    if (kept < frames) {
        warnings.add(WarningKind::LimitReached, FileNameOf(options.fileName),
                     "submesh " + std::to_string(submeshIndex), 0,
                     "frames " + std::to_string(kept + 1) + ".." + std::to_string(frames) +
                         " left out: their vertex copies would exceed the " +
                         std::to_string(budgetBefore) + " bytes left for a file of " +
                         std::to_string(options.inputBytes) + " bytes");
    }
    return kept;
}

} // namespace

void ConvertAnb(const AnbFile &file, const AnbConvertOptions &options, aiScene *scene,
                Warnings &warnings) {
    const IdolFxSpace space(options.convertToRightHanded);
    SceneParts parts;
    const std::string baseName = BaseNameOf(options.fileName);
    parts.addMaterial(MakeTextureGuessMaterial(baseName, options.textureExists, false));

    std::vector<std::string> names;
    names.push_back(FileNameOf(options.fileName));
    for (size_t s = 0; s < file.submeshes.size(); ++s) {
        names.push_back(baseName + "_" + std::to_string(s));
    }
    MakeNamesUnique(names);
    scene->mRootNode = new aiNode(names[0]);

    std::vector<aiNode *> meshNodes;
    std::vector<std::unique_ptr<aiMeshMorphAnim>> morphChannels;
    CopyBudget morphCopies(options.inputBytes);
    for (size_t s = 0; s < file.submeshes.size(); ++s) {
        const AnbSubmesh &submesh = file.submeshes[s];
        if (submesh.triangles.empty()) {
            warnings.add(WarningKind::Empty, FileNameOf(options.fileName),
                         "submesh " + std::to_string(s), 0, "no triangles; skipped");
            continue;
        }
        const SplitVertices split = Split(submesh, space);
        const size_t frames = KeptFrames(submesh, split, morphCopies, options, s, warnings);
        auto meshes = BuildMeshesByMaterial(MakeMeshSource(submesh, split, space, frames),
                                            split.triangles, 1, {}, names[1 + s]);
        std::vector<unsigned> meshIndices;
        for (auto &mesh : meshes) {
            if (mesh->mNumAnimMeshes != 0) {
                morphChannels.push_back(MakeMorphChannel(names[1 + s], mesh->mNumAnimMeshes));
            }
            meshIndices.push_back(parts.addMesh(std::move(mesh)));
        }
        auto *node = new aiNode(names[1 + s]);
        SetNodeMeshes(node, meshIndices);
        meshNodes.push_back(node);
    }
    AddChildren(scene->mRootNode, meshNodes);

    if (!morphChannels.empty()) {
        auto animation = std::make_unique<aiAnimation>();
        animation->mName.Set(baseName);
        animation->mTicksPerSecond = options.framesPerSecond;
        animation->mDuration = static_cast<double>(file.frameCount - 1);
        // A constant channel on the root spanning the frames: Assimp 5.2.5's glb2 and FBX
        // exporters drop morph channels, and an animation they write with no channel at all
        // is invalid glTF that Assimp itself refuses to read back.
        const double lastFrame = animation->mDuration;
        std::vector<aiVectorKey> positions = {{0.0, aiVector3D()}, {lastFrame, aiVector3D()}};
        std::vector<aiQuatKey> rotations = {{0.0, aiQuaternion()}, {lastFrame, aiQuaternion()}};
        std::vector<aiVectorKey> scalings = {{0.0, aiVector3D(1, 1, 1)},
                                             {lastFrame, aiVector3D(1, 1, 1)}};
        animation->mNumChannels = 1;
        animation->mChannels = new aiNodeAnim *[1];
        animation->mChannels[0] =
            MakeNodeAnim(names[0], std::move(positions), std::move(rotations), std::move(scalings))
                .release();
        animation->mNumMorphMeshChannels = static_cast<unsigned>(morphChannels.size());
        animation->mMorphMeshChannels = new aiMeshMorphAnim *[morphChannels.size()];
        for (size_t c = 0; c < morphChannels.size(); ++c) {
            animation->mMorphMeshChannels[c] = morphChannels[c].release();
        }
        parts.addAnimation(std::move(animation));
    }

    MetadataBuilder metadata = IdolFxSceneMetadata("Idol FX ANB", options.convertToRightHanded);
    metadata.add(AGF_META_ANB_FRAME_COUNT, static_cast<int32_t>(file.frameCount))
        .add(AGF_META_ANB_FPS, static_cast<float>(options.framesPerSecond));
    metadata.mergeInto(scene->mMetaData);
    parts.moveInto(scene);
}

} // namespace agf::idolfx
