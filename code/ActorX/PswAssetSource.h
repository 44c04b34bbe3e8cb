/** @file PswAssetSource.h
 *  Where a world's asset meshes and heightmaps come from: the one place the PSW conversion
 *  touches files, injected by the importer (as the FXM converter's textureExists is), so that
 *  the converter does no I/O of its own and tests can serve assets from memory.
 */
#pragma once

#include <assimp/scene.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace Assimp {
class Importer;
class IOSystem;
} // namespace Assimp

namespace agf::psw {

/** PSK options forwarded to the nested import (the world's own scale and up axis apply once,
 *  on the world's root, so the assets are always read in file space). */
struct AssetImportOptions {
    bool vertexColorBgra = false;
    bool skipMorphs = false;
    bool skipSockets = false;
    bool skipSidecars = false;
    bool mapFiles = true; ///< AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES, passed on
};

class PswAssetSource {
public:
    virtual ~PswAssetSource() = default;
    /** True when a file exists at `path`. */
    virtual bool exists(const std::string &path) const = 0;
    /** Reads a whole file; false when it cannot be read. */
    virtual bool read(const std::string &path, std::vector<uint8_t> &bytes) const = 0;
    /** Imports an ActorX mesh in file space, validated; nullptr with `error` set when the file
     *  is not an ActorX mesh or does not import. */
    virtual std::unique_ptr<aiScene> importMesh(const std::string &path,
                                                const AssetImportOptions &options,
                                                std::string &error) const = 0;
};

/** The source of a world imported from disk (or through any IOSystem): files through the
 *  import's IOSystem, meshes through a nested Assimp::Importer with our formats registered. */
class IoAssetSource : public PswAssetSource {
public:
    /** The IOSystem must outlive the source. */
    explicit IoAssetSource(Assimp::IOSystem &io);
    ~IoAssetSource() override;

    bool exists(const std::string &path) const override;
    bool read(const std::string &path, std::vector<uint8_t> &bytes) const override;
    std::unique_ptr<aiScene> importMesh(const std::string &path, const AssetImportOptions &options,
                                        std::string &error) const override;

private:
    Assimp::IOSystem &mIo;
    /** One importer for every asset, made on first use: setting one up (Assimp's importers and
     *  ours registered) cost more than importing a small asset. */
    mutable std::unique_ptr<Assimp::Importer> mImporter;
};

} // namespace agf::psw
