/** @file PboParser.h
 *  Reads a PBO's header and entry table and locates its entries (docs/specs/pbo.md), from
 *  bytes held in memory: the caller reads the start of the file, and more of it only while the
 *  table needs more, and the file's last 21 bytes. No entry's data is needed to list them.
 *
 *  A damaged archive loses only what is damaged, each loss a typed warning: a record with an
 *  unknown packing method, an unsafe name or a compressed size its data cannot hold; entries
 *  past the end of a truncated file; records of a table that breaks (a name running into
 *  binary data), which is picked up again at the next chain of records that reaches the
 *  table's end. Entries are located from the table's end forwards and, after a break, from the
 *  data's end backwards. When the sizes do not add up to the data area and exactly one stored
 *  entry's two sizes disagree, the size that makes them add up is taken.
 */
#pragma once

#include "Common/Warnings.h"
#include "PboFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::pbo {

/** The largest entry table read (the header of a PBO of 100,000 entries is a few MB). */
constexpr uint64_t kMaxTableBytes = 64u << 20;

enum class TableRead {
    Complete,      ///< the table (and its end record) lay in the bytes given
    NeedsMoreBytes ///< the bytes end inside the table and the file goes on: read more
};

/** Parses the properties and the entry table from the first `available` bytes of a file of
 *  `fileSize` bytes. Warnings go to `warnings` only when the parse is Complete (a caller that
 *  reads more and calls again gets each warning once). Throws ImportError (file, structure,
 *  offset) when the data is not a PBO or no record can be read after a break. */
TableRead ParsePboTable(const uint8_t *data, size_t available, uint64_t fileSize,
                        const std::string &fileName, Warnings &warnings, PboTable &table);

/** Locates the entries of a parsed table in a file of `fileSize` bytes whose last
 *  min(21, fileSize) bytes are `tail`. Entries that cannot be located inside the file or read
 *  are left out with a warning each. */
PboArchiveLayout LocatePboEntries(const PboTable &table, uint64_t fileSize, const uint8_t *tail,
                                  size_t tailSize, const std::string &fileName, Warnings &warnings);

/** The value of the property `key` (compared ignoring case), or "" when there is none. */
std::string PboProperty(const PboArchiveLayout &layout, const std::string &key);

} // namespace agf::pbo
