// Our glTF writer (code/Export/Gltf*): what Assimp 5.2.5's glb2/gltf2 writer drops, added to its
// output, and what glTF requires, made so. Every file is read back with our GLB reader and
// nlohmann's JSON parser and compared with the scene it came from; CI also runs Khronos
// glTF-Validator and Blender on exports (tools/clients/check_clients.py).
#include "TestSupport.h"

#include "Common/AssimpVersion.h"
#include "Common/ImportError.h"
#include "Common/SceneBuilder.h"
#include "Common/StbImages.h"
#include "Export/GlbContainer.h"
#include "Export/GltfSpecular.h"
#include "P3dTestModels.h"
#include "P3dWriters.h"

#include <assimp/Exporter.hpp>
#include <assimp/SceneCombiner.h>
#include <assimp/light.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace {

using agf::test::ImportValidated;
using agf::test::ReadBytes;
using agf::test::ScratchDir;
using agf::test::TestModelsDir;
using Json = nlohmann::ordered_json;

struct GltfFile {
    Json json;
    std::vector<uint8_t> buffer;
};

GltfFile ReadGlbFile(const std::filesystem::path &path) {
    const agf::gltf::GlbFile glb = agf::gltf::ReadGlb(ReadBytes(path), path.filename().string());
    return GltfFile{Json::parse(glb.json), glb.binary};
}

/** Exports `scene` with our writers registered, then reads the result back. */
GltfFile Export(const aiScene *scene, const std::filesystem::path &path,
                const Assimp::ExportProperties &properties = Assimp::ExportProperties()) {
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const bool binary = path.extension() == ".glb";
    EXPECT_EQ(exporter.Export(scene, binary ? "glb2" : "gltf2", path.string(), 0, &properties),
              aiReturn_SUCCESS)
        << exporter.GetErrorString();
    if (binary) {
        return ReadGlbFile(path);
    }
    GltfFile file;
    file.json = Json::parse(agf::test::ReadText(path));
    file.buffer = ReadBytes(path.parent_path() / file.json["buffers"][0]["uri"].get<std::string>());
    return file;
}

/** The floats of an accessor (tightly packed, as both Assimp's writer and ours write them). */
std::vector<float> AccessorFloats(const GltfFile &file, size_t index) {
    const Json &accessor = file.json["accessors"][index];
    const Json &view = file.json["bufferViews"][accessor["bufferView"].get<size_t>()];
    static const std::map<std::string, size_t> kComponents = {
        {"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
    const size_t count = accessor["count"].get<size_t>() * kComponents.at(accessor["type"]);
    const size_t offset =
        view.value("byteOffset", size_t(0)) + accessor.value("byteOffset", size_t(0));
    EXPECT_LE(offset + count * sizeof(float), file.buffer.size());
    std::vector<float> values(count);
    std::memcpy(values.data(), file.buffer.data() + offset, count * sizeof(float));
    return values;
}

std::vector<const aiNode *> PreOrder(const aiNode *root) {
    std::vector<const aiNode *> nodes{root};
    for (size_t i = 0; i < nodes.size(); ++i) {
        // Depth first: children go right after their parent, in order.
        std::vector<const aiNode *> children(nodes[i]->mChildren,
                                             nodes[i]->mChildren + nodes[i]->mNumChildren);
        nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(i) + 1, children.begin(),
                     children.end());
    }
    return nodes;
}

/** Entry i of `metadata` is in `extras` with its type and value. */
void ExpectSameEntry(const aiMetadata &metadata, unsigned i, const Json &extras,
                     const std::string &where) {
    const std::string key = metadata.mKeys[i].C_Str();
    ASSERT_TRUE(extras.is_object() && extras.contains(key)) << where << ": " << key;
    const Json &value = extras[key];
    const void *data = metadata.mValues[i].mData;
    {
        switch (metadata.mValues[i].mType) {
        case AI_BOOL:
            EXPECT_TRUE(value.is_boolean()) << key;
            EXPECT_EQ(value.get<bool>(), *static_cast<const bool *>(data)) << key;
            break;
        case AI_INT32:
            EXPECT_TRUE(value.is_number_integer()) << key;
            EXPECT_EQ(value.get<int64_t>(), *static_cast<const int32_t *>(data)) << key;
            break;
        case AI_UINT64:
            EXPECT_TRUE(value.is_number_unsigned()) << key;
            EXPECT_EQ(value.get<uint64_t>(), *static_cast<const uint64_t *>(data)) << key;
            break;
        case AI_FLOAT:
            EXPECT_TRUE(value.is_number_float()) << key;
            EXPECT_EQ(static_cast<float>(value.get<double>()), *static_cast<const float *>(data))
                << key;
            break;
        case AI_DOUBLE:
            EXPECT_EQ(value.get<double>(), *static_cast<const double *>(data)) << key;
            break;
        case AI_AISTRING:
            EXPECT_EQ(value.get<std::string>(), static_cast<const aiString *>(data)->C_Str())
                << key;
            break;
        case AI_AIVECTOR3D: {
            const aiVector3D &v = *static_cast<const aiVector3D *>(data);
            ASSERT_TRUE(value.is_array() && value.size() == 3) << key;
            EXPECT_EQ(static_cast<float>(value[0].get<double>()), v.x) << key;
            EXPECT_EQ(static_cast<float>(value[1].get<double>()), v.y) << key;
            EXPECT_EQ(static_cast<float>(value[2].get<double>()), v.z) << key;
            break;
        }
        default:
            ADD_FAILURE() << "unexpected metadata type for " << key;
        }
    }
}

void ExpectSameEntries(const aiMetadata &metadata, const Json &extras, const std::string &where) {
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        ExpectSameEntry(metadata, i, extras, where);
    }
}

/** Node extras equal the node metadata, node by node in export order; scene extras equal the
 *  scene metadata except the unit keys the writer changes. Returns the nodes with metadata. */
size_t ExpectMetadataInExtras(const aiScene &scene, const GltfFile &file) {
    const std::vector<const aiNode *> nodes = PreOrder(scene.mRootNode);
    EXPECT_GE(file.json["nodes"].size(), nodes.size());
    if (file.json["nodes"].size() < nodes.size()) {
        return 0;
    }
    size_t withMetadata = 0;
    for (size_t i = 0; i < nodes.size(); ++i) {
        EXPECT_EQ(
            file.json["nodes"][i]["name"].get<std::string>().rfind(nodes[i]->mName.C_Str(), 0), 0u)
            << i;
        if (nodes[i]->mMetaData != nullptr && nodes[i]->mMetaData->mNumProperties != 0) {
            ++withMetadata;
            ExpectSameEntries(*nodes[i]->mMetaData, file.json["nodes"][i]["extras"],
                              nodes[i]->mName.C_Str());
        }
    }
    const Json &sceneExtras = file.json["scenes"][0]["extras"];
    for (unsigned i = 0; i < scene.mMetaData->mNumProperties; ++i) {
        const std::string key = scene.mMetaData->mKeys[i].C_Str();
        if (key != AGF_META_UNIT_SCALE_FACTOR && key != AGF_META_UNITS) { // the writer's own
            ExpectSameEntry(*scene.mMetaData, i, sceneExtras, "scene");
        }
    }
    return withMetadata;
}

double ColumnLength(const Json &matrix, int column) {
    double sum = 0;
    for (int row = 0; row < 3; ++row) {
        const double value = matrix[column * 4 + row].get<double>();
        sum += value * value;
    }
    return std::sqrt(sum);
}

std::filesystem::path Model(const std::string &relative) {
    return TestModelsDir() / relative;
}

} // namespace

TEST(GltfExport, NodeAndSceneMetadataBecomeTypedExtras) {
    // PHYSICS0/SHAPEELEMS on bones, a world's actors and lights, a P3D's LODs and selections.
    for (const char *relative : {"actorx/skinned_box.psk", "actorx/world_levels/level_v2.psw",
                                 "p3d/odol40_skinned.p3d", "p3d/mlod_cube.p3d"}) {
        SCOPED_TRACE(relative);
        const auto imported = ImportValidated(Model(relative));
        ASSERT_NE(imported.scene, nullptr) << imported.error;
        const GltfFile file = Export(imported.scene, ScratchDir("gltf_extras") / "out.glb");
        EXPECT_GT(ExpectMetadataInExtras(*imported.scene, file), 0u);
    }
}

TEST(GltfExport, TheRootIsScaledToMetresUnlessUnitsAreKept) {
    const auto box = ImportValidated(Model("actorx/skinned_box.psk"));
    ASSERT_NE(box.scene, nullptr) << box.error;
    const GltfFile metres = Export(box.scene, ScratchDir("gltf_units") / "metres.glb");
    // Unreal units are centimetres: the root (which also turns Z up into Y up) is scaled 0.01.
    const Json &root = metres.json["nodes"][0];
    ASSERT_TRUE(root.contains("matrix"));
    for (int column = 0; column < 3; ++column) {
        EXPECT_NEAR(ColumnLength(root["matrix"], column), 0.01, 1e-7);
    }
    const Json &extras = metres.json["scenes"][0]["extras"];
    EXPECT_EQ(extras[AGF_META_UNIT_SCALE_FACTOR].get<double>(), 100.0);
    EXPECT_EQ(extras[AGF_META_EXPORT_METRE_SCALE].get<double>(), 0.01);
    EXPECT_EQ(extras[AGF_META_UNITS], "metre");
    EXPECT_EQ(extras[AGF_META_SOURCE_UNITS], "unreal unit (1 cm in UE4/5)");

    Assimp::ExportProperties keep;
    keep.SetPropertyBool(AI_CONFIG_EXPORT_GLTF_KEEP_UNITS, true);
    const GltfFile raw = Export(box.scene, ScratchDir("gltf_units") / "raw.glb", keep);
    for (int column = 0; column < 3; ++column) {
        EXPECT_NEAR(ColumnLength(raw.json["nodes"][0]["matrix"], column), 1.0, 1e-6);
    }
    EXPECT_EQ(raw.json["scenes"][0]["extras"][AGF_META_UNIT_SCALE_FACTOR].get<double>(), 1.0);
    EXPECT_FALSE(raw.json["scenes"][0]["extras"].contains(AGF_META_EXPORT_METRE_SCALE));

    // A P3D is in metres already: its root stays as it was (identity, so no matrix at all).
    const auto cube = ImportValidated(Model("p3d/mlod_cube.p3d"));
    ASSERT_NE(cube.scene, nullptr) << cube.error;
    const GltfFile p3d = Export(cube.scene, ScratchDir("gltf_units") / "cube.glb");
    EXPECT_FALSE(p3d.json["nodes"][0].contains("matrix"));
    EXPECT_EQ(p3d.json["scenes"][0]["extras"][AGF_META_EXPORT_METRE_SCALE].get<double>(), 1.0);
}

TEST(GltfExport, AnimatedRootKeepsItsMetreScaleThroughTheKeys) {
    Assimp::Importer importer;
    const aiScene *scene = agf::test::BuildAndValidate(importer, [](aiScene *target) {
        target->mRootNode = new aiNode("root");
        agf::MetadataBuilder().add(AGF_META_UNIT_SCALE_FACTOR, 2.54).mergeInto(target->mMetaData);
        std::vector<std::unique_ptr<aiNodeAnim>> channels;
        channels.push_back(agf::MakeNodeAnim(
            "root",
            {aiVectorKey(0.0, aiVector3D(10, 0, 0)), aiVectorKey(1.0, aiVector3D(0, 20, 0))},
            {aiQuatKey(0.0, aiQuaternion())}, {aiVectorKey(0.0, aiVector3D(1, 2, 1))}));
        agf::SceneParts parts;
        parts.addAnimation(agf::MakeAnimation("move", 1.0, 1.0, std::move(channels)));
        parts.moveInto(target);
    });
    ASSERT_NE(scene, nullptr);
    const GltfFile file = Export(scene, ScratchDir("gltf_root_anim") / "inches.glb");
    const Json &animation = file.json["animations"][0];
    bool translation = false, scale = false;
    for (const Json &channel : animation["channels"]) {
        const Json &sampler = animation["samplers"][channel["sampler"].get<size_t>()];
        const std::vector<float> values = AccessorFloats(file, sampler["output"].get<size_t>());
        if (channel["target"]["path"] == "translation") {
            translation = true;
            EXPECT_NEAR(values[0], 0.254f, 1e-6f);
            EXPECT_NEAR(values[4], 0.508f, 1e-6f);
        } else if (channel["target"]["path"] == "scale") {
            scale = true;
            EXPECT_NEAR(values[1], 0.0508f, 1e-6f);
        }
    }
    EXPECT_TRUE(translation && scale);
}

TEST(GltfExport, TheSkinHasEveryBoneAndExactInverseBindMatrices) {
    for (const char *relative : {"actorx/skinned_box.psk", "idolfx/keypose_chain5.fxm",
                                 "p3d/odol40_skinned.p3d", "poser/chain.cr2"}) {
        SCOPED_TRACE(relative);
        const auto imported = ImportValidated(Model(relative));
        ASSERT_NE(imported.scene, nullptr) << imported.error;
        std::set<std::string> bones;
        for (unsigned m = 0; m < imported.scene->mNumMeshes; ++m) {
            for (unsigned b = 0; b < imported.scene->mMeshes[m]->mNumBones; ++b) {
                bones.insert(imported.scene->mMeshes[m]->mBones[b]->mName.C_Str());
                // Our importers make the rows exact themselves; the writer only enforces it.
                const aiMatrix4x4 &offset = imported.scene->mMeshes[m]->mBones[b]->mOffsetMatrix;
                EXPECT_TRUE(offset.d1 == 0 && offset.d2 == 0 && offset.d3 == 0 && offset.d4 == 1);
            }
        }
        ASSERT_FALSE(bones.empty());
        const GltfFile file = Export(imported.scene, ScratchDir("gltf_skin") / "out.glb");
        ASSERT_EQ(file.json["skins"].size(), 1u);
        const Json &skin = file.json["skins"][0];
        EXPECT_EQ(skin["joints"].size(), bones.size());
        const std::vector<float> matrices =
            AccessorFloats(file, skin["inverseBindMatrices"].get<size_t>());
        ASSERT_EQ(matrices.size(), 16 * bones.size());
        for (size_t j = 0; j < bones.size(); ++j) {
            EXPECT_EQ(matrices[16 * j + 3], 0.0f);
            EXPECT_EQ(matrices[16 * j + 7], 0.0f);
            EXPECT_EQ(matrices[16 * j + 11], 0.0f);
            EXPECT_EQ(matrices[16 * j + 15], 1.0f);
        }
        for (const Json &node : file.json["nodes"]) {
            if (node.contains("matrix")) {
                EXPECT_EQ(node["matrix"][15].get<double>(), 1.0) << node["name"];
                EXPECT_EQ(node["matrix"][3].get<double>(), 0.0) << node["name"];
            }
        }
    }
}

TEST(GltfExport, PrimitivesOfAMeshShareNamedTargets) {
    const auto imported = ImportValidated(Model("actorx/skinned_box.psk"));
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const GltfFile file = Export(imported.scene, ScratchDir("gltf_targets") / "out.glb");
    ASSERT_EQ(file.json["meshes"].size(), 1u);
    const Json &mesh = file.json["meshes"][0];
    ASSERT_EQ(mesh["primitives"].size(), 2u);
    for (const Json &primitive : mesh["primitives"]) {
        EXPECT_EQ(primitive["targets"].size(), 2u);
    }
    EXPECT_EQ(mesh["extras"]["targetNames"], Json::array({"Stretch", "Dent"}));
}

TEST(GltfExport, ForeignMeshesOfOneNodeGetTheUnionOfTheirTargets) {
    Assimp::Importer importer;
    const aiScene *scene = agf::test::BuildAndValidate(importer, [](aiScene *target) {
        agf::SceneParts parts;
        for (int m = 0; m < 2; ++m) {
            agf::MeshSource source;
            source.positions = {aiVector3D(0, 0, 0), aiVector3D(1, 0, 0), aiVector3D(0, 1, 0)};
            agf::MorphSource morph;
            morph.name = m == 0 ? "smile" : "frown";
            morph.vertices = {1};
            morph.positions = {aiVector3D(2, 0, 0)};
            source.morphs.push_back(morph);
            auto meshes = agf::BuildMeshesByMaterial(source, {agf::Triangle{{0, 1, 2}, 0}}, 1, {},
                                                     "part" + std::to_string(m));
            parts.addMesh(std::move(meshes[0]));
        }
        target->mRootNode = new aiNode("root");
        agf::SetNodeMeshes(target->mRootNode, {0, 1});
        parts.moveInto(target);
    });
    ASSERT_NE(scene, nullptr);
    const GltfFile file = Export(scene, ScratchDir("gltf_union") / "out.glb");
    const Json &mesh = file.json["meshes"][0];
    ASSERT_EQ(mesh["primitives"].size(), 2u);
    EXPECT_EQ(mesh["primitives"][0]["targets"].size(), 2u);
    EXPECT_EQ(mesh["primitives"][1]["targets"].size(), 2u);
    EXPECT_EQ(mesh["extras"]["targetNames"], Json::array({"smile", "frown"}));
    // The source scene is left alone: the writer changes its own copy.
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, 1u);
}

TEST(GltfExport, ScenesWithoutGeometryHaveNoEmptyBuffer) {
    const auto imported = ImportValidated(Model("actorx/sockets_164.psk"));
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const GltfFile file = Export(imported.scene, ScratchDir("gltf_empty") / "out.glb");
    EXPECT_FALSE(file.json.contains("buffers"));
    EXPECT_FALSE(file.json.contains("bufferViews"));
    const std::vector<uint8_t> bytes =
        ReadBytes(ScratchDir("gltf_empty").parent_path() / "gltf_empty" / "out.glb");
    EXPECT_EQ(bytes.size() % 4, 0u);
}

TEST(GltfExport, LightsBecomeKhrLightsPunctual) {
    const auto imported = ImportValidated(Model("actorx/world_levels/level_v2.psw"));
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const aiScene &scene = *imported.scene;
    ASSERT_GT(scene.mNumLights, 0u);
    const GltfFile file = Export(&scene, ScratchDir("gltf_lights") / "out.glb");
    EXPECT_NE(std::find(file.json["extensionsUsed"].begin(), file.json["extensionsUsed"].end(),
                        "KHR_lights_punctual"),
              file.json["extensionsUsed"].end());
    const Json &lights = file.json["extensions"]["KHR_lights_punctual"]["lights"];
    ASSERT_EQ(lights.size(), scene.mNumLights);
    for (unsigned l = 0; l < scene.mNumLights; ++l) {
        const aiLight &light = *scene.mLights[l];
        const Json &written = lights[l];
        EXPECT_EQ(written["name"], light.mName.C_Str());
        const float strongest =
            std::max({light.mColorDiffuse.r, light.mColorDiffuse.g, light.mColorDiffuse.b});
        EXPECT_FLOAT_EQ(static_cast<float>(written["intensity"].get<double>()), strongest);
        const aiNode *node = scene.mRootNode->FindNode(light.mName);
        ASSERT_NE(node, nullptr);
        const double worldScale = std::cbrt(agf::TransformRelativeTo(node, nullptr).Determinant());
        if (light.mType != aiLightSource_DIRECTIONAL) {
            // Half strength at the radius; a glTF range ignores node scale, so it is in metres.
            EXPECT_NEAR(written["range"].get<double>(),
                        0.01 * worldScale / std::sqrt(light.mAttenuationQuadratic), 1e-6);
        }
        if (light.mType == aiLightSource_SPOT) {
            EXPECT_EQ(written["type"], "spot");
            EXPECT_NEAR(written["spot"]["outerConeAngle"].get<double>(),
                        light.mAngleOuterCone / 2.0, 1e-6);
        }
        // Some node carries the light: the light's own node, or a child that points it.
        bool referenced = false;
        for (const Json &jsonNode : file.json["nodes"]) {
            referenced =
                referenced ||
                (jsonNode.contains("extensions") &&
                 jsonNode["extensions"]["KHR_lights_punctual"]["light"].get<unsigned>() == l);
        }
        EXPECT_TRUE(referenced) << light.mName.C_Str();
    }
}

TEST(GltfExport, MorphWeightAnimationBecomesWeightsChannels) {
    const auto imported = ImportValidated(Model("idolfx/two_submeshes.anb"));
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const aiScene &scene = *imported.scene;
    const aiAnimation &animation = *scene.mAnimations[0];
    ASSERT_GT(animation.mNumMorphMeshChannels, 0u);
    const GltfFile file = Export(&scene, ScratchDir("gltf_weights") / "out.glb");
    const Json &written = file.json["animations"][0];
    const std::vector<const aiNode *> nodes = PreOrder(scene.mRootNode);
    size_t found = 0;
    for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim &channel = *animation.mMorphMeshChannels[c];
        size_t node = 0;
        while (node < nodes.size() && !(nodes[node]->mName == channel.mName)) {
            ++node;
        }
        ASSERT_LT(node, nodes.size());
        const unsigned targets = scene.mMeshes[nodes[node]->mMeshes[0]]->mNumAnimMeshes;
        for (const Json &jsonChannel : written["channels"]) {
            if (jsonChannel["target"]["path"] != "weights" ||
                jsonChannel["target"]["node"].get<size_t>() != node) {
                continue;
            }
            ++found;
            // glTF forbids a matrix on an animated node.
            EXPECT_FALSE(file.json["nodes"][node].contains("matrix"));
            const Json &sampler = written["samplers"][jsonChannel["sampler"].get<size_t>()];
            const std::vector<float> times = AccessorFloats(file, sampler["input"].get<size_t>());
            const std::vector<float> weights =
                AccessorFloats(file, sampler["output"].get<size_t>());
            ASSERT_EQ(times.size(), channel.mNumKeys);
            ASSERT_EQ(weights.size(), size_t(channel.mNumKeys) * targets);
            for (unsigned k = 0; k < channel.mNumKeys; ++k) {
                const aiMeshMorphKey &key = channel.mKeys[k];
                EXPECT_FLOAT_EQ(times[k],
                                static_cast<float>(key.mTime / animation.mTicksPerSecond));
                std::vector<float> expected(targets, 0.0f);
                for (unsigned v = 0; v < key.mNumValuesAndWeights; ++v) {
                    expected[key.mValues[v]] = static_cast<float>(key.mWeights[v]);
                }
                for (unsigned t = 0; t < targets; ++t) {
                    EXPECT_EQ(weights[size_t(k) * targets + t], expected[t]) << k << " " << t;
                }
            }
        }
    }
    EXPECT_EQ(found, animation.mNumMorphMeshChannels);
}

TEST(GltfExport, SeparateFilesCarryTheSameDocument) {
    const auto imported = ImportValidated(Model("idolfx/two_submeshes.anb"));
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const std::filesystem::path dir = ScratchDir("gltf_separate");
    const GltfFile file = Export(imported.scene, dir / "anb.gltf");
    ASSERT_EQ(file.json["buffers"].size(), 1u);
    EXPECT_EQ(file.json["buffers"][0]["uri"], "anb.bin");
    // The morph-weight data went into the .bin, whose length the document states.
    EXPECT_EQ(file.json["buffers"][0]["byteLength"].get<size_t>(), file.buffer.size());
    EXPECT_TRUE(std::filesystem::exists(dir / "anb.bin"));
    bool weights = false;
    for (const Json &channel : file.json["animations"][0]["channels"]) {
        weights = weights || channel["target"]["path"] == "weights";
    }
    EXPECT_TRUE(weights);
    ExpectMetadataInExtras(*imported.scene, file);
}

TEST(GltfExport, ReimportedExtrasFlattenBackToTheSameMetadata) {
    const auto imported = ImportValidated(Model("p3d/odol40_skinned.p3d"));
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const std::filesystem::path path = ScratchDir("gltf_reimport") / "out.glb";
    Export(imported.scene, path);
    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    aiScene *editable = const_cast<aiScene *>(back);
    EXPECT_GT(agf::FlattenNestedMetadata(*editable), 0u); // vectors arrive as nested groups
    // Without the flattening this copy, which every Assimp exporter makes, aborts the process.
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, back);
    ASSERT_NE(copy, nullptr);
    delete copy;
    size_t compared = 0;
    for (const aiNode *node : PreOrder(imported.scene->mRootNode)) {
        const aiNode *twin = back->mRootNode->FindNode(node->mName);
        if (node->mMetaData == nullptr || twin == nullptr) {
            continue;
        }
        ASSERT_NE(twin->mMetaData, nullptr) << node->mName.C_Str();
        for (unsigned i = 0; i < node->mMetaData->mNumProperties; ++i) {
            const std::string key = node->mMetaData->mKeys[i].C_Str();
            aiVector3D vector, vectorBack;
            aiString text, textBack;
            if (node->mMetaData->Get(key, vector)) {
                ASSERT_TRUE(twin->mMetaData->Get(key, vectorBack)) << key;
                EXPECT_EQ(vector, vectorBack) << key;
                ++compared;
            } else if (node->mMetaData->Get(key, text)) {
                ASSERT_TRUE(twin->mMetaData->Get(key, textBack)) << key;
                EXPECT_STREQ(text.C_Str(), textBack.C_Str()) << key;
                ++compared;
            } else {
                EXPECT_TRUE(twin->mMetaData->HasKey(key.c_str())) << key;
            }
        }
    }
    EXPECT_GT(compared, 10u);
}

TEST(GlbContainer, RoundTripsAndRefusesDamage) {
    agf::gltf::GlbFile glb;
    glb.json = "{\"asset\":{\"version\":\"2.0\"}}";
    glb.binary = {1, 2, 3, 4, 5};
    glb.hasBinary = true;
    const std::vector<uint8_t> bytes = agf::gltf::WriteGlb(glb);
    EXPECT_EQ(bytes.size() % 4, 0u);
    const agf::gltf::GlbFile back = agf::gltf::ReadGlb(bytes, "a.glb");
    EXPECT_EQ(Json::parse(back.json), Json::parse(glb.json));
    EXPECT_EQ(std::vector<uint8_t>(back.binary.begin(), back.binary.begin() + 5), glb.binary);

    auto errorOf = [](const std::vector<uint8_t> &data) {
        try {
            agf::gltf::ReadGlb(data, "a.glb");
        } catch (const agf::ImportError &error) {
            return std::string(error.what());
        }
        return std::string();
    };
    for (size_t cut = 0; cut < 28; cut += 3) {
        const std::vector<uint8_t> truncated(bytes.begin(),
                                             bytes.begin() + static_cast<std::ptrdiff_t>(cut));
        EXPECT_NE(errorOf(truncated).find("a.glb: GLB "), std::string::npos) << cut;
    }
    std::vector<uint8_t> wrongMagic = bytes;
    wrongMagic[0] = 'X';
    EXPECT_NE(errorOf(wrongMagic).find("no \"glTF\" magic"), std::string::npos);
    std::vector<uint8_t> longChunk = bytes;
    longChunk[12] = 0xFF; // the JSON chunk claims more bytes than there are
    EXPECT_NE(errorOf(longChunk).find("unexpected end of data"), std::string::npos);
}

TEST(GltfExport, ZeroNormalsBecomeTheirFacesNormal) {
    Assimp::Importer importer;
    const aiScene *scene = agf::test::BuildAndValidate(importer, [](aiScene *target) {
        agf::MeshSource source;
        source.positions = {aiVector3D(0, 0, 0), aiVector3D(1, 0, 0), aiVector3D(0, 1, 0)};
        source.normals = {aiVector3D(0, 0, 1), aiVector3D(0, 0, 0), aiVector3D(0, 0, 1)};
        agf::SceneParts parts;
        parts.addMesh(std::move(
            agf::BuildMeshesByMaterial(source, {agf::Triangle{{0, 1, 2}, 0}}, 1, {}, "flat")[0]));
        target->mRootNode = new aiNode("root");
        agf::SetNodeMeshes(target->mRootNode, {0});
        parts.moveInto(target);
    });
    ASSERT_NE(scene, nullptr);
    const GltfFile file = Export(scene, ScratchDir("gltf_normals") / "out.glb");
    const size_t accessor =
        file.json["meshes"][0]["primitives"][0]["attributes"]["NORMAL"].get<size_t>();
    const std::vector<float> normals = AccessorFloats(file, accessor);
    ASSERT_EQ(normals.size(), 9u);
    for (size_t v = 0; v < 3; ++v) {
        EXPECT_EQ(normals[3 * v + 2], 1.0f) << v; // the counter-clockwise face looks along +Z
    }
    EXPECT_EQ(scene->mMeshes[0]->mNormals[1], aiVector3D(0, 0, 0)); // the copy was repaired
}

namespace {

/** The integers of a JOINTS_n accessor (unsigned byte or unsigned short components). */
std::vector<unsigned> AccessorJoints(const GltfFile &file, size_t index) {
    const Json &accessor = file.json["accessors"][index];
    const Json &view = file.json["bufferViews"][accessor["bufferView"].get<size_t>()];
    const size_t count = accessor["count"].get<size_t>() * 4;
    const size_t offset =
        view.value("byteOffset", size_t(0)) + accessor.value("byteOffset", size_t(0));
    const size_t componentSize = accessor["componentType"].get<int>() == 5121 ? 1 : 2;
    const size_t stride = view.value("byteStride", 4 * componentSize);
    EXPECT_LE(offset + (count / 4 - 1) * stride + 4 * componentSize, file.buffer.size());
    std::vector<unsigned> joints;
    for (size_t i = 0; i < count; ++i) {
        const uint8_t *at =
            file.buffer.data() + offset + (i / 4) * stride + (i % 4) * componentSize;
        joints.push_back(componentSize == 1 ? at[0] : unsigned(at[0] | (at[1] << 8)));
    }
    return joints;
}

} // namespace

TEST(GltfExport, UnweightedVerticesOfASkinnedMeshFollowTheirMeshNode) {
    // glTF requires weights that sum to 1 on every skinned vertex; P3D's points outside every
    // bone selection have none. They are bound to the node that holds the mesh.
    Assimp::Importer importer;
    const aiScene *scene = agf::test::BuildAndValidate(importer, [](aiScene *target) {
        agf::MeshSource source;
        source.positions = {aiVector3D(0, 0, 0), aiVector3D(1, 0, 0), aiVector3D(0, 1, 0)};
        agf::SceneParts parts;
        parts.addMesh(std::move(
            agf::BuildMeshesByMaterial(source, {agf::Triangle{{0, 1, 2}, 0}}, 1, {}, "part")[0]));
        parts.moveInto(target);
        aiMesh *mesh = target->mMeshes[0];
        mesh->mNumBones = 1;
        mesh->mBones = new aiBone *[1];
        mesh->mBones[0] = new aiBone();
        mesh->mBones[0]->mName = aiString("arm");
        mesh->mBones[0]->mNumWeights = 2;
        mesh->mBones[0]->mWeights = new aiVertexWeight[2]{{0, 1.0f}, {1, 1.0f}};
        target->mRootNode = new aiNode("root");
        aiNode *holder = new aiNode("model");
        aiNode *arm = new aiNode("arm");
        agf::SetNodeMeshes(holder, {0});
        agf::AddChildren(target->mRootNode, {holder});
        agf::AddChildren(holder, {arm});
    });
    ASSERT_NE(scene, nullptr);
    const GltfFile file = Export(scene, ScratchDir("gltf_anchor") / "out.glb");
    ASSERT_EQ(file.json["skins"].size(), 1u);
    const Json &jointNodes = file.json["skins"][0]["joints"];
    ASSERT_EQ(jointNodes.size(), 2u);
    const Json &attributes = file.json["meshes"][0]["primitives"][0]["attributes"];
    const std::vector<unsigned> joints = AccessorJoints(file, attributes["JOINTS_0"].get<size_t>());
    const std::vector<float> weights = AccessorFloats(file, attributes["WEIGHTS_0"].get<size_t>());
    ASSERT_EQ(joints.size(), 12u);
    ASSERT_EQ(weights.size(), 12u);
    std::vector<std::string> boneOfVertex;
    for (size_t v = 0; v < 3; ++v) {
        float sum = 0.0f;
        for (size_t k = 0; k < 4; ++k) {
            sum += weights[4 * v + k];
        }
        EXPECT_FLOAT_EQ(sum, 1.0f) << v;
        const size_t node = jointNodes[joints[4 * v]].get<size_t>();
        EXPECT_EQ(weights[4 * v], 1.0f) << v;
        boneOfVertex.push_back(file.json["nodes"][node]["name"].get<std::string>());
    }
    EXPECT_EQ(boneOfVertex, (std::vector<std::string>{"arm", "arm", "model"}));
    // The source scene is left as it was: the writer changes its own copy.
    EXPECT_EQ(scene->mMeshes[0]->mNumBones, 1u);
}

namespace {

/** A material with an emissive colour and, when `intensity` > 0, AI_MATKEY_EMISSIVE_INTENSITY. */
std::unique_ptr<aiMaterial> EmissiveMaterial(const char *name, aiColor3D color, float intensity) {
    std::unique_ptr<aiMaterial> material = agf::MakeMaterial(name);
    material->AddProperty(&color, 1, AI_MATKEY_COLOR_EMISSIVE);
    if (intensity > 0.0f) {
        material->AddProperty(&intensity, 1, AI_MATKEY_EMISSIVE_INTENSITY);
    }
    return material;
}

/** One triangle per material: an rvmat-like HDR colour, a colour within [0, 1] with an HDR
 *  intensity, an HDR colour with an intensity, and a plain colour. */
const aiScene *EmissiveScene(Assimp::Importer &importer) {
    return agf::test::BuildAndValidate(importer, [](aiScene *target) {
        agf::MeshSource source;
        for (int t = 0; t < 4; ++t) {
            const float x = static_cast<float>(2 * t);
            source.positions.insert(
                source.positions.end(),
                {aiVector3D(x, 0, 0), aiVector3D(x + 1, 0, 0), aiVector3D(x, 1, 0)});
        }
        std::vector<agf::Triangle> triangles;
        for (unsigned t = 0; t < 4; ++t) {
            triangles.push_back(agf::Triangle{{3 * t, 3 * t + 1, 3 * t + 2}, t});
        }
        agf::SceneParts parts;
        for (auto &mesh : agf::BuildMeshesByMaterial(source, triangles, 4, {}, "lights")) {
            parts.addMesh(std::move(mesh));
        }
        parts.addMaterial(EmissiveMaterial("tracer", aiColor3D(500, 250, 0), 0));
        parts.addMaterial(EmissiveMaterial("lamp", aiColor3D(1, 0.5f, 0), 500));
        parts.addMaterial(EmissiveMaterial("hot", aiColor3D(2, 0, 0), 300));
        parts.addMaterial(EmissiveMaterial("dim", aiColor3D(0.25f, 0.5f, 1), 0));
        target->mRootNode = new aiNode("root");
        agf::SetNodeMeshes(target->mRootNode, {0, 1, 2, 3});
        parts.moveInto(target);
    });
}

void ExpectFactor(const Json &material, const std::vector<double> &factor) {
    ASSERT_TRUE(material.contains("emissiveFactor")) << material.dump();
    EXPECT_EQ(material.at("emissiveFactor").get<std::vector<double>>(), factor) << material.dump();
}

double Strength(const Json &material) {
    return material.at("extensions")
        .at("KHR_materials_emissive_strength")
        .at("emissiveStrength")
        .get<double>();
}

} // namespace

TEST(GltfExport, HdrEmissiveBecomesAFactorInRangeWithAStrength) {
    Assimp::Importer importer;
    const aiScene *scene = EmissiveScene(importer);
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mNumMaterials, 4u);
    const std::filesystem::path path = ScratchDir("gltf_emissive") / "out.glb";
    const GltfFile file = Export(scene, path); // CI runs glTF-Validator on it
    const Json &materials = file.json["materials"];
    ASSERT_EQ(materials.size(), 4u);

    ExpectFactor(materials[0], {1.0, 0.5, 0.0});
    EXPECT_EQ(Strength(materials[0]), 500.0);
    EXPECT_EQ(materials[0].at("extras").at(AGF_META_GLTF_SOURCE_EMISSIVE_COLOR),
              Json::array({500.0, 250.0, 0.0}));
    EXPECT_FALSE(materials[0].at("extras").contains(AGF_META_GLTF_SOURCE_EMISSIVE_INTENSITY));
    // An intensity is carried on every version (Assimp 5.2's writer drops it).
    ExpectFactor(materials[1], {1.0, 0.5, 0.0});
    EXPECT_EQ(Strength(materials[1]), 500.0);
    ExpectFactor(materials[2], {1.0, 0.0, 0.0});
    EXPECT_EQ(Strength(materials[2]), 600.0);
    EXPECT_EQ(materials[2].at("extras").at(AGF_META_GLTF_SOURCE_EMISSIVE_COLOR),
              Json::array({2.0, 0.0, 0.0}));
    EXPECT_EQ(materials[2].at("extras").at(AGF_META_GLTF_SOURCE_EMISSIVE_INTENSITY), 300.0);
    ExpectFactor(materials[3], {0.25, 0.5, 1.0});
    EXPECT_FALSE(materials[3].contains("extensions"));
    EXPECT_FALSE(materials[3].contains("extras"));

    const Json &used = file.json["extensionsUsed"];
    EXPECT_NE(std::find(used.begin(), used.end(), "KHR_materials_emissive_strength"), used.end());
    const Json required = file.json.value("extensionsRequired", Json::array());
    EXPECT_EQ(std::find(required.begin(), required.end(), "KHR_materials_emissive_strength"),
              required.end());

    // Assimp's glTF importer reads the factor as the emissive colour, unscaled; from 5.4 on it
    // reads the strength into AI_MATKEY_EMISSIVE_INTENSITY, before that it ignores it.
    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(path.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    const aiMaterial *tracer = nullptr;
    for (unsigned m = 0; m < back->mNumMaterials; ++m) {
        if (back->mMaterials[m]->GetName() == aiString("tracer")) {
            tracer = back->mMaterials[m];
        }
    }
    ASSERT_NE(tracer, nullptr);
    aiColor3D color;
    ASSERT_EQ(tracer->Get(AI_MATKEY_COLOR_EMISSIVE, color), aiReturn_SUCCESS);
    EXPECT_EQ(color, aiColor3D(1, 0.5f, 0));
    float strength = 0;
    const bool hasStrength =
        tracer->Get(AI_MATKEY_EMISSIVE_INTENSITY, strength) == aiReturn_SUCCESS;
    EXPECT_EQ(hasStrength, !(agf::LoadedAssimpVersion() < agf::AssimpVersion{5, 4, 0}));
    if (hasStrength) {
        EXPECT_EQ(strength, 500.0f);
    }
}

TEST(GltfExport, EmissiveOfAssimpsOwnWriterIsOutOfRange) {
    // Why the pass runs on every version: the stock writer copies an HDR colour as it is.
    Assimp::Importer importer;
    const aiScene *scene = EmissiveScene(importer);
    ASSERT_NE(scene, nullptr);
    Assimp::Exporter stock;
    const aiExportDataBlob *blob = stock.ExportToBlob(scene, "glb2");
    ASSERT_NE(blob, nullptr) << stock.GetErrorString();
    const auto *data = static_cast<const uint8_t *>(blob->data);
    const Json json = Json::parse(
        agf::gltf::ReadGlb(std::vector<uint8_t>(data, data + blob->size), "stock.glb").json);
    EXPECT_EQ(json["materials"][0]["emissiveFactor"], Json::array({500.0, 250.0, 0.0}));
}

TEST(GltfExport, AnOdolRvmatsHdrEmissiveKeepsItsBrightness) {
    namespace gen = agf::testgen::p3d;
    gen::OdolModel model = gen::OdolV40SkinnedModel();
    model.lods[0].materials[0].colors[0] = {500, 250, 0, 1}; // a tracer's embedded rvmat
    const std::filesystem::path dir = ScratchDir("gltf_emissive_p3d");
    agf::test::WriteBytes(dir / "tracer.p3d", gen::WriteOdolV40(model));
    const auto imported = ImportValidated(dir / "tracer.p3d");
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const GltfFile file = Export(imported.scene, dir / "tracer.glb");
    size_t bright = 0;
    for (const Json &material : file.json["materials"]) {
        const std::vector<double> factor =
            material.value("emissiveFactor", std::vector<double>{0, 0, 0});
        for (const double component : factor) {
            EXPECT_TRUE(component >= 0.0 && component <= 1.0) << material.dump();
        }
        if (material.value("extensions", Json::object())
                .contains("KHR_materials_emissive_strength")) {
            ++bright;
            EXPECT_EQ(factor, (std::vector<double>{1.0, 0.5, 0.0}));
            EXPECT_EQ(Strength(material), 500.0);
            EXPECT_EQ(material.at("extras").at(AGF_META_GLTF_SOURCE_EMISSIVE_COLOR),
                      Json::array({500.0, 250.0, 0.0}));
        }
    }
    EXPECT_EQ(bright, 1u);
}

TEST(GltfSpecular, AMaterialShowingAnImageGltfCannotHoldLosesItsSpecularExtension) {
    agf::gltf::GltfDocument document;
    document.json = Json::parse(R"({
        "extensionsUsed": ["KHR_materials_specular", "KHR_materials_volume"],
        "images": [{"uri": "agf\\top_co.paa"}, {"uri": "top_smdi.PNG"},
                   {"uri": "data:image/png;base64,AA=="}, {"bufferView": 0, "mimeType": "image/png"}],
        "textures": [{"source": 0}, {"source": 1}, {"source": 2}, {"source": 3}],
        "materials": [
            {"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}},
             "extensions": {"KHR_materials_specular": {"specularFactor": 1.0}}},
            {"extensions": {"KHR_materials_specular": {"specularTexture": {"index": 0}},
                            "KHR_materials_volume": {}}},
            {"pbrMetallicRoughness": {"baseColorTexture": {"index": 1}},
             "extensions": {"KHR_materials_specular": {
                "specularTexture": {"index": 2}, "specularColorTexture": {"index": 3}}}},
            {"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}]})");
    EXPECT_EQ(agf::gltf::DropSpecularOfUndecodableMaterials(document), 2u);
    const Json &materials = document.json["materials"];
    EXPECT_FALSE(materials[0].contains("extensions")) << "a .paa base colour: Blender fails";
    EXPECT_EQ(materials[0]["pbrMetallicRoughness"]["baseColorTexture"]["index"], 0)
        << "the reference itself stays";
    EXPECT_FALSE(materials[1]["extensions"].contains("KHR_materials_specular"));
    EXPECT_TRUE(materials[1]["extensions"].contains("KHR_materials_volume"));
    EXPECT_TRUE(materials[2]["extensions"].contains("KHR_materials_specular"))
        << "PNG files, data URIs and buffer views are images glTF holds";
    EXPECT_FALSE(materials[3].contains("extensions")) << "nothing added";
    EXPECT_EQ(document.json["extensionsUsed"],
              Json::array({"KHR_materials_specular", "KHR_materials_volume"}))
        << "still used by the third material";
    document.json["images"][1]["uri"] = "top_smdi.tga";
    EXPECT_EQ(agf::gltf::DropSpecularOfUndecodableMaterials(document), 1u);
    EXPECT_EQ(document.json["extensionsUsed"], Json::array({"KHR_materials_volume"}));
}

/** One textured triangle: base colour from the file `besidePath`, normals from an embedded PNG
 *  ("*0"). */
std::unique_ptr<aiScene> TexturedTriangle(const std::string &besidePath) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("root");
    scene->mRootNode->mNumMeshes = 1;
    scene->mRootNode->mMeshes = new unsigned[1]{0};
    auto *material = new aiMaterial();
    const aiString beside(besidePath);
    const aiString embedded("*0");
    material->AddProperty(&beside, AI_MATKEY_TEXTURE_DIFFUSE(0));
    material->AddProperty(&embedded, AI_MATKEY_TEXTURE_NORMALS(0));
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1] { material };
    aiMesh *mesh = agf::test::NewTriangleMesh();
    mesh->mNormals = new aiVector3D[3]{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    mesh->mTextureCoords[0] = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh->mNumUVComponents[0] = 2;
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1] { mesh };
    const std::vector<uint8_t> png =
        agf::EncodeImageFile(agf::ImageFileType::Png, 1, 1, 3, {128, 128, 255});
    auto *texture = new aiTexture();
    texture->mWidth = static_cast<unsigned>(png.size());
    texture->mHeight = 0;
    std::strcpy(texture->achFormatHint, "png");
    // aiTexture deletes pcData as aiTexel[]: allocate it so, large enough for the bytes.
    texture->pcData = new aiTexel[(png.size() + 3) / 4];
    std::memcpy(texture->pcData, png.data(), png.size());
    scene->mNumTextures = 1;
    scene->mTextures = new aiTexture *[1] { texture };
    return scene;
}

/** The image URIs of the file's images that are files (not data: URIs, not buffer views). */
std::vector<std::string> ImageFileUris(const GltfFile &file) {
    std::vector<std::string> uris;
    for (const Json &image : file.json.value("images", Json::array())) {
        const std::string uri = image.value("uri", std::string());
        if (!uri.empty() && uri.rfind("data:", 0) != 0) {
            uris.push_back(uri);
        }
    }
    return uris;
}

TEST(GltfSpecular, AnOdolWithoutItsTexturesKeepingItsReferencesHasNoSpecularExtension) {
    // Its rvmats name .paa files that are nowhere: with Assimp 6.0.5's specular extension on
    // those materials, Blender 3.4 stopped importing the file. The references only reach the
    // glTF when the caller asks for them.
    const auto imported = ImportValidated(TestModelsDir() / "p3d/odol40_skinned.p3d");
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    Assimp::ExportProperties keep;
    keep.SetPropertyBool(AI_CONFIG_EXPORT_GLTF_KEEP_TEXTURE_REFERENCES, true);
    const std::filesystem::path path = ScratchDir("gltf_specular") / "odol40.glb";
    const GltfFile file = Export(imported.scene, path, keep);
    // Its URIs name nothing: not a file for the client checks' validator run.
    std::filesystem::remove(path);
    size_t paaMaterials = 0;
    for (const Json &material : file.json["materials"]) {
        const Json *baseColor = nullptr;
        if (material.contains("pbrMetallicRoughness") &&
            material["pbrMetallicRoughness"].contains("baseColorTexture")) {
            baseColor = &material["pbrMetallicRoughness"]["baseColorTexture"];
        }
        if (baseColor == nullptr) {
            continue;
        }
        const size_t texture = (*baseColor)["index"].get<size_t>();
        const size_t image = file.json["textures"][texture]["source"].get<size_t>();
        if (file.json["images"][image].value("uri", std::string()).find(".paa") ==
            std::string::npos) {
            continue;
        }
        ++paaMaterials;
        EXPECT_FALSE(material.contains("extensions") &&
                     material["extensions"].contains("KHR_materials_specular"))
            << material["name"];
    }
    EXPECT_GT(paaMaterials, 0u) << "the model's textures are .paa files that are not there";
}

TEST(GltfExport, TexturesTheOutputCannotReachAreLeftOutAndNamedInTheMaterialsExtras) {
    // The ODOL's rvmats name .paa files with Windows separators that are nowhere: written as
    // URIs, glTF-Validator reports each as an error.
    const auto imported = ImportValidated(TestModelsDir() / "p3d/odol40_skinned.p3d");
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    std::vector<std::string> scenePaths;
    for (unsigned m = 0; m < imported.scene->mNumMaterials; ++m) {
        aiString path;
        if (imported.scene->mMaterials[m]->GetTexture(aiTextureType_DIFFUSE, 0, &path) ==
            aiReturn_SUCCESS) {
            scenePaths.push_back(path.C_Str());
        }
    }
    ASSERT_FALSE(scenePaths.empty());
    const GltfFile file = Export(imported.scene, ScratchDir("gltf_unreachable") / "odol40.glb");
    EXPECT_TRUE(ImageFileUris(file).empty()) << file.json["images"];
    std::vector<std::string> named;
    for (const Json &material : file.json["materials"]) {
        EXPECT_FALSE(material.contains("pbrMetallicRoughness") &&
                     material["pbrMetallicRoughness"].contains("baseColorTexture"))
            << material;
        const Json extras = material.value("extras", Json::object());
        for (const Json &path : extras.value(AGF_META_GLTF_UNREACHABLE_TEXTURES, Json::array())) {
            named.push_back(path.get<std::string>());
        }
    }
    for (const std::string &path : scenePaths) {
        EXPECT_NE(std::find(named.begin(), named.end(), path), named.end()) << path;
    }

    // A relative path naming a file beside the output stays a reference; embedded textures stay
    // inside; the scene given to the writer is not changed.
    const std::unique_ptr<aiScene> scene = TexturedTriangle("beside.png");
    const std::filesystem::path folder = ScratchDir("gltf_reachable");
    agf::test::WriteBytes(folder / "beside.png",
                          agf::EncodeImageFile(agf::ImageFileType::Png, 1, 1, 3, {1, 2, 3}));
    const GltfFile withFile = Export(scene.get(), folder / "quad.glb");
    EXPECT_EQ(ImageFileUris(withFile), std::vector<std::string>{"beside.png"});
    EXPECT_EQ(withFile.json["images"].size(), 2u) << "the embedded one too";
    std::filesystem::remove(folder / "beside.png");
    const GltfFile withoutFile = Export(scene.get(), folder / "quad.glb");
    EXPECT_TRUE(ImageFileUris(withoutFile).empty());
    ASSERT_EQ(withoutFile.json["images"].size(), 1u) << "the embedded one";
    EXPECT_TRUE(withoutFile.json["images"][0].contains("bufferView"));
    EXPECT_EQ(withoutFile.json["materials"][0]["extras"][AGF_META_GLTF_UNREACHABLE_TEXTURES],
              Json::array({"beside.png"}));
    aiString kept;
    EXPECT_EQ(scene->mMaterials[0]->GetTexture(aiTextureType_DIFFUSE, 0, &kept), aiReturn_SUCCESS);
    EXPECT_STREQ(kept.C_Str(), "beside.png");
}
