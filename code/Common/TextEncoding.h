/** @file TextEncoding.h
 *  Turning the raw bytes of game-file strings into valid UTF-8.
 *
 *  Writers disagree: some store Windows-1252, some UTF-8 cut to the field size (which may leave
 *  half a character at the end). aiString must hold UTF-8, so every string a parser hands to a
 *  converter goes through ToUtf8.
 */
#pragma once

#include <string>

namespace agf {

/** Returns `raw` if it is valid UTF-8 (after dropping a trailing incomplete sequence), and
 *  otherwise decodes it as Windows-1252. Control characters below 0x20 become '?'. */
std::string ToUtf8(const std::string &raw);

/** True when `text` is a complete, valid UTF-8 sequence. */
bool IsValidUtf8(const std::string &text);

} // namespace agf
