/** @file P3dConverter.cpp */
#include "P3dConverter.h"

#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"
#include "P3dResolution.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace agf::p3d {

namespace {

constexpr uint32_t kNoVertex = 0xFFFFFFFFu;

/** Mixes `value` into `hash` (the 64-bit finaliser of MurmurHash3 on the sum). */
uint64_t HashCombine(uint64_t hash, uint64_t value) {
    uint64_t x = hash * 0x9E3779B97F4A7C15ull + value;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    x ^= x >> 33;
    return x;
}

// ---- Coordinates ----------------------------------------------------------------------------

aiVector3D ToAssimpPoint(const Vec3 &v) {
    return MirrorZ(aiVector3D(v.x, v.y, v.z));
}

aiVector3D Normalized(const aiVector3D &v) {
    const float length = v.Length();
    return length > 1e-12f && std::isfinite(length) ? v / length : v;
}

// MLOD normals point into the mesh (spec 2.8): negate, then mirror.
aiVector3D MlodNormal(const Vec3 &n) {
    return Normalized(MirrorZ(aiVector3D(-n.x, -n.y, -n.z)));
}

// ODOL render normals are taken to point outward (unverified, spec open question 2).
aiVector3D OdolNormal(const Vec3 &n) {
    return Normalized(MirrorZ(aiVector3D(n.x, n.y, n.z)));
}

aiVector3D ToAssimpUv(const std::array<float, 2> &uv) {
    return aiVector3D(uv[0], FlipV(uv[1]), 0);
}

// An engine row-vector affine transform (rows = images of X, Y, Z, then the position) as an
// Assimp column-vector matrix, conjugated by the Z mirror: M' = S M S.
aiMatrix4x4 ToAssimpTransform(const std::array<Vec3, 4> &rows) {
    aiMatrix4x4 m;
    const float columns[4][3] = {{rows[0].x, rows[0].y, rows[0].z},
                                 {rows[1].x, rows[1].y, rows[1].z},
                                 {rows[2].x, rows[2].y, rows[2].z},
                                 {rows[3].x, rows[3].y, rows[3].z}};
    for (unsigned c = 0; c < 4; ++c) {
        for (unsigned r = 0; r < 3; ++r) {
            m[r][c] = columns[c][r];
        }
    }
    const float sign[3] = {1, 1, -1};
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            const float columnSign = c < 3 ? sign[c] : 1.0f;
            m[r][c] *= sign[r] * columnSign;
        }
    }
    return m;
}

// ---- Text helpers -----------------------------------------------------------------------------

/** "0-3,7,9-12" for a sorted index list. */
std::string Ranges(const std::vector<uint32_t> &sorted) {
    std::string text;
    for (size_t i = 0; i < sorted.size();) {
        size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) {
            ++j;
        }
        if (!text.empty()) {
            text += ',';
        }
        text += std::to_string(sorted[i]);
        if (j > i) {
            text += '-' + std::to_string(sorted[j]);
        }
        i = j + 1;
    }
    return text;
}

std::string FormatFloat(float value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", static_cast<double>(value));
    return buffer;
}

/** Adds entries to a metadata builder under "<prefix>.": Assimp 5.2.5's SceneCombiner cannot
 *  copy nested aiMetadata (it asserts, which aborts on Debian), and every exporter copies the
 *  scene, so structured values are flattened into dotted keys. */
class Prefixed {
public:
    Prefixed(MetadataBuilder &target, std::string prefix)
        : mTarget(target), mPrefix(std::move(prefix) + ".") {}
    template <typename T> void add(const std::string &key, const T &value) {
        mTarget.add(mPrefix + key, value);
    }
    Prefixed nested(const std::string &key) const { return Prefixed(mTarget, mPrefix + key); }

private:
    MetadataBuilder &mTarget;
    std::string mPrefix;
};

/** Hands out scene-wide unique node names: Assimp binds bones by node name. */
class NodeNames {
public:
    std::string claim(const std::string &wanted) {
        std::string name = wanted.empty() ? std::string("unnamed") : wanted;
        if (mTaken.insert(name).second) {
            return name;
        }
        for (unsigned suffix = 1;; ++suffix) {
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, ".%03u", suffix);
            if (mTaken.insert(name + buffer).second) {
                return name + buffer;
            }
        }
    }

private:
    std::unordered_set<std::string> mTaken;
};

// ---- Materials -------------------------------------------------------------------------------

void AddString(aiMaterial &material, const char *key, const std::string &value,
               unsigned index = 0) {
    aiString text(ToUtf8(value));
    material.AddProperty(&text, key, aiTextureType_NONE, index);
}

void AddInt(aiMaterial &material, const char *key, uint32_t value, unsigned index = 0) {
    const int32_t number = static_cast<int32_t>(value);
    material.AddProperty(&number, 1, key, aiTextureType_NONE, index);
}

aiColor4D Color(const std::array<float, 4> &rgba) {
    return aiColor4D(rgba[0], rgba[1], rgba[2], rgba[3]);
}

void AddEmbeddedValues(aiMaterial &material, const EmbeddedMaterial &embedded) {
    const aiColor4D emissive = Color(embedded.colors[0]);
    const aiColor4D ambient = Color(embedded.colors[1]);
    const aiColor4D diffuse = Color(embedded.colors[2]);
    const aiColor4D forcedDiffuse = Color(embedded.colors[3]);
    const aiColor4D specular = Color(embedded.colors[4]);
    const aiColor4D specular2 = Color(embedded.colors[5]);
    material.AddProperty(&emissive, 1, AI_MATKEY_COLOR_EMISSIVE);
    material.AddProperty(&ambient, 1, AI_MATKEY_COLOR_AMBIENT);
    material.AddProperty(&diffuse, 1, AI_MATKEY_COLOR_DIFFUSE);
    material.AddProperty(&specular, 1, AI_MATKEY_COLOR_SPECULAR);
    material.AddProperty(&forcedDiffuse, 1, "$mat.p3d.forcedDiffuse", 0, 0);
    material.AddProperty(&specular2, 1, "$mat.p3d.specular2", 0, 0);
    material.AddProperty(&embedded.specularPower, 1, AI_MATKEY_SHININESS);
    AddInt(material, "$mat.p3d.version", embedded.version);
    AddInt(material, "$mat.p3d.pixelShaderId", embedded.pixelShader);
    AddInt(material, "$mat.p3d.vertexShaderId", embedded.vertexShader);
    AddInt(material, "$mat.p3d.mainLight", embedded.mainLight);
    AddInt(material, "$mat.p3d.fogMode", embedded.fogMode);
    AddInt(material, "$mat.p3d.renderFlags", embedded.renderFlags);
    if (!embedded.surface.empty()) {
        AddString(material, "$mat.p3d.surface", embedded.surface);
    }
    for (size_t s = 0; s < embedded.stages.size(); ++s) {
        const StageTexture &stage = embedded.stages[s];
        const unsigned index = static_cast<unsigned>(s);
        AddString(material, "$mat.p3d.stage.texture", stage.texture, index);
        AddInt(material, "$mat.p3d.stage.filter", stage.filter, index);
        AddInt(material, "$mat.p3d.stage.transform", stage.transformIndex, index);
    }
    for (size_t t = 0; t < embedded.transforms.size(); ++t) {
        const StageTransform &transform = embedded.transforms[t];
        const unsigned index = static_cast<unsigned>(t);
        AddInt(material, "$mat.p3d.transform.uvSource", transform.uvSource, index);
        material.AddProperty(transform.matrix.data(), 12, "$mat.p3d.transform.matrix", 0, index);
    }
    if (embedded.hasStageTI) {
        AddString(material, "$mat.p3d.stageTI.texture", embedded.stageTI.texture);
    }
}

std::string MaterialName(const LodMaterial &material) {
    if (material.texture.empty() && material.rvmat.empty()) {
        return "P3D default";
    }
    if (material.rvmat.empty()) {
        return material.texture;
    }
    if (material.texture.empty()) {
        return material.rvmat;
    }
    return material.texture + " | " + material.rvmat;
}

std::unique_ptr<aiMaterial> BuildMaterial(const LodMaterial &source,
                                          const EmbeddedMaterial *embedded) {
    const bool procedural = source.texture.rfind("#(", 0) == 0;
    auto material = MakeMaterial(ToUtf8(MaterialName(source)),
                                 procedural ? std::string() : ToUtf8(source.texture));
    if (!source.texture.empty()) {
        AddString(*material, "$mat.p3d.texture", source.texture);
    }
    if (!source.rvmat.empty()) {
        AddString(*material, "$mat.p3d.rvmat", source.rvmat);
    }
    float rgba[4];
    if (embedded != nullptr) {
        AddEmbeddedValues(*material, *embedded);
    } else if (procedural && ParseProceduralColor(source.texture, rgba)) {
        const aiColor4D color(rgba[0], rgba[1], rgba[2], rgba[3]);
        material->AddProperty(&color, 1, AI_MATKEY_COLOR_DIFFUSE);
    }
    return material;
}

// ---- The converter ---------------------------------------------------------------------------

class Converter {
public:
    Converter(const Model &model, const ConvertOptions &options, const std::string &fileName,
              aiScene *scene, std::vector<std::string> &warnings)
        : mModel(model), mOptions(options), mFileName(fileName), mScene(scene),
          mWarnings(warnings) {}

    void run() {
        std::vector<float> resolutions;
        for (const Lod &lod : mModel.lods) {
            resolutions.push_back(lod.resolution);
        }
        std::string problem;
        const std::vector<bool> selected = SelectLods(resolutions, mOptions.lodChoice, problem);
        if (std::find(selected.begin(), selected.end(), true) == selected.end() &&
            !mModel.lods.empty()) {
            ThrowImportError(mFileName, "LOD choice", 0,
                             "AI_CONFIG_IMPORT_P3D_LODS '" + mOptions.lodChoice +
                                 "' selects no LOD" + (problem.empty() ? "" : ": " + problem));
        }
        if (!problem.empty()) {
            mWarnings.push_back(mFileName + ": AI_CONFIG_IMPORT_P3D_LODS: " + problem);
        }

        mScene->mRootNode = new aiNode(ToUtf8(BaseNameOf(mFileName)));
        mNames.claim(mScene->mRootNode->mName.C_Str());
        setUpSkeleton();

        std::vector<aiNode *> lodNodes;
        for (size_t i = 0; i < mModel.lods.size(); ++i) {
            if (selected[i]) {
                lodNodes.push_back(convertLod(mModel.lods[i], i));
            }
        }
        AddChildren(mScene->mRootNode, lodNodes);
        addSceneMetadata(lodNodes.size());
        mParts.moveInto(mScene);
    }

private:
    // -- Skeleton --

    void setUpSkeleton() {
        const std::vector<Bone> *bones = nullptr;
        std::string source;
        std::string name;
        if (!mModel.bones.empty()) {
            bones = &mModel.bones;
            source = "ODOL ModelInfo";
            name = mModel.skeletonName;
        } else if (!mOptions.externalSkeleton.empty()) {
            bones = &mOptions.externalSkeleton;
            source = mOptions.externalSkeletonSource;
            name = mOptions.externalSkeletonName;
        }
        if (bones == nullptr) {
            return;
        }
        mSkeletonSource = source;
        mSkeletonName = name;
        std::vector<std::string> names;
        for (const Bone &bone : *bones) {
            names.push_back(ToUtf8(bone.name));
        }
        if (MakeNamesUnique(names) != 0) {
            mWarnings.push_back(mFileName + ": the skeleton repeats bone names; renamed");
        }
        std::unordered_map<std::string, int64_t> indexByName;
        for (size_t b = 0; b < bones->size(); ++b) {
            indexByName.emplace(Lower((*bones)[b].name), static_cast<int64_t>(b));
        }
        std::vector<NodeSource> nodes(bones->size());
        for (size_t b = 0; b < bones->size(); ++b) {
            nodes[b].name = mNames.claim(names[b]);
            const std::string &parent = (*bones)[b].parent;
            if (!parent.empty()) {
                auto found = indexByName.find(Lower(parent));
                if (found == indexByName.end()) {
                    mWarnings.push_back(mFileName + ": bone '" + (*bones)[b].name +
                                        "' has unknown parent '" + parent +
                                        "'; attached to the root");
                } else {
                    nodes[b].parent = found->second;
                }
            }
            mBoneIndexByName.emplace(Lower((*bones)[b].name), static_cast<uint32_t>(b));
            // The layout has no bone transforms (spec 4.9): bones rest at the origin with
            // identity offsets, which leaves the mesh unchanged at rest.
            mSkinBones.push_back(SkinBone{nodes[b].name, aiMatrix4x4()});
        }
        SourceContext context{mFileName, "skeleton", 0};
        BuildNodeHierarchy(nodes, mScene->mRootNode, context);
    }

    // -- One LOD --

    struct Geometry {
        MeshSource source;
        std::vector<Triangle> triangles;
        std::vector<uint32_t> vertexPoint; ///< source vertex -> point / ODOL vertex
        bool windingFlipped = false;
        size_t agreeing = 0, disagreeing = 0;
    };

    aiNode *convertLod(const Lod &lod, size_t lodIndex) {
        const std::string lodName = ResolutionName(lod.resolution);
        auto node = std::make_unique<aiNode>(mNames.claim(lodName));
        std::vector<unsigned> localToScene = registerMaterials(lod);
        Geometry geometry = lod.perVertex ? odolGeometry(lod) : mlodGeometry(lod);
        for (Triangle &triangle : geometry.triangles) {
            triangle.material = localToScene[triangle.material];
        }
        addSkin(lod, geometry);
        addFrames(lod, geometry);

        std::vector<unsigned> meshIndices;
        std::vector<std::string> meshNames;
        std::vector<std::vector<uint32_t>> usedPerMesh;
        if (!geometry.triangles.empty()) {
            auto meshes = BuildMeshesByMaterial(geometry.source, geometry.triangles,
                                                static_cast<unsigned>(mParts.materialCount()),
                                                mSkinBones, node->mName.C_Str());
            usedPerMesh = VerticesPerMesh(geometry, mParts.materialCount());
            for (auto &mesh : meshes) {
                meshNames.push_back(mesh->mName.C_Str());
                meshIndices.push_back(mParts.addMesh(std::move(mesh)));
            }
        }
        SetNodeMeshes(node.get(), meshIndices);

        MetadataBuilder metadata;
        metadata.add(AGF_META_P3D_RESOLUTION, lod.resolution);
        metadata.add(AGF_META_P3D_LOD_INDEX, static_cast<int32_t>(lodIndex));
        metadata.add(AGF_META_P3D_POINT_COUNT, static_cast<uint64_t>(lod.points.size()));
        metadata.add(AGF_META_P3D_FACE_COUNT, static_cast<uint64_t>(lod.faces.size()));
        metadata.add(AGF_META_P3D_NORMAL_COUNT, static_cast<uint64_t>(lod.normals.size()));
        metadata.add(AGF_META_P3D_UV_SET_COUNT,
                     static_cast<int32_t>(lod.perVertex ? lod.uvSets.size() : lod.uvSetTaggCount));
        if (lod.perVertex) {
            metadata.add(AGF_META_P3D_WINDING_FLIPPED, geometry.windingFlipped);
        }
        addProperties(lod, metadata);
        addPointFlags(lod, metadata);
        if (!lod.mass.empty()) {
            float total = 0;
            for (float mass : lod.mass) {
                total += mass;
            }
            metadata.add(AGF_META_P3D_MASS, total);
        }
        if (!lod.sharpEdges.empty()) {
            metadata.add(AGF_META_P3D_SHARP_EDGE_COUNT,
                         static_cast<uint64_t>(lod.sharpEdges.size()));
        }
        if (!lod.frames.empty()) {
            std::string times;
            for (const Frame &frame : lod.frames) {
                times += (times.empty() ? "" : ",") + FormatFloat(frame.time);
            }
            metadata.add(AGF_META_P3D_FRAME_TIMES, times);
        }
        addSections(lod, metadata);
        addSelections(lod, geometry, meshNames, usedPerMesh, metadata);
        node->mMetaData = metadata.build();

        std::vector<aiNode *> children = proxyNodes(lod);
        std::vector<aiNode *> points = pointNodes(lod);
        children.insert(children.end(), points.begin(), points.end());
        AddChildren(node.get(), children);
        return node.release();
    }

    std::vector<unsigned> registerMaterials(const Lod &lod) {
        std::vector<unsigned> localToScene;
        for (const LodMaterial &material : lod.materials) {
            const EmbeddedMaterial *embedded =
                material.embedded >= 0 &&
                        static_cast<size_t>(material.embedded) < lod.embeddedMaterials.size()
                    ? &lod.embeddedMaterials[static_cast<size_t>(material.embedded)]
                    : nullptr;
            const std::string key = material.texture + '\n' + material.rvmat + '\n' +
                                    (embedded != nullptr ? "embedded" : "");
            auto found = mMaterialByKey.find(key);
            if (found == mMaterialByKey.end()) {
                const unsigned index = mParts.addMaterial(BuildMaterial(material, embedded));
                found = mMaterialByKey.emplace(key, index).first;
            }
            localToScene.push_back(found->second);
        }
        return localToScene;
    }

    Geometry mlodGeometry(const Lod &lod) {
        Geometry geometry;
        const size_t setCount = lod.uvSets.size();
        // Corners become one vertex when point, normal and every UV are bit-identical. The
        // look-up hashes those values into a number (no string per corner: this runs for
        // every corner of every LOD); corners whose hashes collide are told apart by comparing
        // the values with those of the corner that made the vertex.
        std::unordered_map<uint64_t, uint32_t> firstVertexByHash;
        std::vector<uint32_t> nextVertexWithHash;
        std::vector<size_t> vertexCorner;
        std::vector<uint32_t> vertexNormal; ///< MLOD normal index of each vertex
        firstVertexByHash.reserve(lod.points.size() * 2);
        const auto sameCorner = [&](const Face &face, size_t k, size_t corner, uint32_t vertex) {
            const size_t other = vertexCorner[vertex];
            if (geometry.vertexPoint[vertex] != face.vertices[k] ||
                vertexNormal[vertex] != face.normals[k]) {
                return false;
            }
            for (size_t set = 0; set < setCount; ++set) {
                if (std::memcmp(lod.uvSets[set][corner].data(), lod.uvSets[set][other].data(),
                                sizeof(float) * 2) != 0) {
                    return false;
                }
            }
            return true;
        };
        size_t corner = 0;
        for (const Face &face : lod.faces) {
            uint32_t vertex[4];
            for (size_t k = 0; k < face.count; ++k, ++corner) {
                uint64_t hash = HashCombine(face.vertices[k], face.normals[k]);
                for (size_t set = 0; set < setCount; ++set) {
                    uint64_t bits;
                    std::memcpy(&bits, lod.uvSets[set][corner].data(), sizeof bits);
                    hash = HashCombine(hash, bits);
                }
                auto found = firstVertexByHash.find(hash);
                uint32_t index = found == firstVertexByHash.end() ? kNoVertex : found->second;
                uint32_t previous = kNoVertex;
                while (index != kNoVertex && !sameCorner(face, k, corner, index)) {
                    previous = index;
                    index = nextVertexWithHash[index];
                }
                if (index == kNoVertex) {
                    index = static_cast<uint32_t>(geometry.vertexPoint.size());
                    if (previous == kNoVertex) {
                        firstVertexByHash.emplace(hash, index);
                    } else {
                        nextVertexWithHash[previous] = index;
                    }
                    nextVertexWithHash.push_back(kNoVertex);
                    vertexCorner.push_back(corner);
                    vertexNormal.push_back(face.normals[k]);
                    geometry.vertexPoint.push_back(face.vertices[k]);
                    geometry.source.positions.push_back(
                        ToAssimpPoint(lod.points[face.vertices[k]]));
                    geometry.source.normals.push_back(MlodNormal(lod.normals[face.normals[k]]));
                    geometry.source.uvSets.resize(setCount);
                    for (size_t set = 0; set < setCount; ++set) {
                        geometry.source.uvSets[set].push_back(ToAssimpUv(lod.uvSets[set][corner]));
                    }
                }
                vertex[k] = index;
            }
            // Spec 2.8: after the mirror, the file order is counter-clockwise seen from outside.
            addPolygon(geometry, vertex, face.count, face.material, false);
        }
        return geometry;
    }

    Geometry odolGeometry(const Lod &lod) {
        Geometry geometry;
        const size_t count = lod.points.size();
        geometry.vertexPoint.resize(count);
        geometry.source.positions.resize(count);
        geometry.source.normals.resize(count);
        for (size_t v = 0; v < count; ++v) {
            geometry.vertexPoint[v] = static_cast<uint32_t>(v);
            geometry.source.positions[v] = ToAssimpPoint(lod.points[v]);
            geometry.source.normals[v] = OdolNormal(lod.normals[v]);
        }
        for (const auto &set : lod.uvSets) {
            std::vector<aiVector3D> uvs(count);
            for (size_t v = 0; v < count; ++v) {
                uvs[v] = ToAssimpUv(set[v]);
            }
            geometry.source.uvSets.push_back(std::move(uvs));
        }
        // The ODOL winding is unverified (spec 9): count how many faces, kept in file order,
        // agree with their stored normals, and reverse the LOD when most disagree.
        for (const Face &face : lod.faces) {
            const aiVector3D &p0 = geometry.source.positions[face.vertices[0]];
            const aiVector3D faceNormal = (geometry.source.positions[face.vertices[1]] - p0) ^
                                          (geometry.source.positions[face.vertices[2]] - p0);
            aiVector3D stored;
            for (size_t k = 0; k < face.count; ++k) {
                stored += geometry.source.normals[face.vertices[k]];
            }
            const float dot = faceNormal * stored;
            if (dot > 0) {
                ++geometry.agreeing;
            } else if (dot < 0) {
                ++geometry.disagreeing;
            }
        }
        geometry.windingFlipped = geometry.disagreeing > geometry.agreeing;
        if (!lod.faces.empty()) {
            ASSIMP_LOG_INFO("P3D: ", mFileName, ": ", ResolutionName(lod.resolution), ": ",
                            geometry.agreeing, " faces agree and ", geometry.disagreeing,
                            " disagree with their normals in file order; winding ",
                            geometry.windingFlipped ? "reversed" : "kept");
        }
        for (const Face &face : lod.faces) {
            uint32_t vertex[4] = {face.vertices[0], face.vertices[1], face.vertices[2],
                                  face.vertices[3]};
            addPolygon(geometry, vertex, face.count, face.material, geometry.windingFlipped);
        }
        return geometry;
    }

    static void addPolygon(Geometry &geometry, const uint32_t (&vertex)[4], uint8_t count,
                           uint32_t material, bool flip) {
        // Quads are fanned (0, 1, 2), (0, 2, 3) in file slot order, as the tools do.
        for (uint8_t t = 0; t + 2 < count; ++t) {
            Triangle triangle;
            triangle.vertices[0] = vertex[0];
            triangle.vertices[1] = vertex[t + 1];
            triangle.vertices[2] = vertex[t + 2];
            triangle.material = material;
            if (flip) {
                FlipWinding(triangle.vertices);
            }
            geometry.triangles.push_back(triangle);
        }
    }

    // The source vertices of each mesh BuildMeshesByMaterial makes, in its documented order:
    // one mesh per used material in material order, vertices in first-use order.
    static std::vector<std::vector<uint32_t>> VerticesPerMesh(const Geometry &geometry,
                                                              size_t materialCount) {
        std::vector<std::vector<uint32_t>> trianglesByMaterial(materialCount);
        for (size_t t = 0; t < geometry.triangles.size(); ++t) {
            trianglesByMaterial[geometry.triangles[t].material].push_back(static_cast<uint32_t>(t));
        }
        std::vector<std::vector<uint32_t>> result;
        std::vector<bool> seen(geometry.source.positions.size(), false);
        for (const auto &triangles : trianglesByMaterial) {
            if (triangles.empty()) {
                continue;
            }
            std::vector<uint32_t> used;
            for (uint32_t t : triangles) {
                for (uint32_t vertex : geometry.triangles[t].vertices) {
                    if (!seen[vertex]) {
                        seen[vertex] = true;
                        used.push_back(vertex);
                    }
                }
            }
            for (uint32_t vertex : used) {
                seen[vertex] = false;
            }
            result.push_back(std::move(used));
        }
        return result;
    }

    // Skin weights: ODOL vertexBoneRef when present, otherwise selections named after bones.
    void addSkin(const Lod &lod, Geometry &geometry) {
        if (mSkinBones.empty()) {
            return;
        }
        const size_t vertexCount = geometry.source.positions.size();
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
                perVertex[v] = perPoint[geometry.vertexPoint[v]];
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

    // Point-cache frames (#Animation#, ODOL frames) become morph targets.
    void addFrames(const Lod &lod, Geometry &geometry) {
        const size_t vertexCount = geometry.source.positions.size();
        for (size_t f = 0; f < lod.frames.size(); ++f) {
            const Frame &frame = lod.frames[f];
            if (frame.positions.size() != lod.points.size()) {
                mWarnings.push_back(mFileName + ": " + ResolutionName(lod.resolution) + " frame " +
                                    std::to_string(f) + " has " +
                                    std::to_string(frame.positions.size()) + " points, the LOD " +
                                    std::to_string(lod.points.size()) + "; skipped");
                continue;
            }
            if (vertexCount == 0) {
                continue;
            }
            MorphSource morph;
            morph.name = "Frame " + std::to_string(f) + " (" + FormatFloat(frame.time) + ")";
            morph.vertices.resize(vertexCount);
            morph.positions.resize(vertexCount);
            for (size_t v = 0; v < vertexCount; ++v) {
                morph.vertices[v] = static_cast<uint32_t>(v);
                morph.positions[v] = ToAssimpPoint(frame.positions[geometry.vertexPoint[v]]);
            }
            geometry.source.morphs.push_back(std::move(morph));
        }
    }

    // -- Metadata --

    void addProperties(const Lod &lod, MetadataBuilder &metadata) {
        std::map<std::string, std::string> unique;
        std::vector<std::string> order;
        for (const auto &property : lod.properties) {
            if (unique.count(property.first) == 0) {
                order.push_back(property.first);
            }
            unique[property.first] = property.second;
        }
        for (const std::string &name : order) {
            metadata.add(std::string(AGF_META_P3D_PROPERTY_PREFIX) + ToUtf8(name),
                         ToUtf8(unique[name]));
        }
    }

    void addPointFlags(const Lod &lod, MetadataBuilder &metadata) {
        std::map<uint32_t, std::vector<uint32_t>> pointsByFlags;
        size_t hidden = 0;
        for (size_t p = 0; p < lod.pointFlags.size(); ++p) {
            const uint32_t flags = lod.pointFlags[p];
            if (flags != 0) {
                pointsByFlags[flags].push_back(static_cast<uint32_t>(p));
            }
            // 0x01000000 marks hidden points in MLOD (spec 8.1).
            if (!lod.perVertex && (flags & 0x01000000u) != 0) {
                ++hidden;
            }
        }
        if (!lod.perVertex) {
            metadata.add(AGF_META_P3D_HIDDEN_POINT_COUNT, static_cast<uint64_t>(hidden));
        }
        if (pointsByFlags.empty()) {
            return;
        }
        Prefixed flags(metadata, AGF_META_P3D_POINT_FLAGS);
        for (const auto &entry : pointsByFlags) {
            char key[16];
            std::snprintf(key, sizeof key, "0x%08X", entry.first);
            flags.add(key, Ranges(entry.second));
        }
    }

    void addSections(const Lod &lod, MetadataBuilder &metadata) {
        if (lod.sections.empty()) {
            return;
        }
        Prefixed sections(metadata, AGF_META_P3D_SECTIONS);
        for (size_t s = 0; s < lod.sections.size(); ++s) {
            const Section &section = lod.sections[s];
            Prefixed entry = sections.nested("Section " + std::to_string(s));
            entry.add("Faces",
                      std::to_string(section.firstFace) + "-" + std::to_string(section.endFace));
            entry.add("TextureIndex", static_cast<int32_t>(section.textureIndex));
            entry.add("MaterialIndex", static_cast<int32_t>(section.materialIndex));
            entry.add("FaceFlags", static_cast<int32_t>(section.faceFlags));
        }
    }

    void addSelections(const Lod &lod, const Geometry &geometry,
                       const std::vector<std::string> &meshNames,
                       const std::vector<std::vector<uint32_t>> &usedPerMesh,
                       MetadataBuilder &metadata) {
        if (lod.selections.empty()) {
            return;
        }
        Prefixed selections(metadata, AGF_META_P3D_SELECTIONS);
        std::vector<bool> member(lod.points.size());
        std::unordered_set<std::string> keys;
        for (const Selection &selection : lod.selections) {
            std::string key = ToUtf8(selection.name);
            while (!keys.insert(key).second) {
                key += "'";
            }
            Prefixed entry = selections.nested(key);
            std::vector<uint32_t> points = selection.points;
            std::sort(points.begin(), points.end());
            entry.add("Points", Ranges(points));
            std::vector<uint32_t> faces = selection.faces;
            std::sort(faces.begin(), faces.end());
            entry.add("Faces", Ranges(faces));
            std::string partial;
            for (size_t k = 0; k < selection.points.size(); ++k) {
                if (selection.weights[k] != 1.0f) {
                    partial += (partial.empty() ? "" : ",") + std::to_string(selection.points[k]) +
                               ":" + FormatFloat(selection.weights[k]);
                }
            }
            if (!partial.empty()) {
                entry.add("Weights", partial);
            }
            if (mBoneIndexByName.count(Lower(selection.name)) != 0) {
                entry.add("Bone", true);
            }
            // Where the selection's points ended up in the meshes.
            std::fill(member.begin(), member.end(), false);
            for (uint32_t point : selection.points) {
                member[point] = true;
            }
            Prefixed vertices = entry.nested("MeshVertices");
            for (size_t m = 0; m < usedPerMesh.size(); ++m) {
                std::vector<uint32_t> local;
                for (size_t i = 0; i < usedPerMesh[m].size(); ++i) {
                    if (member[geometry.vertexPoint[usedPerMesh[m][i]]]) {
                        local.push_back(static_cast<uint32_t>(i));
                    }
                }
                if (!local.empty()) {
                    vertices.add(meshNames[m], Ranges(local));
                }
            }
        }
    }

    // -- Child nodes --

    std::vector<aiNode *> proxyNodes(const Lod &lod) {
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
                metadata.add(
                    AGF_META_P3D_PROXY_SELECTION,
                    ToUtf8(lod.selections[static_cast<size_t>(proxy.selectionIndex)].name));
            }
            node->mMetaData = metadata.build();
            nodes.push_back(node.release());
        }
        return nodes;
    }

    // Named points of Memory-like LODs (and of any LOD without faces) become nodes.
    std::vector<aiNode *> pointNodes(const Lod &lod) {
        std::vector<aiNode *> nodes;
        if (!IsPointLod(lod.resolution) && !lod.faces.empty()) {
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
                Prefixed list(metadata, AGF_META_P3D_POINTS);
                for (size_t k = 0; k < positions.size(); ++k) {
                    list.add(std::to_string(k), positions[k]);
                }
            }
            node->mMetaData = metadata.build();
            nodes.push_back(node.release());
        }
        return nodes;
    }

    void addSceneMetadata(size_t importedLods) {
        MetadataBuilder metadata;
        const char *format =
            mModel.kind == FileKind::Mlod ? "Bohemia P3D MLOD" : "Bohemia P3D ODOL";
        metadata.add("SourceAsset_Format", format);
        metadata.add("SourceAsset_FormatVersion", std::to_string(mModel.version));
        metadata.add(AGF_META_UP_AXIS, static_cast<int32_t>(1));
        metadata.add(AGF_META_UP_AXIS_SIGN, static_cast<int32_t>(1));
        metadata.add(AGF_META_UNIT_SCALE_FACTOR, 100.0);
        metadata.add(AGF_META_UNITS, "metre");
        metadata.add(AGF_META_ROOT_ROTATED_TO_Y_UP, false);
        metadata.add(AGF_META_P3D_LOD_COUNT, static_cast<uint64_t>(mModel.lods.size()));
        metadata.add(AGF_META_P3D_IMPORTED_LOD_COUNT, static_cast<uint64_t>(importedLods));
        if (mModel.wasCompressed) {
            metadata.add(AGF_META_P3D_WHOLE_FILE_COMPRESSED, true);
        }
        if (!mSkeletonSource.empty()) {
            metadata.add(AGF_META_P3D_SKELETON, ToUtf8(mSkeletonName));
            metadata.add(AGF_META_P3D_SKELETON_SOURCE, ToUtf8(mSkeletonSource));
        }
        if (!mModel.info.empty()) {
            Prefixed info(metadata, AGF_META_P3D_MODEL_INFO);
            for (const auto &entry : mModel.info) {
                info.add(entry.first, ToUtf8(entry.second));
            }
        }
        if (!mModel.animations.empty()) {
            Prefixed animations(metadata, AGF_META_P3D_ANIMATIONS);
            std::unordered_set<std::string> keys;
            for (const AnimationClass &animation : mModel.animations) {
                std::string key = ToUtf8(animation.name);
                while (!keys.insert(key).second) {
                    key += "'";
                }
                Prefixed entry = animations.nested(key);
                entry.add("Type", static_cast<int32_t>(animation.type));
                entry.add("Source", ToUtf8(animation.source));
                entry.add("MinPhase", animation.minPhase);
                entry.add("MaxPhase", animation.maxPhase);
                entry.add("MinValue", animation.minValue);
                entry.add("MaxValue", animation.maxValue);
                entry.add("SourceAddress", static_cast<int32_t>(animation.sourceAddress));
                std::string parameters;
                for (float value : animation.parameters) {
                    parameters += (parameters.empty() ? "" : ",") + FormatFloat(value);
                }
                entry.add("Parameters", parameters);
                if (animation.bone >= 0 &&
                    static_cast<size_t>(animation.bone) < mSkinBones.size()) {
                    entry.add("Bone", mSkinBones[static_cast<size_t>(animation.bone)].name);
                    entry.add("AxisPosition", ToAssimpPoint(animation.axisPosition));
                    entry.add("AxisDirection", ToAssimpPoint(animation.axisDirection));
                }
            }
        }
        metadata.mergeInto(mScene->mMetaData);
    }

    const Model &mModel;
    const ConvertOptions &mOptions;
    std::string mFileName;
    aiScene *mScene;
    std::vector<std::string> &mWarnings;
    SceneParts mParts;
    NodeNames mNames;
    std::map<std::string, unsigned> mMaterialByKey;
    std::vector<SkinBone> mSkinBones;
    std::unordered_map<std::string, uint32_t> mBoneIndexByName;
    std::string mSkeletonSource;
    std::string mSkeletonName;
};

} // namespace

bool ParseProceduralColor(const std::string &texture, float (&rgba)[4]) {
    const std::string lower = Lower(texture);
    if (lower.rfind("#(", 0) != 0) {
        return false;
    }
    const size_t open = lower.find("color(");
    if (open == std::string::npos) {
        return false;
    }
    const char *cursor = texture.c_str() + open + 6;
    for (float &channel : rgba) {
        char *end = nullptr;
        const double value = std::strtod(cursor, &end);
        if (end == cursor || (*end != ',' && *end != ')')) {
            return false;
        }
        channel = static_cast<float>(value);
        cursor = *end == ',' ? end + 1 : end;
    }
    return true;
}

void ConvertModel(const Model &model, const ConvertOptions &options, const std::string &fileName,
                  aiScene *scene, std::vector<std::string> &warnings) {
    Converter converter(model, options, fileName, scene, warnings);
    converter.run();
}

} // namespace agf::p3d
