/** @file IdolFxStrings.cpp */
#include "IdolFxStrings.h"

namespace agf::idolfx {

std::string ReadLengthString(BinaryReader &reader, uint32_t maxLength, const char *what) {
    const uint64_t lengthOffset = reader.offset();
    const uint32_t length = reader.u32();
    if (length > maxLength) {
        reader.failAt(lengthOffset, std::string(what) + " length " + std::to_string(length) +
                                        " exceeds the limit of " + std::to_string(maxLength));
    }
    reader.checkedCount(length, 1, what);
    return std::string(reinterpret_cast<const char *>(reader.view(length)), length);
}

bool IsPrintableName(const std::string &raw) {
    for (char c : raw) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F) {
            return false;
        }
    }
    return true;
}

} // namespace agf::idolfx
