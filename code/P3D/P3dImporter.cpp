/** @file P3dImporter.cpp */
#include "P3dImporter.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Lzss.h"
#include "MlodParser.h"
#include "ModelCfgParser.h"
#include "OdolParser.h"
#include "P3dConverter.h"
#include "P3dImporters.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <cstring>
#include <memory>

namespace agf::p3d {

namespace {

const aiImporterDesc kDescription = {
    "Bohemia Interactive P3D importer (MLOD, ODOL v7 and v40)",
    "",
    "",
    "ODOL layouts follow specs/p3d.md and are unverified on real files",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "p3d"};

bool Magic(const uint8_t *data, const char *magic) {
    return std::memcmp(data, magic, 4) == 0;
}

} // namespace

Signature DetectSignature(const uint8_t *data, size_t size) {
    if (size < 4) {
        return Signature::None;
    }
    if (Magic(data, "MLOD")) {
        return Signature::Mlod;
    }
    if (Magic(data, "ODOL")) {
        return Signature::Odol;
    }
    if (Magic(data, "P3DM") || Magic(data, "SP3X")) {
        return Signature::BareLod;
    }
    // Old OFP files packed whole with LZSS: a flag byte, then the literal signature.
    if (std::memcmp(data + 1, "ODO", 3) == 0 || std::memcmp(data + 1, "MLO", 3) == 0) {
        return Signature::Packed;
    }
    return Signature::None;
}

Model ParseP3d(const uint8_t *data, size_t size, const std::string &fileName) {
    switch (DetectSignature(data, size)) {
    case Signature::Mlod:
    case Signature::BareLod:
        return ParseMlod(data, size, fileName);
    case Signature::Odol:
        return ParseOdol(data, size, fileName);
    case Signature::Packed: {
        std::string note;
        const std::vector<uint8_t> unpacked = LzssDecodeWholeFile(data, size, fileName, note);
        const Signature inner = DetectSignature(unpacked.data(), unpacked.size());
        if (inner != Signature::Mlod && inner != Signature::Odol) {
            ThrowImportError(fileName, "packed file", 0,
                             "the unpacked data is not an MLOD or ODOL file");
        }
        Model model = inner == Signature::Mlod
                          ? ParseMlod(unpacked.data(), unpacked.size(), fileName + " (unpacked)")
                          : ParseOdol(unpacked.data(), unpacked.size(), fileName + " (unpacked)");
        model.wasCompressed = true;
        if (!note.empty()) {
            model.warnings.push_back(fileName + ": " + note);
        }
        return model;
    }
    case Signature::None:
        break;
    }
    if (size >= 4 && Magic(data, "SP3D")) {
        ThrowImportError(fileName, "header", 0,
                         "bare SP3D LODs (OFP demo) are not supported; their layout is unknown");
    }
    ThrowImportError(fileName, "header", 0,
                     "not a P3D file (expected MLOD, ODOL, P3DM or SP3X at byte 0)");
}

bool P3dImporter::CanRead(const std::string &file, Assimp::IOSystem *io, bool) const {
    uint8_t head[4] = {0, 0, 0, 0};
    return ReadFileStart(io, file, head, sizeof head) == sizeof head &&
           DetectSignature(head, sizeof head) != Signature::None;
}

const aiImporterDesc *P3dImporter::GetInfo() const {
    return &kDescription;
}

void P3dImporter::SetupProperties(const Assimp::Importer *importer) {
    mLodChoice = importer->GetPropertyString(AI_CONFIG_IMPORT_P3D_LODS, "all");
    mModelCfgPath = importer->GetPropertyString(AI_CONFIG_IMPORT_P3D_MODELCFG, "");
    mSkeletonName = importer->GetPropertyString(AI_CONFIG_IMPORT_P3D_SKELETON, "");
    mSkeletonBones = importer->GetPropertyString(AI_CONFIG_IMPORT_P3D_SKELETON_BONES, "");
    mNoModelCfg = importer->GetPropertyBool(AI_CONFIG_IMPORT_P3D_NO_MODELCFG, false);
}

void P3dImporter::findExternalSkeleton(const std::string &file, Assimp::IOSystem *io,
                                       std::vector<Bone> &bones, std::string &name,
                                       std::string &source) {
    if (!mSkeletonBones.empty()) {
        bones = ParseBoneList(mSkeletonBones);
        name = mSkeletonName.empty() ? std::string("skeleton") : mSkeletonName;
        source = "AI_CONFIG_IMPORT_P3D_SKELETON_BONES";
        return;
    }
    if (mNoModelCfg && mModelCfgPath.empty()) {
        return;
    }
    std::string cfgPath = mModelCfgPath;
    if (cfgPath.empty()) {
        cfgPath = DirectoryOf(file) + "model.cfg";
    } else if (cfgPath.front() != '/' && cfgPath.find(':') == std::string::npos) {
        cfgPath = DirectoryOf(file) + cfgPath;
    }
    std::vector<uint8_t> bytes;
    if (!ReadFileIfExists(io, cfgPath, bytes)) {
        if (!mModelCfgPath.empty()) {
            ASSIMP_LOG_WARN("P3D: model.cfg '", cfgPath, "' not found; no skeleton");
        }
        return;
    }
    try {
        const std::unique_ptr<CfgClass> config =
            ParseConfig(std::string(bytes.begin(), bytes.end()), cfgPath);
        name =
            mSkeletonName.empty() ? SkeletonNameForModel(*config, BaseNameOf(file)) : mSkeletonName;
        if (name.empty()) {
            ASSIMP_LOG_INFO("P3D: ", cfgPath, " has no CfgModels entry for ", BaseNameOf(file),
                            "; no skeleton");
            return;
        }
        std::string problem;
        if (!ResolveSkeleton(*config, name, bones, problem)) {
            ASSIMP_LOG_WARN("P3D: ", cfgPath, ": ", problem, "; no skeleton");
            bones.clear();
            return;
        }
        if (!problem.empty()) {
            ASSIMP_LOG_WARN("P3D: ", cfgPath, ": ", problem);
        }
        source = cfgPath;
    } catch (const ImportError &error) {
        ASSIMP_LOG_WARN("P3D: model.cfg ignored: ", error.what());
        bones.clear();
    }
}

void P3dImporter::InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    const std::vector<uint8_t> data = ReadWholeFile(io, file);
    const std::string fileName = FileNameOf(file);
    // CanRead is skipped when the extension alone picks this importer: check again.
    if (DetectSignature(data.data(), data.size()) == Signature::None) {
        ParseP3d(data.data(), data.size(), fileName); // throws the signature error
    }
    const Model model = ParseP3d(data.data(), data.size(), fileName);
    ConvertOptions options;
    options.lodChoice = mLodChoice;
    if (model.bones.empty()) {
        findExternalSkeleton(file, io, options.externalSkeleton, options.externalSkeletonName,
                             options.externalSkeletonSource);
    }
    std::vector<std::string> warnings = model.warnings;
    ConvertModel(model, options, fileName, scene, warnings);
    for (const std::string &warning : warnings) {
        ASSIMP_LOG_WARN("P3D: ", warning);
    }
}

} // namespace agf::p3d

namespace agf {

Assimp::BaseImporter *CreateP3dImporter() {
    return new p3d::P3dImporter();
}

} // namespace agf
