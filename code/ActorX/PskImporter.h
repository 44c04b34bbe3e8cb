/** @file PskImporter.h
 *  The Assimp importer for ActorX PSK / PSKX meshes.
 */
#pragma once

#include "AnimationBinding.h"
#include "PskConverter.h"

#include <assimp/BaseImporter.h>

namespace agf {

/** Recognises files by the ACTRHEAD signature, parses them (PskParser), builds the scene
 *  (PskConverter), adds the UEViewer sidecar textures (PskSidecars) and loads the animation
 *  files of AnimationBinding onto the skeleton. */
class PskImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Assimp::Importer *importer) override;

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override;

private:
    psk::PskConvertOptions mOptions;
    bool mSkipSidecars = false;
    AnimationLoadRequest mAnimationRequest;
};

} // namespace agf
