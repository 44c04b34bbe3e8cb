/** @file UeFormatImporterBase.cpp */
#include "UeFormatImporterBase.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "UeFormatContainer.h"

namespace agf::ueformat {

namespace {

/** Magic, identifier length and the longest identifier. */
constexpr size_t kSignatureBytes = 8 + 4 + 8;

} // namespace

bool UeFormatImporterBase::CanRead(const std::string &file, Assimp::IOSystem *io, bool) const {
    uint8_t start[kSignatureBytes];
    const size_t read = ReadFileStart(io, file, start, sizeof start);
    for (const char *identifier : mIdentifiers) {
        if (HasIdentifier(start, read, identifier)) {
            return true;
        }
    }
    return false;
}

std::string UeFormatImporterBase::requireIdentifier(const uint8_t *data, size_t size,
                                                    const std::string &fileName) const {
    std::string expected;
    for (const char *identifier : mIdentifiers) {
        if (HasIdentifier(data, size, identifier)) {
            return identifier;
        }
        expected += (expected.empty() ? "" : " or ") + std::string(identifier);
    }
    ThrowImportError(fileName, "header", 0,
                     "not a UEFormat " + expected +
                         " file: it does not start with UEFORMAT and that identifier");
}

} // namespace agf::ueformat
