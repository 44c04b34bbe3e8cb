/** @file NumberText.h
 *  Numbers read from and written as text the same way whatever the program's locale: a file
 *  says "1.5" whether the program that links us runs in English or in German, and the C
 *  library's strtod and printf follow the locale (LC_NUMERIC), which is the host's to set.
 */
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace agf {

/** Reads the longest number at the start of `text` (an optional sign, digits with an optional
 *  fraction and exponent, or "inf"/"infinity"/"nan" in any case) into `value`. Returns how many
 *  characters it used: 0 when `text` does not start with a number (leading spaces are not
 *  skipped). A value beyond double's range reads as infinity. */
size_t ReadNumberPrefix(std::string_view text, double &value);

/** True when the whole of `text` is one number (ReadNumberPrefix), stored in `value`. */
bool ReadNumber(std::string_view text, double &value);

/** `value` with `significantDigits` significant digits, as printf's "%.Ng" writes it in the C
 *  locale ("0.5", "1e+20", "inf", "nan"). */
std::string NumberText(double value, int significantDigits);

/** `value` with `decimals` digits after the point, as printf's "%.Nf" writes it in the C
 *  locale ("0.500"). */
std::string FixedNumberText(double value, int decimals);

/** `text` without the spaces and tabs it starts with (strtod skips them; ReadNumberPrefix does
 *  not, so that a caller says where they may be). */
std::string_view SkipBlanks(std::string_view text);

} // namespace agf
