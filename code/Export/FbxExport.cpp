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
#include "Export/FbxKeyTimes.h"
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

/** A scene copy prepared for the loaded Assimp's writer, and what is needed to repair the
 *  file that the writer makes of it. */
struct PreparedScene {
    ScenePtr scene;
    /** The exact animation lengths in seconds where the writer truncates them, else empty. */
    std::vector<double> durations;
    /** Where the writer cuts key times to whole seconds: the exact times of the numbered keys
     *  (FbxKeyTimes.h), else empty. */
    std::vector<double> numberedKeyTimes;
};

/** A copy of `scene` prepared for the loaded Assimp's writer: where it needs them, animations
 *  re-timed and key times numbered and, for FBX, morph-target normals prepared and one node
 *  per mesh or, for Collada, channel keys aligned. Nested metadata is flattened on the copy:
 *  our FBX user properties and glTF extras are written from flat keys (MetadataKeys.h). */
PreparedScene PreparedCopy(const aiScene *scene, Target target) {
    PreparedScene prepared;
    prepared.scene = CopyOfScene(scene);
    aiScene &owned = *prepared.scene;
    FlattenNestedMetadata(owned);
    const AssimpRepair timing = target == Target::Fbx ? AssimpRepair::FbxAnimationTiming
                                                      : AssimpRepair::ColladaAnimationTiming;
    const bool numberKeys = target == Target::Fbx && owned.mNumAnimations > 0 &&
                            AssimpNeeds(AssimpRepair::FbxWholeSecondKeyTimes);
    if (AssimpNeeds(timing) || numberKeys) { // the numbering starts from times in seconds
        prepared.durations = RetimeAnimationsToSeconds(owned);
    }
    if (target == Target::Fbx) {
        if (numberKeys) {
            prepared.numberedKeyTimes = NumberNodeKeyTimes(owned);
        }
        // On every version: each writer reads the base mesh's normals for a target that has
        // normals without checking that the mesh has any.
        PrepareMorphTargetNormals(owned);
        // On every version: the writer copies our UpAxis without a matching FrontAxis.
        DeclareFbxAxes(owned);
        if (AssimpNeeds(AssimpRepair::FbxOneGeometryPerNode)) {
            GiveEachMeshItsOwnNode(owned);
        }
        if (AssimpNeeds(AssimpRepair::FbxUvSetIndices)) {
            SeparateUvSetKeys(owned);
        }
    } else if (AssimpNeeds(AssimpRepair::ColladaUnevenKeys)) {
        AlignChannelKeys(owned);
    }
    return prepared;
}

std::vector<int64_t> FbxStopTimes(const std::vector<double> &durations) {
    std::vector<int64_t> stops;
    for (double seconds : durations) {
        stops.push_back(fbx::SecondsToFbxTime(seconds));
    }
    return stops;
}

void WarnIfKeyTimesUnmapped(const fbx::KeyTimeReport &report, ExportWarnings &warnings) {
    if (report.unmapped != 0 || report.compressed != 0) {
        warnings.add(WarningKind::Inconsistent, "AnimationCurve KeyTime",
                     std::to_string(report.unmapped + report.compressed) +
                         " key times or arrays were not the writer's numbered seconds and keep "
                         "their whole-second times");
    }
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
        const PreparedScene prepared = PreparedCopy(scene, Target::Fbx);
        const aiScene *copy = prepared.scene.get();
        const std::vector<uint8_t> broken = ExportBuiltInToMemory(*copy, "fbx", properties);
        fbx::FbxRepairReport report;
        fbx::KeyTimeReport keyTimes;
        fbx::MetadataReport metadata;
        fbx::MorphAnimationReport morphs;
        const std::vector<uint8_t> repaired = fbx::RepairAssimp525BinaryFbx(
            broken.data(), broken.size(), path, FbxStopTimes(prepared.durations), &report,
            [&](fbx::FbxBinaryFile &file) {
                // Before our morph-weight curves are added: their times are exact already.
                if (!prepared.numberedKeyTimes.empty()) {
                    keyTimes =
                        fbx::RestoreKeyTimes(file, prepared.numberedKeyTimes, FileNameOf(path));
                }
                if (AssimpNeeds(AssimpRepair::FbxMetadata)) {
                    metadata = fbx::AddMetadataUserProperties(file, *copy, FileNameOf(path));
                }
                if (AssimpNeeds(AssimpRepair::FbxMorphAnimation)) {
                    morphs = fbx::AddMorphWeightCurves(file, *copy, FileNameOf(path));
                }
            },
            fbx::FbxRepairStepsForLoadedAssimp());
        WarnIfStacksMissing(report.animationStacks, prepared.durations.size(), warnings);
        WarnIfKeyTimesUnmapped(keyTimes, warnings);
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
        const PreparedScene prepared = PreparedCopy(scene, Target::Fbx);
        const std::vector<uint8_t> bytes =
            ExportBuiltInToMemory(*prepared.scene, "fbxa", properties);
        std::string text(bytes.begin(), bytes.end());
        if (!prepared.durations.empty()) {
            const fbx::TakeLengthResult lengths =
                fbx::SetTakeLengthsAscii(text, FbxStopTimes(prepared.durations));
            WarnIfStacksMissing(lengths.stacksFound, prepared.durations.size(), warnings);
        }
        if (!prepared.numberedKeyTimes.empty()) {
            WarnIfKeyTimesUnmapped(fbx::RestoreKeyTimesAscii(text, prepared.numberedKeyTimes),
                                   warnings);
        }
        WriteFile(io, path, text.data(), text.size());
    });
}

/** The file name Exporter::ExportToBlob writes to (Assimp's AI_BLOBIO_MAGIC). */
constexpr const char *kBlobFileName = "$blobfile";

void ExportCollada(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                   const Assimp::ExportProperties *properties) {
    Guarded("collada", path, [&](ExportWarnings &) {
        const PreparedScene prepared = PreparedCopy(scene, Target::Collada);
        aiScene *copy = prepared.scene.get();
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
        if (builtIn.Export(copy, "collada", innerPath, InnerPreprocessing(properties),
                           &innerProperties) != aiReturn_SUCCESS) {
            throw std::runtime_error(
                std::string("Assimp's built-in \"collada\" exporter failed: ") +
                builtIn.GetErrorString());
        }
    });
}

} // namespace agf
