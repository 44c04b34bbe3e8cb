/** @file PboParser.cpp */
#include "PboParser.h"

#include "Common/BinaryReader.h"
#include "Common/ImportError.h"
#include "Common/StringHelpers.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>

namespace agf::pbo {

namespace {

enum class Step { Record, EndRecord, Broken, NeedMore };

/** Why and where the table broke. */
struct Problem {
    std::string text;
    size_t at = 0; ///< the byte that broke it
    WarningKind kind = WarningKind::InvalidValue;
    std::string structure = "entry table";
    /** The file ends inside the table: it was cut, and no record is taken for its end. */
    bool fileEnded = false;
};

/** Reads text and records from the bytes of the table held so far. */
class TableScanner {
public:
    TableScanner(const uint8_t *data, size_t available, uint64_t fileSize)
        : mData(data), mAvailable(available), mFileSize(fileSize) {}

    size_t available() const { return mAvailable; }
    uint64_t fileSize() const { return mFileSize; }
    uint8_t byteAt(size_t position) const { return mData[position]; }
    const uint8_t *bytesAt(size_t position) const { return mData + position; }

    /** Printable text ended by a zero byte at `position`; advances past the zero. */
    Step text(size_t &position, std::string &out, Problem &problem) const {
        const size_t end = std::min(mAvailable, position + kMaxNameBytes + 1);
        for (size_t i = position; i < end; ++i) {
            if (mData[i] == 0) {
                out.assign(reinterpret_cast<const char *>(mData) + position, i - position);
                position = i + 1;
                return Step::Record;
            }
            if (mData[i] < 0x20) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02X", mData[i]);
                problem = {std::string("a control byte ") + hex + " inside a name", i};
                return Step::Broken;
            }
        }
        if (end == position + kMaxNameBytes + 1) {
            problem = {"a name longer than " + std::to_string(kMaxNameBytes) + " bytes", end};
            return Step::Broken;
        }
        if (mAvailable < mFileSize) {
            return Step::NeedMore;
        }
        problem = {"the file ends inside a name", end};
        problem.fileEnded = true;
        return Step::Broken;
    }

    /** A record (name and five u32) at `position`; EndRecord when its name is empty. */
    Step record(size_t &position, PboEntry &entry, Problem &problem) const {
        entry = PboEntry();
        entry.recordOffset = position;
        const Step name = text(position, entry.name, problem);
        if (name != Step::Record) {
            return name;
        }
        if (mAvailable - position < kRecordFieldBytes) {
            if (mAvailable < mFileSize) {
                return Step::NeedMore;
            }
            problem = {"the file ends inside an entry record", mAvailable};
            problem.fileEnded = true;
            return Step::Broken;
        }
        const uint8_t *fields = mData + position;
        entry.method = BinaryReader::LoadU32(fields);
        entry.originalSize = BinaryReader::LoadU32(fields + 4);
        entry.reserved = BinaryReader::LoadU32(fields + 8);
        entry.timestamp = BinaryReader::LoadU32(fields + 12);
        entry.dataSize = BinaryReader::LoadU32(fields + 16);
        position += kRecordFieldBytes;
        return entry.name.empty() ? Step::EndRecord : Step::Record;
    }

private:
    const uint8_t *mData;
    size_t mAvailable;
    uint64_t mFileSize;
};

bool IsKnownMethod(uint32_t method) {
    return method == kMethodStored || method == kMethodCompressed || method == kMethodEncrypted;
}

bool AllFieldsZero(const PboEntry &entry) {
    return entry.method == 0 && entry.originalSize == 0 && entry.reserved == 0 &&
           entry.timestamp == 0 && entry.dataSize == 0;
}

uint64_t SumOfDataSizes(const std::vector<PboEntry> &entries) {
    uint64_t sum = 0;
    for (const PboEntry &entry : entries) {
        sum += entry.dataSize;
    }
    return sum;
}

/** The bytes the entries' data may fill after a table ending at `dataStart`: up to the file's
 *  end, or up to its trailer. */
bool FitsDataArea(uint64_t dataStart, uint64_t dataBytes, uint64_t fileSize) {
    return dataStart <= fileSize && dataBytes <= fileSize - dataStart;
}

/** Looks for where a broken table goes on: the first position after the break from which a
 *  chain of plausible records (a known packing method, a size within the file) reaches an end
 *  record of zeros, with sizes that fit the file. */
class Resync {
public:
    /** `beforeBytes`: the data sizes of the records before the chains, which take their
     *  data first. */
    Resync(const TableScanner &scan, uint64_t beforeBytes)
        : mScan(scan), mBeforeBytes(beforeBytes), mFailed(scan.available()) {}

    Step find(size_t breakPosition, std::vector<PboEntry> &after, size_t &dataStart) {
        for (size_t candidate = breakPosition + 1; candidate < mScan.available(); ++candidate) {
            const Step step = chain(candidate, after, dataStart);
            if (step == Step::EndRecord && after.empty()) {
                dataStart = filledEnd(breakPosition, dataStart);
            }
            if (step != Step::Broken) {
                return step;
            }
        }
        return Step::Broken;
    }

    /** An end record found first inside a run of zeros (the high bytes of the last record's
     *  sizes, then the end record) may start at any of its first bytes. The one taken is
     *  the one whose 20 bytes before, read as the lost record's fields, make the sizes fill
     *  the data exactly (up to the trailer or the file's end); without one, the first. */
    size_t filledEnd(size_t breakPosition, size_t dataStart) const {
        const uint64_t fileSize = mScan.fileSize();
        size_t chosen = dataStart;
        size_t matches = 0;
        for (size_t start = dataStart - kRecordFieldBytes - 1;
             start + kRecordFieldBytes + 1 <= mScan.available(); ++start) {
            if (mScan.byteAt(start + kRecordFieldBytes) != 0) {
                break;
            }
            if (start < breakPosition + kRecordFieldBytes) {
                continue;
            }
            const uint64_t lostSize = BinaryReader::LoadU32(mScan.bytesAt(start - 4));
            const uint64_t end = start + kRecordFieldBytes + 1 + mBeforeBytes + lostSize;
            if (end == fileSize || end + kTrailerBytes == fileSize) {
                chosen = start + kRecordFieldBytes + 1;
                ++matches;
            }
        }
        return matches == 1 ? chosen : dataStart;
    }

    /** A chain from `start`: EndRecord when it is accepted, Broken when not, NeedMore. What
     *  earlier chains found is remembered, so that every record is followed once: the record
     *  starts of chains that failed to read (a later candidate that joins one fails at once),
     *  and of chains that read to an end record but whose sizes did not fit after the records
     *  before them (a later one that joins such a chain is judged by its sizes at once). */
    Step chain(size_t start, std::vector<PboEntry> &after, size_t &dataStart) {
        std::vector<PboEntry> records;
        std::vector<size_t> visited;
        size_t position = start;
        Step step = Step::Record;
        Problem problem;
        Ending ending;
        bool joined = false;
        while (step == Step::Record) {
            if (position < mFailed.size() && mFailed[position]) {
                step = Step::Broken;
                break;
            }
            const auto known = mEndings.find(position);
            if (known != mEndings.end()) {
                ending = known->second;
                joined = true;
                step = Step::EndRecord;
                break;
            }
            visited.push_back(position);
            PboEntry entry;
            step = mScan.record(position, entry, problem);
            if (step == Step::Record &&
                (!IsKnownMethod(entry.method) || entry.dataSize > mScan.fileSize())) {
                step = Step::Broken;
            } else if (step == Step::Record) {
                records.push_back(std::move(entry));
            } else if (step == Step::EndRecord && !AllFieldsZero(entry)) {
                step = Step::Broken;
            }
        }
        if (step == Step::Broken) {
            for (const size_t failed : visited) {
                if (failed < mFailed.size()) {
                    mFailed[failed] = true;
                }
            }
        }
        if (step != Step::EndRecord) {
            return step;
        }
        if (!joined) {
            ending.dataStart = position;
        }
        const uint64_t ownBytes = SumOfDataSizes(records);
        if (!FitsDataArea(ending.dataStart, mBeforeBytes + ownBytes + ending.bytesFromHere,
                          mScan.fileSize())) {
            remember(visited, records, ending);
            return Step::Broken;
        }
        while (joined) {
            // The rest of a chain read before: known to lead to its end record.
            PboEntry entry;
            joined = mScan.record(position, entry, problem) == Step::Record;
            if (joined) {
                records.push_back(std::move(entry));
            }
        }
        after = std::move(records);
        dataStart = static_cast<size_t>(ending.dataStart);
        return Step::EndRecord;
    }

private:
    /** Where a chain read from a record start ends, and the data its records take. */
    struct Ending {
        uint64_t bytesFromHere = 0;
        uint64_t dataStart = 0;
    };

    void remember(const std::vector<size_t> &visited, const std::vector<PboEntry> &records,
                  const Ending &ending) {
        uint64_t bytes = ending.bytesFromHere;
        for (size_t i = visited.size(); i-- > 0;) {
            if (i < records.size()) {
                bytes += records[i].dataSize;
            }
            mEndings[visited[i]] = Ending{bytes, ending.dataStart};
        }
    }

    const TableScanner &mScan;
    uint64_t mBeforeBytes;
    /** Record starts of chains that failed to read, one bit per byte of the table area: a
     *  broken table may be scanned from every byte, and a set of positions would take about 32
     *  bytes per byte of the file. */
    std::vector<bool> mFailed;
    std::unordered_map<size_t, Ending> mEndings;
};

/** Reads the table from its first record on, into `table`; `warnings` collects this pass's. */
class TableParser {
public:
    TableParser(const TableScanner &scan, const std::string &fileName, Warnings &warnings,
                PboTable &table)
        : mScan(scan), mFileName(fileName), mWarnings(warnings), mTable(table) {}

    TableRead parse() {
        size_t position = 0;
        size_t recordStart = 0;
        PboEntry record;
        Problem problem;
        Step step = mScan.record(position, record, problem);
        if (step == Step::EndRecord && record.method != kMethodStored) {
            // The properties record: an empty name, "Vers", then key/value texts.
            if (record.method != kMethodProperties) {
                mWarnings.add(WarningKind::Unknown, mFileName, "header", 0,
                              "the first record has an empty name and packing method " +
                                  std::to_string(record.method) +
                                  " instead of Vers; read as the properties record");
            }
            step = properties(position, problem);
            recordStart = position;
            if (step == Step::Record) {
                step = mScan.record(position, record, problem);
            }
        }
        step = acceptable(step, record, position, problem);
        while (step == Step::Record) {
            mBeforeBytes += record.dataSize;
            mTable.before.push_back(std::move(record));
            recordStart = position;
            step = acceptable(mScan.record(position, record, problem), record, position, problem);
        }
        if (step == Step::NeedMore) {
            return TableRead::NeedsMoreBytes;
        }
        if (step == Step::EndRecord) {
            mTable.dataStart = position;
            return TableRead::Complete;
        }
        return resume(recordStart, problem);
    }

private:
    /** A record read whole is taken for a break when the table cannot be read right there: an
     *  unknown packing method (a flipped method, or the fields of a name that ran on), or an
     *  end record whose sizes are not zero (a zero byte met out of step). */
    static Step plausible(Step step, const PboEntry &record, Problem &problem) {
        const size_t fields = static_cast<size_t>(record.recordOffset) + record.name.size() + 1;
        if (step == Step::Record && !IsKnownMethod(record.method)) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%08X", record.method);
            problem = {std::string("unknown packing method ") + hex, fields, WarningKind::Unknown,
                       "entry " + record.name};
            return Step::Broken;
        }
        if (step == Step::EndRecord && !AllFieldsZero(record)) {
            problem = {"an end record whose sizes are not zero", fields};
            return Step::Broken;
        }
        return step;
    }

    /** plausible(), but a record read whole whose packing method alone is unknown (the
     *  records after it lead to the table's end from where its fields end) is kept: only its
     *  entry is lost when the entries are located, and its size places the others. */
    Step acceptable(Step step, const PboEntry &record, size_t position, Problem &problem) {
        const Step checked = plausible(step, record, problem);
        if (step != Step::Record || checked != Step::Broken) {
            return checked;
        }
        Resync ahead(mScan, mBeforeBytes + record.dataSize);
        std::vector<PboEntry> rest;
        size_t dataStart = 0;
        const Step onward = ahead.chain(position, rest, dataStart);
        return onward == Step::EndRecord  ? Step::Record
               : onward == Step::NeedMore ? Step::NeedMore
                                          : Step::Broken;
    }

    Step properties(size_t &position, Problem &problem) {
        for (;;) {
            const size_t keyStart = position;
            std::string key;
            std::string value;
            Step step = mScan.text(position, key, problem);
            if (step == Step::Record && key.empty()) {
                return Step::Record;
            }
            if (step == Step::Record) {
                step = mScan.text(position, value, problem);
            }
            if (step != Step::Record) {
                // A broken property: the table is picked up again from its key.
                position = keyStart;
                return step;
            }
            mTable.properties.emplace_back(std::move(key), std::move(value));
        }
    }

    /** The table broke at `breakPosition`: where does it go on? */
    TableRead resume(size_t breakPosition, const Problem &problem) {
        // The records read last before the break may be the break's own garbage (a name that
        // ran into the next record's fields): when no chain fits after them, they are dropped,
        // a few at most.
        constexpr size_t kMaxDroppedRecords = 2;
        for (size_t dropped = 0;; ++dropped) {
            const TableRead read = resumeAt(breakPosition, problem, dropped);
            if (read == TableRead::NeedsMoreBytes || mTable.broken) {
                return read;
            }
            if (dropped == kMaxDroppedRecords || mTable.before.empty()) {
                break;
            }
            breakPosition = static_cast<size_t>(mTable.before.back().recordOffset);
            mTable.before.pop_back();
        }
        ThrowImportError(mFileName, problem.structure, breakPosition,
                         problem.text + " at byte " + std::to_string(problem.at) +
                             ", and no later record leads to the table's end: no entry can be "
                             "located");
    }

    /** One try of resume(), after `dropped` records before the break were dropped; sets
     *  mTable.broken when the table goes on. */
    TableRead resumeAt(size_t breakPosition, const Problem &problem, size_t dropped) {
        Resync resync(mScan, SumOfDataSizes(mTable.before));
        size_t dataStart = 0;
        const Step step = resync.find(breakPosition, mTable.after, dataStart);
        if (step == Step::NeedMore) {
            return TableRead::NeedsMoreBytes;
        }
        mTable.breakOffset = breakPosition;
        if (step == Step::EndRecord) {
            mTable.broken = true;
            mTable.dataStart = dataStart;
            mTable.lostRecords = 1 + dropped;
            dropTailOfBrokenName(problem.at);
            const uint64_t resumed = mTable.after.empty() ? dataStart - kRecordFieldBytes - 1
                                                          : mTable.after.front().recordOffset;
            mWarnings.add(problem.kind, mFileName, problem.structure, breakPosition,
                          problem.text + " at byte " + std::to_string(problem.at) +
                              ": the table goes on at byte " + std::to_string(resumed) +
                              "; the records between are lost");
            return TableRead::Complete;
        }
        if (dropped == 0 && endsAtADamagedEndRecord(breakPosition, problem.fileEnded)) {
            mTable.broken = true;
            mWarnings.add(problem.kind, mFileName, "entry table end", mTable.dataStart - 21,
                          problem.text + " at byte " + std::to_string(problem.at) +
                              ": the record here is taken for the damaged end record, which "
                              "the entries' sizes confirm");
        }
        return TableRead::Complete;
    }

    /** Where no chain of records reaches an end record, the end record itself may be damaged:
     *  at the break, or at a record before it that was read from the end record's bytes. It is
     *  taken where the records before it fill the rest of the file exactly. */
    bool endsAtADamagedEndRecord(size_t breakPosition, bool fileEnded) {
        // Where the table ran to the file's end, the file may have been cut inside it, and
        // the sizes before the cut can fill it by chance: then only a trailer's zero byte,
        // where the sizes say the data ends, confirms them.
        const uint64_t fileSize = mScan.fileSize();
        const bool trailerSeen = fileSize >= kTrailerBytes &&
                                 fileSize - kTrailerBytes < mScan.available() &&
                                 mScan.byteAt(static_cast<size_t>(fileSize - kTrailerBytes)) == 0;
        std::vector<PboEntry> &before = mTable.before;
        uint64_t dataBytes = SumOfDataSizes(before);
        for (size_t kept = before.size() + 1; kept-- > 0;) {
            const uint64_t end = kept == before.size() ? breakPosition : before[kept].recordOffset;
            if (kept < before.size()) {
                dataBytes -= before[kept].dataSize;
            }
            const uint64_t start = end + kRecordFieldBytes + 1;
            if ((!fileEnded && start + dataBytes == fileSize) ||
                ((!fileEnded || trailerSeen) && start + dataBytes + kTrailerBytes == fileSize)) {
                mTable.lostRecords = before.size() - kept;
                before.resize(kept);
                mTable.dataStart = start;
                return true;
            }
        }
        return false;
    }

    /** A name damaged by a control byte still ends at its zero byte: the chain found just
     *  after the control byte begins with the rest of that name and the damaged record's own
     *  sizes. It is that damaged record: its data is located, its name is not its own. */
    void dropTailOfBrokenName(size_t controlByte) {
        if (mTable.after.empty()) {
            return;
        }
        size_t nameEnd = controlByte;
        while (nameEnd < mScan.available() && mScan.byteAt(nameEnd) != 0) {
            ++nameEnd;
        }
        if (mTable.after.front().recordOffset <= nameEnd) {
            mTable.after.erase(mTable.after.begin());
        }
    }

    const TableScanner &mScan;
    const std::string &mFileName;
    Warnings &mWarnings;
    PboTable &mTable;
    uint64_t mBeforeBytes = 0; ///< the data sizes of mTable.before
};

} // namespace

TableRead ParsePboTable(const uint8_t *data, size_t available, uint64_t fileSize,
                        const std::string &fileName, Warnings &warnings, PboTable &table) {
    if (fileSize == 0) {
        ThrowImportError(fileName, "header", 0, "empty file");
    }
    if (available > fileSize) {
        available = static_cast<size_t>(fileSize);
    }
    Warnings pass;
    PboTable parsed;
    const TableScanner scan(data, available, fileSize);
    if (TableParser(scan, fileName, pass, parsed).parse() == TableRead::NeedsMoreBytes) {
        if (available >= kMaxTableBytes) {
            ThrowImportError(fileName, "entry table", 0,
                             "the table is larger than " + std::to_string(kMaxTableBytes >> 20) +
                                 " MB");
        }
        return TableRead::NeedsMoreBytes;
    }
    table = std::move(parsed);
    warnings.merge(pass);
    return TableRead::Complete;
}

std::string PboProperty(const PboArchiveLayout &layout, const std::string &key) {
    for (const auto &[name, value] : layout.properties) {
        if (EqualsIgnoreCase(name, key)) {
            return value;
        }
    }
    return std::string();
}

} // namespace agf::pbo
