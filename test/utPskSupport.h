/** @file utPskSupport.h
 *  Helpers of the PSK tests: importing bytes, walking a scene's vertices, and a tiny chunk
 *  reader of its own (independent of the importer's parser) for reading samples raw.
 */
#pragma once

#include "TestSupport.h"

#include <assimp/scene.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace agf::test::psk {

/** Imports PSK bytes from memory with validation; nullptr on failure. */
inline const aiScene *ImportPsk(Assimp::Importer &importer, const std::vector<uint8_t> &bytes,
                                unsigned extraFlags = 0) {
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(),
                                       aiProcess_ValidateDataStructure | extraFlags, "psk");
}

inline const aiNode *FindNode(const aiScene *scene, const std::string &name) {
    return scene->mRootNode->FindNode(name.c_str());
}

/** The node's transform relative to the root node (the root's own transform excluded). */
inline aiMatrix4x4 GlobalBelowRoot(const aiScene *scene, const aiNode *node) {
    aiMatrix4x4 result;
    for (const aiNode *current = node; current != nullptr && current != scene->mRootNode;
         current = current->mParent) {
        result = current->mTransformation * result;
    }
    return result;
}

inline bool Near(const aiVector3D &a, const aiVector3D &b, float tolerance = 1e-4f) {
    return (a - b).Length() <= tolerance;
}

inline bool NearMatrix(const aiMatrix4x4 &a, const aiMatrix4x4 &b, float tolerance = 1e-4f) {
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            if (std::fabs(a[r][c] - b[r][c]) > tolerance) {
                return false;
            }
        }
    }
    return true;
}

/** The influences of every vertex of a mesh: bone name -> weight. */
inline std::vector<std::map<std::string, float>> VertexWeights(const aiMesh *mesh) {
    std::vector<std::map<std::string, float>> weights(mesh->mNumVertices);
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        const aiBone *bone = mesh->mBones[b];
        for (unsigned k = 0; k < bone->mNumWeights; ++k) {
            weights[bone->mWeights[k].mVertexId][bone->mName.C_Str()] += bone->mWeights[k].mWeight;
        }
    }
    return weights;
}

/** A chunk found by RawChunks. */
struct RawChunk {
    std::string id;
    size_t headerOffset = 0;
    size_t payloadOffset = 0;
    int32_t dataSize = 0;
    int32_t dataCount = 0;
    size_t recordSize = 0; ///< 164 for SKELSOCK whatever the header says
};

/** Walks the chunks of a well-formed ActorX file (the test's own reading, for oracles). */
inline std::vector<RawChunk> RawChunks(const std::vector<uint8_t> &bytes) {
    std::vector<RawChunk> chunks;
    size_t offset = 0;
    while (offset + 32 <= bytes.size()) {
        RawChunk chunk;
        const char *id = reinterpret_cast<const char *>(&bytes[offset]);
        chunk.id.assign(id, strnlen(id, 20));
        std::memcpy(&chunk.dataSize, &bytes[offset + 24], 4);
        std::memcpy(&chunk.dataCount, &bytes[offset + 28], 4);
        chunk.headerOffset = offset;
        chunk.payloadOffset = offset + 32;
        chunk.recordSize = chunk.id == "SKELSOCK" ? 164 : size_t(chunk.dataSize);
        offset = chunk.payloadOffset + chunk.recordSize * size_t(chunk.dataCount);
        chunks.push_back(chunk);
    }
    return chunks;
}

/** Typed reads from a raw file. */
class RawPsk {
public:
    explicit RawPsk(std::vector<uint8_t> bytes) : mBytes(std::move(bytes)) {
        for (const RawChunk &chunk : RawChunks(mBytes)) {
            if (mChunks.count(chunk.id) == 0) {
                mChunks[chunk.id] = chunk;
            }
            mOrder.push_back(chunk);
        }
    }
    bool has(const std::string &id) const { return mChunks.count(id) != 0; }
    size_t count(const std::string &id) const {
        return has(id) ? size_t(mChunks.at(id).dataCount) : 0;
    }
    float f32(const std::string &id, size_t record, size_t field) const {
        float value;
        std::memcpy(&value, at(id, record, field), 4);
        return value;
    }
    int32_t i32(const std::string &id, size_t record, size_t field) const {
        int32_t value;
        std::memcpy(&value, at(id, record, field), 4);
        return value;
    }
    uint16_t u16(const std::string &id, size_t record, size_t field) const {
        uint16_t value;
        std::memcpy(&value, at(id, record, field), 2);
        return value;
    }
    std::string name(const std::string &id, size_t record, size_t field = 0) const {
        const char *text = reinterpret_cast<const char *>(at(id, record, field));
        return std::string(text, strnlen(text, 64));
    }
    aiVector3D vec3(const std::string &id, size_t record, size_t field) const {
        return aiVector3D(f32(id, record, field), f32(id, record, field + 4),
                          f32(id, record, field + 8));
    }
    const std::vector<RawChunk> &chunks() const { return mOrder; }
    const std::vector<uint8_t> &bytes() const { return mBytes; }

private:
    const uint8_t *at(const std::string &id, size_t record, size_t field) const {
        const RawChunk &chunk = mChunks.at(id);
        return &mBytes.at(chunk.payloadOffset + chunk.recordSize * record + field);
    }
    std::vector<uint8_t> mBytes;
    std::map<std::string, RawChunk> mChunks;
    std::vector<RawChunk> mOrder;
};

} // namespace agf::test::psk
