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

/** Returns `raw` if it is valid UTF-8, and otherwise decodes it as Windows-1252. Control
 *  characters below 0x20 become '?'.
 *  @param filledField true when the text filled its fixed-size field: only then can a trailing
 *  incomplete UTF-8 sequence be a character cut by the writer, and it is dropped. */
std::string ToUtf8(const std::string &raw, bool filledField = false);

/** Reads a fixed-size char field (text up to the first NUL) as UTF-8, see ToUtf8. */
std::string FixedFieldToUtf8(const char *field, size_t fieldSize);

/** `text` cut to at most `maxBytes` bytes without splitting a UTF-8 character: a cut that would
 *  leave part of a multi-byte sequence drops that sequence whole (for fixed-size name fields
 *  that writers fill). */
std::string TruncateUtf8(const std::string &text, size_t maxBytes);

/** True when `text` is a complete, valid UTF-8 sequence. */
bool IsValidUtf8(const std::string &text);

} // namespace agf
