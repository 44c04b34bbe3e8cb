/** @file TextEncoding.cpp */
#include "TextEncoding.h"

#include <cstdint>

namespace agf {

namespace {

// Length of a UTF-8 sequence from its lead byte, 0 for a byte that cannot start one.
size_t SequenceLength(uint8_t lead) {
    if (lead < 0x80) {
        return 1;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        return 2;
    }
    if (lead >= 0xE0 && lead <= 0xEF) {
        return 3;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        return 4;
    }
    return 0;
}

// Checks one sequence at `text[i]`; returns its length, 0 when invalid, or SIZE_MAX when it is
// a valid start cut off by the end of the string.
size_t CheckSequence(const std::string &text, size_t i) {
    const auto lead = static_cast<uint8_t>(text[i]);
    const size_t length = SequenceLength(lead);
    if (length == 0) {
        return 0;
    }
    for (size_t k = 1; k < length; ++k) {
        if (i + k >= text.size()) {
            return SIZE_MAX;
        }
        if ((static_cast<uint8_t>(text[i + k]) & 0xC0) != 0x80) {
            return 0;
        }
    }
    return length;
}

// The code points of 0x80..0x9F in Windows-1252; 0 marks the five unassigned bytes.
const char16_t kWindows1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

void AppendCodePoint(std::string &out, uint32_t codePoint) {
    if (codePoint < 0x80) {
        out += static_cast<char>(codePoint);
    } else if (codePoint < 0x800) {
        out += static_cast<char>(0xC0 | (codePoint >> 6));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (codePoint >> 12));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    }
}

std::string ReplaceControls(std::string text) {
    for (char &c : text) {
        if (static_cast<uint8_t>(c) < 0x20) {
            c = '?';
        }
    }
    return text;
}

} // namespace

bool IsValidUtf8(const std::string &text) {
    for (size_t i = 0; i < text.size();) {
        const size_t length = CheckSequence(text, i);
        if (length == 0 || length == SIZE_MAX) {
            return false;
        }
        i += length;
    }
    return true;
}

std::string ToUtf8(const std::string &raw, bool filledField) {
    // Accept UTF-8, dropping one trailing sequence cut short by a fixed-size field.
    size_t i = 0;
    bool valid = true;
    while (i < raw.size()) {
        const size_t length = CheckSequence(raw, i);
        if (length == SIZE_MAX && filledField) {
            return ReplaceControls(raw.substr(0, i));
        }
        if (length == 0 || length == SIZE_MAX) {
            valid = false;
            break;
        }
        i += length;
    }
    if (valid) {
        return ReplaceControls(raw);
    }
    std::string out;
    out.reserve(raw.size() * 2);
    for (char c : raw) {
        const auto byte = static_cast<uint8_t>(c);
        if (byte < 0x20) {
            out += '?';
        } else if (byte < 0x80) {
            out += c;
        } else if (byte < 0xA0) {
            const char16_t mapped = kWindows1252High[byte - 0x80];
            AppendCodePoint(out, mapped != 0 ? mapped : 0xFFFD);
        } else {
            AppendCodePoint(out, byte);
        }
    }
    return out;
}

std::string FixedFieldToUtf8(const char *field, size_t fieldSize) {
    size_t length = 0;
    while (length < fieldSize && field[length] != '\0') {
        ++length;
    }
    return ToUtf8(std::string(field, length), length == fieldSize);
}

std::string TruncateUtf8(const std::string &text, size_t maxBytes) {
    if (text.size() <= maxBytes) {
        return text;
    }
    // The first byte left out is a continuation byte (10xxxxxx) when the cut splits a
    // character: step back to that character's first byte and leave the whole character out.
    size_t end = maxBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0u) == 0x80u) {
        --end;
    }
    return text.substr(0, end);
}

} // namespace agf
