/** @file ImporterBase.h
 *  The base of every importer of this library: Assimp's BaseImporter with one warnings sink per
 *  import, flushed to Assimp's log once at the end, and kept for callers (tests, the `assimp`
 *  command) that want the warnings themselves rather than log text. After the format's import
 *  it runs the texture pass (TextureEmbedding.h) with the texture options every importer
 *  shares (AI_CONFIG_IMPORT_TEXTURE_ROOTS, AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES).
 */
#pragma once

#include "Common/ArchiveFileSystem.h"
#include "Common/FileLoading.h"
#include "Common/TextureDecoder.h"
#include "Common/TextureEmbedding.h"
#include "Common/Warnings.h"

#include <assimp/BaseImporter.h>

#include <cstdint>
#include <string>

namespace agf {

/** An importer that runs nested imports (PSW assets) sets this pointer property on the nested
 *  Assimp::Importer to the IOSystem of its own import. The nested import then asks that one
 *  directly rather than the FileSystemFilter Assimp wraps around every import: a second filter
 *  around the first retries each missing name in several spellings, each retried again by the
 *  first (CachingIOSystem.h). Internal, not an option for users. */
constexpr const char *kEnclosingImportFiles = "AGF_ENCLOSING_IMPORT_FILES";

class ImporterBase : public Assimp::BaseImporter {
public:
    /** The warnings of this instance's last import (whether it succeeded or failed). */
    const Warnings &lastWarnings() const { return mWarnings; }
    /** Increases with every import of any of our importers in the process; 0 before the
     *  first import of this instance. */
    uint64_t lastImportSequence() const { return mImportSequence; }
    /** True when `scene` (the importer's current one) is the one this instance's last import
     *  made: the same scene and metadata addresses, and our units key in that metadata.
     *  Post-processing keeps both; a scene made since by another importer may reuse one
     *  address, hardly both, and no stock importer writes our key. */
    bool madeScene(const aiScene &scene) const;

    /** The texture formats the texture pass decodes; without a call, code/Common's (the
     *  registry hands every importer the full table, PAA included). */
    void setTextureDecoders(const TextureDecoderTable *decoders) { mTextureDecoders = decoders; }

    /** How an import reads texture roots that name archives (the registry hands every importer
     *  PBO's, code/Pbo); without a call, roots are folders only. */
    void setArchiveFileSystems(ArchiveFileSystemFactory factory) { mArchiveFactory = factory; }

    /** Reads the shared texture options, then the format's own (setupOptions). */
    void SetupProperties(const Assimp::Importer *importer) final;

protected:
    /** The format's import: as InternReadFile, with the sink for recoverable problems. */
    virtual void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                            Warnings &warnings) = 0;

    /** Reads the format's AI_CONFIG_IMPORT_<FMT>_* options (Options.h). */
    virtual void setupOptions(const Assimp::Importer *importer) { (void)importer; }

    /** How many folders above the model's a texture reference may climb: the format's own
     *  layout (UEViewer keeps textures in a sibling of the mesh's folder). */
    virtual unsigned textureParentLevels() const { return 0; }

    /** Where the texture pass will look for files referenced by `file` (for importers that
     *  read side files the same way, such as P3D's text rvmats); `keepReferences` tells when
     *  nothing is to be looked for at all. */
    TextureSearch textureSearchFor(const std::string &file) const;
    bool textureReferencesKept() const { return mTextureOptions.keepReferences; }

    /** The model file's bytes (ReadWholeFileBytes), mapped unless
     *  AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES is false. */
    FileBytes readModelFile(Assimp::IOSystem *io, const std::string &file) const;

private:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) final;

    void embedTextures(const std::string &file, aiScene *scene, Assimp::IOSystem *io);
    /** The warnings of the archives this import read from (ArchiveFileSystem.h). */
    void takeArchiveWarnings(ArchiveFileSystem *importArchives);

    Warnings mWarnings;
    uint64_t mImportSequence = 0;
    // What identifies the last scene made (madeScene).
    const aiScene *mLastScene = nullptr;
    const void *mLastMetadata = nullptr;
    TextureEmbeddingOptions mTextureOptions;
    bool mMapFiles = false;
    /** kEnclosingImportFiles, or null for an import of its own. */
    Assimp::IOSystem *mEnclosingImportFiles = nullptr;
    const TextureDecoderTable *mTextureDecoders = nullptr;
    ArchiveFileSystemFactory mArchiveFactory = nullptr;
    /** The application's IOSystem (Importer::SetIOHandler) when it serves archives. */
    ArchiveFileSystem *mApplicationArchives = nullptr;
};

/** The warnings of the last import that `importer` ran through our importer claiming
 *  `extension` ("psk"), or nullptr when no such importer is registered. */
const Warnings *LastImportWarningsOf(const Assimp::Importer &importer,
                                     const std::string &extension);

} // namespace agf
