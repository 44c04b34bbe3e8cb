/** @file Warnings.cpp */
#include "Warnings.h"

#include "BinaryReader.h"

#include <assimp/DefaultLogger.hpp>

namespace agf {

std::string Warning::text() const {
    std::string message = FormatProblem(place, problem);
    if (count > 1) {
        message += " (seen " + std::to_string(count) + " times)";
    }
    return message;
}

Warning *Warnings::find(const FilePlace &place, const std::string &problem) {
    for (Warning &entry : mEntries) {
        if (entry.problem == problem && entry.place.file == place.file &&
            entry.place.structure == place.structure && entry.place.line == place.line) {
            return &entry;
        }
    }
    return nullptr;
}

void Warnings::add(const FilePlace &place, const std::string &problem, size_t count) {
    if (Warning *existing = find(place, problem)) {
        existing->count += count;
    } else if (mEntries.size() == kMaxDistinct) {
        mDropped += count;
    } else {
        mEntries.push_back(Warning{place, problem, count});
    }
}

void Warnings::add(const BinaryReader &reader, const std::string &problem) {
    add(FilePlace{reader.fileName(), reader.structure(), reader.offset(), 0}, problem);
}

void Warnings::merge(const Warnings &other) {
    for (const Warning &entry : other.mEntries) {
        add(entry.place, entry.problem, entry.count);
    }
    mDropped += other.mDropped;
}

size_t Warnings::total() const {
    size_t count = mDropped;
    for (const Warning &entry : mEntries) {
        count += entry.count;
    }
    return count;
}

bool Warnings::contains(const std::string &fragment) const {
    for (const Warning &entry : mEntries) {
        if (entry.problem.find(fragment) != std::string::npos) {
            return true;
        }
    }
    return false;
}

void Warnings::flush() const {
    for (const Warning &entry : mEntries) {
        ASSIMP_LOG_WARN(entry.text());
    }
    if (mDropped != 0) {
        ASSIMP_LOG_WARN(mDropped, " more distinct warnings were not listed");
    }
}

} // namespace agf
