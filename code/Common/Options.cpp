/** @file Options.cpp */
#include "Options.h"

#include "ImportError.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace agf {

namespace {

const ImportOption &Listed(const char *key, const char *type) {
    const ImportOption *option = FindImportOption(key);
    if (option == nullptr || option->type != type) {
        throw std::logic_error(std::string("option ") + key + " is not listed as a " + type);
    }
    return *option;
}

} // namespace

bool BoolOption(const Assimp::Importer *importer, const char *key) {
    const bool fallback = Listed(key, "bool").defaultValue == "true";
    return importer != nullptr ? importer->GetPropertyBool(key, fallback) : fallback;
}

float FloatOption(const Assimp::Importer *importer, const char *key) {
    const float fallback = std::strtof(Listed(key, "float").defaultValue.c_str(), nullptr);
    return importer != nullptr ? importer->GetPropertyFloat(key, fallback) : fallback;
}

int IntOption(const Assimp::Importer *importer, const char *key) {
    const int fallback = std::atoi(Listed(key, "int").defaultValue.c_str());
    return importer != nullptr ? importer->GetPropertyInteger(key, fallback) : fallback;
}

std::string StringOption(const Assimp::Importer *importer, const char *key) {
    const std::string &fallback = Listed(key, "string").defaultValue;
    return importer != nullptr ? importer->GetPropertyString(key, fallback) : fallback;
}

bool BoolOption(const Assimp::ExportProperties *properties, const char *key) {
    const bool fallback = Listed(key, "bool").defaultValue == "true";
    return properties != nullptr ? properties->GetPropertyBool(key, fallback) : fallback;
}

float FloatOption(const Assimp::ExportProperties *properties, const char *key) {
    const float fallback = std::strtof(Listed(key, "float").defaultValue.c_str(), nullptr);
    return properties != nullptr ? properties->GetPropertyFloat(key, fallback) : fallback;
}

bool HasOption(const Assimp::ExportProperties *properties, const char *key) {
    return properties != nullptr &&
           (properties->HasPropertyBool(key) || properties->HasPropertyFloat(key) ||
            properties->HasPropertyString(key));
}

void RequirePositiveFinite(const std::string &fileName, const char *key, double value) {
    if (value > 0.0 && std::isfinite(value)) {
        return;
    }
    std::ostringstream text;
    text << key << " must be a positive finite number, not " << value;
    ThrowImportError(fileName, "options", 0, text.str());
}

} // namespace agf
