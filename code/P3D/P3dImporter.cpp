/** @file P3dImporter.cpp */
#include "P3dImporter.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/ImporterBase.h"
#include "Common/Lzss.h"
#include "Common/Options.h"
#include "Common/Parallel.h"
#include "Common/StringHelpers.h"
#include "Common/TextureResolver.h"
#include "MlodParser.h"
#include "ModelCfgParser.h"
#include "OdolParser.h"
#include "P3dConversion.h"
#include "P3dConverter.h"
#include "P3dImporters.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <cstring>
#include <map>
#include <memory>

namespace agf::p3d {

namespace {

const aiImporterDesc kDescription = {
    "Bohemia Interactive P3D importer (MLOD, ODOL v7 and v40 to v75)",
    "",
    "",
    "ODOL polygons are reversed from binarized order; other ODOL versions fail with their number",
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

Model ParseP3d(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
               unsigned threads) {
    switch (DetectSignature(data, size)) {
    case Signature::Mlod:
    case Signature::BareLod:
        return ParseMlod(data, size, fileName, warnings, threads);
    case Signature::Odol:
        return ParseOdol(data, size, fileName, warnings, threads);
    case Signature::Packed: {
        std::string note;
        std::vector<uint8_t> unpacked = LzssDecodeWholeFile(data, size, fileName, note);
        const Signature inner = DetectSignature(unpacked.data(), unpacked.size());
        if (inner != Signature::Mlod && inner != Signature::Odol) {
            ThrowImportError(fileName, "packed file", 0,
                             "the unpacked data is not an MLOD or ODOL file");
        }
        const std::string unpackedName = fileName + " (unpacked)";
        Model model =
            inner == Signature::Mlod
                ? ParseMlod(unpacked.data(), unpacked.size(), unpackedName, warnings, threads)
                : ParseOdol(unpacked.data(), unpacked.size(), unpackedName, warnings, threads);
        model.wasCompressed = true;
        // Packed faces and MLOD UV sets point into these bytes; a move keeps them where they are.
        model.unpackedBytes = std::move(unpacked);
        if (!note.empty()) {
            warnings.add(WarningKind::Truncated, fileName, "packed file", 0, note);
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

namespace {

/** The thin importer: reads the file, parses it, finds an external skeleton, converts. */
class P3dImporter : public ImporterBase {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        uint8_t head[4] = {0, 0, 0, 0};
        return ReadFileStart(io, file, head, sizeof head) == sizeof head &&
               DetectSignature(head, sizeof head) != Signature::None;
    }

    const aiImporterDesc *GetInfo() const override { return &kDescription; }

    void setupOptions(const Assimp::Importer *importer) override {
        mLodChoice = StringOption(importer, AI_CONFIG_IMPORT_P3D_LODS);
        mModelCfgPath = StringOption(importer, AI_CONFIG_IMPORT_P3D_MODELCFG);
        mSkeletonName = StringOption(importer, AI_CONFIG_IMPORT_P3D_SKELETON);
        mSkeletonBones = StringOption(importer, AI_CONFIG_IMPORT_P3D_SKELETON_BONES);
        mNoModelCfg = BoolOption(importer, AI_CONFIG_IMPORT_P3D_NO_MODELCFG);
        mThreads = ImportThreads(importer);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override {
        const FileBytes data = readModelFile(io, file);
        const std::string fileName = FileNameOf(file);
        // CanRead is skipped when the extension alone picks this importer: ParseP3d checks the
        // signature again and throws its error.
        Model model = ParseP3d(data.data(), data.size(), fileName, warnings, mThreads);
        ConvertOptions options;
        options.lodChoice = mLodChoice;
        options.threads = mThreads;
        options.inputBytes = data.size();
        if (model.bones.empty()) {
            findExternalSkeleton(file, io, options, warnings);
        }
        ConvertModel(std::move(model), options, fileName, scene, warnings);
        if (!textureReferencesKept() && !IsMemoryFile(file)) {
            addTextRvmatStages(file, scene, io, warnings);
        }
    }

private:
    /** An MLOD names its rvmat files by path under the data root, as its textures: their
     *  stages' textures are read from there (binarized models carry their rvmats inside). */
    void addTextRvmatStages(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                            Warnings &warnings) const {
        const TextureSearch search = textureSearchFor(file);
        std::map<std::string, std::vector<std::string>> stagesByRvmat;
        for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
            aiMaterial &material = *scene->mMaterials[m];
            aiString rvmat;
            aiString embeddedStage;
            if (material.Get(AGF_MATKEY_P3D_RVMAT, rvmat) != AI_SUCCESS ||
                material.Get(AGF_MATKEY_P3D_STAGE_TEXTURE(0), embeddedStage) == AI_SUCCESS) {
                continue;
            }
            auto found = stagesByRvmat.find(rvmat.C_Str());
            if (found == stagesByRvmat.end()) {
                found = stagesByRvmat
                            .emplace(rvmat.C_Str(), readRvmatStages(rvmat.C_Str(), search, io,
                                                                    FileNameOf(file), warnings))
                            .first;
            }
            for (const std::string &texture : found->second) {
                MapStageTexture(material, texture);
            }
        }
    }

    static std::vector<std::string>
    readRvmatStages(const std::string &reference, const TextureSearch &search, Assimp::IOSystem *io,
                    const std::string &modelName, Warnings &warnings) {
        constexpr size_t kMaxRvmatBytes = 1u << 20;
        const TextureLookup lookup = FindTextureFile(io, reference, search);
        if (!lookup.found) {
            if (lookup.refused || !search.roots.empty()) {
                warnings.add(lookup.refused ? WarningKind::InvalidValue : WarningKind::MissingFile,
                             modelName, "rvmat " + reference, 0, lookup.problem);
            }
            return {};
        }
        std::vector<uint8_t> bytes;
        if (!ReadFileIfExists(io, lookup.path, bytes) || bytes.size() > kMaxRvmatBytes ||
            (bytes.size() >= 4 && bytes[0] == 0 && bytes[1] == 'r' && bytes[2] == 'a' &&
             bytes[3] == 'P')) {
            warnings.add(WarningKind::UnreadableFile, FileNameOf(lookup.path), "rvmat", 0,
                         "not a text rvmat (binarized or larger than 1 MB); its stages are not "
                         "read");
            return {};
        }
        std::vector<std::string> textures;
        try {
            const std::unique_ptr<CfgClass> config =
                ParseConfig(std::string(bytes.begin(), bytes.end()), FileNameOf(lookup.path));
            for (const auto &stage : config->classes) {
                const auto texture = stage->values.find("texture");
                if (Lower(stage->name).rfind("stage", 0) == 0 && texture != stage->values.end()) {
                    std::string path = texture->second;
                    if (path.size() >= 2 && path.front() == '"' && path.back() == '"') {
                        path = path.substr(1, path.size() - 2);
                    }
                    textures.push_back(path);
                }
            }
        } catch (const ImportError &error) {
            warnings.add(WarningKind::UnreadableFile, error.place(),
                         error.problem() + " - rvmat stages not read");
        }
        return textures;
    }

    /** The skeleton for models without one: from the bone-list option, or a model.cfg. */
    void findExternalSkeleton(const std::string &file, Assimp::IOSystem *io,
                              ConvertOptions &options, Warnings &warnings) const {
        if (!mSkeletonBones.empty()) {
            options.externalSkeleton = ParseBoneList(mSkeletonBones);
            options.externalSkeletonName =
                mSkeletonName.empty() ? std::string("skeleton") : mSkeletonName;
            options.externalSkeletonSource = "AI_CONFIG_IMPORT_P3D_SKELETON_BONES";
            return;
        }
        if (mNoModelCfg && mModelCfgPath.empty()) {
            return;
        }
        std::string cfgPath = mModelCfgPath;
        if (cfgPath.empty()) {
            cfgPath = DirectoryOf(file) + "model.cfg";
        } else if (!IsAbsolutePath(cfgPath)) {
            cfgPath = DirectoryOf(file) + cfgPath;
        }
        std::vector<uint8_t> bytes;
        if (!ReadFileIfExists(io, cfgPath, bytes)) {
            if (!mModelCfgPath.empty()) {
                warnings.add(WarningKind::MissingFile, FileNameOf(cfgPath), "model.cfg", 0,
                             "not found; no skeleton");
            }
            return;
        }
        try {
            const std::unique_ptr<CfgClass> config =
                ParseConfig(std::string(bytes.begin(), bytes.end()), cfgPath);
            loadSkeleton(*config, cfgPath, BaseNameOf(file), options, warnings);
        } catch (const ImportError &error) {
            warnings.add(WarningKind::UnreadableFile, error.place(),
                         error.problem() + " - model.cfg ignored");
            options.externalSkeleton.clear();
        }
    }

    void loadSkeleton(const CfgClass &config, const std::string &cfgPath,
                      const std::string &modelName, ConvertOptions &options,
                      Warnings &warnings) const {
        const std::string name =
            mSkeletonName.empty() ? SkeletonNameForModel(config, modelName) : mSkeletonName;
        if (name.empty()) {
            return; // the model.cfg has no CfgModels entry for this model: no skeleton
        }
        std::string problem;
        if (!ResolveSkeleton(config, name, options.externalSkeleton, problem)) {
            warnings.add(WarningKind::InvalidValue, FileNameOf(cfgPath), "CfgSkeletons", 0,
                         problem + "; no skeleton");
            options.externalSkeleton.clear();
            return;
        }
        if (!problem.empty()) {
            warnings.add(WarningKind::InvalidValue, FileNameOf(cfgPath), "CfgSkeletons", 0,
                         problem);
        }
        options.externalSkeletonName = name;
        options.externalSkeletonSource = cfgPath;
    }

    std::string mLodChoice;
    std::string mModelCfgPath;
    std::string mSkeletonName;
    std::string mSkeletonBones;
    bool mNoModelCfg = false;
    unsigned mThreads = 1;
};

} // namespace

} // namespace agf::p3d

namespace agf {

Assimp::BaseImporter *CreateP3dImporter() {
    return new p3d::P3dImporter();
}

} // namespace agf
