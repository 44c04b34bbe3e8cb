/** @file NumberText.cpp */
#include "NumberText.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <locale>
#include <sstream>

namespace agf {

namespace {

bool StartsWithWord(std::string_view text, std::string_view word) {
    if (text.size() < word.size()) {
        return false;
    }
    for (size_t i = 0; i < word.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) {
            return false;
        }
    }
    return true;
}

/** The length of the number syntax at the start of `text` (sign, digits, fraction, exponent),
 *  without reading its value: what a conversion must be given. 0 when there is none. */
size_t NumberSyntaxLength(std::string_view text) {
    size_t at = 0;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
        ++at;
    }
    size_t digits = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
        ++at;
        ++digits;
    }
    if (at < text.size() && text[at] == '.') {
        ++at;
        while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
            ++at;
            ++digits;
        }
    }
    if (digits == 0) {
        return 0;
    }
    if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
        size_t exponent = at + 1;
        if (exponent < text.size() && (text[exponent] == '+' || text[exponent] == '-')) {
            ++exponent;
        }
        const size_t firstDigit = exponent;
        while (exponent < text.size() && std::isdigit(static_cast<unsigned char>(text[exponent]))) {
            ++exponent;
        }
        if (exponent > firstDigit) {
            at = exponent;
        }
    }
    return at;
}

/** For number syntax without its sign whose value is beyond double's range: whether it is too
 *  large (rather than too small), by the decimal exponent of its first significant digit. */
bool BeyondDoubleIsLarge(std::string_view syntax) {
    long long firstDigitExponent = 0;
    bool seenSignificant = false;
    bool inFraction = false;
    size_t at = 0;
    for (; at < syntax.size() && syntax[at] != 'e' && syntax[at] != 'E'; ++at) {
        const char c = syntax[at];
        if (c == '.') {
            inFraction = true;
        } else if (!seenSignificant && c != '0') {
            seenSignificant = true;
            firstDigitExponent = inFraction ? firstDigitExponent - 1 : 0;
        } else if (seenSignificant && !inFraction) {
            ++firstDigitExponent;
        } else if (!seenSignificant && inFraction) {
            --firstDigitExponent;
        }
    }
    long long exponent = 0;
    if (at < syntax.size()) {
        const std::string_view digits = syntax.substr(at + 1);
        const bool negative = !digits.empty() && digits.front() == '-';
        for (char c : digits) {
            if (std::isdigit(static_cast<unsigned char>(c)) && exponent < 100000) {
                exponent = exponent * 10 + (c - '0');
            }
        }
        exponent = negative ? -exponent : exponent;
    }
    return firstDigitExponent + exponent > 0;
}

double ConvertNumber(std::string_view syntax) {
    // A leading '+' is valid text but not what from_chars takes.
    const bool negative = !syntax.empty() && syntax.front() == '-';
    if (!syntax.empty() && (syntax.front() == '+' || syntax.front() == '-')) {
        syntax.remove_prefix(1);
    }
    double value = 0;
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    const auto result = std::from_chars(syntax.data(), syntax.data() + syntax.size(), value);
    if (result.ec == std::errc::result_out_of_range) {
        // from_chars leaves the value alone out of range; strtod's answer is what files mean.
        value = BeyondDoubleIsLarge(syntax) ? std::numeric_limits<double>::infinity() : 0.0;
    }
#else
    // Standard libraries without floating-point from_chars (libc++ before 17): a stream in
    // the classic locale reads the same syntax.
    std::istringstream stream{std::string(syntax)};
    stream.imbue(std::locale::classic());
    stream >> value;
    // Out of range the stream fails: above it, it stores the largest double where strtod gives
    // infinity; below it, it keeps what it converted (a subnormal or zero), as strtod does.
    if (stream.fail() && BeyondDoubleIsLarge(syntax)) {
        value = std::numeric_limits<double>::infinity();
    }
#endif
    return negative ? -value : value;
}

} // namespace

size_t ReadNumberPrefix(std::string_view text, double &value) {
    const size_t sign = !text.empty() && (text[0] == '+' || text[0] == '-') ? 1 : 0;
    const std::string_view rest = text.substr(sign);
    const double signFactor = sign == 1 && text[0] == '-' ? -1.0 : 1.0;
    if (StartsWithWord(rest, "infinity")) {
        value = signFactor * std::numeric_limits<double>::infinity();
        return sign + 8;
    }
    if (StartsWithWord(rest, "inf")) {
        value = signFactor * std::numeric_limits<double>::infinity();
        return sign + 3;
    }
    if (StartsWithWord(rest, "nan")) {
        value = std::numeric_limits<double>::quiet_NaN();
        return sign + 3;
    }
    const size_t length = NumberSyntaxLength(text);
    if (length == 0) {
        return 0;
    }
    value = ConvertNumber(text.substr(0, length));
    return length;
}

bool ReadNumber(std::string_view text, double &value) {
    double read = 0;
    if (text.empty() || ReadNumberPrefix(text, read) != text.size()) {
        return false;
    }
    value = read;
    return true;
}

std::string NumberText(double value, int significantDigits) {
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value < 0 ? "-inf" : "inf";
    }
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text.precision(significantDigits);
    text << value;
    return text.str();
}

} // namespace agf

namespace agf {

std::string FixedNumberText(double value, int decimals) {
    if (!std::isfinite(value)) {
        return NumberText(value, 1);
    }
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text.setf(std::ios::fixed, std::ios::floatfield);
    text.precision(decimals);
    text << value;
    return text.str();
}

std::string_view SkipBlanks(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    return text;
}

} // namespace agf
