/** @file UeModelGeometry.cpp
 *  A LOD's meshes: triangles assigned to the materials' index ranges, the vertex arrays, skin
 *  weights and morph targets. Arrays whose length disagrees with the vertex count are left out
 *  with a warning; indices, weights and deltas out of range are dropped.
 */
#include "UeModelConversion.h"

#include "Common/MeshesByMaterial.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>

namespace agf::ueformat {

namespace {

/** The weights of a vertex may sum to 1 within this before they are normalised with a warning. */
constexpr float kWeightSumTolerance = 1e-3f;

aiColor4D ToColor(const Color &c) {
    return aiColor4D(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
}

aiVector3D NormalizedOr(const aiVector3D &v, const aiVector3D &fallback) {
    const float length = v.Length();
    return length > 1e-20f && std::isfinite(length) ? v / length : fallback;
}

} // namespace

std::vector<Triangle> ModelConversion::lodTriangles(const Lod &lod, const std::string &what) {
    const size_t triangleCount = lod.indices.size() / 3;
    if (lod.indices.size() % 3 != 0) {
        warn(WarningKind::Inconsistent, what + " INDICES",
             std::to_string(lod.indices.size()) + " indices are not whole triangles; the last " +
                 std::to_string(lod.indices.size() % 3) + " ignored");
    }
    // The material of each triangle from the ranges; a triangle no range covers keeps the
    // default material, and one two ranges cover keeps the first.
    std::vector<unsigned> materialOf(triangleCount, mDefaultMaterial);
    std::vector<bool> assigned(triangleCount, false);
    size_t outside = 0;
    for (const Material &material : lod.materials) {
        const unsigned index = materialIndex(material);
        if (material.firstIndex < 0 || material.faceCount < 0 || material.firstIndex % 3 != 0) {
            ++outside;
            continue;
        }
        const size_t first = static_cast<size_t>(material.firstIndex) / 3;
        const size_t end = std::min(triangleCount, first + static_cast<size_t>(material.faceCount));
        if (first + static_cast<size_t>(material.faceCount) > triangleCount) {
            ++outside;
        }
        for (size_t t = first; t < end; ++t) {
            if (!assigned[t]) {
                assigned[t] = true;
                materialOf[t] = index;
            }
        }
    }
    if (outside != 0) {
        warn(WarningKind::OutOfRange, what + " MATERIALS",
             std::to_string(outside) + " material ranges lie (partly) outside the " +
                 std::to_string(triangleCount) + " triangles or do not start on one; clipped");
    }
    std::vector<Triangle> triangles;
    triangles.reserve(triangleCount);
    size_t dropped = 0;
    const size_t vertexCount = lod.vertices.size();
    for (size_t t = 0; t < triangleCount; ++t) {
        const uint32_t *corners = &lod.indices[t * 3];
        if (corners[0] >= vertexCount || corners[1] >= vertexCount || corners[2] >= vertexCount) {
            ++dropped;
            continue;
        }
        triangles.push_back(Triangle{{corners[0], corners[1], corners[2]}, materialOf[t]});
        mNeedsDefaultMaterial = mNeedsDefaultMaterial || materialOf[t] == mDefaultMaterial;
    }
    if (dropped != 0) {
        warn(WarningKind::OutOfRange, what + " INDICES",
             std::to_string(dropped) + " triangles name a vertex beyond the " +
                 std::to_string(vertexCount) + " vertices; dropped");
    }
    return triangles;
}

MeshSource ModelConversion::lodVertices(const Lod &lod, const std::string &what) {
    const size_t count = lod.vertices.size();
    const auto fits = [&](size_t size, const char *part) {
        if (size != count && size != 0) {
            warn(WarningKind::Inconsistent, what + " " + part,
                 std::to_string(size) + " entries for " + std::to_string(count) +
                     " vertices; left out");
        }
        return size == count && size != 0;
    };
    MeshSource source;
    source.positions.reserve(count);
    for (const Float3 &v : lod.vertices) {
        source.positions.push_back(mSpace.point(v));
    }
    if (fits(lod.normals.size(), "NORMALS")) {
        for (const Normal &n : lod.normals) {
            source.normals.push_back(NormalizedOr(mSpace.point(n.normal), aiVector3D(0, 0, 1)));
        }
    }
    for (size_t s = 0; s < lod.uvSets.size(); ++s) {
        if (source.uvSets.size() == AI_MAX_NUMBER_OF_TEXTURECOORDS) {
            warn(WarningKind::Unsupported, what + " TEXCOORDS",
                 "more than " + std::to_string(AI_MAX_NUMBER_OF_TEXTURECOORDS) +
                     " UV sets; the rest left out");
            break;
        }
        if (fits(lod.uvSets[s].uvs.size(), "TEXCOORDS")) {
            std::vector<aiVector3D> uvs;
            uvs.reserve(count);
            for (const Float2 &uv : lod.uvSets[s].uvs) {
                uvs.push_back(mSpace.uv(uv));
            }
            source.uvSets.push_back(std::move(uvs));
        }
    }
    if (!lod.colorSets.empty() && fits(lod.colorSets[0].colors.size(), "VERTEXCOLORS")) {
        for (const Color &c : lod.colorSets[0].colors) {
            source.colors.push_back(ToColor(c));
        }
    }
    addInfluences(lod, what, source);
    addMorphs(lod, what, source);
    return source;
}

void ModelConversion::addInfluences(const Lod &lod, const std::string &what, MeshSource &source) {
    const size_t vertexCount = lod.vertices.size();
    const size_t boneCount = mSkinBones.size();
    if (lod.weights.empty() || boneCount == 0) {
        return;
    }
    std::vector<std::vector<BoneInfluence>> byVertex(vertexCount);
    size_t dropped = 0;
    for (const Weight &weight : lod.weights) {
        if (weight.vertex < 0 || size_t(weight.vertex) >= vertexCount || weight.bone >= boneCount ||
            !std::isfinite(weight.weight) || weight.weight < 0) {
            ++dropped;
            continue;
        }
        std::vector<BoneInfluence> &row = byVertex[size_t(weight.vertex)];
        auto same = std::find_if(row.begin(), row.end(), [&](const BoneInfluence &influence) {
            return influence.bone == weight.bone;
        });
        if (same != row.end()) {
            same->weight += weight.weight;
        } else if (weight.weight > 0) {
            row.push_back(BoneInfluence{weight.bone, weight.weight});
        }
    }
    if (dropped != 0) {
        warn(WarningKind::OutOfRange, what + " WEIGHTS",
             std::to_string(dropped) + " weights name a vertex or bone out of range, or are "
                                       "negative or not finite; dropped");
    }
    size_t unnormalised = 0;
    source.influenceStart.assign(1, 0);
    for (std::vector<BoneInfluence> &row : byVertex) {
        float sum = 0;
        for (const BoneInfluence &influence : row) {
            sum += influence.weight;
        }
        if (sum > 0 && std::fabs(sum - 1.0f) > kWeightSumTolerance) {
            ++unnormalised;
        }
        for (BoneInfluence &influence : row) {
            influence.weight /= sum;
            source.influences.push_back(influence);
        }
        source.influenceStart.push_back(static_cast<uint32_t>(source.influences.size()));
    }
    if (unnormalised != 0) {
        warn(WarningKind::Adjusted, what + " WEIGHTS",
             "the weights of " + std::to_string(unnormalised) +
                 " vertices did not sum to 1; normalised");
    }
}

void ModelConversion::addMorphs(const Lod &lod, const std::string &what, MeshSource &source) {
    const size_t vertexCount = lod.vertices.size();
    // Each target becomes a copy of the LOD's positions (and normals) in every mesh.
    const size_t copyBytes = std::max<size_t>(1, vertexCount * (source.normals.empty() ? 12 : 24));
    const size_t budget = mMorphBudget.bytesLeft();
    const size_t kept = mMorphBudget.take(lod.morphs.size(), copyBytes);
    if (kept < lod.morphs.size()) {
        warn(WarningKind::LimitReached, what + " MORPHTARGETS",
             std::to_string(lod.morphs.size() - kept) + " of " + std::to_string(lod.morphs.size()) +
                 " morph targets left out: their vertex copies would exceed " +
                 std::to_string(budget) + " bytes for a file of " +
                 std::to_string(mOptions.inputBytes));
    }
    std::vector<std::string> names;
    size_t dropped = 0;
    std::vector<int64_t> slot(vertexCount, -1);
    for (size_t m = 0; m < kept; ++m) {
        const MorphTarget &morph = lod.morphs[m];
        MorphSource target;
        for (const MorphDelta &delta : morph.deltas) {
            if (delta.vertex >= vertexCount) {
                ++dropped;
                continue;
            }
            const aiVector3D position =
                source.positions[delta.vertex] + mSpace.point(delta.position);
            aiVector3D normal;
            if (!source.normals.empty()) {
                const aiVector3D &base = source.normals[delta.vertex];
                normal = NormalizedOr(base + mSpace.point(delta.normal), base);
            }
            int64_t &index = slot[delta.vertex];
            if (index >= 0) { // a vertex listed twice: the last delta holds
                target.positions[size_t(index)] = position;
                if (!source.normals.empty()) {
                    target.normals[size_t(index)] = normal;
                }
                continue;
            }
            index = static_cast<int64_t>(target.vertices.size());
            target.vertices.push_back(delta.vertex);
            target.positions.push_back(position);
            if (!source.normals.empty()) {
                target.normals.push_back(normal);
            }
        }
        for (uint32_t v : target.vertices) {
            slot[v] = -1;
        }
        names.push_back(morph.name.empty() ? "Morph_" + std::to_string(m) : morph.name);
        source.morphs.push_back(std::move(target));
    }
    if (dropped != 0) {
        warn(WarningKind::OutOfRange, what + " MORPHTARGETS",
             std::to_string(dropped) + " deltas name a vertex out of range; dropped");
    }
    if (MakeNamesUnique(names) != 0) {
        warn(WarningKind::Duplicate, what + " MORPHTARGETS", "repeated names made unique");
    }
    for (size_t m = 0; m < names.size(); ++m) {
        source.morphs[m].name = names[m];
    }
}

aiNode *ModelConversion::buildLod(size_t index) {
    Lod &lod = mModel.lods[index];
    const std::string what = "LOD " + std::to_string(index);
    auto node = std::make_unique<aiNode>(mLodNames[index]);
    MetadataBuilder metadata;
    metadata.add(AGF_META_UEFORMAT_LOD_INDEX, static_cast<int32_t>(index));
    node->mMetaData = metadata.build();

    const std::vector<Triangle> triangles = lodTriangles(lod, what);
    if (triangles.empty()) {
        if (!lod.vertices.empty() || !lod.indices.empty()) {
            warn(WarningKind::Empty, what, "no whole triangle; the LOD has no mesh");
        }
        lod = Lod();
        return node.release();
    }
    if (mNeedsDefaultMaterial && mParts.materialCount() == mDefaultMaterial) {
        mParts.addMaterial(MakeMaterial("Default"));
    }
    const MeshSource source = lodVertices(lod, what);
    // Tangents need normals beside them, and Assimp wants bitangents with them. Unreal's
    // binormal is sign * (normal x tangent) with V pointing down; mirrored, and with V flipped
    // up, that is sign * (normal x tangent) of the mirrored vectors again.
    const bool tangents = !source.normals.empty() && lod.tangents.size() == lod.vertices.size();
    if (!lod.tangents.empty() && !tangents) {
        warn(WarningKind::Inconsistent, what + " TANGENTS",
             "no normals, or not one tangent per vertex; left out");
    }
    const auto writeVertices = [&](const MeshVertices &vertices, aiMesh &mesh) {
        CopyVertexData(source, vertices.used, mesh);
        const size_t count = vertices.used.size();
        if (tangents) {
            mesh.mTangents = new aiVector3D[count];
            mesh.mBitangents = new aiVector3D[count];
            for (size_t i = 0; i < count; ++i) {
                const uint32_t v = vertices.used[i];
                const aiVector3D tangent =
                    NormalizedOr(mSpace.point(lod.tangents[v]), aiVector3D(1, 0, 0));
                const float sign = lod.normals[v].binormalSign < 0 ? -1.0f : 1.0f;
                mesh.mTangents[i] = tangent;
                mesh.mBitangents[i] =
                    NormalizedOr((source.normals[v] ^ tangent) * sign, aiVector3D(0, 1, 0));
            }
        }
        for (size_t s = 1; s < lod.colorSets.size() && s < AI_MAX_NUMBER_OF_COLOR_SETS; ++s) {
            if (lod.colorSets[s].colors.size() != lod.vertices.size() || source.colors.empty()) {
                continue;
            }
            mesh.mColors[s] = new aiColor4D[count];
            for (size_t i = 0; i < count; ++i) {
                mesh.mColors[s][i] = ToColor(lod.colorSets[s].colors[vertices.used[i]]);
            }
        }
        AddSourceSkinAndMorphs(source, vertices, mSkinBones, mesh);
    };
    auto meshes = BuildMeshesByMaterial(triangles, source.positions.size(), mDefaultMaterial + 1,
                                        mRootName + "_" + mLodNames[index], writeVertices);
    lod = Lod();
    std::vector<unsigned> indices;
    for (auto &mesh : meshes) {
        indices.push_back(mParts.addMesh(std::move(mesh)));
    }
    SetNodeMeshes(node.get(), indices);
    return node.release();
}

} // namespace agf::ueformat
