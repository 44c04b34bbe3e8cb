/** @file ImporterBase.cpp */
#include "ImporterBase.h"

#include "Common/CachingIOSystem.h"

#include "Common/FileLoading.h"
#include "Common/Options.h"

#include <assimp_gameformats/ImportOptions.h>
#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <assimp/scene.h>

#include <atomic>
#include <memory>

namespace agf {

void ImporterBase::SetupProperties(const Assimp::Importer *importer) {
    mTextureOptions = TextureEmbeddingOptions();
    mTextureOptions.keepReferences =
        BoolOption(importer, AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES);
    mTextureOptions.search.roots =
        SplitTextureRoots(StringOption(importer, AI_CONFIG_IMPORT_TEXTURE_ROOTS));
    mMapFiles = BoolOption(importer, AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES);
    mEnclosingImportFiles =
        static_cast<Assimp::IOSystem *>(importer->GetPropertyPointer(kEnclosingImportFiles));
    mApplicationArchives = dynamic_cast<ArchiveFileSystem *>(importer->GetIOHandler());
    setupOptions(importer);
}

FileBytes ImporterBase::readModelFile(Assimp::IOSystem *io, const std::string &file) const {
    return ReadWholeFileBytes(io, file, mMapFiles);
}

TextureSearch ImporterBase::textureSearchFor(const std::string &file) const {
    TextureSearch search = mTextureOptions.search;
    search.modelFolder = DirectoryOf(file);
    search.modelParentLevels = textureParentLevels();
    if (mApplicationArchives != nullptr) {
        search.modelArchive = mApplicationArchives->archiveHolding(file);
    }
    return search;
}

void ImporterBase::embedTextures(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    // A memory buffer has no folder, so nothing beside it to find.
    if (IsMemoryFile(file)) {
        return;
    }
    TextureEmbeddingOptions options = mTextureOptions;
    options.search = textureSearchFor(file);
    options.modelFileName = FileNameOf(file);
    // A format whose textures lie in its own layout beside the model can say which are missing.
    options.warnMissingWithoutRoots = textureParentLevels() > 0;
    Assimp::ProgressHandler *progress = m_progress;
    EmbedTextures(scene, io, options,
                  mTextureDecoders != nullptr ? *mTextureDecoders : CommonTextureDecoders(),
                  mWarnings, [progress](size_t done, size_t total) {
                      if (progress != nullptr && total > 0) {
                          progress->UpdateFileRead(static_cast<int>(done), static_cast<int>(total));
                      }
                  });
}

namespace {

std::atomic<uint64_t> gImportSequence{0};

} // namespace

void ImporterBase::InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    mWarnings = Warnings();
    mImportSequence = ++gImportSequence;
    mLastScene = nullptr;
    mLastMetadata = nullptr;
    Assimp::IOSystem &base = mEnclosingImportFiles != nullptr ? *mEnclosingImportFiles : *io;
    // Texture roots that name archives are read through a file system that serves them.
    std::unique_ptr<ArchiveFileSystem> archives;
    if (mArchiveFactory != nullptr && !mTextureOptions.keepReferences) {
        archives = mArchiveFactory(base, mTextureOptions.search.roots);
    }
    // Every optional file the import looks for is asked about once (CachingIOSystem.h).
    CachingIOSystem files(archives ? *archives : base);
    try {
        importFile(file, scene, &files, mWarnings);
        embedTextures(file, scene, &files);
    } catch (...) {
        // What was found before the fatal problem still helps to understand it.
        takeArchiveWarnings(archives.get());
        mWarnings.flush();
        throw;
    }
    takeArchiveWarnings(archives.get());
    mWarnings.flush();
    mLastScene = scene;
    mLastMetadata = scene->mMetaData;
}

void ImporterBase::takeArchiveWarnings(ArchiveFileSystem *importArchives) {
    if (mApplicationArchives != nullptr) {
        mApplicationArchives->takeWarnings(mWarnings);
    }
    if (importArchives != nullptr) {
        importArchives->takeWarnings(mWarnings);
    }
}

bool ImporterBase::madeScene(const aiScene &scene) const {
    return &scene == mLastScene && scene.mMetaData != nullptr &&
           static_cast<const void *>(scene.mMetaData) == mLastMetadata &&
           scene.mMetaData->HasKey(AGF_META_UNITS);
}

const Warnings *LastImportWarningsOf(const Assimp::Importer &importer,
                                     const std::string &extension) {
    const auto *ours = dynamic_cast<const ImporterBase *>(importer.GetImporter(extension.c_str()));
    return ours != nullptr ? &ours->lastWarnings() : nullptr;
}

std::vector<Warning> LastImportWarnings(const Assimp::Importer &importer) {
    const ImporterBase *latest = nullptr;
    for (size_t i = 0; i < importer.GetImporterCount(); ++i) {
        const auto *ours = dynamic_cast<const ImporterBase *>(importer.GetImporter(i));
        if (ours != nullptr && ours->lastImportSequence() != 0 &&
            (latest == nullptr || ours->lastImportSequence() > latest->lastImportSequence())) {
            latest = ours;
        }
    }
    // A scene the importer holds that is not our last one came from another importer since.
    const aiScene *current = importer.GetScene();
    if (latest == nullptr || (current != nullptr && !latest->madeScene(*current))) {
        return {};
    }
    return latest->lastWarnings().entries();
}

} // namespace agf
