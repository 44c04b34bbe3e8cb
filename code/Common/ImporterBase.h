/** @file ImporterBase.h
 *  The base of every importer of this library: Assimp's BaseImporter with one warnings sink per
 *  import, flushed to Assimp's log once at the end, and kept for callers (tests, the `assimp`
 *  command) that want the warnings themselves rather than log text.
 */
#pragma once

#include "Common/Warnings.h"

#include <assimp/BaseImporter.h>

#include <string>

namespace agf {

class ImporterBase : public Assimp::BaseImporter {
public:
    /** The warnings of this instance's last import (whether it succeeded or failed). */
    const Warnings &lastWarnings() const { return mWarnings; }

protected:
    /** The format's import: as InternReadFile, with the sink for recoverable problems. */
    virtual void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                            Warnings &warnings) = 0;

private:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) final;

    Warnings mWarnings;
};

/** The warnings of the last import that `importer` ran through one of our importers claiming
 *  `extension` ("psk"), or nullptr when no such importer is registered. */
const Warnings *LastImportWarnings(const Assimp::Importer &importer, const std::string &extension);

} // namespace agf
