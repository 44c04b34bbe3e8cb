/** @file PswImporter.h
 *  The Assimp importer for ActorX worlds (`.psw`, Ada's CUE4Parse fork).
 */
#pragma once

#include "PswConverter.h"

#include <assimp/BaseImporter.h>

namespace agf {

/** Recognises files by the WRLDHEAD signature, parses them (PswParser) and builds the level
 *  (PswConverter), importing the referenced meshes through the registered PSK importer. */
class PswImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Assimp::Importer *importer) override;

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override;

private:
    psw::PswConvertOptions mOptions;
};

} // namespace agf
