/** @file PswLandscape.h
 *  Terrain meshes from LANDSCAPE heightmap tiles.
 *
 *  A tile covers (componentSize + 1)^2 vertices at (tileX + i, tileY + j) in landscape quads;
 *  the landscape actor's transform (usually a scale of 100) places it. Vertex (i, j) takes its
 *  height from texel (offsetX * width + i, offsetY * height + j) of the tile's heightmap, where
 *  offsetX/offsetY are the fractions Unreal keeps in HeightmapScaleBias.ZW. The height is
 *  `(value - 0.5) * 2 * heightScale`, value in [0, 1]; heightScale 256 gives Unreal's own local
 *  units (a 16-bit height h is (h - 32768) / 128). Like actor positions, Y is mirrored into the
 *  right-handed file space.
 *
 *  Tiles of one landscape actor that share a texture meet without seams: the first tile that
 *  defines an edge vertex fixes its height and every later tile reuses it.
 */
#pragma once

#include "PswFileData.h"
#include "PswHeightmap.h"

#include <assimp/mesh.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

namespace agf::psw {

/** The largest componentSize accepted (Unreal components have at most 255 quads per side). */
constexpr int32_t kMaxComponentSize = 1024;

/** Heights of edge vertices already placed, for tiles that share one texture. */
class SharedEdgeHeights {
public:
    /** The stored height of grid vertex (x, y), or stores and returns `height`. Counts when a
     *  stored height differs from `height` (the texture disagrees with itself). */
    float resolve(int64_t x, int64_t y, float height);
    size_t disagreements() const { return mDisagreements; }

private:
    std::unordered_map<uint64_t, float> mHeights;
    size_t mDisagreements = 0;
};

/** Builds the mesh of one heightmap tile (componentSize already checked to lie in
 *  [1, kMaxComponentSize]). `heightmap` may be nullptr: the tile is then flat at height 0.
 *  UV channel 0 spans the tile from (0, 1) at its first vertex to (1, 0) at its last. */
std::unique_ptr<aiMesh> BuildTerrainTile(const PswLandscapeTile &tile, const Heightmap *heightmap,
                                         float heightScale, SharedEdgeHeights &shared,
                                         const std::string &meshName, unsigned materialIndex);

/** The height `BuildTerrainTile` gives a heightmap value. */
inline float TerrainHeight(float value, float heightScale) {
    return (value - 0.5f) * 2.0f * heightScale;
}

} // namespace agf::psw
