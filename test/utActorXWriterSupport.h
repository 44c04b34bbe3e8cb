/** @file utActorXWriterSupport.h
 *  Helpers of the ActorX writer tests: exporting a scene through our registered exporters (or
 *  the writer functions directly) and comparing two scenes face corner by face corner, whatever
 *  the vertex order and welding.
 */
#pragma once

#include "TestSupport.h"

#include "ActorX/ActorXExportSkeleton.h"
#include "ActorX/PskFromScene.h"
#include "ActorX/PskWriter.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace agf::test::writers {

/** Exports `scene` with our exporters registered as `format` to dir/name; true on success. */
inline bool ExportWithOurs(const aiScene *scene, const std::string &format,
                           const std::filesystem::path &path,
                           const Assimp::ExportProperties *properties = nullptr) {
    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    return exporter.Export(scene, format.c_str(), path.string().c_str(), 0u, properties) ==
           aiReturn_SUCCESS;
}

/** The PSK writer run directly: bytes, with its warnings. */
inline std::vector<uint8_t> WritePskBytes(const aiScene &scene, ExportWarnings &warnings,
                                          const actorx::ActorXExportOptions &options = {}) {
    return psk::SerialisePsk(psk::PskFromScene(scene, options, warnings));
}

/** Everything a face corner carries, with bones and morphs by name. */
struct Corner {
    aiVector3D position;
    aiVector3D normal;
    std::vector<aiVector3D> uvs;
    std::vector<float> color; ///< r g b a, or empty
    std::map<std::string, float> weights;
    std::map<std::string, aiVector3D> morphs; ///< absolute morphed positions
};

struct Triangle {
    std::string material;
    std::array<Corner, 3> corners;
};

/** The triangles of every mesh, in mesh space (every mesh of our PSK import hangs under an
 *  identity node), corners rotated so that the smallest position comes first (winding kept). */
inline std::vector<Triangle> Triangles(const aiScene *scene) {
    std::vector<Triangle> triangles;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        aiString material;
        scene->mMaterials[mesh->mMaterialIndex]->Get(AI_MATKEY_NAME, material);
        std::vector<std::map<std::string, float>> weights(mesh->mNumVertices);
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            for (unsigned k = 0; k < mesh->mBones[b]->mNumWeights; ++k) {
                const aiVertexWeight &w = mesh->mBones[b]->mWeights[k];
                weights[w.mVertexId][mesh->mBones[b]->mName.C_Str()] += w.mWeight;
            }
        }
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace &face = mesh->mFaces[f];
            if (face.mNumIndices != 3) {
                continue;
            }
            Triangle triangle;
            triangle.material = material.C_Str();
            for (int k = 0; k < 3; ++k) {
                const unsigned v = face.mIndices[k];
                Corner &corner = triangle.corners[size_t(k)];
                corner.position = mesh->mVertices[v];
                corner.normal = mesh->HasNormals() ? mesh->mNormals[v] : aiVector3D();
                for (unsigned set = 0; mesh->HasTextureCoords(set); ++set) {
                    corner.uvs.push_back(mesh->mTextureCoords[set][v]);
                }
                if (mesh->HasVertexColors(0)) {
                    const aiColor4D &c = mesh->mColors[0][v];
                    corner.color = {c.r, c.g, c.b, c.a};
                }
                corner.weights = weights[v];
                for (unsigned a = 0; a < mesh->mNumAnimMeshes; ++a) {
                    corner.morphs[mesh->mAnimMeshes[a]->mName.C_Str()] =
                        mesh->mAnimMeshes[a]->mVertices[v];
                }
            }
            const auto smaller = [](const aiVector3D &a, const aiVector3D &b) {
                return std::make_tuple(a.x, a.y, a.z) < std::make_tuple(b.x, b.y, b.z);
            };
            int first = 0;
            for (int k = 1; k < 3; ++k) {
                if (smaller(triangle.corners[size_t(k)].position,
                            triangle.corners[size_t(first)].position)) {
                    first = k;
                }
            }
            std::rotate(triangle.corners.begin(), triangle.corners.begin() + first,
                        triangle.corners.end());
            triangles.push_back(triangle);
        }
    }
    return triangles;
}

/** What to compare besides positions and winding. */
struct CornerChecks {
    bool normals = true;
    bool uvs = true;
    bool colors = true;
    bool weights = true;
    bool morphs = true;
    /** `b` came through Assimp's FBX reader: its target names are FbxReaderTargetName's. */
    bool morphNamesReadFromFbx = false;
    float tolerance = 1e-4f; ///< relative to the model's size for positions
};

inline float Distance(const Corner &a, const Corner &b, const CornerChecks &checks,
                      std::string &what) {
    float worst = (a.position - b.position).Length();
    what = "position";
    const auto consider = [&](float value, const char *name) {
        if (!(value <= worst)) {
            worst = value;
            what = name;
        }
    };
    if (checks.normals) {
        consider((a.normal - b.normal).Length(), "normal");
    }
    if (checks.uvs) {
        consider(a.uvs.size() == b.uvs.size() ? 0.0f : 1e9f, "UV set count");
        for (size_t s = 0; s < std::min(a.uvs.size(), b.uvs.size()); ++s) {
            consider((a.uvs[s] - b.uvs[s]).Length(), "UV");
        }
    }
    if (checks.colors) {
        consider(a.color.size() == b.color.size() ? 0.0f : 1e9f, "colour presence");
        for (size_t c = 0; c < std::min(a.color.size(), b.color.size()); ++c) {
            consider(std::fabs(a.color[c] - b.color[c]), "colour");
        }
    }
    if (checks.weights) {
        consider(a.weights.size() == b.weights.size() ? 0.0f : 1e9f, "weight count");
        for (const auto &[bone, weight] : a.weights) {
            const auto other = b.weights.find(bone);
            consider(other == b.weights.end() ? 1e9f : std::fabs(other->second - weight), "weight");
        }
    }
    if (checks.morphs) {
        consider(a.morphs.size() == b.morphs.size() ? 0.0f : 1e9f, "morph count");
        for (const auto &[name, position] : a.morphs) {
            const auto other =
                b.morphs.find(checks.morphNamesReadFromFbx ? FbxReaderTargetName(name) : name);
            consider(other == b.morphs.end() ? 1e9f : (other->second - position).Length(),
                     "morph position");
        }
    }
    return worst;
}

/** Every triangle of `expected` has one in `actual` (same material, corners in the same order)
 *  whose corners agree within the tolerance; the counts are equal. Fails with the first
 *  difference. */
inline void ExpectSameTriangles(const aiScene *expected, const aiScene *actual,
                                const CornerChecks &checks = {}) {
    const std::vector<Triangle> a = Triangles(expected);
    std::vector<Triangle> b = Triangles(actual);
    ASSERT_EQ(a.size(), b.size()) << "triangle count";
    // Matched by the nearest centre among the unmatched ones.
    std::vector<bool> used(b.size(), false);
    std::multimap<std::array<long, 3>, size_t> byCell;
    const auto centre = [](const Triangle &t) {
        return (t.corners[0].position + t.corners[1].position + t.corners[2].position) / 3.0f;
    };
    const float cell = 0.5f;
    const auto cellOf = [cell](const aiVector3D &p) {
        return std::array<long, 3>{std::lround(std::floor(p.x / cell)),
                                   std::lround(std::floor(p.y / cell)),
                                   std::lround(std::floor(p.z / cell))};
    };
    for (size_t j = 0; j < b.size(); ++j) {
        byCell.emplace(cellOf(centre(b[j])), j);
    }
    size_t failures = 0;
    for (size_t i = 0; i < a.size() && failures < 5; ++i) {
        const std::array<long, 3> c = cellOf(centre(a[i]));
        float best = 1e30f;
        size_t bestIndex = b.size();
        std::string bestWhat;
        for (long dx = -1; dx <= 1; ++dx) {
            for (long dy = -1; dy <= 1; ++dy) {
                for (long dz = -1; dz <= 1; ++dz) {
                    const auto range = byCell.equal_range({c[0] + dx, c[1] + dy, c[2] + dz});
                    for (auto it = range.first; it != range.second; ++it) {
                        const Triangle &candidate = b[it->second];
                        if (used[it->second] || candidate.material != a[i].material) {
                            continue;
                        }
                        float worst = 0;
                        std::string what;
                        for (size_t k = 0; k < 3; ++k) {
                            std::string cornerWhat;
                            const float d =
                                Distance(a[i].corners[k], candidate.corners[k], checks, cornerWhat);
                            if (d > worst) {
                                worst = d;
                                what = cornerWhat;
                            }
                        }
                        if (worst < best) {
                            best = worst;
                            bestIndex = it->second;
                            bestWhat = what;
                        }
                    }
                }
            }
        }
        if (bestIndex == b.size() || best > checks.tolerance) {
            ++failures;
            const aiVector3D p = centre(a[i]);
            ADD_FAILURE() << "triangle " << i << " (material " << a[i].material << ", centre "
                          << p.x << " " << p.y << " " << p.z << "): "
                          << (bestIndex == b.size()
                                  ? std::string("no match")
                                  : bestWhat + " differs by " + std::to_string(best));
            continue;
        }
        used[bestIndex] = true;
    }
}

/** Every node of `expected` that is a bone or a socket has a node of the same name in `actual`,
 *  with the same parent name and local transform. */
inline void ExpectSameSkeleton(const aiScene *expected, const aiScene *actual,
                               const std::vector<std::string> &names, float tolerance = 1e-4f) {
    for (const std::string &name : names) {
        const aiNode *a = expected->mRootNode->FindNode(name.c_str());
        const aiNode *b = actual->mRootNode->FindNode(name.c_str());
        ASSERT_NE(a, nullptr) << name;
        ASSERT_NE(b, nullptr) << name << " is missing";
        // The root node is named after the file; below it, parents must match by name.
        if (a->mParent == expected->mRootNode) {
            EXPECT_EQ(b->mParent, actual->mRootNode) << name;
        } else {
            EXPECT_STREQ(a->mParent->mName.C_Str(), b->mParent->mName.C_Str()) << name;
        }
        EXPECT_TRUE(actorx::NearlyEqual(a->mTransformation, b->mTransformation, tolerance)) << name;
    }
}

/** Names of the nodes that are bones of some mesh. */
inline std::vector<std::string> BoneNames(const aiScene *scene) {
    std::vector<std::string> names;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b) {
            const std::string name = scene->mMeshes[m]->mBones[b]->mName.C_Str();
            if (std::find(names.begin(), names.end(), name) == names.end()) {
                names.push_back(name);
            }
        }
    }
    return names;
}

} // namespace agf::test::writers
