/** @file PsaImporter.h
 *  Stand-alone import of a PSA (ANIMHEAD) or PSAX (ANIXHEAD) file: the skeleton named by
 *  BONENAMES plus every animation. Meshes load their animations through
 *  LoadAnimationsOntoScene instead.
 */
#pragma once

#include "AnimationBinding.h"

#include <assimp/BaseImporter.h>

namespace agf::actorx {

class PsaImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Assimp::Importer *importer) override;

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override;

private:
    bool mYUp = true;
    float mScale = 1.0f;
    bool mSkeletonMesh = false;
    AnimationLoadOptions mOptions;
};

} // namespace agf::actorx
