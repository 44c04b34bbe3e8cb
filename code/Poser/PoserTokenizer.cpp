/** @file PoserTokenizer.cpp */
#include "PoserTokenizer.h"

#include "Common/ImportError.h"

namespace agf::poser {

namespace {

bool IsSpace(char c) {
    // Any control character counts as white space: Poser files are plain text, and treating
    // stray NULs or form feeds as separators is kinder than refusing the file.
    return static_cast<unsigned char>(c) <= ' ';
}

bool IsBrace(char c) {
    return c == '{' || c == '}';
}

} // namespace

namespace {

/** How many tokens TokenizePoser will make: counting first lets it allocate once, which is most
 *  of the time and the peak memory of a large file otherwise (measured on a 25 MB pose). */
size_t CountTokens(std::string_view text) {
    size_t count = 0;
    bool inWord = false;
    for (const char c : text) {
        if (IsBrace(c)) {
            ++count;
            inWord = false;
        } else if (IsSpace(c)) {
            inWord = false;
        } else if (!inWord) {
            ++count;
            inWord = true;
        }
    }
    return count;
}

} // namespace

std::vector<PoserToken> TokenizePoser(std::string_view text, const std::string &fileName) {
    std::vector<PoserToken> tokens;
    tokens.reserve(CountTokens(text));
    std::vector<PoserToken> openBraces; // where each open block started, for messages
    uint32_t line = 1;
    size_t i = 0;
    const size_t size = text.size();
    while (i < size) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (c == '\r') {
            // "\r\n" counts once; a lone '\r' (old Mac files) is a line end too.
            if (i + 1 >= size || text[i + 1] != '\n') {
                ++line;
            }
            ++i;
            continue;
        }
        if (IsSpace(c)) {
            ++i;
            continue;
        }
        PoserToken token;
        token.offset = i;
        token.line = line;
        if (IsBrace(c)) {
            token.text = text.substr(i, 1);
            ++i;
            if (c == '{') {
                if (openBraces.size() >= kMaxPoserNesting) {
                    ThrowImportError(FilePlace{fileName, "braces", token.offset, line},
                                     "braces nested deeper than " +
                                         std::to_string(kMaxPoserNesting) + " levels");
                }
                openBraces.push_back(token);
            } else {
                if (openBraces.empty()) {
                    ThrowImportError(FilePlace{fileName, "braces", token.offset, line},
                                     "unbalanced braces: '}' without a matching '{'");
                }
                openBraces.pop_back();
            }
        } else {
            const size_t start = i;
            while (i < size && !IsSpace(text[i]) && !IsBrace(text[i])) {
                ++i;
            }
            token.text = text.substr(start, i - start);
        }
        tokens.push_back(token);
    }
    if (!openBraces.empty()) {
        const PoserToken &open = openBraces.back();
        ThrowImportError(FilePlace{fileName, "braces", open.offset, open.line},
                         "unbalanced braces: the '{' opened here is never closed (" +
                             std::to_string(openBraces.size()) + " blocks open at the end)");
    }
    return tokens;
}

size_t EndOfLine(std::string_view text, size_t offset) {
    size_t end = offset;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') {
        ++end;
    }
    return end;
}

} // namespace agf::poser
