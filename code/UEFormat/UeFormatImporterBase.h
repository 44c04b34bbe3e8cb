/** @file UeFormatImporterBase.h
 *  What the UEFormat importers share: a file is theirs when it starts with the UEFORMAT magic
 *  and one of their identifiers, checked again on import because Assimp skips CanRead when
 *  only one importer claims the extension.
 */
#pragma once

#include "Common/ImporterBase.h"

#include <assimp/importerdesc.h>

#include <string>
#include <vector>

namespace agf::ueformat {

class UeFormatImporterBase : public ImporterBase {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool checkSig) const final;
    const aiImporterDesc *GetInfo() const final { return &mDescription; }

protected:
    UeFormatImporterBase(const aiImporterDesc &description, std::vector<const char *> identifiers)
        : mDescription(description), mIdentifiers(std::move(identifiers)) {}

    /** The identifier the bytes start with (one of the importer's), or ImportError. */
    std::string requireIdentifier(const uint8_t *data, size_t size,
                                  const std::string &fileName) const;

private:
    const aiImporterDesc &mDescription;
    std::vector<const char *> mIdentifiers;
};

} // namespace agf::ueformat
