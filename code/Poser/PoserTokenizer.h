/** @file PoserTokenizer.h
 *  Splits the text of a Poser file into whitespace-separated tokens. `{` and `}` are always
 *  tokens of their own, even when written against a word. Every token knows its line and byte
 *  offset for error messages.
 *
 *  The tokenizer also checks the brace structure once, so that the parser can skip blocks by
 *  brace matching without ever running off the end: a `}` without its `{`, a `{` that is never
 *  closed, or nesting deeper than kMaxPoserNesting throw ImportError.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace agf::poser {

/** The deepest brace nesting accepted. Real files nest about 8 deep (file, actor, channels,
 *  channel, keys, and a few more in figure data); 256 leaves plenty of room and keeps every
 *  depth-proportional cost small. */
constexpr size_t kMaxPoserNesting = 256;

struct PoserToken {
    std::string_view text; ///< points into the tokenized text
    uint64_t offset = 0;   ///< byte offset in the (decompressed) text
    uint32_t line = 0;     ///< 1-based

    bool is(std::string_view word) const { return text == word; }
    bool isOpen() const { return text == "{"; }
    bool isClose() const { return text == "}"; }
    bool isBrace() const { return isOpen() || isClose(); }
};

/** Tokenizes `text` (which must outlive the tokens). `fileName` is used in error messages. */
std::vector<PoserToken> TokenizePoser(std::string_view text, const std::string &fileName);

/** The end of the line that contains `offset` (offset of its '\n' or '\r', or text.size()). */
size_t EndOfLine(std::string_view text, size_t offset);

} // namespace agf::poser
