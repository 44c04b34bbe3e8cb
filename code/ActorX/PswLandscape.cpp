/** @file PswLandscape.cpp */
#include "PswLandscape.h"

#include <cmath>

namespace agf::psw {

float SharedEdgeHeights::resolve(int64_t x, int64_t y, float height) {
    const uint64_t key =
        (static_cast<uint64_t>(static_cast<uint32_t>(x)) << 32) | static_cast<uint32_t>(y);
    const auto inserted = mHeights.emplace(key, height);
    if (!inserted.second && inserted.first->second != height) {
        ++mDisagreements;
    }
    return inserted.first->second;
}

std::unique_ptr<aiMesh> BuildTerrainTile(const PswLandscapeTile &tile, const Heightmap *heightmap,
                                         float heightScale, SharedEdgeHeights &shared,
                                         const std::string &meshName, unsigned materialIndex) {
    const unsigned quads = static_cast<unsigned>(tile.componentSize);
    const unsigned side = quads + 1;
    auto mesh = std::make_unique<aiMesh>();
    mesh->mName = aiString(meshName);
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mMaterialIndex = materialIndex;
    mesh->mNumVertices = side * side;
    mesh->mVertices = new aiVector3D[mesh->mNumVertices];
    mesh->mTextureCoords[0] = new aiVector3D[mesh->mNumVertices];
    mesh->mNumUVComponents[0] = 2;

    int64_t texelX = 0;
    int64_t texelY = 0;
    if (heightmap != nullptr) {
        texelX = std::llround(double(tile.offsetX) * heightmap->width);
        texelY = std::llround(double(tile.offsetY) * heightmap->height);
    }
    for (unsigned j = 0; j < side; ++j) {
        for (unsigned i = 0; i < side; ++i) {
            const int64_t gridX = int64_t(tile.tileX) + i;
            const int64_t gridY = int64_t(tile.tileY) + j;
            float height = 0.0f;
            if (heightmap != nullptr) {
                height = TerrainHeight(heightmap->valueAt(texelX + i, texelY + j), heightScale);
            }
            const bool edge = i == 0 || j == 0 || i == quads || j == quads;
            if (edge) {
                height = shared.resolve(gridX, gridY, height);
            }
            const unsigned v = j * side + i;
            mesh->mVertices[v] = aiVector3D(float(gridX), -float(gridY), height);
            mesh->mTextureCoords[0][v] = aiVector3D(float(i) / quads, 1.0f - float(j) / quads, 0);
        }
    }
    // Two triangles per quad; with Y mirrored, (a, d, c) and (a, c, b) face +Z.
    mesh->mNumFaces = quads * quads * 2;
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    unsigned face = 0;
    for (unsigned j = 0; j < quads; ++j) {
        for (unsigned i = 0; i < quads; ++i) {
            const unsigned a = j * side + i;
            const unsigned b = a + 1;
            const unsigned d = a + side;
            const unsigned c = d + 1;
            const unsigned triangles[2][3] = {{a, d, c}, {a, c, b}};
            for (const auto &triangle : triangles) {
                aiFace &target = mesh->mFaces[face++];
                target.mNumIndices = 3;
                target.mIndices = new unsigned[3]{triangle[0], triangle[1], triangle[2]};
            }
        }
    }
    return mesh;
}

} // namespace agf::psw
