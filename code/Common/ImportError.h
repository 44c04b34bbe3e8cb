/** @file ImportError.h
 *  The one exception type our importers throw.
 *
 *  Debian's libassimp does not export DeadlyImportError's constructor, so we derive from
 *  std::runtime_error instead. BaseImporter::ReadFile catches any std::exception, logs what()
 *  and hands it to Importer::GetErrorString() unchanged. Moving in-tree later means changing
 *  only ThrowImportError.
 */
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace agf {

/** A fatal import error. The message always names the file, the structure being read and the
 *  byte offset at which the problem was found, e.g.
 *  "hero.psk: VTXW0000 record 12 at byte 1040: point index 900 out of range (58 points)". */
class ImportError : public std::runtime_error {
public:
    ImportError(const std::string &file, const std::string &structure, uint64_t offset,
                const std::string &problem);

    const std::string &file() const { return mFile; }
    const std::string &structure() const { return mStructure; }
    uint64_t offset() const { return mOffset; }

private:
    std::string mFile;
    std::string mStructure;
    uint64_t mOffset;
};

/** Throws ImportError. Kept as a function so that an in-tree build can switch to
 *  DeadlyImportError in one place. */
[[noreturn]] void ThrowImportError(const std::string &file, const std::string &structure,
                                   uint64_t offset, const std::string &problem);

} // namespace agf
