/** @file StringHelpers.h
 *  Small text helpers shared by the parsers of text sidecars and option values.
 */
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf {

/** `text` without leading and trailing white space. */
inline std::string Trim(const std::string &text) {
    size_t begin = 0;
    size_t end = text.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) {
        ++begin;
    }
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) {
        --end;
    }
    return text.substr(begin, end - begin);
}

/** `text` with ASCII letters in lower case (names in game files compare case-insensitively). */
inline std::string Lower(std::string text) {
    for (char &c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

/** `text` with ASCII letters in upper case. */
inline std::string Upper(std::string text) {
    for (char &c : text) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return text;
}

/** The one case-insensitive comparison of ASCII letters, for names in game files. */
inline bool SameCharIgnoringCase(char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
}

/** True when `a` and `b` are equal ignoring the case of ASCII letters (names in game files). */
inline bool EqualsIgnoreCase(const std::string &a, const std::string &b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), SameCharIgnoringCase);
}

/** True when `text` starts with `prefix`, ignoring the case of ASCII letters. */
inline bool StartsWithIgnoreCase(const std::string &text, const std::string &prefix) {
    return text.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), text.begin(), SameCharIgnoringCase);
}

/** True when `text` ends with `suffix`, ignoring the case of ASCII letters. */
inline bool EndsWithIgnoreCase(const std::string &text, const std::string &suffix) {
    return text.size() >= suffix.size() &&
           std::equal(suffix.rbegin(), suffix.rend(), text.rbegin(), SameCharIgnoringCase);
}

/** The index of the first of `items` whose name (`nameOf(item)`) is `name`, else of the first
 *  whose name equals it ignoring case; -1 when none does. */
template <typename Item, typename NameOf>
int64_t FindByName(const std::vector<Item> &items, const std::string &name, NameOf nameOf) {
    for (size_t i = 0; i < items.size(); ++i) {
        if (nameOf(items[i]) == name) {
            return static_cast<int64_t>(i);
        }
    }
    for (size_t i = 0; i < items.size(); ++i) {
        if (EqualsIgnoreCase(nameOf(items[i]), name)) {
            return static_cast<int64_t>(i);
        }
    }
    return -1;
}

/** "a, b, c", listing at most `limit` names and then "and N more": warnings name what they are
 *  about without growing without bound. */
inline std::string JoinNames(const std::vector<std::string> &names, size_t limit = 40) {
    std::string text;
    for (size_t i = 0; i < names.size() && i < limit; ++i) {
        text += (i == 0 ? "" : ", ") + names[i];
    }
    if (names.size() > limit) {
        text += " and " + std::to_string(names.size() - limit) + " more";
    }
    return text;
}

} // namespace agf
