/** @file Warnings.h
 *  Typed warnings: what an import or export of this library repaired, skipped or could not
 *  find, as data an application can act on rather than log text to search.
 *
 *  Every recoverable problem has a kind (below), the file it was found in, the structure being
 *  read or written, the byte offset (for imports of binary data; text formats also give the
 *  line) and a count: repeats of one problem are folded into one warning, so a file with a
 *  million bad weights gives one warning with a count of a million, not a million warnings.
 *  The same warnings go to Assimp's log, one line each, in the format of text().
 *
 *  @code
 *  const aiScene *scene = importer.ReadFile("hero.psk", 0);
 *  for (const agf::Warning &warning : agf::LastImportWarnings(importer)) {
 *      if (warning.kind == agf::WarningKind::MissingFile) {
 *          std::printf("not found: %s\n", warning.message.c_str());
 *      }
 *  }
 *  @endcode
 */
#pragma once

#include "Api.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace Assimp {
class Importer;
} // namespace Assimp

namespace agf {

/** What kind of problem a warning reports. The kind says what happened to the data; the
 *  message says which data and why. */
enum class WarningKind {
    /** A file the model refers to (a texture, an animation, a skeleton, a world's asset, a
     *  material) was not found. The reference is kept as written. */
    MissingFile,
    /** A file the model refers to was found but could not be read or decoded (a damaged
     *  texture, a binarized rvmat). The reference is kept as written. */
    UnreadableFile,
    /** A structure ends before the size or count it declares, or the file ends inside it.
     *  What was read before the end is kept. */
    Truncated,
    /** An index or a count points outside the data it refers to. The element is dropped or
     *  clamped. */
    OutOfRange,
    /** A value is not finite, or outside its valid range (a negative weight, a zero scale).
     *  It is replaced by a neutral value. */
    InvalidValue,
    /** Two parts of the data disagree (two counts, stored normals and the winding, a size and
     *  the bytes present). One of them is trusted, as the message says. */
    Inconsistent,
    /** An unknown chunk, keyword, identifier or flag, or a reserved field that is not zero. It
     *  is skipped. */
    Unknown,
    /** A repeated element (a chunk, a name, a track). It is renamed, merged or ignored. */
    Duplicate,
    /** An element with nothing usable in it (a mesh without faces, an animation without
     *  keys). It is left out. */
    Empty,
    /** Data that is valid but that the target cannot hold (a bone's bind-pose scale in a PSK,
     *  a 16-bit index count). It is left out or approximated, as the message says. */
    Unsupported,
    /** A value was changed to fit the target's rules (a name shortened or made unique, a
     *  frame rate chosen, weights renormalised). */
    Adjusted,
    /** A size limit of this library was reached (a texture larger than 16384 x 16384, the
     *  number of distinct warnings kept). The rest is left out. */
    LimitReached,
};

/** The kind's name as written in the log: "missing file", "truncated"... */
AGF_API const char *WarningKindName(WarningKind kind);

/** One recoverable problem of an import or export. */
struct Warning {
    /** Marks an offset that does not apply (export warnings, whole-file problems). */
    static constexpr uint64_t kNoOffset = UINT64_MAX;

    WarningKind kind = WarningKind::Unknown;
    std::string file;            ///< the file read or written ("<memory>.psk" for a memory buffer)
    std::string structure;       ///< what was being read or written: "VTXW0000 record 12", "LOD 2"
    uint64_t offset = kNoOffset; ///< byte offset of the first occurrence in the file read
    uint32_t line = 0;           ///< 1-based line of a text file; 0 for binary data
    size_t count = 1;            ///< how many times the problem was seen
    std::string message;         ///< the problem, without the place

    /** The one line of the log and of the `assimp` command:
     *  "<file>[:<line>]: <structure>[ at byte <offset>]: <message> [<kind>]" followed by
     *  " (seen N times)" when count > 1, e.g.
     *  "hero.psk: VTXW0000 record 12 at byte 1040: weight -0.5 replaced by 0 [invalid value]". */
    AGF_API std::string text() const;
};

/** The warnings of the last import that `importer` ran through one of this library's
 *  importers, in the order they were first seen; empty when that import had none, or when the
 *  last import was not one of ours. A failed import keeps the warnings seen before it failed.
 *  At most 256 distinct warnings are kept; one LimitReached warning counts the rest. */
AGF_API std::vector<Warning> LastImportWarnings(const Assimp::Importer &importer);

/** The warnings of the last export this thread ran through one of this library's writers
 *  (agf::RegisterExporters), with the written file's name in `file`. */
AGF_API std::vector<Warning> LastExportWarnings();

} // namespace agf
