/** @file SceneBuilder.cpp */
#include "SceneBuilder.h"

#include "MeshesByMaterial.h"

#include "HugePages.h"
#include "ImportError.h"
#include "Parallel.h"
#include "Warnings.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/camera.h>
#include <assimp/light.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace agf {

namespace {

constexpr uint32_t kUnused = std::numeric_limits<uint32_t>::max();

template <typename T> T *CopyArray(const std::vector<T> &values) {
    T *out = new T[values.size()];
    std::copy(values.begin(), values.end(), out);
    return out;
}

template <typename T>
void ReleaseInto(std::vector<std::unique_ptr<T>> &owned, T **&array, unsigned &count) {
    count = static_cast<unsigned>(owned.size());
    if (owned.empty()) {
        array = nullptr;
        return;
    }
    array = new T *[owned.size()];
    for (size_t i = 0; i < owned.size(); ++i) {
        array[i] = owned[i].release();
    }
    owned.clear();
}

} // namespace

void CopyVertexData(const MeshSource &source, const std::vector<uint32_t> &used, aiMesh &mesh) {
    const size_t count = used.size();
    mesh.mNumVertices = static_cast<unsigned>(count);
    mesh.mVertices = new aiVector3D[count];
    for (size_t i = 0; i < count; ++i) {
        mesh.mVertices[i] = source.positions[used[i]];
    }
    if (!source.normals.empty()) {
        mesh.mNormals = new aiVector3D[count];
        for (size_t i = 0; i < count; ++i) {
            mesh.mNormals[i] = source.normals[used[i]];
        }
    }
    const size_t uvSetCount =
        std::min<size_t>(source.uvSets.size(), AI_MAX_NUMBER_OF_TEXTURECOORDS);
    for (size_t set = 0; set < uvSetCount; ++set) {
        const std::vector<aiVector3D> &uvs = source.uvSets[set];
        mesh.mTextureCoords[set] = new aiVector3D[count];
        mesh.mNumUVComponents[set] = 2;
        for (size_t i = 0; i < count; ++i) {
            mesh.mTextureCoords[set][i] = uvs[used[i]];
        }
    }
    if (!source.colors.empty()) {
        mesh.mColors[0] = new aiColor4D[count];
        for (size_t i = 0; i < count; ++i) {
            mesh.mColors[0][i] = source.colors[used[i]];
        }
    }
}

namespace {

/** What both forms of BuildMeshesByMaterial do once the triangles are grouped: material m has
 *  facesPerMaterial[m] triangles and vertexOf(m, f, corner) is a corner's source vertex. A
 *  template, not a std::function, because it runs per corner. With `threads` > 1 the meshes are
 *  made side by side, each part of the materials with its own MeshVertices (a mesh's vertex
 *  order depends only on its own triangles, so the split changes no bit); `writeVertices` must
 *  then touch only the mesh it is given. */
template <typename VertexOf>
std::vector<std::unique_ptr<aiMesh>>
BuildGroupedMeshes(const std::vector<size_t> &facesPerMaterial, size_t vertexCount,
                   const std::string &meshName, unsigned threads,
                   const MeshVertexWriter &writeVertices, const VertexOf &vertexOf) {
    const unsigned materialCount = static_cast<unsigned>(facesPerMaterial.size());
    std::vector<unsigned> usedMaterials;
    for (unsigned m = 0; m < materialCount; ++m) {
        if (facesPerMaterial[m] != 0) {
            usedMaterials.push_back(m);
        }
    }
    const auto buildMesh = [&](unsigned m, MeshVertices &vertices) {
        const size_t faceCount = facesPerMaterial[m];
        auto mesh = std::make_unique<aiMesh>();
        mesh->mName.Set(usedMaterials.size() > 1 ? meshName + "_" + std::to_string(m) : meshName);
        mesh->mMaterialIndex = m;
        mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;

        std::vector<uint32_t> &used = vertices.used;
        std::vector<uint32_t> &remap = vertices.remap;
        used.clear();
        // Grown here by push_back otherwise: a copy of every vertex so far at each doubling.
        ReserveLarge(used, std::min(vertexCount, faceCount * 3));
        mesh->mNumFaces = static_cast<unsigned>(faceCount);
        mesh->mFaces = new aiFace[faceCount];
        for (size_t f = 0; f < faceCount; ++f) {
            aiFace &face = mesh->mFaces[f];
            face.mNumIndices = 3;
            face.mIndices = new unsigned[3];
            for (int corner = 0; corner < 3; ++corner) {
                const uint32_t vertex = vertexOf(m, f, corner);
                if (remap[vertex] == kUnused) {
                    remap[vertex] = static_cast<uint32_t>(used.size());
                    used.push_back(vertex);
                }
                face.mIndices[corner] = remap[vertex];
            }
        }
        writeVertices(vertices, *mesh);
        for (uint32_t vertex : used) {
            remap[vertex] = kUnused;
        }
        return mesh;
    };

    std::vector<std::unique_ptr<aiMesh>> meshes(usedMaterials.size());
    // Each part's remap table is as long as the source vertices, so a part gets several
    // meshes rather than one table per mesh.
    ParallelRanges(usedMaterials.size(), threads, 1, [&](size_t begin, size_t end) {
        MeshVertices vertices;
        ResizeLarge(vertices.remap, vertexCount, kUnused);
        for (size_t i = begin; i < end; ++i) {
            meshes[i] = buildMesh(usedMaterials[i], vertices);
        }
    });
    return meshes;
}

} // namespace

void AddSkinBones(const std::vector<uint32_t> &influenceStart,
                  const std::vector<BoneInfluence> &influences,
                  const std::vector<uint32_t> &rowOfVertex, const std::vector<SkinBone> &bones,
                  aiMesh &mesh) {
    if (influenceStart.empty() || bones.empty()) {
        return;
    }
    std::vector<unsigned> weightCount(bones.size(), 0);
    for (uint32_t row : rowOfVertex) {
        for (uint32_t k = influenceStart[row]; k < influenceStart[row + 1]; ++k) {
            ++weightCount[influences[k].bone];
        }
    }
    if (std::all_of(weightCount.begin(), weightCount.end(), [](unsigned n) { return n == 0; })) {
        return; // no vertex of this mesh is skinned: a static part
    }
    // Every bone of the skeleton, weighted here or not: exporters make the skin (glTF joints,
    // FBX clusters) from a mesh's aiBones, and a bone left out becomes a loose node there.
    std::vector<std::unique_ptr<aiBone>> meshBones;
    std::vector<aiBone *> boneByIndex(bones.size(), nullptr);
    for (size_t b = 0; b < bones.size(); ++b) {
        auto bone = std::make_unique<aiBone>();
        bone->mName.Set(bones[b].name);
        bone->mOffsetMatrix = bones[b].offsetMatrix;
        if (weightCount[b] != 0) {
            bone->mWeights = new aiVertexWeight[weightCount[b]];
        }
        boneByIndex[b] = bone.get();
        meshBones.push_back(std::move(bone));
    }
    for (size_t i = 0; i < rowOfVertex.size(); ++i) {
        const uint32_t row = rowOfVertex[i];
        for (uint32_t k = influenceStart[row]; k < influenceStart[row + 1]; ++k) {
            const BoneInfluence &influence = influences[k];
            aiBone *bone = boneByIndex[influence.bone];
            bone->mWeights[bone->mNumWeights++] =
                aiVertexWeight(static_cast<unsigned>(i), influence.weight);
        }
    }
    ReleaseInto(meshBones, mesh.mBones, mesh.mNumBones);
}

void AddMorphTargets(const std::vector<MorphSource> &morphs, const std::vector<uint32_t> &remap,
                     aiMesh &mesh) {
    std::vector<std::unique_ptr<aiAnimMesh>> animMeshes;
    // Every target on every mesh, even one that moves none of its vertices: the meshes of one
    // node become the primitives of one glTF mesh, which must all have the same targets, and
    // Blender's shape keys are per mesh object in FBX.
    for (const MorphSource &morph : morphs) {
        auto anim = std::make_unique<aiAnimMesh>();
        anim->mName.Set(morph.name);
        anim->mNumVertices = mesh.mNumVertices;
        anim->mWeight = 0.0f;
        anim->mVertices = new aiVector3D[mesh.mNumVertices];
        std::copy(mesh.mVertices, mesh.mVertices + mesh.mNumVertices, anim->mVertices);
        const bool withNormals = mesh.mNormals != nullptr && !morph.normals.empty();
        if (withNormals) {
            anim->mNormals = new aiVector3D[mesh.mNumVertices];
            std::copy(mesh.mNormals, mesh.mNormals + mesh.mNumVertices, anim->mNormals);
        }
        for (size_t k = 0; k < morph.vertices.size(); ++k) {
            const uint32_t target = remap[morph.vertices[k]];
            if (target == kUnused) {
                continue;
            }
            anim->mVertices[target] = morph.positions[k];
            if (withNormals) {
                anim->mNormals[target] = morph.normals[k];
            }
        }
        animMeshes.push_back(std::move(anim));
    }
    if (!animMeshes.empty()) {
        mesh.mMethod = aiMorphingMethod_MORPH_RELATIVE;
        ReleaseInto(animMeshes, mesh.mAnimMeshes, mesh.mNumAnimMeshes);
    }
}

void AddSourceSkinAndMorphs(const MeshSource &source, const MeshVertices &vertices,
                            const std::vector<SkinBone> &bones, aiMesh &mesh) {
    // Influences are per source vertex: the rows are the source vertices themselves.
    AddSkinBones(source.influenceStart, source.influences, vertices.used, bones, mesh);
    AddMorphTargets(source.morphs, vertices.remap, mesh);
}

std::vector<std::unique_ptr<aiMesh>> BuildMeshesByMaterial(const std::vector<Triangle> &triangles,
                                                           size_t vertexCount,
                                                           unsigned materialCount,
                                                           const std::string &meshName,
                                                           const MeshVertexWriter &writeVertices) {
    std::vector<std::vector<uint32_t>> trianglesByMaterial(materialCount);
    std::vector<size_t> facesPerMaterial(materialCount, 0);
    for (const Triangle &triangle : triangles) {
        ++facesPerMaterial[triangle.material];
    }
    for (unsigned m = 0; m < materialCount; ++m) {
        trianglesByMaterial[m].reserve(facesPerMaterial[m]);
    }
    for (size_t t = 0; t < triangles.size(); ++t) {
        trianglesByMaterial[triangles[t].material].push_back(static_cast<uint32_t>(t));
    }
    return BuildGroupedMeshes(
        facesPerMaterial, vertexCount, meshName, 1, writeVertices,
        [&](unsigned material, size_t face, int corner) {
            return triangles[trianglesByMaterial[material][face]].vertices[corner];
        });
}

std::vector<std::unique_ptr<aiMesh>> BuildMeshesByMaterial(const TrianglesByMaterial &triangles,
                                                           size_t vertexCount,
                                                           const std::string &meshName,
                                                           unsigned threads,
                                                           const MeshVertexWriter &writeVertices) {
    const size_t materialCount = triangles.start.empty() ? 0 : triangles.start.size() - 1;
    std::vector<size_t> facesPerMaterial(materialCount);
    for (size_t m = 0; m < materialCount; ++m) {
        facesPerMaterial[m] = triangles.start[m + 1] - triangles.start[m];
    }
    return BuildGroupedMeshes(
        facesPerMaterial, vertexCount, meshName, threads, writeVertices,
        [&](unsigned material, size_t face, int corner) {
            return triangles.corners[(triangles.start[material] + face) * 3 + corner];
        });
}

std::vector<std::unique_ptr<aiMesh>> BuildMeshesByMaterial(const MeshSource &source,
                                                           const std::vector<Triangle> &triangles,
                                                           unsigned materialCount,
                                                           const std::vector<SkinBone> &bones,
                                                           const std::string &meshName) {
    return BuildMeshesByMaterial(triangles, source.positions.size(), materialCount, meshName,
                                 [&](const MeshVertices &vertices, aiMesh &mesh) {
                                     CopyVertexData(source, vertices.used, mesh);
                                     AddSourceSkinAndMorphs(source, vertices, bones, mesh);
                                 });
}

void BindMeshRigidly(aiMesh &mesh, const std::vector<SkinBone> &skeleton, size_t rigidBone) {
    std::vector<std::unique_ptr<aiBone>> meshBones;
    for (size_t b = 0; b < skeleton.size(); ++b) {
        auto bone = std::make_unique<aiBone>();
        bone->mName.Set(skeleton[b].name);
        bone->mOffsetMatrix = skeleton[b].offsetMatrix;
        if (b == rigidBone && mesh.mNumVertices != 0) {
            bone->mNumWeights = mesh.mNumVertices;
            bone->mWeights = new aiVertexWeight[mesh.mNumVertices];
            for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
                bone->mWeights[v] = aiVertexWeight(v, 1.0f);
            }
        }
        meshBones.push_back(std::move(bone));
    }
    ReleaseInto(meshBones, mesh.mBones, mesh.mNumBones);
}

std::vector<aiNode *> BuildNodeHierarchy(const std::vector<NodeSource> &nodes, aiNode *attachTo,
                                         const SourceContext &context) {
    Warnings warnings;
    std::vector<aiNode *> built = BuildNodeHierarchy(nodes, attachTo, context, warnings);
    warnings.flush();
    return built;
}

std::vector<aiNode *> BuildNodeHierarchy(const std::vector<NodeSource> &nodes, aiNode *attachTo,
                                         const SourceContext &context, Warnings &warnings) {
    const size_t count = nodes.size();
    std::vector<int64_t> parent(count);
    for (size_t i = 0; i < count; ++i) {
        int64_t p = nodes[i].parent;
        if (p >= static_cast<int64_t>(count) || p == static_cast<int64_t>(i)) {
            if (p != static_cast<int64_t>(i)) {
                warnings.add(WarningKind::OutOfRange, context.file, context.structure,
                             context.offset,
                             "node " + std::to_string(i) + " (" + nodes[i].name + ") has parent " +
                                 std::to_string(p) + " out of range; attached to the root");
            }
            p = -1;
        }
        parent[i] = p < 0 ? -1 : p;
    }
    // Depth of every node, found iteratively; a walk that does not end within `count` steps
    // means a cycle.
    std::vector<int64_t> depth(count, -1);
    std::vector<size_t> chain;
    for (size_t i = 0; i < count; ++i) {
        chain.clear();
        size_t current = i;
        while (depth[current] < 0) {
            chain.push_back(current);
            if (chain.size() > count) {
                ThrowImportError(context.file, context.structure, context.offset,
                                 "the parent chain of node " + std::to_string(i) + " (" +
                                     nodes[i].name + ") forms a cycle");
            }
            if (parent[current] < 0) {
                depth[current] = 0;
                chain.pop_back();
                break;
            }
            current = static_cast<size_t>(parent[current]);
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            depth[*it] = depth[static_cast<size_t>(parent[*it])] + 1;
            if (static_cast<size_t>(depth[*it]) >= kMaxNodeDepth) {
                ThrowImportError(context.file, context.structure, context.offset,
                                 "node hierarchy deeper than " + std::to_string(kMaxNodeDepth) +
                                     " levels");
            }
        }
    }

    std::vector<std::unique_ptr<aiNode>> owned(count);
    for (size_t i = 0; i < count; ++i) {
        owned[i] = std::make_unique<aiNode>(nodes[i].name);
        owned[i]->mTransformation = nodes[i].local;
    }
    std::vector<std::vector<aiNode *>> children(count);
    std::vector<aiNode *> roots;
    for (size_t i = 0; i < count; ++i) {
        if (parent[i] < 0) {
            roots.push_back(owned[i].get());
        } else {
            children[static_cast<size_t>(parent[i])].push_back(owned[i].get());
        }
    }
    std::vector<aiNode *> result(count);
    for (size_t i = 0; i < count; ++i) {
        result[i] = owned[i].release();
    }
    for (size_t i = 0; i < count; ++i) {
        AddChildren(result[i], children[i]);
    }
    AddChildren(attachTo, roots);
    return result;
}

void AddChildren(aiNode *parent, const std::vector<aiNode *> &children) {
    if (children.empty()) {
        return;
    }
    const unsigned oldCount = parent->mNumChildren;
    auto **merged = new aiNode *[oldCount + children.size()];
    for (unsigned i = 0; i < oldCount; ++i) {
        merged[i] = parent->mChildren[i];
    }
    for (size_t i = 0; i < children.size(); ++i) {
        children[i]->mParent = parent;
        merged[oldCount + i] = children[i];
    }
    delete[] parent->mChildren;
    parent->mChildren = merged;
    parent->mNumChildren = oldCount + static_cast<unsigned>(children.size());
}

namespace {

template <typename Node> std::vector<Node *> CollectDepthFirst(Node *root) {
    std::vector<Node *> order;
    std::vector<Node *> pending;
    if (root != nullptr) {
        pending.push_back(root);
    }
    while (!pending.empty()) {
        Node *node = pending.back();
        pending.pop_back();
        order.push_back(node);
        for (unsigned c = node->mNumChildren; c-- > 0;) {
            pending.push_back(node->mChildren[c]);
        }
    }
    return order;
}

} // namespace

std::vector<aiNode *> NodesDepthFirst(aiNode *root) {
    return CollectDepthFirst(root);
}

std::vector<const aiNode *> NodesDepthFirst(const aiNode *root) {
    return CollectDepthFirst(root);
}

aiMatrix4x4 TransformRelativeTo(const aiNode *node, const aiNode *ancestor) {
    aiMatrix4x4 result;
    for (const aiNode *current = node; current != nullptr && current != ancestor;
         current = current->mParent) {
        result = current->mTransformation * result;
    }
    return result;
}

size_t MakeNamesUnique(std::vector<std::string> &names) {
    std::unordered_set<std::string> taken(names.begin(), names.end());
    std::unordered_set<std::string> seen;
    size_t changed = 0;
    for (std::string &name : names) {
        if (seen.insert(name).second) {
            continue;
        }
        for (unsigned suffix = 1;; ++suffix) {
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, ".%03u", suffix);
            std::string candidate = name + buffer;
            if (taken.count(candidate) == 0) {
                name = candidate;
                taken.insert(candidate);
                seen.insert(candidate);
                ++changed;
                break;
            }
        }
    }
    return changed;
}

std::unique_ptr<aiNodeAnim> MakeNodeAnim(const std::string &nodeName,
                                         KeyArray<aiVectorKey> positionKeys,
                                         KeyArray<aiQuatKey> rotationKeys,
                                         KeyArray<aiVectorKey> scalingKeys,
                                         const aiMatrix4x4 &rest) {
    aiVector3D restScale;
    aiQuaternion restRotation;
    aiVector3D restPosition;
    rest.Decompose(restScale, restRotation, restPosition);
    if (positionKeys.empty()) {
        positionKeys.emplace_back(0.0, restPosition);
    }
    if (rotationKeys.empty()) {
        rotationKeys.emplace_back(0.0, restRotation);
    }
    if (scalingKeys.empty()) {
        scalingKeys.emplace_back(0.0, restScale);
    }
    auto channel = std::make_unique<aiNodeAnim>();
    channel->mNodeName.Set(nodeName);
    channel->mNumPositionKeys = static_cast<unsigned>(positionKeys.size());
    channel->mPositionKeys = positionKeys.release();
    channel->mNumRotationKeys = static_cast<unsigned>(rotationKeys.size());
    channel->mRotationKeys = rotationKeys.release();
    channel->mNumScalingKeys = static_cast<unsigned>(scalingKeys.size());
    channel->mScalingKeys = scalingKeys.release();
    return channel;
}

std::unique_ptr<aiAnimation> MakeAnimation(const std::string &name, double ticksPerSecond,
                                           double duration,
                                           std::vector<std::unique_ptr<aiNodeAnim>> channels) {
    auto animation = std::make_unique<aiAnimation>();
    animation->mName.Set(name);
    animation->mTicksPerSecond = ticksPerSecond;
    animation->mDuration = duration;
    ReleaseInto(channels, animation->mChannels, animation->mNumChannels);
    return animation;
}

// ------------------------------------------------------------------------------------------------
// MetadataBuilder

namespace {
/** Room for the entries of a typical node at the first add: growing one at a time moved the
 *  (large) entries four times per node, 9% of the instructions of a 10,000-actor PSW import. */
template <typename Entries> void ReserveTypical(Entries &entries) {
    if (entries.capacity() == 0) {
        entries.reserve(16);
    }
}
} // namespace

MetadataBuilder &MetadataBuilder::add(const std::string &key, bool value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_BOOL};
    entry.boolValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, int32_t value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_INT32};
    entry.intValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, uint64_t value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_UINT64};
    entry.uintValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, float value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_FLOAT};
    entry.floatValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, double value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_DOUBLE};
    entry.doubleValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, const std::string &value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_AISTRING};
    entry.stringValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, const char *value) {
    return add(key, std::string(value));
}

MetadataBuilder &MetadataBuilder::add(const std::string &key, const aiVector3D &value) {
    if (atLimit()) {
        return *this;
    }
    ReserveTypical(mEntries);
    Entry entry{key, AI_AIVECTOR3D};
    entry.vectorValue = value;
    mEntries.push_back(std::move(entry));
    return *this;
}

aiMetadata *MetadataBuilder::build() const {
    if (mEntries.empty()) {
        return nullptr;
    }
    aiMetadata *metadata = aiMetadata::Alloc(static_cast<unsigned>(mEntries.size()));
    for (unsigned i = 0; i < mEntries.size(); ++i) {
        const Entry &entry = mEntries[i];
        switch (entry.type) {
        case AI_BOOL:
            metadata->Set(i, entry.key, entry.boolValue);
            break;
        case AI_INT32:
            metadata->Set(i, entry.key, entry.intValue);
            break;
        case AI_UINT64:
            metadata->Set(i, entry.key, entry.uintValue);
            break;
        case AI_FLOAT:
            metadata->Set(i, entry.key, entry.floatValue);
            break;
        case AI_DOUBLE:
            metadata->Set(i, entry.key, entry.doubleValue);
            break;
        case AI_AISTRING:
            metadata->Set(i, entry.key, aiString(entry.stringValue));
            break;
        case AI_AIVECTOR3D:
            metadata->Set(i, entry.key, entry.vectorValue);
            break;
        default:
            break;
        }
    }
    return metadata;
}

void MetadataBuilder::mergeInto(aiMetadata *&target) const {
    if (mEntries.empty()) {
        return;
    }
    if (target == nullptr || target->mNumProperties == 0) {
        delete target;
        target = build();
        return;
    }
    std::unique_ptr<aiMetadata> extra(build());
    std::unique_ptr<aiMetadata> merged(
        aiMetadata::Alloc(target->mNumProperties + extra->mNumProperties));
    // Copy through aiMetadata's own copy constructor into the bigger table: swap values in.
    for (unsigned i = 0; i < target->mNumProperties; ++i) {
        merged->mKeys[i] = target->mKeys[i];
        merged->mValues[i].mType = target->mValues[i].mType;
        merged->mValues[i].mData = target->mValues[i].mData;
        target->mValues[i].mData = nullptr;
    }
    for (unsigned i = 0; i < extra->mNumProperties; ++i) {
        const unsigned to = target->mNumProperties + i;
        merged->mKeys[to] = extra->mKeys[i];
        merged->mValues[to].mType = extra->mValues[i].mType;
        merged->mValues[to].mData = extra->mValues[i].mData;
        extra->mValues[i].mData = nullptr;
    }
    // The moved-from tables now hold null data pointers, which aiMetadata's destructor skips.
    delete target;
    target = merged.release();
}

void AddUnitsMetadata(MetadataBuilder &metadata, const SceneUnits &units) {
    metadata.add(AGF_META_UP_AXIS, units.upAxis)
        .add(AGF_META_UP_AXIS_SIGN, int32_t(1))
        .add(AGF_META_UNIT_SCALE_FACTOR, units.unitScaleFactor)
        .add(AGF_META_UNITS, units.units)
        .add(AGF_META_ROOT_ROTATED_TO_Y_UP, units.rootRotatedToYUp)
        .add(AGF_META_ROOT_SCALE, units.rootScale);
}

// ------------------------------------------------------------------------------------------------
// SceneParts

unsigned SceneParts::addMesh(std::unique_ptr<aiMesh> mesh) {
    mMeshes.push_back(std::move(mesh));
    return static_cast<unsigned>(mMeshes.size() - 1);
}

unsigned SceneParts::addMaterial(std::unique_ptr<aiMaterial> material) {
    mMaterials.push_back(std::move(material));
    return static_cast<unsigned>(mMaterials.size() - 1);
}

unsigned SceneParts::addAnimation(std::unique_ptr<aiAnimation> animation) {
    mAnimations.push_back(std::move(animation));
    return static_cast<unsigned>(mAnimations.size() - 1);
}

unsigned SceneParts::addLight(std::unique_ptr<aiLight> light) {
    mLights.push_back(std::move(light));
    return static_cast<unsigned>(mLights.size() - 1);
}

unsigned SceneParts::addCamera(std::unique_ptr<aiCamera> camera) {
    mCameras.push_back(std::move(camera));
    return static_cast<unsigned>(mCameras.size() - 1);
}

void SceneParts::moveInto(aiScene *scene) {
    if (!mMeshes.empty() && mMaterials.empty()) {
        mMaterials.push_back(MakeMaterial("DefaultMaterial"));
    }
    ReleaseInto(mMeshes, scene->mMeshes, scene->mNumMeshes);
    ReleaseInto(mMaterials, scene->mMaterials, scene->mNumMaterials);
    ReleaseInto(mAnimations, scene->mAnimations, scene->mNumAnimations);
    ReleaseInto(mLights, scene->mLights, scene->mNumLights);
    ReleaseInto(mCameras, scene->mCameras, scene->mNumCameras);
    if (scene->mNumMeshes == 0) {
        // A skeleton or animation without geometry is a legal result; Assimp's validation
        // accepts a mesh-less scene only with this flag.
        scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    }
}

std::unique_ptr<aiMaterial> MakeMaterial(const std::string &name,
                                         const std::string &diffuseTexture) {
    auto material = std::make_unique<aiMaterial>();
    aiString materialName(name);
    material->AddProperty(&materialName, AI_MATKEY_NAME);
    if (!diffuseTexture.empty()) {
        aiString path(diffuseTexture);
        material->AddProperty(&path, AI_MATKEY_TEXTURE_DIFFUSE(0));
    }
    return material;
}

void SetNodeMeshes(aiNode *node, const std::vector<unsigned> &meshIndices) {
    delete[] node->mMeshes;
    node->mMeshes = nullptr;
    node->mNumMeshes = static_cast<unsigned>(meshIndices.size());
    if (!meshIndices.empty()) {
        node->mMeshes = CopyArray(meshIndices);
    }
}

} // namespace agf
