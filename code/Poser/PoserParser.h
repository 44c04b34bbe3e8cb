/** @file PoserParser.h
 *  Poser's brace syntax to PoserFile (PoserFileData.h): version, geometry references, actors
 *  with their parent, origin, endPoint, orientation, rotation order and channels, and the
 *  figure block's hierarchy. Everything else is skipped by brace matching.
 *
 *  Damage policy (see GameFormats.h, "Poser"): broken structure (unbalanced braces, a word
 *  where a number must be, nesting deeper than kMaxPoserNesting) throws ImportError naming the
 *  file, the line and the byte offset. A NaN or infinite number, or a key frame outside
 *  0..kMaxPoserFrame, drops that one key or value with a warning. Unknown keywords are skipped
 *  with one warning per keyword and file.
 */
#pragma once

#include "Common/Warnings.h"
#include "PoserFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace agf::poser {

/** The largest frame number accepted: about 9 hours at 30 fps. Keys beyond it are dropped
 *  with a warning. Nothing is ever allocated in proportion to a frame number. */
constexpr double kMaxPoserFrame = 1.0e6;

/** Parses the (already decompressed) text of a Poser file. */
PoserFile ParsePoser(std::string_view text, const std::string &fileName, Warnings &warnings);

/** "hip:1" -> ("hip", 1); "hip" -> ("hip", -1). Only a suffix of digits is an instance
 *  number: "a:b" stays as it is. */
std::pair<std::string, int> SplitInstanceSuffix(std::string_view name);

/** True when the text starts (after an optional UTF-8 byte order mark and white space) with
 *  '{' followed by the word "version": the start of every Poser file. */
bool LooksLikePoserText(const uint8_t *data, size_t size);

} // namespace agf::poser
