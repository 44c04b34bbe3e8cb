/** @file Options.h
 *  How importers read their AI_CONFIG_* options: with the defaults of agf::ListImportOptions
 *  (ImportOptionTable.cpp), so that each default is written once, and with one policy for
 *  values that cannot work.
 */
#pragma once

#include <string>

namespace Assimp {
class ExportProperties;
class Importer;
} // namespace Assimp

namespace agf {

/** The option's value on `importer`, or its listed default when it is not set. The key must be
 *  one of agf::ListImportOptions (std::logic_error otherwise: a programming error). */
bool BoolOption(const Assimp::Importer *importer, const char *key);
float FloatOption(const Assimp::Importer *importer, const char *key);
int IntOption(const Assimp::Importer *importer, const char *key);
std::string StringOption(const Assimp::Importer *importer, const char *key);

/** The same for a writer's option (listed with exportOption = true) on the ExportProperties
 *  given to an exporter; null properties give the default. */
bool BoolOption(const Assimp::ExportProperties *properties, const char *key);
float FloatOption(const Assimp::ExportProperties *properties, const char *key);
/** True when the option was set at all (a writer that takes its default from the scene). */
bool HasOption(const Assimp::ExportProperties *properties, const char *key);

/** The policy for a scale, rate or other factor that must be a positive, finite number: the
 *  import fails with an ImportError naming the file, the option and the value ("<file>:
 *  options at byte 0: IMPORT_PSK_SCALE must be a positive finite number, not -1"), rather than
 *  running on with a value the user did not ask for. Call it from InternReadFile. */
void RequirePositiveFinite(const std::string &fileName, const char *key, double value);

} // namespace agf
