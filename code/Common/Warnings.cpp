/** @file Warnings.cpp */
#include "Warnings.h"

#include "BinaryReader.h"

#include <assimp/DefaultLogger.hpp>

namespace agf {

const char *WarningKindName(WarningKind kind) {
    switch (kind) {
    case WarningKind::MissingFile:
        return "missing file";
    case WarningKind::UnreadableFile:
        return "unreadable file";
    case WarningKind::Truncated:
        return "truncated";
    case WarningKind::OutOfRange:
        return "out of range";
    case WarningKind::InvalidValue:
        return "invalid value";
    case WarningKind::Inconsistent:
        return "inconsistent";
    case WarningKind::Unknown:
        return "unknown";
    case WarningKind::Duplicate:
        return "duplicate";
    case WarningKind::Empty:
        return "empty";
    case WarningKind::Unsupported:
        return "unsupported";
    case WarningKind::Adjusted:
        return "adjusted";
    case WarningKind::LimitReached:
        return "limit reached";
    }
    return "unknown";
}

std::string Warning::text() const {
    std::string text = DisplayedFileName(file);
    if (line != 0) {
        text += ':' + std::to_string(line);
    }
    text += ": ";
    text += structure;
    if (offset != kNoOffset) {
        text += structure.empty() ? "at byte " : " at byte ";
        text += std::to_string(offset);
    }
    if (!structure.empty() || offset != kNoOffset) {
        text += ": ";
    }
    text += message;
    text += " [";
    text += WarningKindName(kind);
    text += ']';
    if (count > 1) {
        text += " (seen " + std::to_string(count) + " times)";
    }
    return text;
}

Warning *Warnings::find(WarningKind kind, const FilePlace &place, const std::string &problem) {
    for (Warning &entry : mEntries) {
        if (entry.kind == kind && entry.message == problem && entry.file == place.file &&
            entry.structure == place.structure && entry.line == place.line) {
            return &entry;
        }
    }
    return nullptr;
}

void Warnings::add(WarningKind kind, const FilePlace &place, const std::string &problem,
                   size_t count) {
    if (Warning *existing = find(kind, place, problem)) {
        existing->count += count;
    } else if (mEntries.size() == kMaxDistinct) {
        mDropped += count;
    } else {
        mEntries.push_back(
            Warning{kind, place.file, place.structure, place.offset, place.line, count, problem});
    }
}

void Warnings::add(WarningKind kind, const BinaryReader &reader, const std::string &problem) {
    add(kind, FilePlace{reader.fileName(), reader.structure(), reader.offset(), 0}, problem);
}

void Warnings::merge(const Warnings &other) {
    for (const Warning &entry : other.mEntries) {
        add(entry.kind, FilePlace{entry.file, entry.structure, entry.offset, entry.line},
            entry.message, entry.count);
    }
    mDropped += other.mDropped;
}

std::vector<Warning> Warnings::entries() const {
    std::vector<Warning> entries = mEntries;
    if (mDropped != 0) {
        Warning dropped;
        dropped.kind = WarningKind::LimitReached;
        dropped.count = mDropped;
        dropped.message = "more distinct warnings than the " + std::to_string(kMaxDistinct) +
                          " kept; these were counted only";
        entries.push_back(std::move(dropped));
    }
    return entries;
}

size_t Warnings::total() const {
    size_t count = mDropped;
    for (const Warning &entry : mEntries) {
        count += entry.count;
    }
    return count;
}

size_t Warnings::count(WarningKind kind) const {
    size_t count = kind == WarningKind::LimitReached ? mDropped : 0;
    for (const Warning &entry : mEntries) {
        if (entry.kind == kind) {
            count += entry.count;
        }
    }
    return count;
}

void LogWarning(const Warning &warning) {
    ASSIMP_LOG_WARN(warning.text());
}

void Warnings::flush() const {
    for (const Warning &entry : entries()) {
        LogWarning(entry);
    }
}

} // namespace agf
