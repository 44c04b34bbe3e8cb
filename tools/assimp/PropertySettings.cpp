/** @file PropertySettings.cpp */
#include "PropertySettings.h"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace agf::cli {

namespace {

bool ParseInteger(const std::string &text, int &out) {
    if (text.empty()) {
        return false;
    }
    errno = 0;
    char *end = nullptr;
    // Decimal, or hexadecimal with 0x (for flag masks such as PP_RVC_FLAGS); never octal, so
    // that "010" is ten.
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const long long value = std::strtoll(text.c_str(), &end, hex ? 16 : 10);
    if (errno != 0 || *end != '\0' || value < INT_MIN || value > INT_MAX) {
        return false;
    }
    out = static_cast<int>(value);
    return true;
}

bool ParseFloat(const std::string &text, float &out) {
    if (text.empty()) {
        return false;
    }
    char *end = nullptr;
    const float value = std::strtof(text.c_str(), &end);
    if (*end != '\0' || !std::isfinite(value)) {
        return false;
    }
    out = value;
    return true;
}

bool ParseBool(const std::string &text, int &out) {
    if (text == "true" || text == "yes" || text == "on") {
        out = 1;
        return true;
    }
    if (text == "false" || text == "no" || text == "off") {
        out = 0;
        return true;
    }
    return false;
}

} // namespace

void ApplyPropertySetting(Assimp::Importer &importer, const PropertySetting &setting) {
    const char *key = setting.key.c_str();
    importer.SetPropertyString(key, setting.value);
    int integer = 0;
    float real = 0.0f;
    if (ParseInteger(setting.value, integer) || ParseBool(setting.value, integer)) {
        importer.SetPropertyInteger(key, integer);
        importer.SetPropertyFloat(key, static_cast<float>(integer));
    } else if (ParseFloat(setting.value, real)) {
        importer.SetPropertyFloat(key, real);
    }
}

} // namespace agf::cli
