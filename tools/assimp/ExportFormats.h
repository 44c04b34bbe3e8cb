/** @file ExportFormats.h
 *  Finding an export format by id or by file extension, as the stock tool's `export` does;
 *  shared by `export` and `batch`.
 */
#pragma once

#include <assimp/Exporter.hpp>

#include <string>

namespace agf::cli {

/** `text` in lower case (ASCII). */
std::string LowerAscii(std::string text);

/** The format with this id (lower case), or nullptr. */
const aiExportFormatDesc *FindExportFormatById(const Assimp::Exporter &exporter,
                                               const std::string &id);

/** The format the stock tool picks for a file extension (lower case, no dot), or nullptr. */
const aiExportFormatDesc *FindExportFormatByExtension(const Assimp::Exporter &exporter,
                                                      const std::string &extension);

/** What `-f<id>` names: an id, or else (as the stock tool accepts "-fdae") an extension. */
const aiExportFormatDesc *FindExportFormat(const Assimp::Exporter &exporter,
                                           const std::string &idOrExtension);

/** True for the writers that carry embedded textures (glTF, FBX, Collada, Assimp's own
 *  formats). For the others the import keeps texture references as written
 *  (AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES), since an embedded texture would leave them a
 *  "*0" where a path stood. */
bool WriterEmbedsTextures(const std::string &formatId);

} // namespace agf::cli
