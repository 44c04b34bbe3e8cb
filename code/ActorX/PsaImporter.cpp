/** @file PsaImporter.cpp
 *  Stand-alone import of a PSA (ANIMHEAD) or PSAX (ANIXHEAD) file: the skeleton named by
 *  BONENAMES plus every animation (PsaConverter.h, ConvertPsaScene). Meshes load their
 *  animations through the animation-loader table instead.
 */
#include "ActorXChunks.h"
#include "ActorXImporters.h"
#include "ChunkFileImporter.h"
#include "Common/FileLoading.h"
#include "Common/Options.h"
#include "PsaConverter.h"
#include "PsaLoading.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <memory>

namespace agf::actorx {

namespace {

const aiImporterDesc kDescription = {
    "Unreal ActorX animation (PSA, PSAX)",
    "",
    "",
    "Skeleton from BONENAMES and every sequence; load onto a PSK for a skinned mesh",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "psa psax"};

// Any value the property cannot hold: tells "not set" apart from an explicit false.
constexpr int kPropertyUnset = 0x7FFF0001;

} // namespace

class PsaImporter : public ChunkFileImporter {
public:
    PsaImporter()
        : ChunkFileImporter(kDescription, {kAnimMagic, kSparseAnimMagic}, "a PSA or PSAX file") {}
    void setupOptions(const Assimp::Importer *importer) override;

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override;

private:
    PsaSceneOptions mOptions;
    const Assimp::Importer *mProperties = nullptr;
};

void PsaImporter::setupOptions(const Assimp::Importer *importer) {
    mProperties = importer;
    mOptions = PsaSceneOptions();
    mOptions.yUp = BoolOption(importer, AI_CONFIG_IMPORT_PSA_YUP);
    mOptions.scale = FloatOption(importer, AI_CONFIG_IMPORT_PSA_SCALE);
    // Assimp's BVH and MD5 loaders build a skeleton mesh unless this key is set. We build none
    // by default, and one only when the caller set the key to false explicitly.
    mOptions.skeletonMesh =
        importer->GetPropertyInteger(AI_CONFIG_IMPORT_NO_SKELETON_MESHES, kPropertyUnset) == 0;
}

void PsaImporter::importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                             Warnings &warnings) {
    const std::string fileName = FileNameOf(file);
    RequirePositiveFinite(fileName, AI_CONFIG_IMPORT_PSA_SCALE, mOptions.scale);
    const FileBytes data = readModelFile(io, file);
    requireMagic(data.data(), data.size(), fileName);
    mOptions.sparse = IsPsax(data.data(), data.size());
    AnimationLoadContext context;
    context.io = io;
    context.properties = mProperties;
    context.warnings = &warnings;
    std::vector<PsaBone> bones;
    AnimationSet set = LoadPsaOrPsax(data.data(), data.size(), file, context, bones);
    ConvertPsaScene(std::move(set), bones, mOptions, fileName, scene, warnings);
}

} // namespace agf::actorx

namespace agf {

Assimp::BaseImporter *CreatePsaImporter() {
    return new actorx::PsaImporter();
}

} // namespace agf
