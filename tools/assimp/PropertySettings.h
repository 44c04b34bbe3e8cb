/** @file PropertySettings.h
 *  `--set KEY=VALUE`: importer and exporter properties from the command line, checked against
 *  the keys that exist (ours from agf::ListImportOptions, Assimp's from its <assimp/config.h>).
 */
#pragma once

#include <string>
#include <vector>

namespace Assimp {
class ExportProperties;
class Importer;
} // namespace Assimp

namespace agf::cli {

/** One `--set KEY=VALUE`. */
struct PropertySetting {
    std::string key;
    std::string value;
};

/** One key `--set` accepts. */
struct KnownProperty {
    std::string key;     ///< the property name, e.g. "IMPORT_PSK_SCALE"
    std::string macro;   ///< its AI_CONFIG_* macro, e.g. "AI_CONFIG_IMPORT_PSK_SCALE"
    std::string type;    ///< "bool", "int", "float", "string"; "" when Assimp's (not known)
    std::string summary; ///< ours only
    bool ours = false;
};

/** Every key: ours first, in the order of agf::ListImportOptions, then Assimp's. */
const std::vector<KnownProperty> &KnownProperties();

/** Checks a `--set` setting and returns it with the key as Assimp stores it: a macro name
 *  (AI_CONFIG_IMPORT_PSK_SCALE) becomes its key (IMPORT_PSK_SCALE). Throws UsageError for a
 *  key no importer or exporter reads, naming the closest known keys, and for a value that does
 *  not read as the type of one of our options ("--set IMPORT_PSK_SCALE=big"). */
PropertySetting CheckedPropertySetting(const PropertySetting &setting);

/** Sets a setting on an Importer. The value is stored as a string and, when it reads as one,
 *  also as an integer and a float (true/false/yes/no/on/off read as 1/0), because Assimp keeps
 *  each type in its own table and an importer looks only in the table of the type it expects. */
void ApplyPropertySetting(Assimp::Importer &importer, const PropertySetting &setting);

/** The same for the properties handed to an exporter. */
void ApplyPropertySetting(Assimp::ExportProperties &properties, const PropertySetting &setting);

/** True for a key that an exporter reads (ours listed as export options, Assimp's EXPORT_*). */
bool IsExportProperty(const std::string &key);

} // namespace agf::cli
