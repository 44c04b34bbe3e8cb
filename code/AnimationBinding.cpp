/** @file AnimationBinding.cpp
 *  Loading animation files onto a skeleton another importer built: the table of animation
 *  formats, file look-up (explicit list and same-name siblings), and binding by bone name.
 */
#include "AnimationBinding.h"

#include "ActorX/PsaLoading.h"
#include "ActorX/PsaParser.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "IdolFX/MotLoading.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace agf {

const std::vector<AnimationFileLoader> &AnimationFileLoaders() {
    // To support another animation format, add one entry: its name, a signature probe and a
    // function that turns the file into an AnimationSet.
    static const std::vector<AnimationFileLoader> loaders = {
        {"ActorX PSA", &actorx::IsPsa, &actorx::LoadPsaAnimationSet},
        {"ActorX PSAX", &actorx::IsPsax, &actorx::LoadPsaxAnimationSet},
        {"Idol FX MOT", &idolfx::IsMot, &idolfx::LoadMotAnimationSet},
    };
    return loaders;
}

namespace {

// Bone names are compared without case and without surrounding spaces: old ActorX files pad
// names with spaces, and exporters disagree on case.
std::string BindingKey(const std::string &name) {
    size_t begin = 0;
    size_t end = name.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(name[begin]))) {
        ++begin;
    }
    while (end > begin && std::isspace(static_cast<unsigned char>(name[end - 1]))) {
        --end;
    }
    std::string key = name.substr(begin, end - begin);
    for (char &c : key) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
}

class NodeIndex {
public:
    explicit NodeIndex(aiNode *root) {
        std::vector<aiNode *> pending;
        if (root != nullptr) {
            pending.push_back(root);
        }
        while (!pending.empty()) {
            aiNode *node = pending.back();
            pending.pop_back();
            mNodes[BindingKey(node->mName.C_Str())].push_back(node);
            for (unsigned i = node->mNumChildren; i-- > 0;) {
                pending.push_back(node->mChildren[i]);
            }
        }
    }

    /** The node with exactly this name, else the first one matching without case. */
    aiNode *find(const std::string &name) const {
        const auto it = mNodes.find(BindingKey(name));
        if (it == mNodes.end()) {
            return nullptr;
        }
        for (aiNode *node : it->second) {
            if (name == node->mName.C_Str()) {
                return node;
            }
        }
        return it->second.front();
    }

private:
    std::unordered_map<std::string, std::vector<aiNode *>> mNodes;
};

std::string JoinNames(const std::vector<std::string> &names) {
    constexpr size_t kMaxListed = 40;
    std::string text;
    for (size_t i = 0; i < names.size() && i < kMaxListed; ++i) {
        text += (i == 0 ? "" : ", ") + names[i];
    }
    if (names.size() > kMaxListed) {
        text += " and " + std::to_string(names.size() - kMaxListed) + " more";
    }
    return text;
}

// Names of the bones that skin the scene's meshes, in first-seen order.
std::vector<std::string> SkinnedBoneNames(const aiScene *scene) {
    std::vector<std::string> names;
    std::unordered_set<std::string> seen;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const std::string name = mesh->mBones[b]->mName.C_Str();
            if (seen.insert(BindingKey(name)).second) {
                names.push_back(name);
            }
        }
    }
    return names;
}

void WarnAboutMissingBones(const AnimationSet &set, const std::vector<aiNode *> &boneNodes,
                           const std::vector<std::string> &skinnedBones) {
    std::vector<bool> animated(set.boneNames.size(), false);
    for (const AnimationSource &animation : set.animations) {
        for (const ChannelSource &channel : animation.channels) {
            animated[channel.bone] = true;
        }
    }
    std::vector<std::string> withoutNode;
    std::unordered_set<std::string> fileBones;
    for (size_t b = 0; b < set.boneNames.size(); ++b) {
        fileBones.insert(BindingKey(set.boneNames[b]));
        if (animated[b] && boneNodes[b] == nullptr) {
            withoutNode.push_back(set.boneNames[b]);
        }
    }
    if (!withoutNode.empty()) {
        ASSIMP_LOG_WARN(set.sourceFile, ": ", withoutNode.size(),
                        " animated bones have no node in the scene; their tracks are dropped: ",
                        JoinNames(withoutNode));
    }
    std::vector<std::string> withoutTrack;
    for (const std::string &name : skinnedBones) {
        if (fileBones.count(BindingKey(name)) == 0) {
            withoutTrack.push_back(name);
        }
    }
    if (!withoutTrack.empty()) {
        ASSIMP_LOG_WARN(set.sourceFile, ": ", withoutTrack.size(),
                        " skeleton bones are not in the animation file and keep their rest "
                        "pose: ",
                        JoinNames(withoutTrack));
    }
}

std::unique_ptr<aiAnimation> BindAnimation(AnimationSource &source, const AnimationSet &set,
                                           const std::vector<aiNode *> &boneNodes) {
    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    std::unordered_set<const aiNode *> boundNodes;
    size_t duplicates = 0;
    for (ChannelSource &channel : source.channels) {
        aiNode *node = channel.bone < boneNodes.size() ? boneNodes[channel.bone] : nullptr;
        if (node == nullptr) {
            continue;
        }
        if (!boundNodes.insert(node).second) {
            ++duplicates; // two file bones whose names differ only in case or spaces
            continue;
        }
        channels.push_back(MakeNodeAnim(node->mName.C_Str(), std::move(channel.positionKeys),
                                        std::move(channel.rotationKeys),
                                        std::move(channel.scalingKeys), node->mTransformation));
    }
    if (duplicates != 0) {
        ASSIMP_LOG_WARN(set.sourceFile, ": animation \"", source.name, "\": ", duplicates,
                        " tracks bind to a node that already has one; dropped");
    }
    if (channels.empty()) {
        ASSIMP_LOG_WARN(set.sourceFile, ": animation \"", source.name,
                        "\" has no track for any node of the scene; skipped");
        return nullptr;
    }
    std::string name = source.name;
    if (name.empty()) {
        name = BaseNameOf(set.sourceFile);
    }
    return MakeAnimation(name, source.ticksPerSecond, source.duration, std::move(channels));
}

void AppendAnimations(aiScene *scene, std::vector<std::unique_ptr<aiAnimation>> &added) {
    const unsigned oldCount = scene->mNumAnimations;
    auto **merged = new aiAnimation *[oldCount + added.size()];
    for (unsigned i = 0; i < oldCount; ++i) {
        merged[i] = scene->mAnimations[i];
    }
    for (size_t i = 0; i < added.size(); ++i) {
        merged[oldCount + i] = added[i].release();
    }
    delete[] scene->mAnimations;
    scene->mAnimations = merged;
    scene->mNumAnimations = oldCount + static_cast<unsigned>(added.size());
}

bool IsAbsolutePath(const std::string &path) {
    return (!path.empty() && (path[0] == '/' || path[0] == '\\')) ||
           (path.size() > 1 && path[1] == ':');
}

// A relative path names a file next to the mesh; failing that, the path as given (relative to
// the working folder, as a command line would give it).
std::string ResolveAnimationPath(Assimp::IOSystem *io, const std::string &meshPath,
                                 const std::string &file) {
    if (IsAbsolutePath(file)) {
        return file;
    }
    const std::string nextToMesh = DirectoryOf(meshPath) + file;
    if (io->Exists(nextToMesh)) {
        return nextToMesh;
    }
    return file;
}

AnimationSet LoadAnimationFile(Assimp::IOSystem *io, const std::string &path,
                               const AnimationLoadOptions &options) {
    const std::vector<uint8_t> data = ReadWholeFile(io, path);
    for (const AnimationFileLoader &loader : AnimationFileLoaders()) {
        if (loader.probe(data.data(), data.size())) {
            ASSIMP_LOG_INFO("Loading ", loader.formatName, " animations from ", path);
            AnimationSet set = loader.load(data, path, io, options);
            set.sourceFile = FileNameOf(path);
            return set;
        }
    }
    std::string known;
    for (const AnimationFileLoader &loader : AnimationFileLoaders()) {
        known += (known.empty() ? "" : ", ") + std::string(loader.formatName);
    }
    ThrowImportError(FileNameOf(path), "file header", 0,
                     "not an animation file of a known format (" + known + ")");
}

} // namespace

size_t AddAnimationSetsToScene(aiScene *scene, std::vector<AnimationSet> &sets) {
    const NodeIndex nodes(scene->mRootNode);
    const std::vector<std::string> skinnedBones = SkinnedBoneNames(scene);

    std::vector<std::unique_ptr<aiAnimation>> added;
    // Per metadata key: (index into `added`, value).
    std::map<std::string, std::vector<std::pair<size_t, int32_t>>> perAnimation;
    for (AnimationSet &set : sets) {
        std::vector<aiNode *> boneNodes(set.boneNames.size(), nullptr);
        for (size_t b = 0; b < set.boneNames.size(); ++b) {
            boneNodes[b] = nodes.find(set.boneNames[b]);
        }
        WarnAboutMissingBones(set, boneNodes, skinnedBones);
        for (AnimationSource &source : set.animations) {
            std::unique_ptr<aiAnimation> animation = BindAnimation(source, set, boneNodes);
            if (!animation) {
                continue;
            }
            for (const auto &entry : source.intMetadata) {
                perAnimation[entry.first].emplace_back(added.size(), entry.second);
            }
            added.push_back(std::move(animation));
        }
    }

    // Validation requires unique names, across files and with animations already present.
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene->mNumAnimations; ++i) {
        names.push_back(scene->mAnimations[i]->mName.C_Str());
    }
    const size_t existing = names.size();
    for (const auto &animation : added) {
        names.push_back(animation->mName.C_Str());
    }
    if (MakeNamesUnique(names) != 0) {
        for (size_t i = 0; i < added.size(); ++i) {
            if (names[existing + i] != added[i]->mName.C_Str()) {
                ASSIMP_LOG_WARN("Animation \"", added[i]->mName.C_Str(), "\" renamed to \"",
                                names[existing + i], "\": the name is taken");
                added[i]->mName.Set(names[existing + i]);
            }
        }
    }

    MetadataBuilder metadata;
    for (const auto &entry : perAnimation) {
        for (const auto &value : entry.second) {
            metadata.add(entry.first + ":" + added[value.first]->mName.C_Str(), value.second);
        }
    }
    for (const AnimationSet &set : sets) {
        for (const AnimationSet::TextEntry &entry : set.sceneMetadata) {
            metadata.add(entry.group + ":" + set.sourceFile + ":" + entry.name, entry.value);
        }
    }
    metadata.mergeInto(scene->mMetaData);

    const size_t count = added.size();
    if (count != 0) {
        AppendAnimations(scene, added);
    }
    return count;
}

size_t LoadAnimationsOntoScene(Assimp::IOSystem *io, const AnimationLoadRequest &request,
                               aiScene *scene) {
    std::vector<AnimationSet> sets;
    std::unordered_set<std::string> loaded;
    for (const std::string &file : request.explicitFiles) {
        const std::string path = ResolveAnimationPath(io, request.meshPath, file);
        if (!io->Exists(path)) {
            ThrowImportError(file, "animation file", 0,
                             "cannot find the file (looked next to " +
                                 FileNameOf(request.meshPath) + " and in the working folder)");
        }
        if (!loaded.insert(path).second) {
            continue;
        }
        sets.push_back(LoadAnimationFile(io, path, request.options));
    }
    const std::string stem = StripExtension(request.meshPath);
    for (const std::string &extension : request.autoLoadExtensions) {
        std::string upper = extension;
        for (char &c : upper) {
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        for (const std::string &candidate : {stem + "." + extension, stem + "." + upper}) {
            if (loaded.count(candidate) != 0 || !io->Exists(candidate)) {
                continue;
            }
            loaded.insert(candidate);
            try {
                sets.push_back(LoadAnimationFile(io, candidate, request.options));
            } catch (const std::exception &error) {
                // A broken sibling must not cost the user the mesh.
                ASSIMP_LOG_WARN("Animation file ", candidate,
                                " next to the mesh not loaded: ", error.what());
            }
            break;
        }
    }
    return sets.empty() ? 0 : AddAnimationSetsToScene(scene, sets);
}

AnimationLoadRequest MakeAnimationLoadRequest(const Assimp::Importer *importer,
                                              const std::string &meshPath,
                                              std::vector<std::string> autoLoadExtensions,
                                              const char *noAutoLoadKey) {
    AnimationLoadRequest request;
    request.meshPath = meshPath;
    request.explicitFiles =
        SplitFileList(importer->GetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, ""));
    if (noAutoLoadKey == nullptr || !importer->GetPropertyBool(noAutoLoadKey, false)) {
        request.autoLoadExtensions = std::move(autoLoadExtensions);
    }
    request.options.useConfigSidecar =
        importer->GetPropertyBool(AI_CONFIG_IMPORT_PSA_USE_CONFIG, true);
    request.options.psaxOldRoot = importer->GetPropertyBool(AI_CONFIG_IMPORT_PSAX_OLD_ROOT, false);
    return request;
}

std::vector<std::string> SplitFileList(const std::string &list) {
    std::vector<std::string> files;
    std::string current;
    const auto flush = [&]() {
        const size_t begin = current.find_first_not_of(" \t");
        if (begin != std::string::npos) {
            const size_t end = current.find_last_not_of(" \t");
            files.push_back(current.substr(begin, end - begin + 1));
        }
        current.clear();
    };
    for (char c : list) {
        if (c == ';' || c == '\n' || c == '\r') {
            flush();
        } else {
            current += c;
        }
    }
    flush();
    return files;
}

} // namespace agf
