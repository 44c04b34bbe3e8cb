/** @file P3dSkinAndSelections.cpp
 *  Skin weights (ODOL bone references, or selections named after bones), named selections as
 *  metadata, and proxies and memory points as nodes.
 */
#include "P3dConversion.h"

#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"
#include "P3dFaces.h"
#include "P3dResolution.h"

#include <assimp_gameformats/GameFormats.h>

#include <algorithm>
#include <cstdio>

namespace agf::p3d {

// Skin weights: ODOL vertexBoneRef when present, otherwise selections named after bones.
void Converter::addSkin(const Lod &lod, Geometry &geometry) const {
    if (mSkinBones.empty()) {
        return;
    }
    const size_t vertexCount = geometry.vertexCount();
    std::vector<std::vector<BoneInfluence>> perVertex(vertexCount);
    if (!lod.skin.empty() || !lod.skinStart.empty()) {
        for (size_t v = 0; v < vertexCount && v + 1 < lod.skinStart.size(); ++v) {
            for (uint32_t k = lod.skinStart[v]; k < lod.skinStart[v + 1]; ++k) {
                perVertex[v].push_back(BoneInfluence{lod.skin[k].bone, lod.skin[k].weight});
            }
        }
    } else {
        // Weights of every point in bone selections, then spread to the vertices.
        std::vector<std::vector<BoneInfluence>> perPoint(lod.points.size());
        for (const Selection &selection : lod.selections) {
            auto bone = mBoneIndexByName.find(Lower(selection.name));
            if (bone == mBoneIndexByName.end()) {
                continue;
            }
            for (size_t k = 0; k < selection.points.size(); ++k) {
                if (selection.weights[k] > 0) {
                    perPoint[selection.points[k]].push_back(
                        BoneInfluence{bone->second, selection.weights[k]});
                }
            }
        }
        for (size_t v = 0; v < vertexCount; ++v) {
            perVertex[v] = perPoint[geometry.pointOf(v)];
            float sum = 0;
            for (const BoneInfluence &influence : perVertex[v]) {
                sum += influence.weight;
            }
            for (BoneInfluence &influence : perVertex[v]) {
                influence.weight /= sum;
            }
        }
    }
    bool any = false;
    for (const auto &influences : perVertex) {
        any = any || !influences.empty();
    }
    if (!any) {
        return;
    }
    geometry.source.influenceStart.assign(1, 0);
    for (const auto &influences : perVertex) {
        geometry.source.influences.insert(geometry.source.influences.end(), influences.begin(),
                                          influences.end());
        geometry.source.influenceStart.push_back(
            static_cast<uint32_t>(geometry.source.influences.size()));
    }
}

void Converter::addSelections(const Lod &lod, const Geometry &geometry,
                              const std::vector<std::string> &meshNames,
                              const std::vector<std::vector<uint32_t>> &usedPerMesh,
                              MetadataBuilder &metadata) const {
    if (lod.selections.empty()) {
        return;
    }
    std::vector<bool> member(lod.points.size());
    std::unordered_set<std::string> keys;
    for (const Selection &selection : lod.selections) {
        std::string key = ToUtf8(selection.name);
        while (!keys.insert(key).second) {
            key += "'";
        }
        const std::string entry = AGF_META_P3D_SELECTIONS + MetadataName(key);
        std::vector<uint32_t> points = selection.points;
        std::sort(points.begin(), points.end());
        metadata.add(entry + AGF_META_P3D_SELECTION_POINTS, Ranges(points));
        // Point selections (Memory-like LODs hold hundreds) have no faces; each metadata value
        // costs an aiString of 1 KB for its key and another for its value, so an empty one is
        // left out.
        if (!selection.faces.empty()) {
            std::vector<uint32_t> faces = selection.faces;
            std::sort(faces.begin(), faces.end());
            metadata.add(entry + AGF_META_P3D_SELECTION_FACES, Ranges(faces));
        }
        std::string partial;
        for (size_t k = 0; k < selection.points.size(); ++k) {
            if (selection.weights[k] != 1.0f) {
                partial += (partial.empty() ? "" : ",") + std::to_string(selection.points[k]) +
                           ":" + FormatFloat(selection.weights[k]);
            }
        }
        if (!partial.empty()) {
            metadata.add(entry + AGF_META_P3D_SELECTION_WEIGHTS, partial);
        }
        if (mBoneIndexByName.count(Lower(selection.name)) != 0) {
            metadata.add(entry + AGF_META_P3D_SELECTION_BONE, true);
        }
        // Where the selection's points ended up in the meshes.
        std::fill(member.begin(), member.end(), false);
        for (uint32_t point : selection.points) {
            member[point] = true;
        }
        const std::string vertices = entry + AGF_META_P3D_SELECTION_MESH_VERTICES;
        for (size_t m = 0; m < usedPerMesh.size(); ++m) {
            std::vector<uint32_t> local;
            for (size_t i = 0; i < usedPerMesh[m].size(); ++i) {
                if (member[geometry.pointOf(usedPerMesh[m][i])]) {
                    local.push_back(static_cast<uint32_t>(i));
                }
            }
            if (!local.empty()) {
                metadata.add(vertices + MetadataName(meshNames[m]), Ranges(local));
            }
        }
    }
}

std::vector<aiNode *> Converter::proxyNodes(const Lod &lod) {
    std::vector<aiNode *> nodes;
    for (const Proxy &proxy : lod.proxies) {
        char instance[16];
        std::snprintf(instance, sizeof instance, ".%03d", proxy.instance);
        auto node =
            std::make_unique<aiNode>(mNames.claim(ToUtf8("proxy:" + proxy.path + instance)));
        node->mTransformation = ToAssimpTransform(proxy.rows);
        MetadataBuilder metadata;
        metadata.add(AGF_META_P3D_PROXY, ToUtf8(proxy.path));
        metadata.add(AGF_META_P3D_PROXY_INDEX, proxy.instance);
        if (proxy.boneIndex >= 0 && static_cast<size_t>(proxy.boneIndex) < mSkinBones.size()) {
            metadata.add(AGF_META_P3D_PROXY_BONE,
                         mSkinBones[static_cast<size_t>(proxy.boneIndex)].name);
        }
        if (proxy.selectionIndex >= 0 &&
            static_cast<size_t>(proxy.selectionIndex) < lod.selections.size()) {
            metadata.add(AGF_META_P3D_PROXY_SELECTION,
                         ToUtf8(lod.selections[static_cast<size_t>(proxy.selectionIndex)].name));
        }
        node->mMetaData = metadata.build();
        nodes.push_back(node.release());
    }
    return nodes;
}

// Named points of Memory-like LODs (and of any LOD without faces) become nodes.
std::vector<aiNode *> Converter::pointNodes(const Lod &lod) {
    std::vector<aiNode *> nodes;
    if (!IsPointLod(lod.resolution) && FaceCount(lod) != 0) {
        return nodes;
    }
    for (const Selection &selection : lod.selections) {
        if (selection.points.empty() || Lower(selection.name).rfind("proxy:", 0) == 0) {
            continue;
        }
        aiVector3D centre;
        std::vector<aiVector3D> positions;
        for (uint32_t point : selection.points) {
            positions.push_back(ToAssimpPoint(lod.points[point]));
            centre += positions.back();
        }
        centre /= static_cast<float>(positions.size());
        auto node = std::make_unique<aiNode>(mNames.claim(ToUtf8(selection.name)));
        aiMatrix4x4::Translation(centre, node->mTransformation);
        MetadataBuilder metadata;
        metadata.add(AGF_META_P3D_MEMORY_POINT, ToUtf8(selection.name));
        metadata.add(AGF_META_P3D_POINT_COUNT, static_cast<uint64_t>(positions.size()));
        if (positions.size() == 2) {
            metadata.add(AGF_META_P3D_AXIS_START, positions[0]);
            metadata.add(AGF_META_P3D_AXIS_END, positions[1]);
        }
        if (positions.size() > 1) {
            for (size_t k = 0; k < positions.size(); ++k) {
                metadata.add(AGF_META_P3D_POINTS + MetadataName(std::to_string(k)), positions[k]);
            }
        }
        node->mMetaData = metadata.build();
        nodes.push_back(node.release());
    }
    return nodes;
}

} // namespace agf::p3d
