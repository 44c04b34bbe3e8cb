/** @file ViewerModels.cpp */
#include "ViewerModels.h"

#include "AnimSetMeshes.h"
#include "AnimationSiblings.h"
#include "ExitCodes.h"
#include "Session.h"
#include "ViewerReport.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <exception>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

std::string Lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string FolderOf(const std::string &relative) {
    const size_t slash = relative.find_last_of('/');
    return slash == std::string::npos ? "" : relative.substr(0, slash);
}

std::string StemOf(const std::string &relative) {
    const std::string name = relative.substr(relative.find_last_of('/') + 1);
    const size_t dot = name.find_last_of('.');
    return Lower(dot == std::string::npos ? name : name.substr(0, dot));
}

// The lower-case names of the nodes an animation file's tracks move.
std::set<std::string> TrackNames(const fs::path &animationFile) {
    Assimp::Importer importer;
    RegisterImporters(importer);
    importer.SetIOHandler(NewPboIOSystem()); // an animation file may be an archive's entry
    std::set<std::string> names;
    const aiScene *scene = importer.ReadFile(animationFile.string(), 0);
    for (unsigned int a = 0; scene != nullptr && a < scene->mNumAnimations; ++a) {
        const aiAnimation &animation = *scene->mAnimations[a];
        for (unsigned int c = 0; c < animation.mNumChannels; ++c) {
            names.insert(Lower(animation.mChannels[c]->mNodeName.C_Str()));
        }
    }
    return names;
}

std::string FirstLine(const std::string &text) {
    const std::string line = OneLine(text);
    return line.empty() ? "the import failed (see the server's console)" : line;
}

} // namespace

ModelConverter::ModelConverter(const ViewerRoot &root, const ImportOptions &options,
                               const std::vector<CatalogEntry> &catalog)
    : mRoot(root), mOptions(options), mCatalog(catalog) {}

const std::set<std::string> &ModelConverter::BoneNamesOf(const std::string &meshFile) {
    const auto known = mBoneNames.find(meshFile);
    if (known != mBoneNames.end()) {
        return known->second;
    }
    std::set<std::string> &names = mBoneNames[meshFile];
    Assimp::Importer importer;
    RegisterImporters(importer);
    importer.SetIOHandler(NewPboIOSystem()); // a mesh may be an archive's entry
    // Only the mesh's own skeleton: its sibling animations do not matter here.
    importer.SetPropertyBool(AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD, true);
    const ResolvedPath resolved = mRoot.Resolve(meshFile);
    const aiScene *scene =
        resolved.check == PathCheck::Ok ? importer.ReadFile(resolved.path.string(), 0) : nullptr;
    for (unsigned int m = 0; scene != nullptr && m < scene->mNumMeshes; ++m) {
        const aiMesh &mesh = *scene->mMeshes[m];
        for (unsigned int b = 0; b < mesh.mNumBones; ++b) {
            names.insert(Lower(mesh.mBones[b]->mName.C_Str()));
        }
    }
    return names;
}

const std::map<std::string, std::vector<std::string>> &ModelConverter::NamedAnimations() {
    if (mNamedAnimations == nullptr) {
        std::vector<std::string> files;
        for (const CatalogEntry &entry : mCatalog) {
            files.push_back(entry.file);
        }
        mNamedAnimations = std::make_unique<std::map<std::string, std::vector<std::string>>>(
            AnimationsNamingMeshes(mRoot.folder(), files));
    }
    return *mNamedAnimations;
}

std::string ModelConverter::MeshForAnimation(const CatalogEntry &entry) {
    const std::vector<std::string> meshExtensions = MeshExtensionsFor(LowerExtension(entry.file));
    if (meshExtensions.empty()) {
        return "";
    }
    for (const auto &[mesh, animations] : NamedAnimations()) {
        if (std::find(animations.begin(), animations.end(), entry.file) != animations.end()) {
            return mesh;
        }
    }
    std::vector<std::string> candidates;
    for (const CatalogEntry &other : mCatalog) {
        const std::string extension = LowerExtension(other.file);
        if (FolderOf(other.file) == FolderOf(entry.file) &&
            std::find(meshExtensions.begin(), meshExtensions.end(), extension) !=
                meshExtensions.end()) {
            candidates.push_back(other.file);
        }
    }
    // The same base name first: that is the pair a mesh import loads by itself.
    for (const std::string &candidate : candidates) {
        if (StemOf(candidate) == StemOf(entry.file)) {
            return candidate;
        }
    }
    const ResolvedPath animation = mRoot.Resolve(entry.file);
    if (candidates.empty() || animation.check != PathCheck::Ok) {
        return "";
    }
    const std::set<std::string> tracks = TrackNames(animation.path);
    std::string best;
    size_t bestScore = 0;
    for (const std::string &candidate : candidates) {
        const std::set<std::string> &bones = BoneNamesOf(candidate);
        const size_t score = static_cast<size_t>(std::count_if(
            tracks.begin(), tracks.end(), [&](const std::string &n) { return bones.count(n); }));
        if (score > bestScore) {
            best = candidate;
            bestScore = score;
        }
    }
    return best;
}

void ModelConverter::ConvertImported(const aiScene &scene, ConvertedModel &model,
                                     const std::string &modelPath) {
    model.counts = CountModel(scene);
    model.textures = CollectTextures(scene, mRoot, fs::path(modelPath).parent_path());
}

std::shared_ptr<ConvertedModel> ModelConverter::Convert(const CatalogEntry &entry, bool withGlb) {
    auto model = std::make_shared<ConvertedModel>();
    model->entry = entry;
    try {
        std::string modelFile = entry.file;
        ImportOptions options = mOptions;
        model->boundMesh = MeshForAnimation(entry);
        if (!model->boundMesh.empty()) {
            modelFile = model->boundMesh;
            options.animationFiles.push_back((mRoot.folder() / entry.file).string());
        }
        const auto named = NamedAnimations().find(entry.file);
        const std::vector<std::string> namedFiles =
            named == NamedAnimations().end() ? std::vector<std::string>() : named->second;
        const auto withNamed = [this, &options](const std::vector<std::string> &animations) {
            ImportOptions withThem = options;
            for (const std::string &animation : animations) {
                withThem.animationFiles.push_back((mRoot.folder() / animation).string());
            }
            return withThem;
        };
        const ResolvedPath resolved = mRoot.Resolve(modelFile);
        if (resolved.check != PathCheck::Ok) {
            throw std::runtime_error(modelFile + ": no such file under the viewed folder");
        }
        // The name as listed, not the link target: importers look for siblings next to it.
        const std::string modelPath = (mRoot.folder() / modelFile).string();
        // A Session keeps a reference to its options: both live as long as it does.
        const ImportOptions given = withNamed(namedFiles);
        ImportOptions retried;
        auto session = std::make_unique<Session>(given, ModelFileAccess::Read);
        const aiScene *scene = session->Import(modelPath);
        const std::string error = session->importer().GetErrorString();
        const std::vector<std::string> spared = AnimationFilesSparedBy(error, namedFiles);
        if (scene == nullptr && spared.size() < namedFiles.size()) {
            ReportWarning(modelPath +
                          ": shown without an animation file that names it: " + OneLine(error));
            retried = withNamed(spared);
            session = std::make_unique<Session>(retried, ModelFileAccess::Read);
            scene = session->Import(modelPath);
        }
        if (scene == nullptr) {
            model->error = FirstLine(session->importer().GetErrorString());
        } else {
            ConvertImported(*scene, *model, modelPath);
            model->ok = true;
            if (withGlb) {
                // The page resolves texture references itself (ViewerTextures.h), also those
                // that name no file beside the glb.
                Assimp::ExportProperties properties;
                properties.SetPropertyBool(AI_CONFIG_EXPORT_GLTF_KEEP_TEXTURE_REFERENCES, true);
                const aiExportDataBlob *blob =
                    session->exporter().ExportToBlob(scene, "glb2", 0, &properties);
                if (blob == nullptr) {
                    model->ok = false;
                    model->error =
                        "cannot export as glb2: " + FirstLine(session->exporter().GetErrorString());
                } else {
                    model->glb.assign(static_cast<const char *>(blob->data), blob->size);
                }
            }
        }
        model->reportJson = WriteModelReport(model->ok ? scene : nullptr, *model);
    } catch (const std::exception &error) {
        model->ok = false;
        model->error = OneLine(error.what());
        model->reportJson = WriteModelReport(nullptr, *model);
    }
    return model;
}

} // namespace agf::cli
