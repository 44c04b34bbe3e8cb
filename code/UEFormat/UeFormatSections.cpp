/** @file UeFormatSections.cpp */
#include "UeFormatSections.h"

#include "Common/Warnings.h"
#include "UeFormatContainer.h"
#include "UeFormatVersions.h"

#include <algorithm>
#include <unordered_map>

namespace agf::ueformat {

namespace {

/** The least an attribute takes: an empty name (4) and a byte size (4). */
constexpr size_t kMinimumAttributeBytes = 8;

Section ReadPart(BinaryReader &reader, bool withCount, const std::string &what) {
    reader.setStructure(what);
    Section section{ReadFString(reader), -1, BinaryReader(nullptr, 0, reader.fileName()), false};
    if (withCount) {
        section.storedCount = reader.i32();
    }
    reader.setStructure(what + " " + section.name);
    const int32_t byteSize = reader.i32();
    if (byteSize < 0) {
        reader.fail("negative byte size " + std::to_string(byteSize));
    }
    if (static_cast<uint64_t>(byteSize) > reader.remaining()) {
        reader.fail("byte size " + std::to_string(byteSize) + " runs past the end (" +
                    std::to_string(reader.remaining()) + " bytes left)");
    }
    section.data = reader.subReader(static_cast<size_t>(byteSize));
    section.data.setStructure(what + " " + section.name);
    return section;
}

// `indexOf` finds a repeated name in constant time: a file of many small parts must not cost
// a scan of the earlier ones each.
void Keep(std::vector<Section> &sections, std::unordered_map<std::string, size_t> &indexOf,
          Section section, const std::string &what, Warnings &warnings) {
    const auto known = indexOf.find(section.name);
    if (known != indexOf.end()) {
        warnings.add(WarningKind::Duplicate, section.data.fileName(), what, section.data.offset(),
                     "\"" + section.name + "\" appears twice; the last one is read");
        sections[known->second] = std::move(section);
        return;
    }
    indexOf.emplace(section.name, sections.size());
    sections.push_back(std::move(section));
}

} // namespace

std::vector<Section> ReadSections(BinaryReader &reader, uint8_t version, const std::string &what,
                                  Warnings &warnings) {
    std::vector<Section> sections;
    std::unordered_map<std::string, size_t> indexOf;
    if (version >= kVersionAttributeSets) {
        reader.setStructure(what);
        const size_t count = reader.checkedCount(reader.i32(), kMinimumAttributeBytes, "attribute");
        for (size_t i = 0; i < count; ++i) {
            Keep(sections, indexOf, ReadPart(reader, false, what), what, warnings);
        }
        return sections;
    }
    while (!reader.atEnd()) {
        Keep(sections, indexOf, ReadPart(reader, true, what), what, warnings);
    }
    return sections;
}

Section *FindSection(std::vector<Section> &sections, const char *name) {
    for (Section &section : sections) {
        if (section.name == name) {
            section.used = true;
            return &section;
        }
    }
    return nullptr;
}

void WarnUnusedSections(const std::vector<Section> &sections, const std::string &what,
                        Warnings &warnings) {
    for (const Section &section : sections) {
        if (!section.used) {
            warnings.add(WarningKind::Unknown, section.data.fileName(), what, section.data.offset(),
                         "unknown part \"" + section.name + "\" (" +
                             std::to_string(section.data.size()) + " bytes) skipped");
        }
    }
}

size_t ArrayCount(Section &section, uint8_t version, size_t minimumElementBytes, const char *what) {
    const int64_t count = version >= kVersionAttributeSets ? int64_t(section.data.i32())
                                                           : int64_t(section.storedCount);
    return section.data.checkedCount(count, minimumElementBytes, what);
}

size_t InnerCount(BinaryReader &reader, size_t minimumElementBytes, const char *what) {
    return reader.checkedCount(reader.i32(), minimumElementBytes, what);
}

} // namespace agf::ueformat
