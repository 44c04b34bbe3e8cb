/** @file PboFileData.h
 *  A Bohemia PBO archive in its own terms (docs/specs/pbo.md): the header's properties, the
 *  entry records of its table, and where each entry's bytes lie in the file.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace agf::pbo {

/** Packing methods of an entry record, as a little-endian u32 reads them (the bytes of "Cprs"
 *  are written "srpC"). */
constexpr uint32_t kMethodStored = 0;
constexpr uint32_t kMethodCompressed = 0x43707273; ///< "Cprs": BI's LZSS, original size known
constexpr uint32_t kMethodProperties = 0x56657273; ///< "Vers": the header's first record
constexpr uint32_t kMethodEncrypted = 0x456e6372;  ///< "Encr": VBS encryption, not readable

/** An entry record: an asciiz name and five u32. */
constexpr size_t kRecordFieldBytes = 20;
/** The zero byte and the SHA-1 that end a signed (Arma) PBO. */
constexpr size_t kTrailerBytes = 21;
constexpr size_t kSha1Bytes = 20;
/** Entry names are paths; a longer one is taken for a damaged table. */
constexpr size_t kMaxNameBytes = 1024;

/** One record of the entry table, and where its bytes were found. */
struct PboEntry {
    std::string name; ///< as stored ('\' separators)
    std::string path; ///< '/'-separated, inside the archive (MakeSafeRelativePath of the name)
    uint32_t method = kMethodStored;
    uint32_t originalSize = 0; ///< compressed: the size it unpacks to; stored: 0 or dataSize
    uint32_t reserved = 0;
    uint32_t timestamp = 0;    ///< seconds since 1970
    uint32_t dataSize = 0;     ///< bytes in the archive
    uint64_t recordOffset = 0; ///< where the record starts in the file
    uint64_t dataOffset = 0;   ///< where its bytes start in the file

    /** Packed with BI's LZSS. A "Cprs" record whose two sizes are equal (or whose original
     *  size is 0) holds its bytes as they are, as packers write it when packing gains nothing. */
    bool compressed() const {
        return method == kMethodCompressed && originalSize != 0 && originalSize != dataSize;
    }
    /** The size of the file the entry holds. */
    uint64_t size() const { return compressed() ? originalSize : dataSize; }
};

/** What the entry table says, before its entries are located in the file. A table that breaks
 *  (a name running into binary data) is picked up again at the next record chain that ends at
 *  the table's end: `before` holds the records up to the break, `after` those from there on,
 *  and the records between are lost. */
struct PboTable {
    std::vector<std::pair<std::string, std::string>> properties; ///< in file order
    std::vector<PboEntry> before;
    std::vector<PboEntry> after;
    /** Records lost where the table broke (at least the broken one). */
    size_t lostRecords = 0;
    bool broken = false;
    uint64_t breakOffset = 0; ///< where the first unreadable record starts
    uint64_t dataStart = 0;   ///< the first byte after the table's end record
};

/** An archive whose usable entries are located. */
struct PboArchiveLayout {
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<PboEntry> entries; ///< usable entries, in table order
    uint64_t dataStart = 0;
    uint64_t dataEnd = 0;          ///< where the entries' bytes end (the trailer's start)
    bool signedTrailer = false;    ///< a zero byte and a SHA-1 follow the data
    uint8_t sha1[kSha1Bytes] = {}; ///< as stored (not verified: that would read the whole file)
    size_t lostEntries = 0;        ///< records whose bytes could not be located or read
};

} // namespace agf::pbo
