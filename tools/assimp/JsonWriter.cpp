/** @file JsonWriter.cpp */
#include "JsonWriter.h"

#include <cmath>
#include <cstdio>

namespace agf::cli {

namespace {

// Length of the valid UTF-8 sequence at text[i], or 0 when the bytes there are not one.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    size_t length = 0;
    uint32_t minimum = 0;
    uint32_t codePoint = 0;
    if (lead < 0x80) {
        return 1;
    } else if ((lead & 0xE0) == 0xC0) {
        length = 2, minimum = 0x80, codePoint = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, minimum = 0x800, codePoint = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, minimum = 0x10000, codePoint = lead & 0x07;
    } else {
        return 0;
    }
    if (i + length > text.size()) {
        return 0;
    }
    for (size_t k = 1; k < length; ++k) {
        const unsigned char next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80) {
            return 0;
        }
        codePoint = (codePoint << 6) | (next & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not valid UTF-8.
    if (codePoint < minimum || codePoint > 0x10FFFF ||
        (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
        return 0;
    }
    return length;
}

} // namespace

std::string JsonQuote(std::string_view text) {
    std::string quoted;
    quoted.reserve(text.size() + 2);
    quoted += '"';
    for (size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const size_t length = Utf8SequenceLength(text, i);
        if (length == 0) {
            quoted += "\\ufffd";
            ++i;
            continue;
        }
        if (length > 1) {
            // U+2028 and U+2029 end a line in older JavaScript; the gallery embeds JSON in scripts.
            const std::string_view sequence = text.substr(i, length);
            if (sequence == "\xE2\x80\xA8" || sequence == "\xE2\x80\xA9") {
                quoted += sequence[2] == '\xA8' ? "\\u2028" : "\\u2029";
            } else {
                quoted += sequence;
            }
            i += length;
            continue;
        }
        switch (c) {
        case '"':
            quoted += "\\\"";
            break;
        case '\\':
            quoted += "\\\\";
            break;
        case '\n':
            quoted += "\\n";
            break;
        case '\r':
            quoted += "\\r";
            break;
        case '\t':
            quoted += "\\t";
            break;
        case '<':
            // Keeps "</script>" out of JSON that ends up inside an HTML page.
            quoted += "\\u003c";
            break;
        default:
            if (c < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
                quoted += escaped;
            } else {
                quoted += static_cast<char>(c);
            }
        }
        ++i;
    }
    quoted += '"';
    return quoted;
}

void JsonWriter::BeforeValue() {
    if (mAfterKey) {
        mAfterKey = false;
        return;
    }
    if (!mHasMember.empty()) {
        if (mHasMember.back()) {
            mText += ',';
        }
        mHasMember.back() = true;
    }
}

JsonWriter &JsonWriter::BeginObject() {
    BeforeValue();
    mText += '{';
    mHasMember.push_back(false);
    return *this;
}

JsonWriter &JsonWriter::EndObject() {
    mText += '}';
    mHasMember.pop_back();
    return *this;
}

JsonWriter &JsonWriter::BeginArray() {
    BeforeValue();
    mText += '[';
    mHasMember.push_back(false);
    return *this;
}

JsonWriter &JsonWriter::EndArray() {
    mText += ']';
    mHasMember.pop_back();
    return *this;
}

JsonWriter &JsonWriter::Key(std::string_view name) {
    BeforeValue();
    mText += JsonQuote(name);
    mText += ':';
    mAfterKey = true;
    return *this;
}

JsonWriter &JsonWriter::String(std::string_view value) {
    BeforeValue();
    mText += JsonQuote(value);
    return *this;
}

JsonWriter &JsonWriter::Number(double value) {
    if (!std::isfinite(value)) {
        return Null();
    }
    BeforeValue();
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", value);
    mText += text;
    return *this;
}

JsonWriter &JsonWriter::Integer(int64_t value) {
    BeforeValue();
    mText += std::to_string(value);
    return *this;
}

JsonWriter &JsonWriter::Unsigned(uint64_t value) {
    BeforeValue();
    mText += std::to_string(value);
    return *this;
}

JsonWriter &JsonWriter::Bool(bool value) {
    BeforeValue();
    mText += value ? "true" : "false";
    return *this;
}

JsonWriter &JsonWriter::Null() {
    BeforeValue();
    mText += "null";
    return *this;
}

JsonWriter &JsonWriter::Raw(std::string_view json) {
    BeforeValue();
    mText += json;
    return *this;
}

} // namespace agf::cli
