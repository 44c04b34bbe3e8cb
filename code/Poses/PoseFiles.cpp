/** @file PoseFiles.cpp
 *  ApplyPoseFile: importing a pose source with our importers and carrying its pose over.
 */
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Poses/PoseTransfer.h"

#include <assimp_gameformats/Registration.h>

#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <memory>
#include <stdexcept>

namespace agf {

PoseTransferReport ApplyPoseFile(aiScene &target, const std::string &poseFile,
                                 const PoseTransferOptions &options,
                                 Assimp::Importer *poseImporter) {
    std::unique_ptr<Assimp::Importer> ownImporter;
    if (poseImporter == nullptr) {
        ownImporter = std::make_unique<Assimp::Importer>();
        poseImporter = ownImporter.get();
    } else if (poseImporter->GetScene() == &target) {
        // Reading the pose would delete the target first.
        throw std::invalid_argument("ApplyPoseFile: the pose Importer owns the target scene");
    }
    RegisterImporters(*poseImporter);
    const std::string fileName = FileNameOf(poseFile);
    Assimp::IOSystem *io = poseImporter->GetIOHandler();
    if (poseFile.empty() || !io->Exists(poseFile)) {
        ThrowImportError(fileName.empty() ? "<no pose file>" : fileName, "pose file", 0,
                         "cannot find the file");
    }
    const aiScene *source = poseImporter->ReadFile(poseFile, aiProcess_ValidateDataStructure);
    if (source == nullptr) {
        ThrowImportError(fileName, "pose file", 0,
                         std::string("does not import: ") + poseImporter->GetErrorString());
    }
    Warnings warnings;
    Pose pose = poses::SavePoseFrom(*source, options, fileName, warnings);
    // The file names the pose: "pose:crouch" for crouch.pz2, whatever its animation is called.
    pose.name = BaseNameOf(poseFile);
    PoseTransferReport report = poses::ApplyPoseTo(target, pose, options, *io, warnings);
    poseImporter->FreeScene();
    poses::FinishReport(warnings, report);
    return report;
}

} // namespace agf
