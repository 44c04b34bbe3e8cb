/** @file UeFormatSections.h
 *  The two ways a UEFormat body is cut into named parts. Version 10 writes attribute sets: a
 *  count, then per attribute a name, a byte size and the data, an array carrying its own
 *  element count at the start of the data. Versions 0 to 9 write sections: a name, the
 *  element count, a byte size and the data (the elements without a count), one after the
 *  other up to the end of the enclosing region.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/FileVectors.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {
class Warnings;
}

namespace agf::ueformat {

/** One named part, its data in a reader of its own. */
struct Section {
    std::string name;
    int32_t storedCount = -1; ///< the element count of a section's header; -1 for an attribute
    BinaryReader data;
    bool used = false; ///< set by a parser that read it; the rest are reported as unknown
};

/** The parts of one set: version 10 reads an attribute set at the reader's position (the
 *  reader advances past it); earlier versions read sections up to the reader's end. A part
 *  whose size runs past its region is refused (ImportError); a repeated name keeps the last,
 *  with a Duplicate warning. `what` names the set in messages ("LOD 0", "SKELETON"). */
std::vector<Section> ReadSections(BinaryReader &reader, uint8_t version, const std::string &what,
                                  Warnings &warnings);

/** The section called `name`, marked used, or nullptr. */
Section *FindSection(std::vector<Section> &sections, const char *name);

/** An Unknown warning for every part no parser used (skipped, as the format allows). */
void WarnUnusedSections(const std::vector<Section> &sections, const std::string &what,
                        Warnings &warnings);

/** The element count of an array part: version 10 reads it at the start of the data, earlier
 *  versions take the section header's. Checked against the bytes left for elements of at
 *  least `minimumElementBytes` bytes, so that nothing is allocated for a count the data
 *  cannot hold. */
size_t ArrayCount(Section &section, uint8_t version, size_t minimumElementBytes, const char *what);

/** A count read from the data (a TArray inside an element), checked the same way. */
size_t InnerCount(BinaryReader &reader, size_t minimumElementBytes, const char *what);

/** Reads `count` elements with `read`, after reserving room for them. */
template <typename T, typename ReadElement>
std::vector<T> ReadElements(BinaryReader &reader, size_t count, ReadElement read) {
    std::vector<T> elements;
    elements.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        elements.push_back(read(reader));
    }
    return elements;
}

/** An array part of fixed-size elements (`elementBytes` each) read with `read`. */
template <typename T, typename ReadElement>
std::vector<T> ReadArraySection(Section &section, uint8_t version, size_t elementBytes,
                                const char *what, ReadElement read) {
    const size_t count = ArrayCount(section, version, elementBytes, what);
    return ReadElements<T>(section.data, count, read);
}

} // namespace agf::ueformat
