/** @file P3dImporter.h
 *  The Assimp importer for Bohemia Interactive P3D models.
 */
#pragma once

#include "P3dFileData.h"

#include <assimp/BaseImporter.h>

#include <string>
#include <vector>

namespace agf::p3d {

/** What the first bytes of a file say it is. */
enum class Signature { None, Mlod, Odol, BareLod, Packed };

/** Recognises a P3D by its first four bytes (spec 1). */
Signature DetectSignature(const uint8_t *data, size_t size);

/** Parses a whole P3D file in memory (unpacking a whole-file-packed one first). */
Model ParseP3d(const uint8_t *data, size_t size, const std::string &fileName);

class P3dImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Assimp::Importer *importer) override;

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override;

private:
    /** The skeleton for models without one: from the bone-list option, or a model.cfg. */
    void findExternalSkeleton(const std::string &file, Assimp::IOSystem *io,
                              std::vector<Bone> &bones, std::string &name, std::string &source);

    std::string mLodChoice;
    std::string mModelCfgPath;
    std::string mSkeletonName;
    std::string mSkeletonBones;
    bool mNoModelCfg = false;
};

} // namespace agf::p3d
