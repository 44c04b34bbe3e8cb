/** @file StockWriters.cpp */
#include "StockWriters.h"

#include <cstring>
#include <mutex>
#include <vector>

namespace agf {

namespace {

struct StockTable {
    std::mutex lock;
    std::vector<Assimp::Exporter::ExportFormatEntry> entries;
};

StockTable &Table() {
    static StockTable table;
    return table;
}

} // namespace

void SaveStockWriter(const Assimp::Exporter::ExportFormatEntry &entry) {
    StockTable &table = Table();
    const std::lock_guard<std::mutex> guard(table.lock);
    for (const auto &saved : table.entries) {
        if (std::strcmp(saved.mDescription.id, entry.mDescription.id) == 0) {
            return; // every Exporter saves the same entries; the first copy is enough
        }
    }
    table.entries.push_back(entry);
}

void UseStockWriter(Assimp::Exporter &exporter, const char *formatId) {
    StockTable &table = Table();
    const std::lock_guard<std::mutex> guard(table.lock);
    for (const auto &saved : table.entries) {
        if (std::strcmp(saved.mDescription.id, formatId) == 0) {
            exporter.UnregisterExporter(formatId);
            exporter.RegisterExporter(saved);
            return;
        }
    }
}

} // namespace agf
