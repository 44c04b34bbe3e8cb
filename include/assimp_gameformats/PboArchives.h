/** @file PboArchives.h
 *  Bohemia's PBO archives (how Arma's models, textures and materials are shipped) read as
 *  folders, without unpacking them (docs/pbo.md).
 *
 *  @code
 *  Assimp::Importer importer;
 *  agf::RegisterImporters(importer);
 *  importer.SetIOHandler(agf::NewPboIOSystem());             // the Importer owns it
 *  // Textures from every PBO of the mod's addons folder, as if unpacked to a data root:
 *  importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, "@CBA_A3/addons");
 *  const aiScene *scene =
 *      importer.ReadFile("@CBA_A3/addons/cba_optics.pbo/cba_optic_small_70.p3d", 0);
 *  @endcode
 *
 *  A path that goes through a file whose name ends in ".pbo" goes on inside that archive. The
 *  entry is named by its path in the archive ("cba_optics.pbo/reticles/pip.rvmat") or by its
 *  data-root path, the archive's prefix in front
 *  ("cba_optics.pbo/x/cba/addons/optics/reticles/pip.rvmat"); with '/' or '\', letters in any
 *  case. Only the archive's header and the entries asked for are read, by offset: a model comes
 *  out of a 2 GB archive without the rest being read. Stored and LZSS-compressed ("Cprs")
 *  entries are read; a damaged archive loses only its damaged entries.
 *
 *  Texture roots (AI_CONFIG_IMPORT_TEXTURE_ROOTS) take PBO files and folders that hold PBOs
 *  with any IOSystem: every importer of this library reads them itself. A folder's PBOs
 *  together are one data root, each archive's entries under its prefix.
 */
#pragma once

#include "Api.h"
#include "Warnings.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace Assimp {
class IOSystem;
} // namespace Assimp

namespace agf {

/** A new IOSystem that serves the entries of PBO archives as files (rules above) and hands
 *  every other path, and the archives' own bytes, to `wrapped`. It owns `wrapped`; nullptr:
 *  Assimp's DefaultIOSystem. Give it to Assimp::Importer::SetIOHandler, which owns it then.
 *  Warnings about a damaged archive an import read from join that import's warnings
 *  (LastImportWarnings). Use one per Importer: like Assimp's, it is not shared by threads. */
AGF_API Assimp::IOSystem *NewPboIOSystem(Assimp::IOSystem *wrapped = nullptr);

/** One entry of a PBO archive. */
struct PboEntryInfo {
    std::string path;         ///< in the archive, '/'-separated: "reticles/pip.rvmat"
    std::string dataRootPath; ///< the prefix and the path: "x/cba/addons/optics/reticles/pip.rvmat"
    uint64_t size = 0;        ///< bytes of the file it holds (unpacked)
    bool compressed = false;  ///< packed with BI's LZSS ("Cprs")
    uint32_t timestamp = 0;   ///< seconds since 1970, as the archive records it
};

/** What a PBO archive holds, read from its header alone. */
struct PboListing {
    std::string prefix; ///< '/'-separated data-root path; the file's name without one
    std::vector<std::pair<std::string, std::string>> properties; ///< the header's, in order
    std::vector<PboEntryInfo> entries;                           ///< the usable entries
    std::vector<Warning> warnings; ///< what is damaged; each lost entry is one
};

/** Lists a PBO archive through `io` (nullptr: Assimp's DefaultIOSystem; `io` stays the
 *  caller's). Throws std::runtime_error, whose message names the file, the structure and the
 *  byte offset, when the file cannot be read, is not a PBO, or no entry can be located. */
AGF_API PboListing ListPboArchive(const std::string &path, Assimp::IOSystem *io = nullptr);

} // namespace agf
