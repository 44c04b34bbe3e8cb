/** @file ChunkFileImporter.cpp */
#include "ChunkFileImporter.h"

#include "ActorXChunks.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"

namespace agf::actorx {

bool ChunkFileImporter::CanRead(const std::string &file, Assimp::IOSystem *io, bool) const {
    uint8_t header[kChunkHeaderSize];
    const size_t read = ReadFileStart(io, file, header, sizeof header);
    return hasMagic(header, read);
}

void ChunkFileImporter::requireMagic(const std::vector<uint8_t> &bytes,
                                     const std::string &fileName) const {
    requireMagic(bytes.data(), bytes.size(), fileName);
}

void ChunkFileImporter::requireMagic(const uint8_t *data, size_t size,
                                     const std::string &fileName) const {
    if (hasMagic(data, size)) {
        return;
    }
    std::string expected;
    for (size_t i = 0; i < mMagics.size(); ++i) {
        expected += (i == 0 ? "" : " or ") + std::string(mMagics[i]);
    }
    ThrowImportError(fileName, "file header", 0,
                     std::string("not ") + mKind + ": it does not start with a " + expected +
                         " chunk");
}

bool ChunkFileImporter::hasMagic(const uint8_t *data, size_t size) const {
    for (const char *magic : mMagics) {
        if (HasMagic(data, size, magic)) {
            return true;
        }
    }
    return false;
}

} // namespace agf::actorx
