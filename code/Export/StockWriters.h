/** @file StockWriters.h
 *  Assimp's own writers for the export ids that we replace, when our replacements are built
 *  into libassimp itself (tools/build-libassimp.sh).
 *
 *  Our replacements run Assimp's writer through a private Assimp::Exporter. In our own library
 *  that Exporter has Assimp's writers; inside libassimp it would have ours, and a replacement
 *  would call itself. So libassimp's exporter table (code/BuiltIn.h) saves Assimp's entries
 *  here before it puts ours in their place, and every private Exporter asks for them back.
 *  Outside libassimp nothing is ever saved and UseStockWriter does nothing.
 */
#pragma once

#include <assimp/Exporter.hpp>

namespace agf {

/** Remembers Assimp's own entry for an export id that is about to be replaced. */
void SaveStockWriter(const Assimp::Exporter::ExportFormatEntry &entry);

/** Gives `exporter` Assimp's own writer for `formatId` again, when one was saved. */
void UseStockWriter(Assimp::Exporter &exporter, const char *formatId);

} // namespace agf
