/** @file BatchReport.h
 *  The report of `assimp batch` (DST/report.json): one record per source file, a summary, and
 *  the journal that keeps finished records across an interrupted run. Also the merge of shard
 *  reports (`assimp batch-merge`).
 */
#pragma once

#include "BatchWorker.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace agf::cli {

/** The status of a record:
 *  - "converted": written by this run;
 *  - "up-to-date": its output was newer than its sources, left alone;
 *  - "bound": an animation file converted with its mesh (boundTo), into the mesh's output;
 *  - "failed": not converted, with the error;
 *  - "skipped": no model (an UnrealScript .uc, a lone Unreal _a.3d), with the reason;
 *  - "pending": not done yet, the run was interrupted. */
struct BatchRecord {
    std::string source; ///< relative to the source folder
    std::string output; ///< relative to the destination folder
    std::string status;
    std::string error;
    std::string reason; ///< for a "skipped" file
    bool hasCounts = false;
    BatchCounts counts;
    std::vector<std::string> animationFiles; ///< bound to this model
    std::string boundTo;                     ///< for a "bound" animation file
    std::vector<std::string> warnings;
    double seconds = 0;
};

struct BatchSummary {
    size_t files = 0;
    std::map<std::string, size_t> byStatus;
    double seconds = 0;
};

nlohmann::ordered_json RecordToJson(const BatchRecord &record);
/** Throws nlohmann::json::exception for a record that is not one. */
BatchRecord RecordFromJson(const nlohmann::json &json);

BatchSummary Summarize(const std::vector<BatchRecord> &records, double seconds);
/** "412 files: 380 converted, 20 bound, 2 skipped, 10 failed in 9.1 s (43.1 files/s)": the rate of
 * the files converted or tried (failed). */
std::string DescribeSummary(const BatchSummary &summary);

/** Writes a report: `header` (members before "summary" and "files"), the summary and the
 *  records, to a temporary name then renamed over `path`. Throws std::runtime_error. */
void WriteBatchReport(const std::filesystem::path &path, nlohmann::ordered_json header,
                      const BatchSummary &summary, const std::vector<BatchRecord> &records);

/** The records of an earlier report and of a journal (one record per line; a last line cut
 *  short by a kill is ignored), by source; later ones win. Missing files give nothing. */
std::map<std::string, BatchRecord> ReadEarlierRecords(const std::filesystem::path &report,
                                                      const std::filesystem::path &journal);

/** Appends one record as a line, flushed, so that a killed run keeps what it finished. */
void AppendToJournal(const std::filesystem::path &journal, const BatchRecord &record);

/** "report.json", or "report.shard-I-of-N.json" for a shard. */
std::string ReportFileName(unsigned int shardIndex, unsigned int shardCount);

} // namespace agf::cli
