/** @file Session.cpp */
#include "Session.h"

#include "ExitCodes.h"
#include "PropertySettings.h"
#include "TerminalProgress.h"

#include "Common/StringHelpers.h"
#include "Pbo/PboFileSystem.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultIOSystem.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/LogStream.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace agf::cli {

namespace {

/** Keeps the reason our writers log for a failure (`agf "<format>" export of <path> failed:
 *  <why>`) while no log was asked for, so that it reaches the user: Exporter::GetErrorString
 *  cannot carry it (ExportOutput.h). */
class WriterFailure : public Assimp::LogStream {
public:
    explicit WriterFailure(std::string &reason) : mReason(reason) {}
    void write(const char *message) override {
        const std::string text = message;
        const size_t start = text.find("agf \"");
        const size_t failed = text.find(" failed: ", start);
        if (start != std::string::npos && failed != std::string::npos) {
            mReason = OneLine(text.substr(failed + 9));
        }
    }

private:
    std::string &mReason;
};

/** A .uepose holds additive poses, which the pose transfer cannot carry (its conventions are
 *  absolute): such a --pose is loaded like an animation file instead, restored on the bind
 *  pose (AI_CONFIG_IMPORT_ANIMATION_ADDITIVE, unless --set chose otherwise). */
bool IsUePoseFile(const std::string &file) {
    const std::string extension = std::filesystem::path(file).extension().string();
    return extension.size() == 7 && (extension == ".uepose" || extension == ".UEPOSE");
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

Session::Session(const ImportOptions &options, ModelFileAccess access) : mOptions(options) {
    RegisterImporters(mImporter);
    RegisterExporters(mExporter);
    mFiles = new pbo::PboFileSystem(std::make_unique<Assimp::DefaultIOSystem>());
    mImporter.SetIOHandler(mFiles); // the Importer deletes it
    mImporter.SetPropertyBool(AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES,
                              access == ModelFileAccess::Map);
    // As the stock tool does: the log then reports how long each step took.
    mImporter.SetPropertyBool("GLOB_MEASURE_TIME", true);
    if (mOptions.wantsLogger()) {
        StartLog();
    }
}

Session::~Session() {
    if (mOwnsLogger) {
        Assimp::DefaultLogger::kill();
    }
}

void Session::StartLog() {
    unsigned int streams = 0;
    if (!mOptions.logFile.empty()) {
        streams |= aiDefaultLogStream_FILE;
    }
    if (mOptions.showLog) {
        streams |= aiDefaultLogStream_STDERR;
    }
    const Assimp::Logger::LogSeverity severity =
        mOptions.verbose ? Assimp::Logger::VERBOSE : Assimp::Logger::NORMAL;
    Assimp::DefaultLogger::create(mOptions.logFile.empty() ? nullptr : mOptions.logFile.c_str(),
                                  severity, streams);
    mOwnsLogger = true;
    std::printf("\nAttaching log stream   ...           OK\n");
}

bool Session::ApplyAnimationFiles(const std::string &modelPath) {
    std::vector<std::string> files = mOptions.animationFiles;
    if (IsUePoseFile(mOptions.poseFile)) {
        files.push_back(mOptions.poseFile);
        const bool chosen = std::any_of(
            mOptions.properties.begin(), mOptions.properties.end(),
            [](const PropertySetting &s) { return s.key == AI_CONFIG_IMPORT_ANIMATION_ADDITIVE; });
        if (!chosen) {
            mImporter.SetPropertyString(AI_CONFIG_IMPORT_ANIMATION_ADDITIVE, "bind");
        }
        mImporter.SetPropertyString(AI_CONFIG_IMPORT_UEFORMAT_POSE,
                                    mOptions.poseAnimation.empty() ? "0" : mOptions.poseAnimation);
    }
    if (files.empty()) {
        return true;
    }
    // The importer resolves relative names against the model's folder; on the command line
    // they are relative to the current folder, so pass absolute paths.
    std::string joined;
    for (const std::string &file : files) {
        std::error_code error;
        const std::filesystem::path absolute = std::filesystem::absolute(file, error);
        if (error || !std::filesystem::is_regular_file(absolute, error)) {
            ReportError("cannot import " + modelPath + ": animation file " + file +
                        " does not exist or is not a file");
            return false;
        }
        const std::string text = absolute.string();
        if (text.find_first_of(";\n") != std::string::npos) {
            ReportError("cannot import " + modelPath + ": animation file name " + file +
                        " contains ';' or a line break, which separate the list of files");
            return false;
        }
        joined += (joined.empty() ? "" : ";") + text;
    }
    mImporter.SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, joined);
    return true;
}

bool Session::ApplyTextureRoots(const std::string &modelPath) {
    if (mOptions.textureRoots.empty()) {
        return true;
    }
    std::string joined = mImporter.GetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, "");
    for (const std::string &folder : mOptions.textureRoots) {
        std::error_code error;
        const std::filesystem::path absolute = std::filesystem::absolute(folder, error);
        const bool archive = !error && EndsWithIgnoreCase(folder, ".pbo") &&
                             std::filesystem::is_regular_file(absolute, error);
        if (error || (!archive && !std::filesystem::is_directory(absolute, error))) {
            ReportError("cannot import " + modelPath + ": texture root " + folder +
                        " does not exist or is neither a folder nor a PBO archive");
            return false;
        }
        const std::string text = absolute.string();
        if (text.find_first_of(";\n") != std::string::npos) {
            ReportError("cannot import " + modelPath + ": texture root " + folder +
                        " contains ';' or a line break, which separate the list of roots");
            return false;
        }
        joined += (joined.empty() ? "" : ";") + text;
    }
    mImporter.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, joined);
    return true;
}

const aiScene *Session::Import(const std::string &path) {
    std::printf("Launching asset import ...           OK\n");
    if (!mImporter.ValidateFlags(mOptions.postProcessing)) {
        ReportError("cannot import " + path + ": unsupported combination of post-processing flags");
        return nullptr;
    }
    std::printf("Validating postprocessing flags ...  OK\n");

    for (const PropertySetting &setting : mOptions.properties) {
        ApplyPropertySetting(mImporter, setting);
    }
    if (!ApplyAnimationFiles(path) || !ApplyTextureRoots(path)) {
        return nullptr;
    }

    TerminalProgress *progress = nullptr;
    if (TerminalProgress::StderrIsTerminal() && !mOptions.showLog) {
        progress = new TerminalProgress("importing " + path, mOptions.postProcessing != 0);
        mImporter.SetProgressHandler(progress); // the Importer deletes it
    }
    std::fflush(stdout);

    const auto start = std::chrono::steady_clock::now();
    const aiScene *scene = mImporter.ReadFile(path, mOptions.postProcessing);
    if (progress != nullptr) {
        progress->Finish();
    }
    if (scene == nullptr) {
        ReportArchiveProblems();
        ReportError("cannot import " + path + ": " + OneLine(mImporter.GetErrorString()));
        return nullptr;
    }
    std::printf("Importing file ...                   OK \n   import took approx. %.5f seconds\n\n",
                SecondsSince(start));
    // A glTF read by Assimp carries its extras as nested metadata, which aborts every export
    // on Assimp before 5.3 (agf::FlattenNestedMetadata). The scene is the Importer's, and ours
    // to change.
    if (AssimpAbortsOnNestedMetadata()) {
        FlattenNestedMetadata(*const_cast<aiScene *>(scene));
    }
    if (!mOptions.animationFiles.empty() && scene->mNumAnimations == 0) {
        // Only importers with a skeleton read the animation files, and they skip files whose
        // bones do not fit; without this line that would go unnoticed.
        ReportWarning("--anim was given, but " + path +
                      " was imported without animations: its format does not take animation "
                      "files, or their bones do not match its skeleton (see -l)");
    }
    if (!ApplyPose(path, scene)) {
        return nullptr;
    }
    return scene;
}

void Session::ReportArchiveProblems() {
    // An entry that a damaged archive lost fails before any importer of ours runs, so its
    // warnings are still the file system's.
    Warnings problems;
    mFiles->takeWarnings(problems);
    for (const Warning &warning : problems.entries()) {
        ReportWarning(warning.text());
    }
}

bool Session::ApplyPose(const std::string &modelPath, const aiScene *scene) {
    if (mOptions.poseFile.empty()) {
        return true;
    }
    if (IsUePoseFile(mOptions.poseFile)) {
        // Loaded with the animation files: its pose is the scene's last animation.
        const aiAnimation *pose =
            scene->mNumAnimations == 0 ? nullptr : scene->mAnimations[scene->mNumAnimations - 1];
        if (pose == nullptr) {
            ReportError("cannot pose " + modelPath + ": " + mOptions.poseFile +
                        " gave no animation (its format takes no animation files, or no bone "
                        "matches; see -l)");
            return false;
        }
        std::printf("Applying pose ...                    OK \n   additive pose '%s' of %s "
                    "loaded as an animation\n\n",
                    pose->mName.C_Str(), mOptions.poseFile.c_str());
        return true;
    }
    PoseTransferOptions options;
    options.convention = ParsePoseConvention(mOptions.poseConvention);
    options.nameMapFile = mOptions.poseMap;
    options.sourceAnimation = mOptions.poseAnimation;
    options.time = mOptions.poseTime;
    // A turn about the world's up axis (Y): cos and sin of half the angle.
    const double halfYaw = mOptions.poseYaw * 3.14159265358979323846 / 360.0;
    options.axisChange[0] = std::cos(halfYaw);
    options.axisChange[2] = std::sin(halfYaw);
    // The pose file gets the same --set properties as the model (e.g. a Poser figure file).
    Assimp::Importer poseImporter;
    for (const PropertySetting &setting : mOptions.properties) {
        ApplyPropertySetting(poseImporter, setting);
    }
    PoseTransferReport report;
    try {
        // The scene belongs to the Importer, which hands it out as const, but it is not a const
        // object: adding the pose's animation in place is what -rx does to the root, too.
        report =
            ApplyPoseFile(const_cast<aiScene &>(*scene), mOptions.poseFile, options, &poseImporter);
    } catch (const std::exception &error) {
        ReportError("cannot pose " + modelPath + ": " + error.what());
        return false;
    }
    const size_t poseBones = report.matchedBones.size() + report.unmatchedPoseBones.size();
    std::printf("Applying pose ...                    OK \n   %zu of %zu pose bones matched (%s); "
                "animation '%s'\n\n",
                report.matchedBones.size(), poseBones, mOptions.poseConvention.c_str(),
                report.animationName.c_str());
    if (!report.unmatchedPoseBones.empty()) {
        std::string names;
        for (const std::string &name : report.unmatchedPoseBones) {
            names += (names.empty() ? "" : ", ") + name;
        }
        ReportWarning("--pose: " + std::to_string(report.unmatchedPoseBones.size()) + " bones of " +
                      mOptions.poseFile + " have no match in " + modelPath +
                      " (use --pose-map): " + names);
    }
    return true;
}

bool Session::Export(const aiScene *scene, const std::string &formatId, const std::string &path) {
    std::printf("Launching asset export ...           OK\n");

    // The scene belongs to the Importer, which hands it out as const, but its nodes are not
    // const objects: rotating the root in place is what the stock tool does too.
    if (mOptions.rotation != aiVector3D(0, 0, 0)) {
        aiMatrix4x4 rx, ry, rz;
        aiMatrix4x4::RotationX(mOptions.rotation.x, rx);
        aiMatrix4x4::RotationY(mOptions.rotation.y, ry);
        aiMatrix4x4::RotationZ(mOptions.rotation.z, rz);
        aiMatrix4x4 &root = scene->mRootNode->mTransformation;
        root = root * rx * ry * rz;
    }

    TerminalProgress *progress = nullptr;
    if (TerminalProgress::StderrIsTerminal() && !mOptions.showLog) {
        progress = new TerminalProgress("exporting " + path, false);
        mExporter.SetProgressHandler(progress); // the Exporter deletes it
    }
    std::fflush(stdout);

    const auto start = std::chrono::steady_clock::now();
    // The writers' own options (e.g. EXPORT_GLTF_KEEP_UNITS) reach them through --set too.
    Assimp::ExportProperties properties;
    for (const PropertySetting &setting : mOptions.properties) {
        if (IsExportProperty(setting.key)) {
            ApplyPropertySetting(properties, setting);
        }
    }
    std::string failure;
    const bool capture = Assimp::DefaultLogger::isNullLogger();
    if (capture) {
        Assimp::DefaultLogger::create(nullptr, Assimp::Logger::NORMAL, 0);
        Assimp::DefaultLogger::get()->attachStream(new WriterFailure(failure), Assimp::Logger::Err);
    }
    const aiReturn result = mExporter.Export(scene, formatId, path, 0u, &properties);
    if (capture) {
        Assimp::DefaultLogger::kill(); // deletes the stream
    }
    if (progress != nullptr) {
        progress->Finish();
    }
    // With a log asked for, the same lines are in it already. Only our writers leave warnings
    // (Assimp's own leave those of an earlier export in place): the file tells them apart.
    if (capture) {
        for (const Warning &warning : LastExportWarnings()) {
            if (warning.file == path) {
                ReportWarning(warning.text());
            }
        }
    }
    if (result != aiReturn_SUCCESS) {
        const char *error = mExporter.GetErrorString();
        if (failure.empty()) {
            failure = error != nullptr && *error != '\0' ? error : "the exporter failed";
        }
        ReportError("cannot export " + path + " as " + formatId + ": " + OneLine(failure));
        return false;
    }
    std::printf("Exporting file ...                   OK \n   export took approx. %.5f seconds\n\n",
                SecondsSince(start));
    return true;
}

} // namespace agf::cli
