/** @file utP3dSupport.h
 *  Helpers shared by the P3D tests: importing with options, finding nodes, reading metadata and
 *  measuring winding.
 */
#pragma once

#include "TestSupport.h"

#include <string>
#include <vector>

namespace agf::test::p3d {

using agf::test::ImportResult;

/** Imports a file with validation; `configure` may set properties first. */
inline ImportResult ImportP3d(const std::filesystem::path &path,
                              const std::function<void(Assimp::Importer &)> &configure = {}) {
    return ImportValidated(path, configure);
}

/** Imports bytes written to a scratch file named `name`. */
inline ImportResult ImportBytes(const std::string &testName, const std::string &name,
                                const std::vector<uint8_t> &bytes,
                                const std::function<void(Assimp::Importer &)> &configure = {}) {
    const std::filesystem::path path = ScratchDir(testName) / name;
    WriteBytes(path, bytes);
    return ImportP3d(path, configure);
}

inline const aiNode *FindNode(const aiNode *node, const std::string &name) {
    return node == nullptr ? nullptr : node->FindNode(name.c_str());
}

inline std::vector<std::string> ChildNames(const aiNode *node) {
    std::vector<std::string> names;
    for (unsigned i = 0; node != nullptr && i < node->mNumChildren; ++i) {
        names.push_back(node->mChildren[i]->mName.C_Str());
    }
    return names;
}

/** The LOD nodes: children of the root that carry a resolution. */
inline std::vector<const aiNode *> LodNodes(const aiScene *scene) {
    std::vector<const aiNode *> lods;
    for (unsigned i = 0; i < scene->mRootNode->mNumChildren; ++i) {
        const aiNode *child = scene->mRootNode->mChildren[i];
        float resolution = 0;
        if (child->mMetaData != nullptr && child->mMetaData->Get("P3D.Resolution", resolution)) {
            lods.push_back(child);
        }
    }
    return lods;
}

template <typename T> T Meta(const aiMetadata *metadata, const std::string &key) {
    T value{};
    EXPECT_TRUE(metadata != nullptr && metadata->Get(key, value)) << "metadata " << key;
    return value;
}

inline std::string MetaString(const aiMetadata *metadata, const std::string &key) {
    aiString value;
    EXPECT_TRUE(metadata != nullptr && metadata->Get(key, value)) << "metadata " << key;
    return value.C_Str();
}

inline bool HasMeta(const aiMetadata *metadata, const std::string &key) {
    return metadata != nullptr && metadata->HasKey(key.c_str());
}

/** The entries under `key` (followed by "." or "[") as their own metadata, with `key` and a
 *  following "." removed from their keys (owned by the helper; kept for the test program's
 *  life): Nested(meta, "P3D.Selections") holds "[top].Points", and Nested(that, "[top]") holds
 *  "Points". The importer flattens structured values into keys of the metadata grammar because
 *  Assimp 5.2.5 cannot copy nested aiMetadata. Returns nullptr when nothing is under the key. */
inline const aiMetadata *Nested(const aiMetadata *metadata, const std::string &key) {
    static std::vector<std::unique_ptr<aiMetadata>> store;
    if (metadata == nullptr) {
        return nullptr;
    }
    std::vector<unsigned> picked;
    std::vector<std::string> subKeys;
    for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
        const std::string name = metadata->mKeys[i].C_Str();
        if (name.size() > key.size() && name.rfind(key, 0) == 0 &&
            (name[key.size()] == '.' || name[key.size()] == '[')) {
            picked.push_back(i);
            subKeys.push_back(name.substr(key.size() + (name[key.size()] == '.' ? 1 : 0)));
        }
    }
    if (picked.empty()) {
        return nullptr;
    }
    auto view =
        std::unique_ptr<aiMetadata>(aiMetadata::Alloc(static_cast<unsigned>(picked.size())));
    for (unsigned k = 0; k < picked.size(); ++k) {
        const unsigned i = picked[k];
        const std::string &sub = subKeys[k];
        const void *data = metadata->mValues[i].mData;
        switch (metadata->mValues[i].mType) {
        case AI_BOOL:
            view->Set(k, sub, *static_cast<const bool *>(data));
            break;
        case AI_INT32:
            view->Set(k, sub, *static_cast<const int32_t *>(data));
            break;
        case AI_UINT64:
            view->Set(k, sub, *static_cast<const uint64_t *>(data));
            break;
        case AI_FLOAT:
            view->Set(k, sub, *static_cast<const float *>(data));
            break;
        case AI_DOUBLE:
            view->Set(k, sub, *static_cast<const double *>(data));
            break;
        case AI_AISTRING:
            view->Set(k, sub, *static_cast<const aiString *>(data));
            break;
        case AI_AIVECTOR3D:
            view->Set(k, sub, *static_cast<const aiVector3D *>(data));
            break;
        default:
            break;
        }
    }
    store.push_back(std::move(view));
    return store.back().get();
}

/** Names of the groups "<key>[<name>].<leaf>", unescaped, in order: for
 *  "P3D.Selections[top].Points" the name "top". Parses the grammar's name part itself rather
 *  than through the library, so that it checks the escaping too. */
inline std::vector<std::string> Groups(const aiMetadata *metadata, const std::string &key,
                                       const std::string &leaf) {
    std::vector<std::string> names;
    const std::string prefix = key + "[";
    const std::string suffix = "]." + leaf;
    for (unsigned i = 0; metadata != nullptr && i < metadata->mNumProperties; ++i) {
        const std::string entry = metadata->mKeys[i].C_Str();
        if (entry.rfind(prefix, 0) != 0) {
            continue;
        }
        std::string name;
        size_t at = prefix.size();
        for (; at < entry.size() && entry[at] != ']'; ++at) {
            if (entry[at] == '\\' && at + 1 < entry.size()) {
                ++at;
            }
            name += entry[at];
        }
        if (entry.compare(at, std::string::npos, suffix) == 0) {
            names.push_back(name);
        }
    }
    return names;
}

inline std::vector<std::string> Keys(const aiMetadata *metadata) {
    std::vector<std::string> keys;
    for (unsigned i = 0; metadata != nullptr && i < metadata->mNumProperties; ++i) {
        keys.push_back(metadata->mKeys[i].C_Str());
    }
    return keys;
}

/** Six times the signed volume enclosed by the node's meshes: positive when the faces are
 *  counter-clockwise seen from outside (outward normals). */
inline double SignedVolume6(const aiScene *scene, const aiNode *node) {
    double volume = 0;
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[m]];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace &face = mesh->mFaces[f];
            const aiVector3D &a = mesh->mVertices[face.mIndices[0]];
            const aiVector3D &b = mesh->mVertices[face.mIndices[1]];
            const aiVector3D &c = mesh->mVertices[face.mIndices[2]];
            volume += static_cast<double>(a * (b ^ c));
        }
    }
    return volume;
}

/** How many triangles of the node's meshes have a face normal that agrees with the average of
 *  their vertex normals, and how many disagree. */
inline std::pair<size_t, size_t> NormalAgreement(const aiScene *scene, const aiNode *node) {
    size_t agree = 0, disagree = 0;
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[m]];
        for (unsigned f = 0; f < mesh->mNumFaces && mesh->mNormals != nullptr; ++f) {
            const aiFace &face = mesh->mFaces[f];
            const aiVector3D &a = mesh->mVertices[face.mIndices[0]];
            const aiVector3D normal =
                (mesh->mVertices[face.mIndices[1]] - a) ^ (mesh->mVertices[face.mIndices[2]] - a);
            const aiVector3D stored = mesh->mNormals[face.mIndices[0]] +
                                      mesh->mNormals[face.mIndices[1]] +
                                      mesh->mNormals[face.mIndices[2]];
            (normal * stored > 0 ? agree : disagree) += 1;
        }
    }
    return {agree, disagree};
}

inline size_t TriangleCount(const aiScene *scene, const aiNode *node) {
    size_t count = 0;
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        count += scene->mMeshes[node->mMeshes[m]]->mNumFaces;
    }
    return count;
}

} // namespace agf::test::p3d
