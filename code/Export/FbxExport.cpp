/** @file FbxExport.cpp
 *  The "fbx", "fbxa" and "collada" replacements (see ExportFunctions.h).
 */
#include "Export/StockWriters.h"
#include "ExportFunctions.h"

#include "Common/AssimpVersion.h"
#include "Common/BorrowedIOSystem.h"
#include "Common/FileLoading.h"
#include "Export/AnimationRetiming.h"
#include "Export/ChannelKeyAlignment.h"
#include "Export/ExportSupport.h"
#include "Export/FbxAxes.h"
#include "Export/FbxBinaryRepair.h"
#include "Export/FbxMeshNodes.h"
#include "Export/FbxMetadata.h"
#include "Export/FbxMorphAnimation.h"
#include "Export/FbxTakeLength.h"
#include "Export/FbxUvSets.h"
#include "Export/MorphTargetNormals.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace agf {

namespace {

enum class Target { Fbx, Collada };

/** A copy of `scene` prepared for the loaded Assimp's writer: where it needs them, animations
 *  re-timed (`durations` then receives the exact seconds, else it stays empty) and, for FBX,
 *  morph-target normals prepared and one node per mesh or, for Collada, channel keys aligned.
 *  Nested metadata is flattened on the copy: our FBX user properties and glTF extras are
 *  written from flat keys (MetadataKeys.h). */
ScenePtr PreparedCopy(const aiScene *scene, Target target, std::vector<double> &durations) {
    ScenePtr owned = CopyOfScene(scene);
    FlattenNestedMetadata(*owned);
    durations.clear();
    const AssimpRepair timing = target == Target::Fbx ? AssimpRepair::FbxAnimationTiming
                                                      : AssimpRepair::ColladaAnimationTiming;
    if (AssimpNeeds(timing)) {
        durations = RetimeAnimationsToSeconds(*owned);
    }
    if (target == Target::Fbx) {
        // On every version: each writer reads the base mesh's normals for a target that has
        // normals without checking that the mesh has any.
        PrepareMorphTargetNormals(*owned);
        // On every version: the writer copies our UpAxis without a matching FrontAxis.
        DeclareFbxAxes(*owned);
        if (AssimpNeeds(AssimpRepair::FbxOneGeometryPerNode)) {
            GiveEachMeshItsOwnNode(*owned);
        }
        if (AssimpNeeds(AssimpRepair::FbxUvSetIndices)) {
            SeparateUvSetKeys(*owned);
        }
    } else if (AssimpNeeds(AssimpRepair::ColladaUnevenKeys)) {
        AlignChannelKeys(*owned);
    }
    return owned;
}

std::vector<int64_t> FbxStopTimes(const std::vector<double> &durations) {
    std::vector<int64_t> stops;
    for (double seconds : durations) {
        stops.push_back(fbx::SecondsToFbxTime(seconds));
    }
    return stops;
}

void WarnIfStacksMissing(size_t stacksFound, size_t animations, ExportWarnings &warnings) {
    if (stacksFound != animations) {
        warnings.add(WarningKind::Inconsistent, "AnimationStack",
                     "expected " + std::to_string(animations) + " AnimationStack records, found " +
                         std::to_string(stacksFound) + "; animation lengths may be whole seconds");
    }
}

} // namespace

void ExportFbxBinary(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                     const Assimp::ExportProperties *properties) {
    Guarded("fbx", path, [&](ExportWarnings &warnings) {
        std::vector<double> durations;
        const ScenePtr copy = PreparedCopy(scene, Target::Fbx, durations);
        const std::vector<uint8_t> broken = ExportBuiltInToMemory(*copy, "fbx", properties);
        fbx::FbxRepairReport report;
        fbx::MetadataReport metadata;
        fbx::MorphAnimationReport morphs;
        const std::vector<uint8_t> repaired = fbx::RepairAssimp525BinaryFbx(
            broken.data(), broken.size(), path, FbxStopTimes(durations), &report,
            [&](fbx::FbxBinaryFile &file) {
                if (AssimpNeeds(AssimpRepair::FbxMetadata)) {
                    metadata = fbx::AddMetadataUserProperties(file, *copy, FileNameOf(path));
                }
                if (AssimpNeeds(AssimpRepair::FbxMorphAnimation)) {
                    morphs = fbx::AddMorphWeightCurves(file, *copy, FileNameOf(path));
                }
            },
            fbx::FbxRepairStepsForLoadedAssimp());
        WarnIfStacksMissing(report.animationStacks, durations.size(), warnings);
        if (morphs.skipped != 0) {
            warnings.add(WarningKind::OutOfRange, "morph-weight curves",
                         std::to_string(morphs.skipped) +
                             " morph-weight channels found no blend shape to animate");
        }
        if (metadata.ambiguous != 0) {
            warnings.add(WarningKind::Duplicate, "user properties",
                         std::to_string(metadata.ambiguous) +
                             " nodes share their name with another; their metadata is not written");
        }
        WriteFile(io, path, repaired.data(), repaired.size());
    });
}

void ExportFbxAscii(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                    const Assimp::ExportProperties *properties) {
    Guarded("fbxa", path, [&](ExportWarnings &warnings) {
        std::vector<double> durations;
        const ScenePtr copy = PreparedCopy(scene, Target::Fbx, durations);
        const std::vector<uint8_t> bytes = ExportBuiltInToMemory(*copy, "fbxa", properties);
        std::string text(bytes.begin(), bytes.end());
        if (!durations.empty()) {
            const fbx::TakeLengthResult lengths =
                fbx::SetTakeLengthsAscii(text, FbxStopTimes(durations));
            WarnIfStacksMissing(lengths.stacksFound, durations.size(), warnings);
        }
        WriteFile(io, path, text.data(), text.size());
    });
}

/** The file name Exporter::ExportToBlob writes to (Assimp's AI_BLOBIO_MAGIC). */
constexpr const char *kBlobFileName = "$blobfile";

void ExportCollada(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                   const Assimp::ExportProperties *properties) {
    Guarded("collada", path, [&](ExportWarnings &) {
        std::vector<double> durations;
        const ScenePtr copy = PreparedCopy(scene, Target::Collada, durations);
        // Collada may write texture files next to the document: write straight through `io`.
        Assimp::Exporter builtIn;
        UseStockWriter(builtIn, "collada"); // inside libassimp: Assimp's writer, not ours
        builtIn.SetIOHandler(new BorrowedIOSystem(*io));
        Assimp::ExportProperties innerProperties =
            properties != nullptr ? *properties : Assimp::ExportProperties();
        // Assimp 5.2.5 names the image files of embedded textures from the document's folder,
        // which it gets wrong for a bare file name ("a.dae" gives "a.daea_texture_0001.png"):
        // give it the folder explicitly (not to ExportToBlob's memory file, whose name is
        // fixed, nor when there is no texture to write).
        const bool bareName =
            DirectoryOf(path).empty() && std::string(path).rfind(kBlobFileName, 0) != 0;
        const std::string innerPath =
            bareName && copy->mNumTextures > 0 ? "./" + std::string(path) : std::string(path);
        if (builtIn.Export(copy.get(), "collada", innerPath, InnerPreprocessing(properties),
                           &innerProperties) != aiReturn_SUCCESS) {
            throw std::runtime_error(
                std::string("Assimp's built-in \"collada\" exporter failed: ") +
                builtIn.GetErrorString());
        }
    });
}

} // namespace agf
