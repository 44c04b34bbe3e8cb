/** @file StringHelpers.h
 *  Small text helpers shared by the parsers of text sidecars and option values.
 */
#pragma once

#include <cctype>
#include <string>

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

} // namespace agf
