/** @file Exporters.cpp
 *  agf::RegisterExporters: our replacements for Assimp 5.2.5's "collada", "fbx", "fbxa", "glb2"
 *  and "gltf2" export formats (Export/ExportFunctions.h) and our ActorX writers "psk", "pskx",
 *  "psa", "psax" (ActorX/ActorXExporters.h). Like the importer registry, this file sits at the
 *  top of code/ because it ties folders together.
 */
#include <assimp_gameformats/GameFormats.h>

#include "ActorX/ActorXExporters.h"
#include "BuiltIn.h"
#include "Export/ExportFunctions.h"
#include "Export/StockWriters.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/postprocess.h>

#include <cstring>
#include <vector>

namespace agf {

namespace {

/** Our export formats. The id, description and extension pointers are kept by the Exporter:
 *  static storage. The replacements keep Assimp's ids, descriptions and extensions, so that -f
 *  and the output extension pick these writers exactly where they picked Assimp's. */
const std::vector<Assimp::Exporter::ExportFormatEntry> &Entries() {
    static const std::vector<Assimp::Exporter::ExportFormatEntry> entries = {
        {"collada", "COLLADA - Digital Asset Exchange Schema", "dae", &ExportCollada},
        {"gltf2", "GL Transmission Format v. 2", "gltf", &ExportGltf},
        {"glb2", "GL Transmission Format v. 2 (binary)", "glb", &ExportGlb},
        {"fbx", "Autodesk FBX (binary)", "fbx", &ExportFbxBinary},
        {"fbxa", "Autodesk FBX (ascii)", "fbx", &ExportFbxAscii},
        // Ours: Assimp triangulates first (ear clipping); the writer fans any polygon left.
        {"psk", "Unreal ActorX mesh", "psk", &ExportPsk, aiProcess_Triangulate},
        {"pskx", "Unreal ActorX mesh (.pskx name)", "pskx", &ExportPskx, aiProcess_Triangulate},
        {"psa", "Unreal ActorX animation (dense, with a .config)", "psa", &ExportPsa},
        {"psax", "Unreal ActorX sparse animation (PSAX)", "psax", &ExportPsax},
    };
    return entries;
}

} // namespace

void RegisterExporters(Assimp::Exporter &exporter) {
    for (const auto &entry : Entries()) {
        // RegisterExporter refuses an id that is already present; UnregisterExporter of an
        // absent id does nothing, so calling this twice is harmless.
        exporter.UnregisterExporter(entry.mDescription.id);
        if (exporter.RegisterExporter(entry) != aiReturn_SUCCESS) {
            ASSIMP_LOG_ERROR("agf: could not register the \"", entry.mDescription.id,
                             "\" exporter");
        }
    }
}

void InstallExporters(std::vector<Assimp::Exporter::ExportFormatEntry> &exporters) {
    for (const auto &entry : Entries()) {
        bool replaced = false;
        for (auto &existing : exporters) {
            if (std::strcmp(existing.mDescription.id, entry.mDescription.id) == 0) {
                SaveStockWriter(existing);
                existing = entry;
                replaced = true;
                break;
            }
        }
        if (!replaced) {
            exporters.push_back(entry);
        }
    }
}

} // namespace agf
