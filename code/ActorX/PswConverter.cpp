/** @file PswConverter.cpp */
#include "PswConverter.h"

#include "ActorXUnits.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "PswHeightmap.h"
#include "PswLandscape.h"
#include "PswPaths.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/SceneCombiner.h>
#include <assimp/commonMetaData.h>
#include <assimp/light.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace agf::psw {

namespace {

// Unreal's SpotLightComponent defaults; the WORLDLIGHTS record carries no cone angles.
constexpr float kSpotInnerConeDegrees = 0.0f;
constexpr float kSpotOuterConeDegrees = 44.0f;
constexpr float kDegreesToRadians = 3.14159265358979f / 180.0f;
// Terrain larger than this is not built: it bounds what a small hostile file can allocate.
constexpr uint64_t kMaxTerrainVertices = uint64_t(1) << 24;

// "/Game/Materials/M_Rock.M_Rock" -> "m_rock": the object name an override refers to.
std::string MaterialBaseName(const std::string &material) {
    const size_t slash = material.find_last_of("/\\");
    std::string name = slash == std::string::npos ? material : material.substr(slash + 1);
    const size_t dot = name.find('.');
    if (dot != std::string::npos && dot != 0) {
        name.resize(dot);
    }
    return Lower(name);
}

// Unique names in O(n): duplicates get ".001", ".002"... (skipping names already taken).
void MakeUnique(std::vector<std::string> &names) {
    std::unordered_set<std::string> taken(names.begin(), names.end());
    std::unordered_set<std::string> seen;
    std::unordered_map<std::string, unsigned> nextSuffix;
    for (std::string &name : names) {
        if (seen.insert(name).second) {
            continue;
        }
        unsigned &suffix = nextSuffix[name];
        std::string candidate;
        do {
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, ".%03u", ++suffix);
            candidate = name + buffer;
        } while (taken.count(candidate) != 0);
        taken.insert(candidate);
        seen.insert(candidate);
        name = candidate;
    }
}

aiVector3D FiniteOr(const Float3 &value, const aiVector3D &fallback) {
    const aiVector3D vector(value.x, value.y, value.z);
    return IsFinite(vector) ? vector : fallback;
}

// SceneCombiner::Copy aborts on nested aiMetadata in Assimp 5.2.5: such node metadata of an
// asset is not copied onto later instances.
bool HasNestedMetadata(const aiMetadata &metadata) {
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        if (metadata.mValues[i].mType == AI_AIMETADATA) {
            return true;
        }
    }
    return false;
}

aiNode *AddChildNode(aiNode *parent, const std::string &name) {
    auto *node = new aiNode(name);
    AddChildren(parent, {node});
    return node;
}

void AppendMeshes(aiNode *node, const std::vector<unsigned> &meshes) {
    std::vector<unsigned> merged(node->mMeshes, node->mMeshes + node->mNumMeshes);
    for (unsigned mesh : meshes) {
        if (std::find(merged.begin(), merged.end(), mesh) == merged.end()) {
            merged.push_back(mesh);
        }
    }
    SetNodeMeshes(node, merged);
}

/** The world meshes one actor shows for one asset: shared with every actor that has the same
 *  asset and the same effective overrides. */
struct Placement {
    std::vector<unsigned> meshes; ///< world mesh per asset mesh
};

class WorldBuilder {
public:
    WorldBuilder(const PswWorld &world, const PswAssetSource &assets, const std::string &fileName,
                 const PswConvertOptions &options, Warnings &warnings)
        : mWorld(world), mFileName(fileName), mOptions(options), mWarnings(warnings),
          mAssets(assets, options.assetRoot, options.assetOptions, mParts, warnings) {}

    void build(aiScene *scene) {
        auto root = std::make_unique<aiNode>(BaseNameOf(mFileName).empty() ? std::string("World")
                                                                           : BaseNameOf(mFileName));
        buildActors(root.get());
        placeAssets();
        buildLights(root.get());
        if (mOptions.buildLandscape) {
            buildLandscape(root.get());
        }
        nameLights(root.get());
        writeSceneMetadata(scene);
        if (mOptions.scale != 1.0f) {
            ApplyScaleOnRoot(root.get(), mOptions.scale);
        }
        if (mOptions.yUp) {
            ApplyZUpToYUpOnRoot(root.get());
        }
        mParts.moveInto(scene);
        scene->mRootNode = root.release();
    }

private:
    void warn(WarningKind kind, const std::string &chunk, const std::string &message) {
        mWarnings.add(kind, mFileName, chunk, 0, message);
    }

    void buildActors(aiNode *root) {
        const size_t count = mWorld.actors.size();
        std::vector<std::string> names(count);
        for (size_t i = 0; i < count; ++i) {
            names[i] = mWorld.actors[i].name.empty() ? "Actor_" + std::to_string(i)
                                                     : mWorld.actors[i].name;
        }
        MakeUnique(names);
        std::vector<NodeSource> sources(count);
        for (size_t i = 0; i < count; ++i) {
            const PswActor &actor = mWorld.actors[i];
            const aiVector3D position = FiniteOr(actor.position, aiVector3D(0, 0, 0));
            const aiVector3D scale = FiniteOr(actor.scale, aiVector3D(1, 1, 1));
            // Written mirrored like a root bone (Y and W negated): used as stored (specs 7.1).
            const aiQuaternion rotation = NormalizedOrIdentity(QuaternionXYZW(
                actor.rotation.x, actor.rotation.y, actor.rotation.z, actor.rotation.w));
            sources[i].name = names[i];
            sources[i].parent = actor.parent;
            sources[i].local = ComposeTransform(position, rotation, scale);
        }
        mActorNodes = BuildNodeHierarchy(sources, root, {mFileName, "WORLDACTORS", 0}, mWarnings);
    }

    // Effective overrides of every actor: (asset material index, world material index), sorted.
    std::vector<std::pair<unsigned, unsigned>> overridesOf(size_t actorIndex,
                                                           const LoadedAsset &asset) {
        std::vector<std::pair<unsigned, unsigned>> result;
        const auto range = mAssignmentsByActor.equal_range(actorIndex);
        for (auto it = range.first; it != range.second; ++it) {
            const PswMaterialAssignment &assignment = mWorld.materials[it->second];
            long slot = -1;
            if (!assignment.slotName.empty()) {
                const std::string wanted = Lower(assignment.slotName);
                for (size_t m = 0; m < asset.materialNames.size(); ++m) {
                    if (Lower(asset.materialNames[m]) == wanted) {
                        slot = static_cast<long>(m);
                        break;
                    }
                }
            }
            if (slot < 0 && assignment.slot >= 0 &&
                static_cast<size_t>(assignment.slot) < asset.materials.size()) {
                slot = assignment.slot;
            }
            if (slot < 0) {
                warn(WarningKind::Inconsistent, "ACTORMATERIALS",
                     "material " + assignment.material + " of actor \"" +
                         mWorld.actors[actorIndex].name + "\" names slot " +
                         std::to_string(assignment.slot) +
                         (assignment.slotName.empty() ? "" : " (" + assignment.slotName + ")") +
                         ", which " + asset.file + " does not have; ignored");
                continue;
            }
            // Listing the asset's own material is not an override (v3 lists every slot).
            if (MaterialBaseName(assignment.material) ==
                Lower(asset.materialNames[static_cast<size_t>(slot)])) {
                continue;
            }
            const unsigned material = overrideMaterial(assignment.material);
            auto existing = std::find_if(result.begin(), result.end(), [&](const auto &entry) {
                return entry.first == static_cast<unsigned>(slot);
            });
            if (existing != result.end()) {
                existing->second = material;
            } else {
                result.emplace_back(static_cast<unsigned>(slot), material);
            }
        }
        std::sort(result.begin(), result.end());
        if (!result.empty()) {
            ++mOverriddenActors;
        }
        return result;
    }

    unsigned overrideMaterial(const std::string &name) {
        const auto known = mOverrideMaterials.find(name);
        if (known != mOverrideMaterials.end()) {
            return known->second;
        }
        std::unique_ptr<aiMaterial> material = MakeMaterial(name);
        // A material with nothing but a name would be merged into any other such material by
        // aiProcess_RemoveRedundantMaterials, which ignores names: keep the override apart.
        const aiString overrideName(name);
        material->AddProperty(&overrideName, AGF_MATKEY_PSW_OVERRIDE);
        const unsigned index = mParts.addMaterial(std::move(material));
        mOverrideMaterials.emplace(name, index);
        return index;
    }

    // A copy of world mesh `source` with another material and, for another instance of a
    // skinned asset, its bones renamed to that instance's skeleton nodes.
    unsigned copyMesh(unsigned source, unsigned material, const std::string &boneSuffix) {
        aiMesh *copy = nullptr;
        Assimp::SceneCombiner::Copy(&copy, mParts.mesh(source));
        std::unique_ptr<aiMesh> owned(copy);
        owned->mMaterialIndex = material;
        if (!boneSuffix.empty()) {
            for (unsigned b = 0; b < owned->mNumBones; ++b) {
                owned->mBones[b]->mName = aiString(owned->mBones[b]->mName.C_Str() + boneSuffix);
            }
        }
        return mParts.addMesh(std::move(owned));
    }

    Placement makePlacement(const LoadedAsset &asset,
                            const std::vector<std::pair<unsigned, unsigned>> &overrides,
                            const std::string &boneSuffix) {
        Placement placement;
        placement.meshes = asset.meshes;
        for (size_t m = 0; m < asset.meshes.size(); ++m) {
            const aiMesh *mesh = mParts.mesh(asset.meshes[m]);
            const unsigned assetMaterial = static_cast<unsigned>(
                std::find(asset.materials.begin(), asset.materials.end(), mesh->mMaterialIndex) -
                asset.materials.begin());
            unsigned material = mesh->mMaterialIndex;
            for (const auto &entry : overrides) {
                if (entry.first == assetMaterial) {
                    material = entry.second;
                }
            }
            const bool renameBones = !boneSuffix.empty() && mesh->mNumBones != 0;
            if (material != mesh->mMaterialIndex || renameBones) {
                placement.meshes[m] =
                    copyMesh(asset.meshes[m], material, renameBones ? boneSuffix : std::string());
            }
        }
        return placement;
    }

    // Copies the children of an asset node below `target`, meshes remapped, names suffixed.
    void copyAssetTree(const aiNode *source, aiNode *target, const Placement &placement,
                       const std::string &nameSuffix) {
        std::vector<aiNode *> children;
        for (unsigned c = 0; c < source->mNumChildren; ++c) {
            const aiNode *child = source->mChildren[c];
            auto *copy = new aiNode(child->mName.C_Str() + nameSuffix);
            copy->mTransformation = child->mTransformation;
            if (child->mMetaData != nullptr && !HasNestedMetadata(*child->mMetaData)) {
                Assimp::SceneCombiner::Copy(&copy->mMetaData, child->mMetaData);
            }
            children.push_back(copy);
        }
        AddChildren(target, children);
        for (unsigned c = 0; c < source->mNumChildren; ++c) {
            const aiNode *child = source->mChildren[c];
            std::vector<unsigned> meshes;
            for (unsigned k = 0; k < child->mNumMeshes; ++k) {
                meshes.push_back(placement.meshes[child->mMeshes[k]]);
            }
            AppendMeshes(children[c], meshes);
            copyAssetTree(child, children[c], placement, nameSuffix);
        }
    }

    // Static asset: meshes of nodes in the asset's own frame go on the actor node; a mesh node
    // with its own transform becomes a child node.
    void placeStatic(const aiNode *node, const aiMatrix4x4 &toRoot, bool isRoot, aiNode *actorNode,
                     const Placement &placement) {
        const aiMatrix4x4 transform = isRoot ? aiMatrix4x4() : toRoot * node->mTransformation;
        if (node->mNumMeshes != 0) {
            std::vector<unsigned> meshes;
            for (unsigned k = 0; k < node->mNumMeshes; ++k) {
                meshes.push_back(placement.meshes[node->mMeshes[k]]);
            }
            if (transform.IsIdentity()) {
                AppendMeshes(actorNode, meshes);
            } else {
                aiNode *child = AddChildNode(actorNode, std::string(actorNode->mName.C_Str()) +
                                                            "." + node->mName.C_Str());
                child->mTransformation = transform;
                AppendMeshes(child, meshes);
            }
        }
        for (unsigned c = 0; c < node->mNumChildren; ++c) {
            placeStatic(node->mChildren[c], transform, false, actorNode, placement);
        }
    }

    void placeAssets() {
        for (size_t i = 0; i < mWorld.materials.size(); ++i) {
            mAssignmentsByActor.emplace(static_cast<size_t>(mWorld.materials[i].actor), i);
        }
        std::map<std::pair<const LoadedAsset *, std::vector<std::pair<unsigned, unsigned>>>,
                 Placement>
            shared;
        for (size_t i = 0; i < mWorld.actors.size(); ++i) {
            const PswActor &actor = mWorld.actors[i];
            aiNode *node = mActorNodes[i];
            MetadataBuilder metadata;
            addActorMetadata(i, *node, metadata);
            if (!actor.assetRelative.empty()) {
                LoadedAsset *asset = nullptr;
                if (mOptions.loadAssets && mOptions.readExternalFiles) {
                    asset = mAssets.load(actor.assetRelative, mFileName);
                    noteAssetFile(actor.assetPath, asset);
                }
                if (asset != nullptr) {
                    place(i, *asset, node, shared);
                }
            }
            metadata.mergeInto(node->mMetaData);
        }
    }

    /** What an actor node says of its record, compactly: every entry costs Assimp two 1 KB
     *  aiStrings (key and string value), so 10,000 actors with every field took 120 MB. A value
     *  the scene already shows (the name, when the node has it) or the default (flags 0, a flag
     *  bit unset) is left out; the file an asset was read from is written once per asset in
     *  the scene's metadata (noteAssetFile). */
    void addActorMetadata(size_t index, const aiNode &node, MetadataBuilder &metadata) const {
        const PswActor &actor = mWorld.actors[index];
        metadata.add(AGF_META_PSW_ACTOR_INDEX, static_cast<int32_t>(index));
        if (actor.name != node.mName.C_Str()) {
            metadata.add(AGF_META_PSW_ACTOR_NAME, actor.name);
        }
        if (actor.flags != 0) {
            metadata.add(AGF_META_PSW_FLAGS, static_cast<int32_t>(actor.flags));
        }
        const std::pair<uint32_t, const char *> bits[] = {
            {kActorHidden, AGF_META_PSW_HIDDEN},
            {kActorNoCastShadow, AGF_META_PSW_NO_CAST_SHADOW},
            {kActorUseTemperature, AGF_META_PSW_USE_TEMPERATURE},
            {kActorIsSkeleton, AGF_META_PSW_IS_SKELETON},
        };
        for (const auto &bit : bits) {
            if ((actor.flags & bit.first) != 0) {
                metadata.add(bit.second, true);
            }
        }
        if (!actor.assetRelative.empty()) {
            metadata.add(AGF_META_PSW_ASSET, actor.assetPath);
        }
    }

    /** Records, once per asset path as written, the file it was read from ("" when it was
     *  missing or did not import), in the order the actors first name them. */
    void noteAssetFile(const std::string &assetPath, const LoadedAsset *asset) {
        if (mAssetFileIndex.emplace(assetPath, mAssetFiles.size()).second) {
            mAssetFiles.emplace_back(assetPath, asset != nullptr ? asset->file : std::string());
        }
    }

    template <typename SharedMap>
    void place(size_t actorIndex, LoadedAsset &asset, aiNode *node, SharedMap &shared) {
        const auto overrides = overridesOf(actorIndex, asset);
        const unsigned instance = asset.placements++;
        if (asset.skinned) {
            // A skinned mesh is bound to one skeleton by bone names, so a second actor with the
            // same asset needs its own skeleton nodes and meshes whose bones name them.
            const std::string suffix =
                instance == 0 ? std::string() : "#" + std::to_string(instance);
            const Placement placement = makePlacement(asset, overrides, suffix);
            std::vector<unsigned> rootMeshes;
            for (unsigned k = 0; k < asset.scene->mRootNode->mNumMeshes; ++k) {
                rootMeshes.push_back(placement.meshes[asset.scene->mRootNode->mMeshes[k]]);
            }
            AppendMeshes(node, rootMeshes);
            copyAssetTree(asset.scene->mRootNode, node, placement, suffix);
            return;
        }
        auto key = std::make_pair(static_cast<const LoadedAsset *>(&asset), overrides);
        auto found = shared.find(key);
        if (found == shared.end()) {
            found = shared.emplace(key, makePlacement(asset, overrides, std::string())).first;
        }
        placeStatic(asset.scene->mRootNode, aiMatrix4x4(), true, node, found->second);
    }

    aiNode *actorNodeOr(aiNode *root, int32_t actor) const {
        return actor >= 0 && static_cast<size_t>(actor) < mActorNodes.size()
                   ? mActorNodes[static_cast<size_t>(actor)]
                   : root;
    }

    void buildLights(aiNode *root) {
        for (size_t i = 0; i < mWorld.lights.size(); ++i) {
            const PswLight &record = mWorld.lights[i];
            aiNode *parent = actorNodeOr(root, record.parent);
            aiNode *node = AddChildNode(parent, std::string(parent->mName.C_Str()) + ".Light");
            auto light = std::make_unique<aiLight>();
            switch (record.type) {
            case 0:
                light->mType = aiLightSource_DIRECTIONAL;
                break;
            case 1:
                light->mType = aiLightSource_POINT;
                break;
            case 2:
                light->mType = aiLightSource_SPOT;
                // Unreal's cone angles are measured from the axis; aiLight's are whole cones.
                light->mAngleInnerCone = 2.0f * kSpotInnerConeDegrees * kDegreesToRadians;
                light->mAngleOuterCone = 2.0f * kSpotOuterConeDegrees * kDegreesToRadians;
                break;
            case 3:
                light->mType = aiLightSource_AREA;
                light->mSize = aiVector2D(record.width, record.height);
                break;
            default:
                warn(WarningKind::Unknown, "WORLDLIGHTS",
                     "light " + std::to_string(i) + " has unknown type " +
                         std::to_string(record.type) + "; imported as a point light");
                light->mType = aiLightSource_POINT;
                break;
            }
            const float intensity = std::isfinite(record.intensity) ? record.intensity : 1.0f;
            const aiColor3D color(record.color[0] / 255.0f * intensity,
                                  record.color[1] / 255.0f * intensity,
                                  record.color[2] / 255.0f * intensity);
            light->mColorDiffuse = color;
            light->mColorSpecular = color;
            light->mColorAmbient = aiColor3D(0, 0, 0);
            // Unreal lights shine along their actor's +X.
            light->mDirection = aiVector3D(1, 0, 0);
            light->mUp = aiVector3D(0, 0, 1);
            light->mAttenuationConstant = 1.0f;
            light->mAttenuationLinear = 0.0f;
            const float radius = record.attenuationRadius;
            light->mAttenuationQuadratic =
                std::isfinite(radius) && radius > 0.0f ? 1.0f / (radius * radius) : 0.0f;

            MetadataBuilder metadata;
            metadata.add(AGF_META_PSW_LIGHT_TYPE, record.type);
            metadata.add(AGF_META_PSW_LIGHT_COLOR,
                         aiVector3D(record.color[0] / 255.0f, record.color[1] / 255.0f,
                                    record.color[2] / 255.0f));
            metadata.add(AGF_META_PSW_LIGHT_INTENSITY, record.intensity);
            metadata.add(AGF_META_PSW_LIGHT_ATTENUATION_RADIUS, record.attenuationRadius);
            metadata.add(AGF_META_PSW_LIGHT_SOURCE_RADIUS, record.sourceRadius);
            metadata.add(AGF_META_PSW_LIGHT_SOURCE_ANGLE, record.sourceAngle);
            metadata.add(AGF_META_PSW_LIGHT_TEMPERATURE, record.temperature);
            metadata.add(AGF_META_PSW_LIGHT_SHADOW_BIAS, record.shadowBias);
            metadata.add(AGF_META_PSW_LIGHT_SIZE,
                         aiVector3D(record.width, record.height, record.length));
            metadata.mergeInto(node->mMetaData);
            mLightNodes.push_back(node);
            mLights.push_back(light.get());
            mParts.addLight(std::move(light));
        }
    }

    const Heightmap *heightmapFor(const PswLandscapeTile &tile, std::string &file) {
        const auto known = mHeightmaps.find(tile.textureRelative);
        if (known != mHeightmaps.end()) {
            file = known->second.first;
            return known->second.second.width > 0 ? &known->second.second : nullptr;
        }
        auto &entry = mHeightmaps[tile.textureRelative];
        std::vector<uint8_t> bytes;
        if (!mOptions.readExternalFiles) {
            // Flat, silently: there is no folder to look in.
        } else if (tile.textureRelative.empty()) {
            warn(WarningKind::Empty, "LANDSCAPE",
                 "landscape tile (" + std::to_string(tile.tileX) + ", " +
                     std::to_string(tile.tileY) + ") names no heightmap; the tile is flat");
        } else if (!mAssets.readUnderRoot(TextureFileCandidates(tile.textureRelative), bytes,
                                          entry.first)) {
            warn(WarningKind::MissingFile, "LANDSCAPE",
                 "heightmap \"" + tile.texturePath + "\" not found (as .png); its tiles are flat");
        } else {
            try {
                entry.second = DecodeHeightmapPng(bytes, entry.first);
            } catch (const ImportError &error) {
                const bool limit = dynamic_cast<const ImportLimitError *>(&error) != nullptr;
                warn(limit ? WarningKind::LimitReached : WarningKind::UnreadableFile, "LANDSCAPE",
                     "heightmap " + entry.first + ": " + error.problem() + "; its tiles are flat");
            }
        }
        file = entry.first;
        return entry.second.width > 0 ? &entry.second : nullptr;
    }

    void buildLandscape(aiNode *root) {
        std::map<std::pair<int32_t, std::string>, SharedEdgeHeights> seams;
        std::map<int32_t, MetadataBuilder> weightmaps;
        uint64_t vertices = 0;
        for (size_t t = 0; t < mWorld.landscape.size(); ++t) {
            const PswLandscapeTile &tile = mWorld.landscape[t];
            if (tile.type != 0) {
                // Flat keys: SceneCombiner::Copy (used by every exporter) aborts on nested
                // aiMetadata in Assimp 5.2.5.
                const std::string prefix =
                    AGF_META_PSW_LANDSCAPE_WEIGHTMAPS + MetadataName(std::to_string(t));
                MetadataBuilder &layer = weightmaps[tile.actor];
                layer.add(prefix + AGF_META_PSW_WEIGHTMAP_TEXTURE, tile.texturePath);
                layer.add(prefix + AGF_META_PSW_WEIGHTMAP_LAYER, tile.type);
                layer.add(prefix + AGF_META_PSW_WEIGHTMAP_TILE,
                          aiVector3D(float(tile.tileX), float(tile.tileY), 0));
                ++mWeightmapTiles;
                continue;
            }
            if (tile.componentSize < 1 || tile.componentSize > kMaxComponentSize) {
                warn(WarningKind::InvalidValue, "LANDSCAPE",
                     "landscape tile " + std::to_string(t) + " has component size " +
                         std::to_string(tile.componentSize) + " (1.." +
                         std::to_string(kMaxComponentSize) + " expected); skipped");
                continue;
            }
            const uint64_t side = uint64_t(tile.componentSize) + 1;
            if (vertices + side * side > kMaxTerrainVertices) {
                warn(WarningKind::LimitReached, "LANDSCAPE",
                     "landscape larger than " + std::to_string(kMaxTerrainVertices) +
                         " vertices; tile " + std::to_string(t) + " and later ones skipped");
                break;
            }
            vertices += side * side;
            std::string heightmapFile;
            const Heightmap *heightmap = heightmapFor(tile, heightmapFile);
            if (mTerrainMaterial < 0) {
                std::unique_ptr<aiMaterial> terrain = MakeMaterial("Landscape");
                // A colour of its own keeps RemoveRedundantMaterials from merging it away.
                const aiColor3D grass(0.35f, 0.45f, 0.25f);
                terrain->AddProperty(&grass, 1, AI_MATKEY_COLOR_DIFFUSE);
                mTerrainMaterial = static_cast<int>(mParts.addMaterial(std::move(terrain)));
            }
            const std::string tileName =
                "Tile_" + std::to_string(tile.tileX) + "_" + std::to_string(tile.tileY);
            SharedEdgeHeights &shared = seams[{tile.actor, tile.textureRelative}];
            const size_t disagreementsBefore = shared.disagreements();
            const unsigned mesh = mParts.addMesh(
                BuildTerrainTile(tile, heightmap, mOptions.heightScale, shared,
                                 "Landscape_" + tileName, static_cast<unsigned>(mTerrainMaterial)));
            if (shared.disagreements() != disagreementsBefore) {
                warn(WarningKind::Inconsistent, "LANDSCAPE",
                     "landscape " + tileName + ": " +
                         std::to_string(shared.disagreements() - disagreementsBefore) +
                         " edge heights differ from the neighbouring tile; the "
                         "neighbour's are kept");
            }
            aiNode *parent = actorNodeOr(root, tile.actor);
            aiNode *node =
                AddChildNode(parent, std::string(parent->mName.C_Str()) + "." + tileName);
            SetNodeMeshes(node, {mesh});
            MetadataBuilder metadata;
            metadata.add(AGF_META_PSW_LANDSCAPE_TEXTURE, tile.texturePath);
            metadata.add(AGF_META_PSW_LANDSCAPE_HEIGHTMAP_FILE, heightmapFile);
            metadata.add(AGF_META_PSW_LANDSCAPE_TILE,
                         aiVector3D(float(tile.tileX), float(tile.tileY), 0));
            metadata.add(AGF_META_PSW_LANDSCAPE_COMPONENT_SIZE, tile.componentSize);
            metadata.add(AGF_META_PSW_LANDSCAPE_OFFSET, aiVector3D(tile.offsetX, tile.offsetY, 0));
            metadata.mergeInto(node->mMetaData);
            ++mTerrainTiles;
        }
        for (auto &entry : weightmaps) {
            entry.second.mergeInto(actorNodeOr(root, entry.first)->mMetaData);
        }
    }

    // Assimp finds a light's node by name: exactly one node may carry it.
    void nameLights(aiNode *root) {
        if (mLightNodes.empty()) {
            return;
        }
        std::unordered_map<std::string, unsigned> uses;
        std::vector<const aiNode *> stack{root};
        while (!stack.empty()) {
            const aiNode *current = stack.back();
            stack.pop_back();
            ++uses[current->mName.C_Str()];
            for (unsigned c = 0; c < current->mNumChildren; ++c) {
                stack.push_back(current->mChildren[c]);
            }
        }
        std::unordered_set<std::string> taken;
        for (const auto &entry : uses) {
            taken.insert(entry.first);
        }
        for (size_t i = 0; i < mLightNodes.size(); ++i) {
            aiNode *node = mLightNodes[i];
            const std::string base = node->mName.C_Str();
            std::string name = base;
            if (uses[base] > 1) {
                for (unsigned suffix = 1;; ++suffix) {
                    char buffer[16];
                    std::snprintf(buffer, sizeof buffer, ".%03u", suffix);
                    name = base + buffer;
                    if (taken.count(name) == 0) {
                        break;
                    }
                }
                --uses[base];
                taken.insert(name);
            }
            node->mName = aiString(name);
            mLights[i]->mName = aiString(name);
        }
    }

    void writeSceneMetadata(aiScene *scene) {
        MetadataBuilder metadata;
        metadata.add(AI_METADATA_SOURCE_FORMAT, "ActorX world (PSW)");
        metadata.add("SourceAsset_FormatVersion", VersionName(mWorld.version));
        AddUnitsMetadata(metadata, actorx::UnrealSceneUnits(mOptions.yUp, mOptions.scale));
        metadata.add(AGF_META_PSW_VERSION, VersionName(mWorld.version));
        metadata.add(AGF_META_PSW_ACTOR_COUNT, uint64_t(mWorld.actors.size()));
        metadata.add(AGF_META_PSW_LIGHT_COUNT, uint64_t(mWorld.lights.size()));
        metadata.add(AGF_META_PSW_LANDSCAPE_TILE_COUNT, uint64_t(mTerrainTiles));
        metadata.add(AGF_META_PSW_WEIGHTMAP_TILE_COUNT, uint64_t(mWeightmapTiles));
        metadata.add(AGF_META_PSW_ASSETS_LOADED, uint64_t(mAssets.loadedCount()));
        metadata.add(AGF_META_PSW_ASSETS_MISSING, uint64_t(mAssets.failedCount()));
        metadata.add(AGF_META_PSW_OVERRIDDEN_ACTORS, uint64_t(mOverriddenActors));
        for (size_t i = 0; i < mAssetFiles.size(); ++i) {
            const std::string prefix = AGF_META_PSW_ASSETS + MetadataName(std::to_string(i));
            metadata.add(prefix + AGF_META_PSW_ASSETS_PATH, mAssetFiles[i].first);
            metadata.add(prefix + AGF_META_PSW_ASSETS_FILE, mAssetFiles[i].second);
        }
        metadata.mergeInto(scene->mMetaData);
    }

    const PswWorld &mWorld;
    const std::string &mFileName;
    const PswConvertOptions &mOptions;
    Warnings &mWarnings;
    SceneParts mParts; // before mAssets, which adds the asset meshes to it
    PswAssetLibrary mAssets;
    std::vector<aiNode *> mActorNodes;
    std::vector<std::pair<std::string, std::string>> mAssetFiles; ///< (asset path, file read)
    std::unordered_map<std::string, size_t> mAssetFileIndex;
    std::multimap<size_t, size_t> mAssignmentsByActor;
    std::map<std::string, unsigned> mOverrideMaterials;
    std::map<std::string, std::pair<std::string, Heightmap>> mHeightmaps;
    std::vector<aiNode *> mLightNodes;
    std::vector<aiLight *> mLights; ///< owned by mParts
    int mTerrainMaterial = -1;
    size_t mTerrainTiles = 0;
    size_t mWeightmapTiles = 0;
    size_t mOverriddenActors = 0;
};

} // namespace

void ConvertPswWorld(const PswWorld &world, const PswAssetSource &assets,
                     const std::string &fileName, const PswConvertOptions &options, aiScene *scene,
                     Warnings &warnings) {
    WorldBuilder builder(world, assets, fileName, options, warnings);
    builder.build(scene);
}

} // namespace agf::psw
