/** @file PropertySettings.cpp */
#include "PropertySettings.h"

#include "ExitCodes.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace agf::cli {

namespace {

struct AssimpKey {
    const char *macro;
    const char *key;
};

// Generated at configure time from the <assimp/config.h> this program is built against.
constexpr AssimpKey kAssimpKeys[] = {
#include "AssimpConfigKeys.inc"
};

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

// NaN and infinities are accepted as numbers: the importers then refuse them with their own
// message, as they would from a program.
bool ParseFloat(const std::string &text, float &out) {
    if (text.empty()) {
        return false;
    }
    char *end = nullptr;
    const float value = std::strtof(text.c_str(), &end);
    if (*end != '\0') {
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

bool ReadsAs(const std::string &type, const std::string &value) {
    int integer = 0;
    float real = 0.0f;
    if (type == "bool") {
        return ParseBool(value, integer) || value == "1" || value == "0";
    }
    if (type == "int") {
        return ParseInteger(value, integer);
    }
    if (type == "float") {
        return ParseFloat(value, real);
    }
    return true;
}

std::string Upper(std::string text) {
    for (char &c : text) {
        c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    return text;
}

// Levenshtein distance, for suggesting the key that was meant.
size_t EditDistance(const std::string &a, const std::string &b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::vector<std::string> ClosestKeys(const std::string &wanted) {
    const std::string upper = Upper(wanted);
    std::vector<std::pair<size_t, std::string>> ranked;
    for (const KnownProperty &property : KnownProperties()) {
        const size_t distance = EditDistance(upper, property.key);
        // A few typing slips, or a key that contains what was typed ("PSK_SCALE").
        if (distance <= std::max<size_t>(2, property.key.size() / 5) ||
            (upper.size() >= 4 && property.key.find(upper) != std::string::npos)) {
            ranked.emplace_back(distance, property.key);
        }
    }
    std::sort(ranked.begin(), ranked.end());
    std::vector<std::string> keys;
    // Only the nearest: a slip in "PSK" should not also offer every other format's key.
    for (size_t i = 0; i < ranked.size() && i < 3 && ranked[i].first == ranked[0].first; ++i) {
        keys.push_back(ranked[i].second);
    }
    return keys;
}

const KnownProperty *FindProperty(const std::string &keyOrMacro) {
    for (const KnownProperty &property : KnownProperties()) {
        if (property.key == keyOrMacro || property.macro == keyOrMacro) {
            return &property;
        }
    }
    return nullptr;
}

template <typename Target> void SetAllTypes(Target &target, const PropertySetting &setting) {
    const char *key = setting.key.c_str();
    target.SetPropertyString(key, setting.value);
    int integer = 0;
    float real = 0.0f;
    if (ParseInteger(setting.value, integer) || ParseBool(setting.value, integer)) {
        target.SetPropertyInteger(key, integer);
        target.SetPropertyFloat(key, static_cast<float>(integer));
    } else if (ParseFloat(setting.value, real)) {
        target.SetPropertyFloat(key, real);
    }
}

} // namespace

const std::vector<KnownProperty> &KnownProperties() {
    static const std::vector<KnownProperty> properties = [] {
        std::vector<KnownProperty> list;
        for (const ImportOption &option : ListImportOptions()) {
            list.push_back(
                {option.key, "AI_CONFIG_" + option.key, option.type, option.summary, true});
        }
        for (const AssimpKey &assimp : kAssimpKeys) {
            if (std::none_of(list.begin(), list.end(),
                             [&](const KnownProperty &p) { return p.key == assimp.key; })) {
                list.push_back({assimp.key, assimp.macro, "", "", false});
            }
        }
        return list;
    }();
    return properties;
}

PropertySetting CheckedPropertySetting(const PropertySetting &setting) {
    const KnownProperty *property = FindProperty(setting.key);
    if (property == nullptr) {
        std::string message =
            "--set: no importer or exporter reads the property '" + setting.key + "'";
        const std::vector<std::string> closest = ClosestKeys(setting.key);
        for (size_t i = 0; i < closest.size(); ++i) {
            message += (i == 0 ? "; did you mean " : " or ") + closest[i];
        }
        message += closest.empty() ? "" : "?";
        throw UsageError(message + " ('assimp help options' lists every key)");
    }
    if (!ReadsAs(property->type, setting.value)) {
        throw UsageError("--set " + property->key + " expects a " + property->type + ", got '" +
                         setting.value + "'");
    }
    return {property->key, setting.value};
}

void ApplyPropertySetting(Assimp::Importer &importer, const PropertySetting &setting) {
    SetAllTypes(importer, setting);
}

void ApplyPropertySetting(Assimp::ExportProperties &properties, const PropertySetting &setting) {
    SetAllTypes(properties, setting);
}

bool IsExportProperty(const std::string &key) {
    const ImportOption *ours = FindImportOption(key);
    if (ours != nullptr) {
        return ours->exportOption;
    }
    return key.rfind("EXPORT_", 0) == 0;
}

} // namespace agf::cli
