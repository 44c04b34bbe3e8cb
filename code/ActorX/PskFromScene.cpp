/** @file PskFromScene.cpp
 *  The inverse of PskConverter's conventions: file space is the scene turned Z-up and into
 *  Unreal units (ActorXExportSkeleton.h), V is flipped back to a top-left origin, triangles are
 *  stored clockwise, non-root bone rotations conjugated, MRPHDATA deltas and SKELSOCK transforms
 *  mirrored back into raw UE space.
 */
#include "PskFromScene.h"

#include "ActorXRecords.h"
#include "Common/Coordinates.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "PskSmoothingGroups.h"
#include "UnrealRotator.h"

#include <assimp/material.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <unordered_map>

namespace agf::psk {

namespace {

using actorx::ExportSkeleton;

constexpr size_t kMaxMaterials = 256; // MatIndex is one byte
constexpr uint64_t kMaxRecords = 0x7FFFFFFF;

Vec3 ToVec3(const aiVector3D &v) {
    return Vec3{v.x, v.y, v.z};
}

bool IsFinite3(const aiVector3D &v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

template <typename T> void AppendBytes(std::string &key, const T &value) {
    key.append(reinterpret_cast<const char *>(&value), sizeof value);
}

/** What one mesh vertex becomes, before welding. */
struct VertexData {
    aiVector3D position;
    aiVector3D normal; ///< zero when the mesh has none
    std::vector<std::pair<uint32_t, float>> weights;
    struct Morph {
        uint32_t morph;
        aiVector3D position; ///< raw UE space delta
        aiVector3D normal;
    };
    std::vector<Morph> morphs;
};

/** A mesh placed by a node: the matrices that take its data into file space. */
struct Placement {
    const aiNode *node = nullptr;
    aiMatrix4x4 toFile;     ///< positions
    aiMatrix3x3 linear;     ///< directions (morph deltas)
    aiMatrix3x3 normals;    ///< inverse transpose of `linear`
    bool mirrored = false;  ///< determinant < 0: triangles change winding
    uint32_t rigidBone = 0; ///< the bone unskinned vertices follow
};

class PskBuilder {
public:
    PskBuilder(const aiScene &scene, const actorx::ActorXExportOptions &options,
               ExportWarnings &warnings)
        : mScene(scene), mWarnings(warnings), mSpace(actorx::ChooseExportSpace(scene, options)),
          mSkeleton(actorx::ExtractSkeleton(scene, mSpace, warnings)) {}

    PskFile run() {
        mFile.typeFlag = 1999801; // ActorX v1: the stamp every reader knows (specs 1.1)
        writeBones();
        prepareChannels();
        for (const aiNode *node : NodesDepthFirst(static_cast<const aiNode *>(mScene.mRootNode))) {
            for (unsigned k = 0; k < node->mNumMeshes; ++k) {
                if (node->mMeshes[k] < mScene.mNumMeshes) {
                    addInstance(node, *mScene.mMeshes[node->mMeshes[k]]);
                }
            }
        }
        if (mFile.faces.empty()) {
            throw ExportError("the scene has no triangles to write (a PSK needs a mesh; write "
                              "a skeleton with its animations as a PSA)");
        }
        finishNormals();
        computeSmoothing();
        writeSockets();
        reportRepairs();
        checkCounts();
        return std::move(mFile);
    }

private:
    void writeBones() {
        for (const actorx::ExportBone &source : mSkeleton.bones) {
            Bone bone;
            bone.name = source.name;
            bone.parent = source.parent < 0 ? 0 : source.parent;
            const aiQuaternion &q = source.bindLocal.rotation;
            // Specs 3.2: bone 0 as is, every other bone conjugated.
            const aiQuaternion stored = source.parent < 0 ? q : Conjugate(q);
            bone.orientation = Quat{stored.x, stored.y, stored.z, stored.w};
            bone.position = ToVec3(source.bindLocal.position);
            bone.length = 1.0f;
            bone.size = Vec3{1, 1, 1};
            if (source.parent >= 0) {
                ++mFile.bones[size_t(source.parent)].childCount;
            }
            mFile.bones.push_back(bone);
        }
    }

    /** UV sets, colours, materials and morph names over every placed mesh, so that every wedge
     *  gets the same channels. */
    void prepareChannels() {
        const std::vector<const aiNode *> meshNodes = actorx::MeshNodes(mScene);
        std::vector<std::string> morphNames;
        for (unsigned m = 0; m < mScene.mNumMeshes; ++m) {
            const aiMesh *mesh = mScene.mMeshes[m];
            if (meshNodes[m] == nullptr || mesh->mNumFaces == 0) {
                continue;
            }
            for (unsigned set = 1; set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
                if (mesh->HasTextureCoords(set)) {
                    mExtraUvSets = std::max<size_t>(mExtraUvSets, set);
                }
            }
            mColors = mColors || mesh->HasVertexColors(0);
            mNormals = mNormals && mesh->HasNormals();
            if (mMaterialIndex.count(mesh->mMaterialIndex) == 0) {
                mMaterialIndex[mesh->mMaterialIndex] = 0;
            }
            for (unsigned a = 0; a < mesh->mNumAnimMeshes; ++a) {
                const std::string name = MorphName(*mesh, a);
                if (mMorphIndex.count(name) == 0) {
                    mMorphIndex[name] = static_cast<uint32_t>(morphNames.size());
                    morphNames.push_back(name);
                }
            }
        }
        if (mMaterialIndex.size() > kMaxMaterials) {
            throw ExportError("the meshes use " + std::to_string(mMaterialIndex.size()) +
                              " materials; a PSK holds at most 256 (MatIndex is one byte)");
        }
        writeMaterials();
        size_t shortened = 0, renamed = 0;
        for (const std::string &name :
             actorx::FieldNames(morphNames, actorx::kMaxNameBytes, "Morph_", shortened, renamed)) {
            mFile.pointMorphs.push_back(PointMorph{name, {}});
        }
        noteNames("MRPHINFO", "morph target", shortened, renamed);
        mFile.extraUvs.resize(mExtraUvSets);
        for (size_t set = 0; set < mExtraUvSets; ++set) {
            mFile.extraUvs[set].index = static_cast<uint32_t>(set);
        }
        if (!mNormals) {
            mWarnings.add(WarningKind::Unsupported, "VTXNORMS",
                          "some meshes have no normals: VTXNORMS is not written and "
                          "their faces are one smoothing group");
        }
    }

    static std::string MorphName(const aiMesh &mesh, unsigned index) {
        const std::string name = mesh.mAnimMeshes[index]->mName.C_Str();
        return name.empty() ? "Morph_" + std::to_string(index) : name;
    }

    void writeMaterials() {
        std::vector<std::string> names;
        for (auto &entry : mMaterialIndex) {
            entry.second = static_cast<uint32_t>(names.size());
            names.push_back(MaterialName(entry.first));
        }
        size_t shortened = 0, renamed = 0;
        names = actorx::FieldNames(names, actorx::kMaxNameBytes, "Material_", shortened, renamed);
        for (const auto &entry : mMaterialIndex) {
            Material material;
            material.name = names[entry.second];
            material.textureIndex = static_cast<int32_t>(entry.second);
            int twoSided = 0;
            if (entry.first < mScene.mNumMaterials &&
                mScene.mMaterials[entry.first]->Get(AI_MATKEY_TWOSIDED, twoSided) == AI_SUCCESS &&
                twoSided != 0) {
                material.polyFlags = 1; // MTT_NormalTwoSided
            }
            mFile.materials.push_back(material);
        }
        noteNames("MATT0000", "material", shortened, renamed);
    }

    /** The material's name; for an unnamed one, the base name of its diffuse texture. */
    std::string MaterialName(unsigned index) const {
        if (index >= mScene.mNumMaterials) {
            return std::string();
        }
        const aiMaterial &material = *mScene.mMaterials[index];
        aiString name;
        std::string text;
        if (material.Get(AI_MATKEY_NAME, name) == AI_SUCCESS) {
            text = name.C_Str();
        }
        aiString texture;
        if ((text.empty() || text == AI_DEFAULT_MATERIAL_NAME) &&
            material.GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS &&
            texture.length != 0 && texture.data[0] != '*') {
            std::string path = texture.C_Str();
            path = path.substr(path.find_last_of("/\\") + 1);
            text = path.substr(0, path.find_last_of('.'));
        }
        return text;
    }

    void noteNames(const char *chunk, const char *what, size_t shortened, size_t renamed) {
        if (shortened != 0) {
            mWarnings.add(WarningKind::Adjusted, chunk,
                          std::to_string(shortened) + " " + what +
                              " names longer than 63 bytes were shortened");
        }
        if (renamed != 0) {
            mWarnings.add(WarningKind::Adjusted, chunk,
                          std::to_string(renamed) + " " + what +
                              " names that repeat were given a suffix _2, _3...");
        }
    }

    Placement place(const aiNode *node) const {
        Placement placement;
        placement.node = node;
        placement.toFile = mSpace.sceneToFile * actorx::GlobalTransform(node);
        if (actorx::NearlyEqual(placement.toFile, aiMatrix4x4(), 1e-6f)) {
            placement.toFile = aiMatrix4x4(); // exact: no rounding of the data itself
        }
        placement.linear = aiMatrix3x3(placement.toFile);
        placement.normals = aiMatrix3x3(placement.linear).Inverse().Transpose();
        placement.mirrored = placement.linear.Determinant() < 0;
        const int64_t bone = mSkeleton.nearestBone(node);
        placement.rigidBone = bone < 0 ? 0u : static_cast<uint32_t>(bone);
        return placement;
    }

    void addInstance(const aiNode *node, const aiMesh &mesh) {
        if (mesh.mNumFaces == 0 || mesh.mNumVertices == 0) {
            return;
        }
        const Placement placement = place(node);
        const std::vector<VertexData> vertices = vertexData(mesh, placement);
        const uint32_t material = mMaterialIndex.at(mesh.mMaterialIndex);
        std::vector<uint32_t> wedges(mesh.mNumVertices);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            wedges[v] = addWedge(mesh, v, addPoint(vertices[v]), material);
        }
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            if (face.mNumIndices < 3) {
                ++mDroppedPrimitives;
                continue;
            }
            if (face.mNumIndices > 3) {
                ++mFannedPolygons;
            }
            for (unsigned k = 1; k + 1 < face.mNumIndices; ++k) {
                addTriangle(mesh, placement,
                            {face.mIndices[0], face.mIndices[k], face.mIndices[k + 1]}, wedges,
                            material);
            }
        }
    }

    void addTriangle(const aiMesh &mesh, const Placement &placement,
                     std::array<unsigned, 3> corners, const std::vector<uint32_t> &wedges,
                     uint32_t material) {
        for (unsigned corner : corners) {
            if (corner >= mesh.mNumVertices) {
                throw ExportError("mesh \"" + std::string(mesh.mName.C_Str()) +
                                  "\": a face uses vertex " + std::to_string(corner) + " of " +
                                  std::to_string(mesh.mNumVertices));
            }
        }
        if (placement.mirrored) {
            std::swap(corners[1], corners[2]); // a mirroring node turns the winding
        }
        Face face;
        // Counter-clockwise (c0, c1, c2) is stored as (c0, c2, c1) (specs 2.3).
        face.wedges[0] = wedges[corners[0]];
        face.wedges[1] = wedges[corners[2]];
        face.wedges[2] = wedges[corners[1]];
        face.material = static_cast<uint8_t>(material);
        face.smoothingGroups = 1;
        mFile.faces.push_back(face);
        mFaceHasNormals.push_back(mesh.HasNormals());
    }

    std::vector<VertexData> vertexData(const aiMesh &mesh, const Placement &placement) {
        std::vector<VertexData> vertices(mesh.mNumVertices);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            VertexData &vertex = vertices[v];
            vertex.position = placement.toFile * mesh.mVertices[v];
            if (!IsFinite3(vertex.position)) {
                throw ExportError("mesh \"" + std::string(mesh.mName.C_Str()) + "\": vertex " +
                                  std::to_string(v) + " has a non-finite position");
            }
            if (mesh.HasNormals()) {
                vertex.normal = fileNormal(placement, mesh.mNormals[v]);
            }
        }
        addWeights(mesh, placement, vertices);
        addMorphDeltas(mesh, placement, vertices);
        return vertices;
    }

    aiVector3D fileNormal(const Placement &placement, const aiVector3D &normal) {
        aiVector3D n = placement.normals * normal;
        const float length = n.Length();
        if (!(length > 1e-20f) || !std::isfinite(length)) {
            ++mBadNormals;
            return aiVector3D(0, 0, 1);
        }
        return n / length;
    }

    void addWeights(const aiMesh &mesh, const Placement &placement,
                    std::vector<VertexData> &vertices) {
        if (mSkeleton.synthetic) {
            return;
        }
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const aiBone *bone = mesh.mBones[b];
            const uint32_t index = mSkeleton.boneOfNode.at(mScene.mRootNode->FindNode(bone->mName));
            for (unsigned k = 0; k < bone->mNumWeights; ++k) {
                const aiVertexWeight &weight = bone->mWeights[k];
                if (weight.mVertexId >= mesh.mNumVertices) {
                    throw ExportError("mesh \"" + std::string(mesh.mName.C_Str()) + "\": bone \"" +
                                      bone->mName.C_Str() + "\" weights vertex " +
                                      std::to_string(weight.mVertexId) + " of " +
                                      std::to_string(mesh.mNumVertices));
                }
                if (!(weight.mWeight > 0.0f) || !std::isfinite(weight.mWeight)) {
                    // Zero weights carry nothing (glTF pads to four); the others are damage.
                    mDroppedWeights += weight.mWeight == 0.0f ? 0 : 1;
                    continue;
                }
                auto &list = vertices[weight.mVertexId].weights;
                const auto same = std::find_if(list.begin(), list.end(),
                                               [&](const auto &w) { return w.first == index; });
                if (same != list.end()) {
                    same->second += weight.mWeight;
                } else {
                    list.emplace_back(index, weight.mWeight);
                }
            }
        }
        for (VertexData &vertex : vertices) {
            NormaliseWeights(vertex, placement.rigidBone, mesh.mNumBones != 0);
        }
    }

    void NormaliseWeights(VertexData &vertex, uint32_t rigidBone, bool skinned) {
        auto &list = vertex.weights;
        if (list.empty()) {
            mUnweighted += skinned ? 1 : 0;
            list.emplace_back(rigidBone, 1.0f);
            return;
        }
        std::sort(list.begin(), list.end(), [](const auto &a, const auto &b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        });
        if (list.size() > kMaxWeightsPerPoint) {
            ++mTrimmedWeights;
            list.resize(kMaxWeightsPerPoint);
        }
        double sum = 0;
        for (const auto &w : list) {
            sum += w.second;
        }
        for (auto &w : list) {
            w.second = static_cast<float>(w.second / sum);
        }
        std::sort(list.begin(), list.end()); // by bone: equal sets weld into one point
    }

    void addMorphDeltas(const aiMesh &mesh, const Placement &placement,
                        std::vector<VertexData> &vertices) {
        for (unsigned a = 0; a < mesh.mNumAnimMeshes; ++a) {
            const aiAnimMesh *target = mesh.mAnimMeshes[a];
            if (target->mNumVertices != mesh.mNumVertices || target->mVertices == nullptr) {
                mWarnings.add(WarningKind::Inconsistent, "MRPHDATA",
                              "mesh \"" + std::string(mesh.mName.C_Str()) + "\": morph target \"" +
                                  MorphName(mesh, a) +
                                  "\" has no positions for every vertex; left out");
                continue;
            }
            const uint32_t morph = mMorphIndex.at(MorphName(mesh, a));
            for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
                VertexData &vertex = vertices[v];
                aiVector3D delta = placement.linear * (target->mVertices[v] - mesh.mVertices[v]);
                aiVector3D normalDelta;
                if (target->mNormals != nullptr && mesh.HasNormals()) {
                    normalDelta = fileNormal(placement, target->mNormals[v]) - vertex.normal;
                }
                if (!IsFinite3(delta) || !IsFinite3(normalDelta)) {
                    ++mBadMorphDeltas;
                    continue;
                }
                if (delta == aiVector3D() && normalDelta == aiVector3D()) {
                    continue;
                }
                // MRPHDATA is raw UE space: the writers' Y mirror undone (specs 2.9).
                vertex.morphs.push_back({morph, MirrorY(delta), MirrorY(normalDelta)});
            }
        }
    }

    uint32_t addPoint(const VertexData &vertex) {
        std::string key;
        AppendBytes(key, vertex.position);
        AppendBytes(key, vertex.normal);
        for (const auto &weight : vertex.weights) {
            AppendBytes(key, weight);
        }
        for (const VertexData::Morph &morph : vertex.morphs) {
            AppendBytes(key, morph);
        }
        const auto inserted = mPointOf.emplace(std::move(key), uint32_t(mFile.points.size()));
        if (!inserted.second) {
            return inserted.first->second;
        }
        const uint32_t point = inserted.first->second;
        mFile.points.push_back(ToVec3(vertex.position));
        mPointNormals.push_back(vertex.normal);
        if (!mSkeleton.synthetic) {
            for (const auto &weight : vertex.weights) {
                mFile.weights.push_back(RawWeight{weight.second, point, weight.first});
            }
        }
        for (const VertexData::Morph &morph : vertex.morphs) {
            mFile.pointMorphs[morph.morph].deltas.push_back(
                PointMorphDelta{ToVec3(morph.position), ToVec3(morph.normal), point});
        }
        return point;
    }

    uint32_t addWedge(const aiMesh &mesh, unsigned v, uint32_t point, uint32_t material) {
        Wedge wedge;
        wedge.point = point;
        wedge.material = static_cast<uint8_t>(material);
        std::vector<float> uvs(2 * (mExtraUvSets + 1), 0.0f);
        for (size_t set = 0; set <= mExtraUvSets; ++set) {
            if (mesh.HasTextureCoords(static_cast<unsigned>(set))) {
                const aiVector3D &uv = mesh.mTextureCoords[set][v];
                const bool finite = std::isfinite(uv.x) && std::isfinite(uv.y);
                mBadUvs += finite ? 0 : 1;
                uvs[2 * set] = finite ? uv.x : 0.0f;
                uvs[2 * set + 1] = finite ? FlipV(uv.y) : 0.0f; // top-left origin in the file
            }
        }
        uint8_t color[4] = {255, 255, 255, 255};
        if (mColors && mesh.HasVertexColors(0)) {
            const aiColor4D &c = mesh.mColors[0][v];
            const float channels[4] = {c.r, c.g, c.b, c.a};
            for (int k = 0; k < 4; ++k) {
                const float clamped =
                    std::isfinite(channels[k]) ? std::min(1.0f, std::max(0.0f, channels[k])) : 0.0f;
                color[k] = static_cast<uint8_t>(std::lround(clamped * 255.0f));
            }
        }
        wedge.u = uvs[0];
        wedge.v = uvs[1];
        std::string key;
        AppendBytes(key, point);
        AppendBytes(key, wedge.material);
        key.append(reinterpret_cast<const char *>(uvs.data()), uvs.size() * sizeof(float));
        key.append(reinterpret_cast<const char *>(color), mColors ? 4 : 0);
        const auto inserted = mWedgeOf.emplace(std::move(key), uint32_t(mFile.wedges.size()));
        if (inserted.second) {
            mFile.wedges.push_back(wedge);
            for (size_t set = 0; set < mExtraUvSets; ++set) {
                mFile.extraUvs[set].uv.push_back(uvs[2 * (set + 1)]);
                mFile.extraUvs[set].uv.push_back(uvs[2 * (set + 1) + 1]);
            }
            if (mColors) {
                mFile.colors.insert(mFile.colors.end(), color, color + 4);
            }
        }
        return inserted.first->second;
    }

    void finishNormals() {
        if (mNormals) {
            mFile.normals.reserve(mPointNormals.size());
            for (const aiVector3D &normal : mPointNormals) {
                mFile.normals.push_back(ToVec3(normal));
            }
        }
    }

    void computeSmoothing();
    void writeSockets();
    void reportRepairs();
    void checkCounts();

    const aiScene &mScene;
    ExportWarnings &mWarnings;
    actorx::ExportSpace mSpace;
    ExportSkeleton mSkeleton;
    PskFile mFile;

    size_t mExtraUvSets = 0;
    bool mColors = false;
    bool mNormals = true;
    std::map<unsigned, uint32_t> mMaterialIndex; ///< scene material -> MATT0000 record
    std::map<std::string, uint32_t> mMorphIndex; ///< morph name -> MRPHINFO record
    std::unordered_map<std::string, uint32_t> mPointOf;
    std::unordered_map<std::string, uint32_t> mWedgeOf;
    std::vector<aiVector3D> mPointNormals;
    std::vector<bool> mFaceHasNormals;

    size_t mDroppedPrimitives = 0, mFannedPolygons = 0, mDroppedWeights = 0;
    size_t mTrimmedWeights = 0, mUnweighted = 0, mBadNormals = 0, mBadUvs = 0;
    size_t mBadMorphDeltas = 0;
};

void PskBuilder::computeSmoothing() {
    // Position ids: points split by normal, weights and morphs, so the same position can have
    // several points.
    std::map<std::array<float, 3>, uint32_t> positionId;
    std::vector<uint32_t> idOfPoint(mFile.points.size());
    for (size_t p = 0; p < mFile.points.size(); ++p) {
        const Vec3 &v = mFile.points[p];
        idOfPoint[p] =
            positionId.emplace(std::array<float, 3>{v.x, v.y, v.z}, uint32_t(positionId.size()))
                .first->second;
    }
    std::vector<SmoothingFace> faces;
    std::vector<size_t> faceIndex;
    for (size_t f = 0; f < mFile.faces.size(); ++f) {
        if (!mFaceHasNormals[f]) {
            continue; // stays in smoothing group 1
        }
        const Face &face = mFile.faces[f];
        SmoothingFace entry;
        aiVector3D corners[3];
        for (int k = 0; k < 3; ++k) {
            const uint32_t point = mFile.wedges[face.wedges[k]].point;
            entry.positions[k] = idOfPoint[point];
            entry.normals[k] = mPointNormals[point];
            const Vec3 &p = mFile.points[point];
            corners[k] = aiVector3D(p.x, p.y, p.z);
        }
        // Stored clockwise: (w0, w2, w1) is the counter-clockwise order.
        const aiVector3D normal = (corners[2] - corners[0]) ^ (corners[1] - corners[0]);
        const float length = normal.Length();
        entry.faceNormal = length > 0 && std::isfinite(length) ? normal / length : aiVector3D();
        faces.push_back(entry);
        faceIndex.push_back(f);
    }
    const SmoothingResult result = ComputeSmoothingGroups(faces);
    for (size_t k = 0; k < faces.size(); ++k) {
        mFile.faces[faceIndex[k]].smoothingGroups = result.masks[k];
    }
    if (result.conflicts != 0) {
        mWarnings.add(WarningKind::Unsupported, "FACE",
                      std::to_string(result.conflicts) + " of " + std::to_string(result.regions) +
                          " smooth regions share a smoothing group with a region they "
                          "touch (32 groups were not enough); readers without VTXNORMS "
                          "blend them where they meet");
    }
}

void PskBuilder::writeSockets() {
    std::vector<const aiNode *> sockets;
    for (const aiNode *node : NodesDepthFirst(static_cast<const aiNode *>(mScene.mRootNode))) {
        if (actorx::IsSocketNode(*node)) {
            sockets.push_back(node);
        }
    }
    std::vector<std::string> names;
    for (const aiNode *node : sockets) {
        names.push_back(node->mName.C_Str());
    }
    size_t shortened = 0, renamed = 0;
    names = actorx::FieldNames(names, actorx::kMaxNameBytes, "Socket_", shortened, renamed);
    noteNames("SKELSOCK", "socket", shortened, renamed);
    for (size_t i = 0; i < sockets.size(); ++i) {
        const aiNode *node = sockets[i];
        const int64_t bone = mSkeleton.synthetic ? -1 : mSkeleton.nearestBone(node->mParent);
        TransformParts parts;
        Socket socket;
        socket.name = names[i];
        if (bone < 0) {
            // Relative to the mesh: file space.
            parts = TransformParts::Of(mSpace.sceneToFile * actorx::GlobalTransform(node));
        } else {
            const actorx::ExportBone &owner = mSkeleton.bones[size_t(bone)];
            socket.bone = owner.name;
            aiMatrix4x4 local = node->mTransformation;
            for (const aiNode *n = node->mParent; n != owner.node; n = n->mParent) {
                local = n->mTransformation * local;
            }
            parts = TransformParts::Of(local);
            parts.position *= static_cast<ai_real>(mSkeleton.lengthScale);
        }
        // SKELSOCK is raw UE space (specs 2.11): the importer's mirror undone.
        socket.location = ToVec3(MirrorY(parts.position));
        const actorx::UnrealRotator rotator =
            actorx::QuaternionToRotator(MirrorY(parts.rotation.Normalize()));
        socket.pitch = rotator.pitch;
        socket.yaw = rotator.yaw;
        socket.roll = rotator.roll;
        socket.scale = ToVec3(parts.scaling);
        mFile.sockets.push_back(socket);
    }
}

void PskBuilder::reportRepairs() {
    struct Repair {
        size_t count;
        WarningKind kind;
        const char *chunk;
        const char *what;
    };
    const Repair repairs[] = {
        {mFannedPolygons, WarningKind::Adjusted, "FACE", "polygons were split into triangle fans"},
        {mDroppedPrimitives, WarningKind::Unsupported, "FACE",
         "points and lines were left out (a PSK holds triangles)"},
        {mTrimmedWeights, WarningKind::Unsupported, "RAWWEIGHTS",
         "vertices had more than 8 weights: the strongest 8 were kept and renormalised"},
        {mDroppedWeights, WarningKind::InvalidValue, "RAWWEIGHTS",
         "negative or non-finite weights were left out"},
        {mUnweighted, WarningKind::Adjusted, "RAWWEIGHTS",
         "skinned vertices had no weight: they follow the bone of their mesh's node (or the "
         "root bone)"},
        {mBadNormals, WarningKind::InvalidValue, "VTXNORMS",
         "normals were zero or not finite: written as +Z"},
        {mBadUvs, WarningKind::InvalidValue, "VTXW0000",
         "texture coordinates were not finite: written as 0"},
        {mBadMorphDeltas, WarningKind::InvalidValue, "MRPHDATA",
         "morph deltas were not finite: left out"},
    };
    for (const Repair &repair : repairs) {
        if (repair.count != 0) {
            mWarnings.add(repair.kind, repair.chunk,
                          std::to_string(repair.count) + " " + repair.what);
        }
    }
}

void PskBuilder::checkCounts() {
    const auto check = [](uint64_t count, const char *what) {
        if (count > kMaxRecords) {
            throw ExportError(std::string("the scene has ") + std::to_string(count) + " " + what +
                              "; an ActorX chunk holds at most 2^31 - 1 records");
        }
    };
    check(mFile.points.size(), "points");
    check(mFile.wedges.size(), "wedges");
    check(mFile.faces.size(), "triangles");
    check(mFile.weights.size(), "weights");
    uint64_t deltas = 0;
    for (const PointMorph &morph : mFile.pointMorphs) {
        deltas += morph.deltas.size();
    }
    check(deltas, "morph deltas");
    mFile.faces32 = mFile.wedges.size() > actorx::kMaxWedgesFor16BitFaces;
}

} // namespace

PskFile PskFromScene(const aiScene &scene, const actorx::ActorXExportOptions &options,
                     ExportWarnings &warnings) {
    return PskBuilder(scene, options, warnings).run();
}

} // namespace agf::psk
