/** @file ChunkFileImporter.h
 *  What the PSK, PSA/PSAX and PSW importers share: a file is theirs when its first chunk has
 *  one of their magic ids, checked again on import because Assimp skips CanRead when only one
 *  importer claims the extension.
 */
#pragma once

#include "Common/ImporterBase.h"

#include <assimp/importerdesc.h>

#include <cstdint>
#include <string>
#include <vector>

namespace agf::actorx {

class ChunkFileImporter : public ImporterBase {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool checkSig) const final;
    const aiImporterDesc *GetInfo() const final { return &mDescription; }

protected:
    /** `kind` names the file in the refusal, e.g. "an ActorX mesh (PSK)". */
    ChunkFileImporter(const aiImporterDesc &description, std::vector<const char *> magics,
                      const char *kind)
        : mDescription(description), mMagics(std::move(magics)), mKind(kind) {}

    /** Throws ImportError unless `bytes` start with one of the magic ids. */
    void requireMagic(const std::vector<uint8_t> &bytes, const std::string &fileName) const;
    void requireMagic(const uint8_t *data, size_t size, const std::string &fileName) const;

private:
    bool hasMagic(const uint8_t *data, size_t size) const;

    const aiImporterDesc &mDescription;
    std::vector<const char *> mMagics;
    const char *mKind;
};

} // namespace agf::actorx
