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
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

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

namespace {

/** The metadata key of a selection name: the name itself, and for its n-th repeat in the LOD n
 *  "'" appended (from the ninth, "'" and n), then more until no other name has it. */
class SelectionKeys {
public:
    std::string claim(const std::string &name) {
        if (mTaken.insert(name).second) {
            return name;
        }
        size_t &repeats = mRepeatsOf[name];
        const size_t kApostrophesAtMost = 8;
        while (true) {
            ++repeats;
            std::string key = repeats <= kApostrophesAtMost ? name + std::string(repeats, '\'')
                                                            : name + "'" + std::to_string(repeats);
            if (mTaken.insert(key).second) {
                return key;
            }
        }
    }

private:
    std::unordered_set<std::string> mTaken;
    std::unordered_map<std::string, size_t> mRepeatsOf;
};

/** Where each point's vertices are in the meshes: for point p, the (mesh, vertex in the mesh)
 *  pairs from start[p] to start[p + 1], built once per LOD so that each selection costs its own
 *  points rather than every point and vertex of the LOD. */
struct PointPlaces {
    std::vector<uint32_t> start;
    std::vector<std::pair<uint32_t, uint32_t>> places;
};

template <typename PointOf>
PointPlaces PlacesOfPoints(size_t pointCount, const std::vector<std::vector<uint32_t>> &usedPerMesh,
                           PointOf pointOf) {
    PointPlaces result;
    result.start.assign(pointCount + 1, 0);
    for (const auto &used : usedPerMesh) {
        for (const uint32_t vertex : used) {
            ++result.start[pointOf(vertex) + 1];
        }
    }
    for (size_t p = 0; p < pointCount; ++p) {
        result.start[p + 1] += result.start[p];
    }
    result.places.resize(result.start[pointCount]);
    std::vector<uint32_t> next(result.start.begin(), result.start.end() - 1);
    for (size_t m = 0; m < usedPerMesh.size(); ++m) {
        for (size_t i = 0; i < usedPerMesh[m].size(); ++i) {
            const uint32_t point = pointOf(usedPerMesh[m][i]);
            result.places[next[point]++] = {static_cast<uint32_t>(m), static_cast<uint32_t>(i)};
        }
    }
    return result;
}

} // namespace

void Converter::addSelections(const Lod &lod, const Geometry &geometry,
                              const std::vector<std::string> &meshNames,
                              const std::vector<std::vector<uint32_t>> &usedPerMesh,
                              MetadataBuilder &metadata) const {
    if (lod.selections.empty()) {
        return;
    }
    const PointPlaces placesOfPoint =
        PlacesOfPoints(lod.points.size(), usedPerMesh,
                       [&geometry](uint32_t vertex) { return geometry.pointOf(vertex); });
    SelectionKeys keys;
    std::vector<std::pair<uint32_t, uint32_t>> places; // (mesh, vertex in it)
    for (const Selection &selection : lod.selections) {
        const std::string entry =
            AGF_META_P3D_SELECTIONS + MetadataName(keys.claim(ToUtf8(selection.name)));
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
        // Where the selection's points ended up in the meshes, mesh by mesh in order.
        places.clear();
        for (size_t k = 0; k < points.size(); ++k) {
            if (k > 0 && points[k] == points[k - 1]) {
                continue;
            }
            places.insert(places.end(),
                          placesOfPoint.places.begin() + placesOfPoint.start[points[k]],
                          placesOfPoint.places.begin() + placesOfPoint.start[points[k] + 1]);
        }
        std::sort(places.begin(), places.end());
        const std::string vertices = entry + AGF_META_P3D_SELECTION_MESH_VERTICES;
        for (size_t first = 0; first < places.size();) {
            const uint32_t mesh = places[first].first;
            std::vector<uint32_t> local;
            size_t last = first;
            for (; last < places.size() && places[last].first == mesh; ++last) {
                local.push_back(places[last].second);
            }
            metadata.add(vertices + MetadataName(meshNames[mesh]), Ranges(local));
            first = last;
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
