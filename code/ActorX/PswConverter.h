/** @file PswConverter.h
 *  PswWorld to aiScene: actors as nodes, their assets' meshes, material overrides, lights and
 *  landscape tiles (specs/actorx.md, section 7; DEVELOPERS.md for the coordinate policy). The
 *  conversion does no I/O itself: files come from the injected PswAssetSource.
 */
#pragma once

#include "PswAssets.h"
#include "PswFileData.h"

#include <string>

struct aiScene;

namespace agf::psw {

struct PswConvertOptions {
    bool yUp = true;            ///< rotate the root from the file's Z-up to Y-up
    float scale = 1.0f;         ///< uniform scale on the root
    bool loadAssets = true;     ///< import the meshes actors reference
    std::string assetRoot;      ///< folder asset and texture paths start from
    float heightScale = 0.0f;   ///< landscape: height = (value - 0.5) * 2 * heightScale
    bool buildLandscape = true; ///< build terrain meshes from heightmap tiles
    /** false: read no asset or heightmap file (a world imported from memory has no folder);
     *  actors stay empty and tiles flat, without a warning per file. */
    bool readExternalFiles = true;
    AssetImportOptions assetOptions;
};

/** Fills `scene` (which must have no root node yet). Assets and heightmaps come from `assets`,
 *  only from files under options.assetRoot. */
void ConvertPswWorld(const PswWorld &world, const PswAssetSource &assets,
                     const std::string &fileName, const PswConvertOptions &options, aiScene *scene,
                     Warnings &warnings);

} // namespace agf::psw
