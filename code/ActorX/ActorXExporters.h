/** @file ActorXExporters.h
 *  The ActorX writers as Assimp export functions (Assimp::Exporter::fpExportFunc), registered
 *  by agf::RegisterExporters (code/Exporters.cpp) as "psk", "pskx", "psa" and "psax". Each
 *  reads its options from the ExportProperties (ImportOptions.h, "Export options"), writes
 *  through the Exporter's IOSystem, and publishes its warnings and logs a failure as every writer
 *  of this library does (ExportOutput.h: Guarded).
 */
#pragma once

#include "ActorXExportSkeleton.h"
#include "Common/ExportOutput.h"

namespace agf {

/** PSK or PSKX (the same writer: FACE3200 is chosen by the wedge count, not the name). */
ExportFunction ExportPsk;
ExportFunction ExportPskx;
/** PSA, and the UEViewer .config beside it (same path, extension .config). */
ExportFunction ExportPsa;
/** PSAX: the keys as they are (sparse). */
ExportFunction ExportPsax;

/** The writers' options from ExportProperties (null: defaults). Throws ExportError for a scale
 *  or frame rate that cannot work. */
actorx::ActorXExportOptions ReadActorXExportOptions(const Assimp::ExportProperties *properties);

} // namespace agf
