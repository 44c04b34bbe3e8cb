/** @file PboLayout.cpp
 *  LocatePboEntries (PboParser.h): where each entry's bytes lie, and which entries are usable.
 */
#include "PboParser.h"

#include "Common/Lzss.h"
#include "Common/SafePaths.h"
#include "Common/StringHelpers.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>

namespace agf::pbo {

namespace {

std::string EntryStructure(const PboEntry &entry) {
    return "entry " + entry.name;
}

std::string Hex(uint32_t value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08X", value);
    return text;
}

uint64_t SumOfDataSizes(const std::vector<PboEntry> &entries) {
    uint64_t sum = 0;
    for (const PboEntry &entry : entries) {
        sum += entry.dataSize;
    }
    return sum;
}

/** A stored entry whose original size is neither 0 nor its data size: one of the two is
 *  damaged. */
bool SizesDisagree(const PboEntry &entry) {
    return !entry.compressed() && entry.originalSize != 0 && entry.originalSize != entry.dataSize;
}

/** Where the entries' data may end: before the trailer, or at the end of the file. */
struct DataEnds {
    uint64_t fileSize = 0;
    bool trailerPossible = false; ///< a zero byte lies 21 bytes before the end

    uint64_t trailerStart() const { return fileSize - kTrailerBytes; }
    /** Whether data ending at `end` fills the area exactly; sets `signedTrailer`. */
    bool fills(uint64_t end, bool &signedTrailer) const {
        if (trailerPossible && end == trailerStart()) {
            signedTrailer = true;
            return true;
        }
        signedTrailer = false;
        return end == fileSize;
    }
};

/** The end of the entries' data for an unbroken table, repairing the one stored entry whose
 *  two sizes disagree when its original size makes the sizes add up. */
uint64_t FindDataEnd(std::vector<PboEntry> &entries, uint64_t dataStart, const DataEnds &ends,
                     const std::string &fileName, Warnings &warnings, bool &signedTrailer) {
    const uint64_t sum = SumOfDataSizes(entries);
    if (ends.fills(dataStart + sum, signedTrailer)) {
        return dataStart + sum;
    }
    size_t repairs = 0;
    size_t repaired = 0;
    for (size_t i = 0; i < entries.size(); ++i) {
        bool withTrailer = false;
        if (SizesDisagree(entries[i]) &&
            ends.fills(dataStart + sum - entries[i].dataSize + entries[i].originalSize,
                       withTrailer)) {
            ++repairs;
            repaired = i;
        }
    }
    if (repairs == 1) {
        PboEntry &entry = entries[repaired];
        warnings.add(WarningKind::Inconsistent, fileName, EntryStructure(entry), entry.recordOffset,
                     "data size " + std::to_string(entry.dataSize) +
                         " disagrees with the original size " + std::to_string(entry.originalSize) +
                         "; the original size is taken: with it the entries fill the data area");
        entry.dataSize = entry.originalSize;
        const uint64_t end = dataStart + SumOfDataSizes(entries);
        ends.fills(end, signedTrailer);
        return end;
    }
    signedTrailer = false;
    const uint64_t end = dataStart + sum;
    if (end > ends.fileSize) {
        warnings.add(WarningKind::Truncated, fileName, "entry data", ends.fileSize,
                     "the file ends here, but its entries' data goes on to byte " +
                         std::to_string(end) + ": the entries past the end are lost");
        return ends.fileSize;
    }
    warnings.add(WarningKind::Inconsistent, fileName, "entry data", end,
                 "the entries' data ends here, but " + std::to_string(ends.fileSize - end) +
                     " bytes follow that are not a trailer; an entry's size may be damaged");
    return end;
}

/** Checks one record on its own: usable when its packing method is readable, its sizes are
 *  possible and its name is a path inside the archive. Sets `entry.path`. */
bool IsUsableRecord(PboEntry &entry, const std::string &fileName, Warnings &warnings) {
    const std::string structure = EntryStructure(entry);
    if (entry.method == kMethodEncrypted) {
        warnings.add(WarningKind::Unsupported, fileName, structure, entry.recordOffset,
                     "encrypted (Encr); left out");
        return false;
    }
    if (entry.method != kMethodStored && entry.method != kMethodCompressed) {
        warnings.add(WarningKind::Unknown, fileName, structure, entry.recordOffset,
                     "unknown packing method " + Hex(entry.method) + "; left out");
        return false;
    }
    if (entry.compressed() &&
        (entry.dataSize < 4 || entry.originalSize > LzssMaxOutput(entry.dataSize))) {
        warnings.add(WarningKind::InvalidValue, fileName, structure, entry.recordOffset,
                     "compressed to " + std::to_string(entry.dataSize) +
                         " bytes, it cannot unpack to the " + std::to_string(entry.originalSize) +
                         " bytes it claims; left out");
        return false;
    }
    const SafePath safe = MakeSafeRelativePath(entry.name);
    if (safe.refused || safe.relative.empty()) {
        warnings.add(WarningKind::InvalidValue, fileName, structure, entry.recordOffset,
                     "the name is not a path inside the archive (" +
                         (safe.refused ? safe.problem : std::string("empty")) + "); left out");
        return false;
    }
    entry.path = safe.relative;
    return true;
}

/** Keeps the entries of `records` that lie inside [dataStart, dataEnd) and are usable. */
void KeepUsable(std::vector<PboEntry> &records, uint64_t dataStart, uint64_t dataEnd,
                const std::string &fileName, Warnings &warnings, PboArchiveLayout &layout,
                std::set<std::string> &paths) {
    for (PboEntry &entry : records) {
        const std::string structure = EntryStructure(entry);
        if (entry.dataOffset < dataStart || entry.dataOffset > dataEnd ||
            entry.dataSize > dataEnd - entry.dataOffset) {
            warnings.add(WarningKind::Truncated, fileName, structure, entry.recordOffset,
                         "its " + std::to_string(entry.dataSize) + " bytes at byte " +
                             std::to_string(entry.dataOffset) +
                             " do not lie inside the data (bytes " + std::to_string(dataStart) +
                             " to " + std::to_string(dataEnd) + "); left out");
            ++layout.lostEntries;
            continue;
        }
        if (!IsUsableRecord(entry, fileName, warnings)) {
            ++layout.lostEntries;
            continue;
        }
        if (SizesDisagree(entry)) {
            warnings.add(WarningKind::Inconsistent, fileName, structure, entry.recordOffset,
                         "original size " + std::to_string(entry.originalSize) +
                             " disagrees with the data size " + std::to_string(entry.dataSize) +
                             "; the data size is taken: with it the entries fill the data area");
        }
        if (!paths.insert(Lower(entry.path)).second) {
            warnings.add(WarningKind::Duplicate, fileName, structure, entry.recordOffset,
                         "a second entry of this name; the first is kept");
            ++layout.lostEntries;
            continue;
        }
        layout.entries.push_back(std::move(entry));
    }
}

} // namespace

PboArchiveLayout LocatePboEntries(const PboTable &table, uint64_t fileSize, const uint8_t *tail,
                                  size_t tailSize, const std::string &fileName,
                                  Warnings &warnings) {
    PboArchiveLayout layout;
    layout.properties = table.properties;
    layout.dataStart = table.dataStart;
    layout.lostEntries = table.lostRecords;
    DataEnds ends;
    ends.fileSize = fileSize;
    ends.trailerPossible =
        tailSize == kTrailerBytes && tail[0] == 0 && fileSize >= table.dataStart + kTrailerBytes;
    std::vector<PboEntry> before = table.before;
    std::vector<PboEntry> after = table.after;
    if (!table.broken) {
        layout.dataEnd =
            FindDataEnd(before, table.dataStart, ends, fileName, warnings, layout.signedTrailer);
    } else {
        // After a break the sizes of the lost records are unknown: the data ends where a
        // trailer or the file says.
        layout.signedTrailer = ends.trailerPossible;
        layout.dataEnd = ends.trailerPossible ? ends.trailerStart() : fileSize;
    }
    if (layout.signedTrailer) {
        std::memcpy(layout.sha1, tail + 1, kSha1Bytes);
    }
    uint64_t forwardEnd = table.dataStart;
    for (PboEntry &entry : before) {
        entry.dataOffset = forwardEnd;
        forwardEnd += entry.dataSize;
    }
    // The records after a break end where the data ends; what lies between is the lost
    // records' data. Where the two would overlap, the later records are not where they say.
    const uint64_t afterBytes = SumOfDataSizes(after);
    uint64_t backward = layout.dataEnd >= afterBytes ? layout.dataEnd - afterBytes : 0;
    for (PboEntry &entry : after) {
        entry.dataOffset = backward;
        backward += entry.dataSize;
    }
    std::set<std::string> paths;
    KeepUsable(before, table.dataStart, layout.dataEnd, fileName, warnings, layout, paths);
    KeepUsable(after, std::min(forwardEnd, layout.dataEnd), layout.dataEnd, fileName, warnings,
               layout, paths);
    return layout;
}

} // namespace agf::pbo
