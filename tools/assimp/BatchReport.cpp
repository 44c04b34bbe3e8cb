/** @file BatchReport.cpp */
#include "BatchReport.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

// The order the summary names the statuses in.
const char *const kStatuses[] = {"converted", "up-to-date", "bound",
                                 "skipped",   "failed",     "pending"};

void ReadRecordsFrom(const nlohmann::json &files, std::map<std::string, BatchRecord> &records) {
    for (const nlohmann::json &file : files) {
        try {
            BatchRecord record = RecordFromJson(file);
            records[record.source] = std::move(record);
        } catch (const nlohmann::json::exception &) {
            // A record we cannot read is a record we do not have: its file is redone.
        }
    }
}

} // namespace

nlohmann::ordered_json RecordToJson(const BatchRecord &record) {
    nlohmann::ordered_json json;
    json["source"] = record.source;
    json["output"] = record.output;
    json["status"] = record.status;
    json["error"] =
        record.error.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(record.error);
    if (!record.reason.empty()) {
        json["reason"] = record.reason;
    }
    for (const auto &[key, value] :
         {std::pair<const char *, unsigned int>{"meshes", record.counts.meshes},
          {"bones", record.counts.bones},
          {"animations", record.counts.animations},
          {"lods", record.counts.lods}}) {
        json[key] = record.hasCounts ? nlohmann::ordered_json(value) : nlohmann::ordered_json();
    }
    json["seconds"] = record.seconds;
    if (!record.animationFiles.empty()) {
        json["animation_files"] = record.animationFiles;
    }
    if (!record.boundTo.empty()) {
        json["bound_to"] = record.boundTo;
    }
    if (!record.warnings.empty()) {
        json["warnings"] = record.warnings;
    }
    return json;
}

BatchRecord RecordFromJson(const nlohmann::json &json) {
    BatchRecord record;
    record.source = json.at("source").get<std::string>();
    record.output = json.at("output").get<std::string>();
    record.status = json.at("status").get<std::string>();
    if (!json.at("error").is_null()) {
        record.error = json.at("error").get<std::string>();
    }
    if (json.contains("reason")) {
        record.reason = json.at("reason").get<std::string>();
    }
    record.hasCounts = !json.at("meshes").is_null();
    if (record.hasCounts) {
        record.counts.meshes = json.at("meshes").get<unsigned int>();
        record.counts.bones = json.at("bones").get<unsigned int>();
        record.counts.animations = json.at("animations").get<unsigned int>();
        record.counts.lods = json.at("lods").get<unsigned int>();
    }
    record.seconds = json.at("seconds").get<double>();
    if (json.contains("animation_files")) {
        record.animationFiles = json.at("animation_files").get<std::vector<std::string>>();
    }
    if (json.contains("bound_to")) {
        record.boundTo = json.at("bound_to").get<std::string>();
    }
    if (json.contains("warnings")) {
        record.warnings = json.at("warnings").get<std::vector<std::string>>();
    }
    return record;
}

BatchSummary Summarize(const std::vector<BatchRecord> &records, double seconds) {
    BatchSummary summary;
    summary.files = records.size();
    summary.seconds = seconds;
    for (const char *status : kStatuses) {
        summary.byStatus[status] = 0;
    }
    for (const BatchRecord &record : records) {
        ++summary.byStatus[record.status];
    }
    return summary;
}

std::string DescribeSummary(const BatchSummary &summary) {
    std::string text = std::to_string(summary.files) + " files:";
    bool first = true;
    for (const char *status : kStatuses) {
        const size_t count = summary.byStatus.count(status) ? summary.byStatus.at(status) : 0;
        if (count != 0) {
            text += (first ? " " : ", ") + std::to_string(count) + " " + status;
            first = false;
        }
    }
    if (first) {
        text += " none";
    }
    if (summary.seconds > 0) {
        // The rate of the work done: files converted or tried, not those left alone.
        size_t worked = 0;
        for (const char *status : {"converted", "failed"}) {
            worked += summary.byStatus.count(status) ? summary.byStatus.at(status) : 0;
        }
        char timing[96];
        std::snprintf(timing, sizeof timing, " in %.1f s (%.1f files/s)", summary.seconds,
                      static_cast<double>(worked) / summary.seconds);
        text += timing;
    }
    return text;
}

void WriteBatchReport(const fs::path &path, nlohmann::ordered_json header,
                      const BatchSummary &summary, const std::vector<BatchRecord> &records) {
    nlohmann::ordered_json counts;
    for (const auto &[status, count] : summary.byStatus) {
        counts[status] = count;
    }
    header["summary"] = {
        {"files", summary.files}, {"statuses", counts}, {"seconds", summary.seconds}};
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const BatchRecord &record : records) {
        files.push_back(RecordToJson(record));
    }
    header["files"] = std::move(files);
    const fs::path temporary = path.string() + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << header.dump(1, '\t', false, nlohmann::json::error_handler_t::replace) << "\n";
        if (!out) {
            throw std::runtime_error("cannot write " + temporary.string());
        }
    }
    std::error_code error;
    fs::rename(temporary, path, error);
    if (error) {
        throw std::runtime_error("cannot write " + path.string() + ": " + error.message());
    }
}

std::map<std::string, BatchRecord> ReadEarlierRecords(const fs::path &report,
                                                      const fs::path &journal) {
    std::map<std::string, BatchRecord> records;
    {
        std::ifstream in(report, std::ios::binary);
        if (in) {
            try {
                const nlohmann::json json = nlohmann::json::parse(in);
                if (json.contains("files")) {
                    ReadRecordsFrom(json.at("files"), records);
                }
            } catch (const nlohmann::json::exception &) {
                // An unreadable report: every up-to-date file is counted again.
            }
        }
    }
    std::ifstream in(journal, std::ios::binary);
    for (std::string line; std::getline(in, line);) {
        try {
            ReadRecordsFrom(nlohmann::json::array({nlohmann::json::parse(line)}), records);
        } catch (const nlohmann::json::exception &) {
            // the line a kill cut short
        }
    }
    return records;
}

void AppendToJournal(const fs::path &journal, const BatchRecord &record) {
    std::ofstream out(journal, std::ios::binary | std::ios::app);
    out << RecordToJson(record).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
        << "\n";
    out.flush();
}

std::string ReportFileName(unsigned int shardIndex, unsigned int shardCount) {
    if (shardCount <= 1) {
        return "report.json";
    }
    return "report.shard-" + std::to_string(shardIndex) + "-of-" + std::to_string(shardCount) +
           ".json";
}

} // namespace agf::cli
