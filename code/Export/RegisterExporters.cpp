/** @file RegisterExporters.cpp
 *  agf::RegisterExporters: replacement "fbx", "fbxa" and "collada" export formats that work
 *  around Assimp 5.2.5's writers.
 *
 *  Each replacement copies the scene, re-times its animations to seconds
 *  (AnimationRetiming.h), for FBX gives morph targets normals (MorphTargetNormals.h), runs
 *  Assimp's own writer on the copy through a private Exporter (which still has the built-in
 *  formats), and fixes what that writer gets wrong:
 *  - "fbx": the file is repaired (FbxBinaryRepair.h: null records, object scopes, shape
 *    names, exact animation lengths);
 *  - "fbxa": the exact animation lengths;
 *  - "collada": the scene's channels get one set of key times first
 *    (ChannelKeyAlignment.h), or the writer produces a file that cannot be read back.
 *  Errors cannot reach Exporter::GetErrorString (DeadlyExportError cannot be constructed
 *  outside libassimp on Debian), so they are logged and the export returns AI_FAILURE.
 */
#include <assimp_gameformats/GameFormats.h>

#include "Export/AnimationRetiming.h"
#include "Export/ChannelKeyAlignment.h"
#include "Export/FbxBinaryRepair.h"
#include "Export/FbxTakeLength.h"
#include "Export/MorphTargetNormals.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/SceneCombiner.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace agf {

namespace {

/** Lets a private Exporter write through the IOSystem our export function was given, without
 *  taking ownership of it (Exporter::SetIOHandler deletes what it is given). */
class ForwardingIOSystem : public Assimp::IOSystem {
public:
    explicit ForwardingIOSystem(Assimp::IOSystem &target) : mTarget(target) {}

    using Assimp::IOSystem::Exists;
    bool Exists(const char *file) const override { return mTarget.Exists(file); }
    char getOsSeparator() const override { return mTarget.getOsSeparator(); }
    Assimp::IOStream *Open(const char *file, const char *mode) override {
        return mTarget.Open(file, mode);
    }
    void Close(Assimp::IOStream *stream) override { mTarget.Close(stream); }
    bool ComparePaths(const char *one, const char *second) const override {
        return mTarget.ComparePaths(one, second);
    }
    bool CreateDirectory(const std::string &path) override { return mTarget.CreateDirectory(path); }
    bool DeleteFile(const std::string &file) override { return mTarget.DeleteFile(file); }

private:
    Assimp::IOSystem &mTarget;
};

struct SceneDeleter {
    void operator()(aiScene *scene) const { delete scene; }
};
using ScenePtr = std::unique_ptr<aiScene, SceneDeleter>;

enum class Target { Fbx, Collada };

/** A copy of `scene` with its animations re-timed (`durations` receives the exact seconds)
 *  and, for FBX, morph-target normals prepared or, for Collada, channel keys aligned. */
ScenePtr PreparedCopy(const aiScene *scene, Target target, std::vector<double> &durations) {
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, scene);
    if (copy == nullptr) {
        throw std::runtime_error("could not copy the scene");
    }
    ScenePtr owned(copy);
    durations = RetimeAnimationsToSeconds(*owned);
    if (target == Target::Fbx) {
        PrepareMorphTargetNormals(*owned);
    } else {
        AlignChannelKeys(*owned);
    }
    return owned;
}

/** The properties for the private Exporter, and the post-processing flag that keeps the
 *  outer export's "bJoinIdenticalVertices" (the private Export overwrites it from its own
 *  flags, and the FBX writer reads it). */
unsigned int InnerPreprocessing(const Assimp::ExportProperties *properties) {
    const bool join =
        properties != nullptr && properties->GetPropertyBool("bJoinIdenticalVertices", false);
    return join ? static_cast<unsigned int>(aiProcess_JoinIdenticalVertices) : 0u;
}

/** Runs Assimp's built-in writer `formatId` on `scene` into memory. */
std::vector<uint8_t> ExportBuiltInToMemory(const aiScene &scene, const char *formatId,
                                           const Assimp::ExportProperties *properties) {
    Assimp::Exporter builtIn;
    Assimp::ExportProperties innerProperties =
        properties != nullptr ? *properties : Assimp::ExportProperties();
    const aiExportDataBlob *blob =
        builtIn.ExportToBlob(&scene, formatId, InnerPreprocessing(properties), &innerProperties);
    if (blob == nullptr) {
        throw std::runtime_error(std::string("Assimp's built-in \"") + formatId +
                                 "\" exporter failed: " + builtIn.GetErrorString());
    }
    const auto *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

void WriteFile(Assimp::IOSystem *io, const char *path, const void *data, size_t size) {
    Assimp::IOStream *stream = io->Open(path, "wb");
    if (stream == nullptr) {
        throw std::runtime_error(std::string("cannot open ") + path + " for writing");
    }
    const size_t written = size == 0 ? 0 : stream->Write(data, size, 1);
    io->Close(stream);
    if (size != 0 && written != 1) {
        throw std::runtime_error(std::string("could not write ") + std::to_string(size) +
                                 " bytes to " + path);
    }
}

std::vector<int64_t> FbxStopTimes(const std::vector<double> &durations) {
    std::vector<int64_t> stops;
    for (double seconds : durations) {
        stops.push_back(fbx::SecondsToFbxTime(seconds));
    }
    return stops;
}

void WarnIfStacksMissing(const char *path, size_t stacksFound, size_t animations) {
    if (stacksFound != animations) {
        ASSIMP_LOG_WARN(path, ": expected ", animations, " AnimationStack records, found ",
                        stacksFound, "; animation lengths may be whole seconds");
    }
}

/** Logs the error (the only place it can go, see the file comment) and rethrows. */
template <typename Body> void Guarded(const char *formatId, const char *path, Body body) {
    try {
        body();
    } catch (const std::exception &error) {
        ASSIMP_LOG_ERROR("agf \"", formatId, "\" export of ", path, " failed: ", error.what());
        throw;
    }
}

void ExportFbxBinary(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                     const Assimp::ExportProperties *properties) {
    Guarded("fbx", path, [&] {
        std::vector<double> durations;
        const ScenePtr copy = PreparedCopy(scene, Target::Fbx, durations);
        const std::vector<uint8_t> broken = ExportBuiltInToMemory(*copy, "fbx", properties);
        fbx::FbxRepairReport report;
        const std::vector<uint8_t> repaired = fbx::RepairAssimp525BinaryFbx(
            broken.data(), broken.size(), path, FbxStopTimes(durations), &report);
        WarnIfStacksMissing(path, report.animationStacks, durations.size());
        WriteFile(io, path, repaired.data(), repaired.size());
    });
}

void ExportFbxAscii(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                    const Assimp::ExportProperties *properties) {
    Guarded("fbxa", path, [&] {
        std::vector<double> durations;
        const ScenePtr copy = PreparedCopy(scene, Target::Fbx, durations);
        const std::vector<uint8_t> bytes = ExportBuiltInToMemory(*copy, "fbxa", properties);
        std::string text(bytes.begin(), bytes.end());
        const fbx::TakeLengthResult lengths =
            fbx::SetTakeLengthsAscii(text, FbxStopTimes(durations));
        WarnIfStacksMissing(path, lengths.stacksFound, durations.size());
        WriteFile(io, path, text.data(), text.size());
    });
}

void ExportCollada(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                   const Assimp::ExportProperties *properties) {
    Guarded("collada", path, [&] {
        std::vector<double> durations;
        const ScenePtr copy = PreparedCopy(scene, Target::Collada, durations);
        // Collada may write texture files next to the document: write straight through `io`.
        Assimp::Exporter builtIn;
        builtIn.SetIOHandler(new ForwardingIOSystem(*io));
        Assimp::ExportProperties innerProperties =
            properties != nullptr ? *properties : Assimp::ExportProperties();
        if (builtIn.Export(copy.get(), "collada", path, InnerPreprocessing(properties),
                           &innerProperties) != aiReturn_SUCCESS) {
            throw std::runtime_error(
                std::string("Assimp's built-in \"collada\" exporter failed: ") +
                builtIn.GetErrorString());
        }
    });
}

} // namespace

void RegisterExporters(Assimp::Exporter &exporter) {
    // The id, description and extension pointers are kept by the Exporter: static storage.
    static const Assimp::Exporter::ExportFormatEntry kEntries[] = {
        {"collada", "COLLADA - Digital Asset Exchange Schema", "dae", &ExportCollada},
        {"fbx", "Autodesk FBX (binary)", "fbx", &ExportFbxBinary},
        {"fbxa", "Autodesk FBX (ascii)", "fbx", &ExportFbxAscii},
    };
    for (const auto &entry : kEntries) {
        // RegisterExporter refuses an id that is already present; UnregisterExporter of an
        // absent id does nothing, so calling this twice is harmless.
        exporter.UnregisterExporter(entry.mDescription.id);
        if (exporter.RegisterExporter(entry) != aiReturn_SUCCESS) {
            ASSIMP_LOG_ERROR("agf: could not register the \"", entry.mDescription.id,
                             "\" exporter");
        }
    }
}

} // namespace agf
