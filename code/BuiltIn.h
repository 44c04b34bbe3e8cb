/** @file BuiltIn.h
 *  The two entry points of a libassimp with our formats built in (tools/build-libassimp.sh).
 *  Our patch to Assimp calls them from its importer registry (ImporterRegistry.cpp) and its
 *  exporter table (Exporter.cpp); our own library never does.
 */
#pragma once

#include <assimp/Exporter.hpp>

#include <vector>

namespace Assimp {
class BaseImporter;
} // namespace Assimp

namespace agf {

/** Appends a fresh instance of every importer of this project (Registry.cpp), after Assimp's. */
void AppendImporters(std::vector<Assimp::BaseImporter *> &importers);

/** Puts our export formats into Assimp's table (Exporters.cpp): a replacement takes the place
 *  of Assimp's entry with the same id (kept for the replacement's own use, StockWriters.h);
 *  a new format is appended. */
void InstallExporters(std::vector<Assimp::Exporter::ExportFormatEntry> &exporters);

} // namespace agf
