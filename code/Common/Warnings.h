/** @file Warnings.h
 *  The one path for recoverable problems: parsers and converters report them here, and the
 *  importer flushes them to Assimp's log once, at the end of InternReadFile, and keeps them
 *  for LastImportWarnings (the public agf::Warning of <assimp_gameformats/Warnings.h>).
 *
 *  Like ufbx's warnings, each entry has a kind, names where the problem was found, and repeats
 *  of one problem are folded into one entry with a count, so that a file with a million bad
 *  weights logs one line, not a million. No Assimp types here except in flush.
 */
#pragma once

#include "ImportError.h"

#include <assimp_gameformats/Warnings.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

class BinaryReader;

/** Logs one warning of an import or an export with ASSIMP_LOG_WARN, as Warning::text(): the one
 *  line every warning of this library takes in Assimp's log. */
void LogWarning(const Warning &warning);

class Warnings {
public:
    /** At most this many distinct warnings are kept; later distinct ones are only counted,
     *  and entries() ends with one LimitReached warning that says how many. */
    static constexpr size_t kMaxDistinct = 256;

    /** Records a problem (`count` occurrences of it). A repeat (same kind, file, structure,
     *  line and message; the offset may differ) only raises the first entry's count. */
    void add(WarningKind kind, const FilePlace &place, const std::string &problem,
             size_t count = 1);
    void add(WarningKind kind, const std::string &file, const std::string &structure,
             uint64_t offset, const std::string &problem) {
        add(kind, FilePlace{file, structure, offset, 0}, problem);
    }
    /** A problem at a reader's current offset, in its current structure. */
    void add(WarningKind kind, const BinaryReader &reader, const std::string &problem);

    /** Appends another sink's entries (a nested import: a PSW asset, an animation file). */
    void merge(const Warnings &other);

    /** The warnings kept, in the order first seen, and a last LimitReached entry when distinct
     *  warnings beyond kMaxDistinct were dropped. */
    std::vector<Warning> entries() const;
    bool empty() const { return mEntries.empty() && mDropped == 0; }
    /** Every problem counted, repeats included. */
    size_t total() const;
    /** Occurrences of problems of one kind, repeats included. */
    size_t count(WarningKind kind) const;
    /** Distinct problems beyond kMaxDistinct, counted but not kept. */
    size_t dropped() const { return mDropped; }

    /** Logs every entry once (LogWarning), then the dropped count. */
    void flush() const;

private:
    Warning *find(WarningKind kind, const FilePlace &place, const std::string &problem);

    std::vector<Warning> mEntries;
    size_t mDropped = 0;
};

} // namespace agf
