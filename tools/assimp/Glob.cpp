/** @file Glob.cpp */
#include "Glob.h"

namespace agf::cli {

namespace {

/** Whether the bracket expression at pattern[at] ('[') takes `c`; `at` moves past its ']'.
 *  False with `at` unchanged when the bracket is not closed (it is then a plain '['). */
bool MatchBracket(std::string_view pattern, size_t &at, char c, bool &closed) {
    size_t i = at + 1;
    const bool negated = i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^');
    i += negated ? 1 : 0;
    bool found = false;
    bool first = true;
    while (i < pattern.size() && (pattern[i] != ']' || first)) {
        first = false;
        char low = pattern[i];
        if (low == '\\' && i + 1 < pattern.size()) {
            low = pattern[++i];
        }
        char high = low;
        if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
            i += 2;
            high = pattern[i];
            if (high == '\\' && i + 1 < pattern.size()) {
                high = pattern[++i];
            }
        }
        const auto byte = static_cast<unsigned char>(c);
        found = found || (static_cast<unsigned char>(low) <= byte &&
                          byte <= static_cast<unsigned char>(high));
        ++i;
    }
    closed = i < pattern.size();
    if (!closed) {
        return false;
    }
    at = i + 1;
    return found != negated;
}

/** Whether the element at pattern[at] (not '*') takes `c`; `at` moves past it. */
bool MatchOne(std::string_view pattern, size_t &at, char c) {
    const char element = pattern[at];
    if (element == '?') {
        ++at;
        return true;
    }
    if (element == '[') {
        bool closed = false;
        const bool matched = MatchBracket(pattern, at, c, closed);
        if (closed) {
            return matched;
        }
    } else if (element == '\\') {
        if (at + 1 == pattern.size()) {
            return false; // a pattern that ends in a lone '\\' matches nothing, as in fnmatch
        }
        ++at;
    }
    return pattern[at++] == c;
}

} // namespace

bool MatchesPattern(std::string_view pattern, std::string_view text) {
    constexpr size_t kNone = std::string_view::npos;
    size_t p = 0;
    size_t t = 0;
    size_t afterStar = kNone; // where the pattern goes on after the last '*'
    size_t starText = 0;      // the text that '*' has taken up to
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            afterStar = ++p;
            starText = t;
            continue;
        }
        size_t next = p;
        if (p < pattern.size() && MatchOne(pattern, next, text[t])) {
            p = next;
            ++t;
            continue;
        }
        if (afterStar == kNone) {
            return false;
        }
        p = afterStar; // let the last '*' take one more character
        t = ++starText;
    }
    while (p < pattern.size() && pattern[p] == '*') {
        ++p;
    }
    return p == pattern.size();
}

} // namespace agf::cli
