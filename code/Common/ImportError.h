/** @file ImportError.h
 *  The one exception type our importers throw, and the message format shared with warnings.
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

/** Where in a file a problem was found. Binary formats give a byte offset; text formats give a
 *  line (1-based) and the byte offset of that line's start. */
struct FilePlace {
    std::string file;      ///< the file's name; "" or Assimp's name for a memory buffer
    std::string structure; ///< what was being read: "VTXW0000 record 12", "LOD 2 header"...
    uint64_t offset = 0;   ///< absolute byte offset in the file
    uint32_t line = 0;     ///< 1-based line of a text file; 0 for binary data
};

/** The file name users see: Assimp names a memory buffer "$$$___magic___$$$.<hint>", which
 *  becomes "<memory>.<hint>"; an empty name "<memory>". */
std::string DisplayedFileName(const std::string &file);

/** "<file>: <structure> at byte <offset>: <problem>", or with a line:
 *  "<file>:<line>: <structure> at byte <offset>: <problem>". Errors and warnings alike. */
std::string FormatProblem(const FilePlace &place, const std::string &problem);

/** A fatal import error. The message always names the file, the structure being read and the
 *  byte offset at which the problem was found, e.g.
 *  "hero.psk: VTXW0000 record 12 at byte 1040: point index 900 out of range (58 points)", and
 *  for text formats the line: "crouch.pz2:12: actor hip at byte 310: unbalanced '}'". */
class ImportError : public std::runtime_error {
public:
    ImportError(const std::string &file, const std::string &structure, uint64_t offset,
                const std::string &problem);
    ImportError(const FilePlace &place, const std::string &problem);

    /** Where the problem was found (for a warning that reports it as recoverable). */
    const FilePlace &place() const { return mPlace; }
    const std::string &file() const { return mPlace.file; }
    const std::string &structure() const { return mPlace.structure; }
    uint64_t offset() const { return mPlace.offset; }
    /** 1-based line of a text file, 0 for binary data. */
    uint32_t line() const { return mPlace.line; }
    /** The problem alone, without the place. */
    const std::string &problem() const { return mProblem; }

private:
    FilePlace mPlace;
    std::string mProblem;
};

/** An ImportError for input beyond a size limit of this library (an image over kMaxTextureSide
 *  a side) rather than damaged input: a caller that recovers from it (the texture pass) reports
 *  it as WarningKind::LimitReached. */
class ImportLimitError : public ImportError {
public:
    using ImportError::ImportError;
};

/** Throws ImportError. Kept as a function so that an in-tree build can switch to
 *  DeadlyImportError in one place. */
[[noreturn]] void ThrowImportError(const std::string &file, const std::string &structure,
                                   uint64_t offset, const std::string &problem);
[[noreturn]] void ThrowImportError(const FilePlace &place, const std::string &problem);
/** Throws ImportLimitError. */
[[noreturn]] void ThrowImportLimitError(const FilePlace &place, const std::string &problem);

} // namespace agf
