/** @file JsonWriter.h
 *  A small JSON writer for the viewer's catalogue and model reports. Strings from game files
 *  are not always UTF-8: invalid bytes become U+FFFD, so that the output is always valid JSON
 *  (and valid JavaScript, for the static gallery's script files).
 */
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace agf::cli {

/** `text` as a quoted JSON string. */
std::string JsonQuote(std::string_view text);

class JsonWriter {
public:
    JsonWriter &BeginObject();
    JsonWriter &EndObject();
    JsonWriter &BeginArray();
    JsonWriter &EndArray();
    /** The name of the next member of the current object. */
    JsonWriter &Key(std::string_view name);
    JsonWriter &String(std::string_view value);
    /** A finite number, or null for NaN and infinities (JSON has no spelling for them). */
    JsonWriter &Number(double value);
    JsonWriter &Integer(int64_t value);
    JsonWriter &Unsigned(uint64_t value);
    JsonWriter &Bool(bool value);
    JsonWriter &Null();
    /** Text that is already JSON, e.g. a report written by another JsonWriter. */
    JsonWriter &Raw(std::string_view json);

    const std::string &text() const { return mText; }

private:
    void BeforeValue();

    std::string mText;
    /** Per open object or array: whether it has a member yet (a comma is due). */
    std::vector<bool> mHasMember;
    bool mAfterKey = false;
};

} // namespace agf::cli
