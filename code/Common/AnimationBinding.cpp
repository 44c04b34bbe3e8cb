/** @file AnimationBinding.cpp
 *  Loading animation files onto a skeleton another importer built: file look-up (explicit list
 *  and same-name siblings), choosing a loader by signature, and binding by bone name.
 */
#include "AnimationBinding.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/MorphCurves.h"
#include "Common/Options.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace agf {

namespace {

// Bone names are compared without case and without surrounding spaces: old ActorX files pad
// names with spaces, and exporters disagree on case.
std::string BindingKey(const std::string &name) {
    return Lower(Trim(name));
}

class NodeIndex {
public:
    explicit NodeIndex(aiNode *root) {
        for (aiNode *node : NodesDepthFirst(root)) {
            mNodes[BindingKey(node->mName.C_Str())].push_back(node);
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
                           const std::vector<std::string> &skinnedBones, Warnings &warnings) {
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
        warnings.add(WarningKind::Inconsistent, set.sourceFile, "bone names", 0,
                     std::to_string(withoutNode.size()) +
                         " animated bones have no node in the scene; their tracks are dropped: " +
                         JoinNames(withoutNode));
    }
    std::vector<std::string> withoutTrack;
    for (const std::string &name : skinnedBones) {
        if (fileBones.count(BindingKey(name)) == 0) {
            withoutTrack.push_back(name);
        }
    }
    if (!withoutTrack.empty()) {
        warnings.add(WarningKind::Inconsistent, set.sourceFile, "bone names", 0,
                     std::to_string(withoutTrack.size()) +
                         " skeleton bones are not in the animation file and keep their rest "
                         "pose: " +
                         JoinNames(withoutTrack));
    }
}

// The keys of each channel whose bone has a node; a second track for one node is dropped.
std::vector<NodeKeys> KeysOnNodes(AnimationSource &source, const AnimationSet &set,
                                  const std::vector<aiNode *> &boneNodes, Warnings &warnings) {
    std::vector<NodeKeys> keys;
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
        keys.push_back(NodeKeys{node, std::move(channel.positionKeys),
                                std::move(channel.rotationKeys), std::move(channel.scalingKeys)});
    }
    if (duplicates != 0) {
        warnings.add(WarningKind::Duplicate, set.sourceFile, "animation \"" + source.name + "\"",
                     Warning::kNoOffset,
                     std::to_string(duplicates) +
                         " tracks bind to a node that already has one; dropped");
    }
    return keys;
}

std::unique_ptr<aiAnimation> MakeBoundAnimation(const AnimationSource &source,
                                                const AnimationSet &set, std::vector<NodeKeys> keys,
                                                const aiScene &scene, Warnings &warnings) {
    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    for (NodeKeys &node : keys) {
        channels.push_back(MakeNodeAnim(node.node->mName.C_Str(), std::move(node.positions),
                                        std::move(node.rotations), std::move(node.scalings),
                                        node.node->mTransformation));
    }
    std::vector<std::string> unmatchedCurves;
    auto morphChannels = MorphChannelsForCurves(scene, source.curves, unmatchedCurves);
    if (channels.empty() && morphChannels.empty()) {
        warnings.add(WarningKind::Empty, set.sourceFile, "animation \"" + source.name + "\"",
                     Warning::kNoOffset, "no track for any node of the scene; skipped");
        return nullptr;
    }
    std::string name = source.name;
    if (name.empty()) {
        name = BaseNameOf(set.sourceFile);
    }
    auto animation =
        MakeAnimation(name, source.ticksPerSecond, source.duration, std::move(channels));
    AttachMorphChannels(*animation, scene, std::move(morphChannels));
    return animation;
}

std::unique_ptr<aiAnimation> BindAnimation(AnimationSource &source, const AnimationSet &set,
                                           const std::vector<aiNode *> &boneNodes,
                                           const aiScene &scene, Warnings &warnings) {
    return MakeBoundAnimation(source, set, KeysOnNodes(source, set, boneNodes, warnings), scene,
                              warnings);
}

/** The animation called `name` (exact first, then ignoring case) among `scene`'s and `bound`. */
const aiAnimation *FindAnimation(const aiScene &scene,
                                 const std::vector<std::unique_ptr<aiAnimation>> &bound,
                                 const std::string &name) {
    std::vector<const aiAnimation *> all(scene.mAnimations,
                                         scene.mAnimations + scene.mNumAnimations);
    for (const auto &animation : bound) {
        if (animation) {
            all.push_back(animation.get());
        }
    }
    for (const aiAnimation *animation : all) {
        if (name == animation->mName.C_Str()) {
            return animation;
        }
    }
    for (const aiAnimation *animation : all) {
        if (EqualsIgnoreCase(name, animation->mName.C_Str())) {
            return animation;
        }
    }
    return nullptr;
}

/** An additive clip restored onto its base as `options` ask; nullptr when nothing binds.
 *  `baseName` receives what the keys were applied to: "bind", the base animation's name, or
 *  "none" when they stay deltas. */
std::unique_ptr<aiAnimation>
BindAdditiveAnimation(AnimationSource &source, const AnimationSet &set,
                      const std::vector<aiNode *> &boneNodes, aiScene &scene,
                      const std::vector<std::unique_ptr<aiAnimation>> &bound,
                      const AdditiveOptions &options, Warnings &warnings, std::string &baseName) {
    const AdditiveSpace space =
        source.additive.space == AdditiveSpace::Unspecified ? options.space : source.additive.space;
    std::vector<NodeKeys> keys = KeysOnNodes(source, set, boneNodes, warnings);
    AdditiveBasePose base = AdditiveBasePose::Bind();
    baseName = "bind";
    if (options.base == AdditiveOptions::Base::Animation) {
        const aiAnimation *animation = FindAnimation(scene, bound, options.baseAnimation);
        if (animation == nullptr) {
            warnings.add(WarningKind::InvalidValue, set.sourceFile,
                         "animation \"" + source.name + "\"", Warning::kNoOffset,
                         "IMPORT_ANIMATION_ADDITIVE names \"" + options.baseAnimation +
                             "\", which is not an animation of the scene; kept as deltas");
            baseName = "none";
            return MakeBoundAnimation(source, set, std::move(keys), scene, warnings);
        }
        // Unreal's base is the frame the clip names when the clip names this animation.
        const bool named =
            EqualsIgnoreCase(source.additive.baseAnimation, animation->mName.C_Str());
        base = AdditiveBasePose::Frame(*animation, named ? source.additive.baseTick : 0.0,
                                       scene.mRootNode);
        baseName = animation->mName.C_Str();
    }
    bool restored = true;
    keys = ApplyAdditive(std::move(keys), base, space, scene, set.sourceFile, source.name, warnings,
                         &restored);
    if (!restored) {
        baseName = "none";
    }
    return MakeBoundAnimation(source, set, std::move(keys), scene, warnings);
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

AnimationSet LoadAnimationFile(const std::string &path, const AnimationLoaderTable &loaders,
                               const AnimationLoadContext &context) {
    const FileBytes data = ReadWholeFileBytes(
        context.io, path, BoolOption(context.properties, AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES));
    for (const AnimationFileLoader &loader : loaders) {
        if (loader.probe(data.data(), data.size())) {
            AnimationSet set = loader.load(data.data(), data.size(), path, context);
            set.sourceFile = FileNameOf(path);
            return set;
        }
    }
    std::string known;
    for (const AnimationFileLoader &loader : loaders) {
        known += (known.empty() ? "" : ", ") + std::string(loader.formatName);
    }
    ThrowImportError(FileNameOf(path), "file header", 0,
                     "not an animation file of a known format (" + known + ")");
}

// Validation requires unique names, across files and with animations already present.
void MakeAddedNamesUnique(const aiScene &scene, std::vector<std::unique_ptr<aiAnimation>> &added,
                          Warnings &warnings) {
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        names.push_back(scene.mAnimations[i]->mName.C_Str());
    }
    const size_t existing = names.size();
    for (const auto &animation : added) {
        names.push_back(animation->mName.C_Str());
    }
    if (MakeNamesUnique(names) != 0) {
        for (size_t i = 0; i < added.size(); ++i) {
            if (names[existing + i] != added[i]->mName.C_Str()) {
                warnings.add(WarningKind::Adjusted, std::string(), "animations", Warning::kNoOffset,
                             "animation \"" + std::string(added[i]->mName.C_Str()) +
                                 "\" renamed to \"" + names[existing + i] +
                                 "\": the name is taken");
                added[i]->mName.Set(names[existing + i]);
            }
        }
    }
}

} // namespace

size_t AddAnimationSetsToScene(aiScene *scene, std::vector<AnimationSet> &sets, Warnings &warnings,
                               const AdditiveOptions &additive) {
    const NodeIndex nodes(scene->mRootNode);
    const std::vector<std::string> skinnedBones = SkinnedBoneNames(scene);

    // Bound in file order; additive clips to restore come second, once the animations they
    // may name as their base are bound.
    struct Pending {
        AnimationSet *set;
        AnimationSource *source;
        std::vector<aiNode *> boneNodes;
    };
    std::vector<Pending> pending;
    for (AnimationSet &set : sets) {
        std::vector<aiNode *> boneNodes(set.boneNames.size(), nullptr);
        for (size_t b = 0; b < set.boneNames.size(); ++b) {
            boneNodes[b] = nodes.find(set.boneNames[b]);
        }
        WarnAboutMissingBones(set, boneNodes, skinnedBones, warnings);
        for (AnimationSource &source : set.animations) {
            pending.push_back(Pending{&set, &source, boneNodes});
        }
    }
    const auto restored = [&](const AnimationSource &source) {
        return source.additive.additive && additive.base != AdditiveOptions::Base::Keep;
    };
    std::vector<std::unique_ptr<aiAnimation>> bound(pending.size());
    std::vector<std::string> baseNames(pending.size(), "none");
    for (size_t i = 0; i < pending.size(); ++i) {
        if (!restored(*pending[i].source)) {
            bound[i] = BindAnimation(*pending[i].source, *pending[i].set, pending[i].boneNodes,
                                     *scene, warnings);
        }
    }
    for (size_t i = 0; i < pending.size(); ++i) {
        if (restored(*pending[i].source)) {
            bound[i] =
                BindAdditiveAnimation(*pending[i].source, *pending[i].set, pending[i].boneNodes,
                                      *scene, bound, additive, warnings, baseNames[i]);
        }
    }

    std::vector<std::unique_ptr<aiAnimation>> added;
    // (index into `added`, source): keys are made once the animation names are final.
    std::vector<std::pair<size_t, size_t>> sourceOf;
    for (size_t i = 0; i < pending.size(); ++i) {
        if (bound[i]) {
            sourceOf.emplace_back(added.size(), i);
            added.push_back(std::move(bound[i]));
        }
    }
    MakeAddedNamesUnique(*scene, added, warnings);

    MetadataBuilder metadata;
    for (const auto &[animation, index] : sourceOf) {
        const AnimationSource &source = *pending[index].source;
        const std::string name = MetadataName(added[animation]->mName.C_Str());
        for (const AnimationSource::IntEntry &entry : source.intMetadata) {
            metadata.add(entry.group + name + entry.field, entry.value);
        }
        for (const AnimationSource::TextEntry &entry : source.textMetadata) {
            metadata.add(entry.group + name + entry.field, entry.value);
        }
        if (source.additive.additive) {
            const AdditiveSpace space = source.additive.space == AdditiveSpace::Unspecified
                                            ? additive.space
                                            : source.additive.space;
            metadata.add(AGF_META_ANIMATIONS + name + AGF_META_ANIMATION_ADDITIVE_SPACE,
                         AdditiveSpaceName(space));
            metadata.add(AGF_META_ANIMATIONS + name + AGF_META_ANIMATION_ADDITIVE_BASE,
                         baseNames[index]);
        }
    }
    for (const AnimationSet &set : sets) {
        for (const AnimationSet::TextEntry &entry : set.sceneMetadata) {
            metadata.add(entry.group + MetadataName(set.sourceFile) + MetadataName(entry.name),
                         entry.value);
        }
    }
    metadata.mergeInto(scene->mMetaData);

    const size_t count = added.size();
    if (count != 0) {
        AppendAnimations(scene, added);
    }
    return count;
}

size_t BuildAnimationFileScene(aiScene *scene, AnimationSet set, std::vector<NodeSource> bones,
                               const std::string &rootName, const SourceContext &context,
                               Warnings &warnings, const AdditiveOptions &additive) {
    std::vector<std::string> nodeNames = set.boneNames;
    if (MakeNamesUnique(nodeNames) != 0) {
        warnings.add(WarningKind::Duplicate, context.file, context.structure, context.offset,
                     "repeated bone names; duplicates renamed");
    }
    bones.resize(nodeNames.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        bones[b].name = nodeNames[b];
    }
    scene->mRootNode = new aiNode(rootName);
    BuildNodeHierarchy(bones, scene->mRootNode, context, warnings);
    // Bind by the nodes' own (unique) names, so that repeated file names still bind one to one.
    set.boneNames = nodeNames;

    SceneParts parts;
    parts.moveInto(scene); // no meshes: marks the scene incomplete, as validation requires
    std::vector<AnimationSet> sets;
    sets.push_back(std::move(set));
    return AddAnimationSetsToScene(scene, sets, warnings, additive);
}

size_t LoadAnimationsOntoScene(const AnimationLoadRequest &request,
                               const AnimationLoaderTable &loaders, aiScene *scene) {
    const AnimationLoadContext &context = request.context;
    Assimp::IOSystem *io = context.io;
    std::vector<AnimationSet> sets;
    std::vector<std::string> loaded;
    const auto alreadyLoaded = [&loaded](const std::string &path) {
        return std::any_of(loaded.begin(), loaded.end(),
                           [&path](const std::string &done) { return IsSameFile(done, path); });
    };
    for (const std::string &file : request.explicitFiles) {
        const std::string path = ResolveAnimationPath(io, request.meshPath, file);
        if (!io->Exists(path)) {
            ThrowImportError(file, "animation file", 0,
                             "cannot find the file (looked next to " +
                                 FileNameOf(request.meshPath) + " and in the working folder)");
        }
        if (alreadyLoaded(path)) {
            continue;
        }
        loaded.push_back(path);
        sets.push_back(LoadAnimationFile(path, loaders, context));
    }
    const std::string stem = StripExtension(request.meshPath);
    for (const std::string &extension : request.autoLoadExtensions) {
        // The first spelling that exists is the sibling; on a case-blind file system both
        // name the same file.
        for (const std::string &candidate :
             {stem + "." + extension, stem + "." + Upper(extension)}) {
            if (!io->Exists(candidate)) {
                continue;
            }
            if (alreadyLoaded(candidate)) {
                break;
            }
            loaded.push_back(candidate);
            try {
                sets.push_back(LoadAnimationFile(candidate, loaders, context));
            } catch (const std::exception &error) {
                // A broken sibling must not cost the user the mesh.
                context.warnings->add(WarningKind::UnreadableFile, FileNameOf(candidate),
                                      "animation file", 0,
                                      std::string("next to the mesh, not loaded: ") + error.what());
            }
            break;
        }
    }
    return sets.empty()
               ? 0
               : AddAnimationSetsToScene(
                     scene, sets, *context.warnings,
                     ReadAdditiveOptions(context.properties, FileNameOf(request.meshPath)));
}

size_t LoadAnimationsOfImport(AnimationLoadRequest request, const std::string &file,
                              Assimp::IOSystem *io, Warnings &warnings,
                              const AnimationLoaderTable &loaders, aiScene *scene) {
    request.meshPath = file;
    request.context.io = io;
    request.context.warnings = &warnings;
    if (IsMemoryFile(file)) {
        request.autoLoadExtensions.clear();
    }
    return LoadAnimationsOntoScene(request, loaders, scene);
}

AnimationLoadRequest MakeAnimationLoadRequest(const Assimp::Importer *importer,
                                              std::vector<std::string> autoLoadExtensions,
                                              const char *noAutoLoadKey) {
    AnimationLoadRequest request;
    request.explicitFiles =
        SplitFileList(StringOption(importer, AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES));
    if (noAutoLoadKey == nullptr || !BoolOption(importer, noAutoLoadKey)) {
        request.autoLoadExtensions = std::move(autoLoadExtensions);
    }
    request.context.properties = importer;
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
