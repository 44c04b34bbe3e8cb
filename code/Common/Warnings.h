/** @file Warnings.h
 *  The one path for recoverable problems: parsers and converters report them here, and the
 *  importer flushes them to Assimp's log once, at the end of InternReadFile.
 *
 *  Like ufbx's warnings, each entry names where the problem was found, and repeats of one
 *  problem are folded into one entry with a count, so that a file with a million bad weights
 *  logs one line, not a million. No Assimp types here except in Flush.
 */
#pragma once

#include "ImportError.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

class BinaryReader;

/** One recoverable problem, and how many times it was seen. */
struct Warning {
    FilePlace place; ///< of the first occurrence
    std::string problem;
    size_t count = 1;

    /** The message in ImportError's format, with " (seen N times)" for repeats. */
    std::string text() const;
};

class Warnings {
public:
    /** At most this many distinct warnings are kept; later distinct ones are only counted. */
    static constexpr size_t kMaxDistinct = 256;

    /** Records a problem (`count` occurrences of it). A repeat (same file, structure, line and
     * problem text; the offset may differ) only raises the first entry's count. */
    void add(const FilePlace &place, const std::string &problem, size_t count = 1);
    void add(const std::string &file, const std::string &structure, uint64_t offset,
             const std::string &problem) {
        add(FilePlace{file, structure, offset, 0}, problem);
    }
    /** A problem at a reader's current offset, in its current structure. */
    void add(const BinaryReader &reader, const std::string &problem);

    /** Appends another sink's entries (a nested import: a PSW asset, an animation file). */
    void merge(const Warnings &other);

    const std::vector<Warning> &entries() const { return mEntries; }
    bool empty() const { return mEntries.empty() && mDropped == 0; }
    /** Every problem counted, repeats included. */
    size_t total() const;
    /** Distinct problems beyond kMaxDistinct, counted but not kept. */
    size_t dropped() const { return mDropped; }
    /** True when some entry's problem text contains `fragment` (for tests and callers that act
     *  on a warning). */
    bool contains(const std::string &fragment) const;

    /** Logs every entry once with ASSIMP_LOG_WARN, then a line for the dropped ones. */
    void flush() const;

private:
    Warning *find(const FilePlace &place, const std::string &problem);

    std::vector<Warning> mEntries;
    size_t mDropped = 0;
};

} // namespace agf
