// Each repair of Assimp's behaviour is switched on exactly where the loaded Assimp needs it
// (Common/AssimpVersion.h): every test runs Assimp's own writer (no replacement registered) on
// a scene that shows the behaviour, and checks that the behaviour is there exactly when the
// repair is on. Built against 5.2.5, 5.4.3 or 6.0.5, the suite so checks the table for that
// version; the round trips through our writers (utFbxExport, utGltfExport, utExportCounts)
// check what users get.
#include "ExportTestScene.h"
#include "TestSupport.h"

#include "Common/AssimpVersion.h"
#include "Common/SceneBuilder.h"
#include "Export/AnimationRetiming.h"
#include "Export/ChannelKeyAlignment.h"
#include "Export/FbxBinaryRepair.h"
#include "Export/FbxBinaryTree.h"
#include "Export/FbxKeyTimes.h"
#include "Export/FbxMeshNodes.h"
#include "Export/FbxTakeLength.h"
#include "Export/GlbContainer.h"

#include <assimp/Exporter.hpp>
#include <assimp/SceneCombiner.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

using namespace agf;
using namespace agf::fbx;

namespace {

std::vector<uint8_t> StockExport(const aiScene *scene, const char *formatId) {
    Assimp::Exporter exporter; // Assimp's own writers only
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, formatId);
    EXPECT_NE(blob, nullptr) << formatId << ": " << exporter.GetErrorString();
    if (blob == nullptr) {
        return {};
    }
    const auto *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

const aiScene *ReadBack(Assimp::Importer &reader, const std::vector<uint8_t> &bytes,
                        const char *hint) {
    return reader.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure,
                                     hint);
}

/** Stock binary FBX made readable by the null-record repair alone, where the writer needs it,
 *  so that the later repairs can be looked at one by one. */
std::vector<uint8_t> ReadableStockFbx(const aiScene *scene) {
    const std::vector<uint8_t> bytes = StockExport(scene, "fbx");
    if (!AssimpNeeds(AssimpRepair::FbxNullRecords) || bytes.empty()) {
        return bytes;
    }
    FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    MarkObjectsAsScopes(file);
    return WriteFbxBinary(file);
}

/** The objects of a binary FBX file named `record` ("Geometry", "Deformer"...) with their
 *  decoded properties (id, "name\x00\x01class", subclass). */
std::vector<std::vector<FbxProperty>> Objects(const FbxBinaryFile &file, const char *record) {
    std::vector<std::vector<FbxProperty>> found;
    for (const FbxRecord &top : file.records) {
        if (top.name != "Objects") {
            continue;
        }
        for (const FbxRecord &object : top.children) {
            if (object.name == record) {
                found.push_back(DecodeProperties(object, "stock.fbx"));
            }
        }
    }
    return found;
}

size_t CountWithSubclass(const FbxBinaryFile &file, const char *record, const char *subclass) {
    size_t count = 0;
    for (const auto &fields : Objects(file, record)) {
        count += fields.size() >= 3 && fields[2].text == subclass ? 1 : 0;
    }
    return count;
}

/** The test scene with more of what the writers may drop: a third morph target that moves no
 *  vertex, a morph-weight animation, node and scene metadata, a light. */
void BuildRichScene(aiScene *scene) {
    test::BuildSkinnedMorphingScene(scene);
    aiMesh *mesh = scene->mMeshes[0];
    aiAnimMesh **targets = new aiAnimMesh *[3];
    std::copy(mesh->mAnimMeshes, mesh->mAnimMeshes + 2, targets);
    aiAnimMesh *still = new aiAnimMesh();
    still->mName = "Still";
    still->mNumVertices = mesh->mNumVertices;
    still->mVertices = new aiVector3D[mesh->mNumVertices];
    std::copy(mesh->mVertices, mesh->mVertices + mesh->mNumVertices, still->mVertices);
    targets[2] = still;
    delete[] mesh->mAnimMeshes;
    mesh->mAnimMeshes = targets;
    mesh->mNumAnimMeshes = 3;

    aiMeshMorphAnim *morph = new aiMeshMorphAnim();
    morph->mName = "Body";
    morph->mNumKeys = 2;
    morph->mKeys = new aiMeshMorphKey[2];
    for (unsigned k = 0; k < 2; ++k) {
        aiMeshMorphKey &key = morph->mKeys[k];
        key.mTime = k * test::kDurationTicks;
        key.mNumValuesAndWeights = 1;
        key.mValues = new unsigned int[1]{0};
        key.mWeights = new double[1]{static_cast<double>(k)};
    }
    aiAnimation *animation = scene->mAnimations[0];
    animation->mNumMorphMeshChannels = 1;
    animation->mMorphMeshChannels = new aiMeshMorphAnim *[1] { morph };

    aiNode *body = scene->mRootNode->FindNode("Body");
    body->mMetaData = MetadataBuilder().add("Probe.NodeValue", int32_t(7)).build();
    scene->mMetaData = MetadataBuilder().add("Probe.SceneValue", int32_t(9)).build();

    aiLight *light = new aiLight();
    light->mName = "Bone0";
    light->mType = aiLightSource_POINT;
    light->mColorDiffuse = aiColor3D(1, 1, 1);
    light->mAttenuationConstant = 1.0f;
    scene->mNumLights = 1;
    scene->mLights = new aiLight *[1] { light };
}

const aiScene *RichScene(Assimp::Importer &importer) {
    const aiScene *scene = test::BuildAndValidate(importer, BuildRichScene);
    EXPECT_NE(scene, nullptr) << importer.GetErrorString();
    return scene;
}

/** Two meshes, each with its own material and the same morph target, on one node. */
void BuildTwoMeshNode(aiScene *scene) {
    test::BuildSkinnedMorphingScene(scene);
    aiMesh *first = scene->mMeshes[0];
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, scene);
    aiMesh *second = copy->mMeshes[0];
    copy->mMeshes[0] = nullptr; // now ours
    copy->mNumMeshes = 0;
    delete copy;
    for (unsigned v = 0; v < second->mNumVertices; ++v) {
        second->mVertices[v].x += 3.0f; // apart from the first
        for (unsigned t = 0; t < second->mNumAnimMeshes; ++t) {
            second->mAnimMeshes[t]->mVertices[v].x += 3.0f;
        }
    }
    second->mName = "Body2";
    second->mMaterialIndex = 1;
    delete[] scene->mMeshes;
    scene->mMeshes = new aiMesh *[2] { first, second };
    scene->mNumMeshes = 2;
    aiMaterial **materials = new aiMaterial *[2] { scene->mMaterials[0], new aiMaterial() };
    aiString name("Other");
    materials[1]->AddProperty(&name, AI_MATKEY_NAME);
    delete[] scene->mMaterials;
    scene->mMaterials = materials;
    scene->mNumMaterials = 2;
    aiNode *body = scene->mRootNode->FindNode("Body");
    delete[] body->mMeshes;
    body->mMeshes = new unsigned int[2]{0, 1};
    body->mNumMeshes = 2;
}

/** A copy of the rich scene that a test may change. */
std::unique_ptr<aiScene> RichSceneCopy(Assimp::Importer &importer) {
    const aiScene *rich = RichScene(importer);
    aiScene *copy = nullptr;
    if (rich != nullptr) {
        Assimp::SceneCombiner::CopyScene(&copy, rich);
    }
    return std::unique_ptr<aiScene>(copy);
}

// ------------------------------------------------------------------------------------------------

TEST(AssimpRepairs, TheLoadedVersionIsInTheSupportedRange) {
    const AssimpVersion loaded = LoadedAssimpVersion();
    EXPECT_FALSE(loaded < (AssimpVersion{5, 2, 0})) << loaded.text();
    EXPECT_TRUE(loaded < (AssimpVersion{7, 0, 0})) << loaded.text();
    EXPECT_EQ(AssimpRepairs().size(), static_cast<size_t>(AssimpRepair::NestedMetadataCopy) + 1);
}

TEST(AssimpRepairs, FbxNullRecords) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = StockExport(scene, "fbx");
    Assimp::Importer reader;
    const bool unreadable = ReadBack(reader, bytes, "fbx") == nullptr;
    EXPECT_EQ(unreadable, AssimpNeeds(AssimpRepair::FbxNullRecords)) << reader.GetErrorString();
}

TEST(AssimpRepairs, FbxShapeGeometryNames) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    const FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    size_t shapes = 0;
    size_t otherClass = 0;
    for (const auto &fields : Objects(file, "Geometry")) {
        if (fields.size() >= 3 && fields[2].text == "Shape") {
            ++shapes;
            const std::string &name = fields[1].text;
            const size_t separator = name.find(std::string("\0\x01", 2));
            otherClass += separator != std::string::npos &&
                                  name.compare(separator + 2, std::string::npos, "Geometry") != 0
                              ? 1
                              : 0;
        }
    }
    ASSERT_GT(shapes, 0u);
    EXPECT_EQ(otherClass > 0, AssimpNeeds(AssimpRepair::FbxShapeGeometryNames));
}

TEST(AssimpRepairs, FbxFullWeights) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    // "Still" moves no vertex: its FullWeights must be empty too.
    const bool mismatched = MatchFullWeightsToShapes(file, "stock.fbx") > 0;
    EXPECT_EQ(mismatched, AssimpNeeds(AssimpRepair::FbxFullWeights));
}

/** Whether the animation read back from `bytes` lasts other than the test scene's 2.5 s. */
bool DurationWrong(const std::vector<uint8_t> &bytes, const char *hint) {
    Assimp::Importer reader;
    const aiScene *back = ReadBack(reader, bytes, hint);
    EXPECT_NE(back, nullptr) << reader.GetErrorString();
    if (back == nullptr || back->mNumAnimations != 1) {
        ADD_FAILURE() << "no animation read back";
        return false;
    }
    const aiAnimation &animation = *back->mAnimations[0];
    const double rate = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 1.0;
    const double seconds = test::kDurationTicks / test::kTicksPerSecond;
    return std::fabs(animation.mDuration / rate - seconds) > 1e-3;
}

TEST(AssimpRepairs, FbxAnimationTiming) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    EXPECT_EQ(DurationWrong(StockExport(scene, "fbxa"), "fbx"),
              AssimpNeeds(AssimpRepair::FbxAnimationTiming));
}

TEST(AssimpRepairs, FbxWholeSecondKeyTimes) {
    // The keys already in seconds at 1 tick per second, as the timing repair gives them to the
    // writer: whether a key between two whole seconds comes back at its time.
    Assimp::Importer importer;
    std::unique_ptr<aiScene> scene = RichSceneCopy(importer);
    ASSERT_NE(scene, nullptr);
    RetimeAnimationsToSeconds(*scene);
    Assimp::Importer reader;
    const aiScene *back = ReadBack(reader, StockExport(scene.get(), "fbxa"), "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation &written = *scene->mAnimations[0];
    const aiAnimation &animation = *back->mAnimations[0];
    const double rate = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 1.0;
    size_t between = 0, lost = 0;
    for (unsigned c = 0; c < written.mNumChannels; ++c) {
        const aiNodeAnim &channel = *written.mChannels[c];
        const aiNodeAnim *twin = nullptr;
        for (unsigned d = 0; d < animation.mNumChannels; ++d) {
            twin = animation.mChannels[d]->mNodeName == channel.mNodeName ? animation.mChannels[d]
                                                                          : twin;
        }
        ASSERT_NE(twin, nullptr) << channel.mNodeName.C_Str();
        for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
            const double seconds = channel.mPositionKeys[k].mTime;
            if (seconds == std::floor(seconds)) {
                continue;
            }
            ++between;
            bool found = false;
            for (unsigned j = 0; j < twin->mNumPositionKeys; ++j) {
                found = found || std::fabs(twin->mPositionKeys[j].mTime / rate - seconds) < 1e-3;
            }
            lost += found ? 0 : 1;
        }
    }
    ASSERT_GT(between, 0u) << "the test scene has keys between whole seconds";
    EXPECT_EQ(lost != 0, AssimpNeeds(AssimpRepair::FbxWholeSecondKeyTimes)) << lost << " lost";
}

TEST(AssimpRepairs, ColladaAnimationTiming) {
    // Channels with aligned keys, which every version's Collada writer keeps.
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, [](aiScene *built) {
        test::BuildSkinnedMorphingScene(built);
        AlignChannelKeys(*built);
    });
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(DurationWrong(StockExport(scene, "collada"), "dae"),
              AssimpNeeds(AssimpRepair::ColladaAnimationTiming));
}

TEST(AssimpRepairs, MorphTargetNormals) {
    // The targets have no normals; the reader of the same version reads them back or not.
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mMeshes[0]->mAnimMeshes[0]->mNormals, nullptr);
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    Assimp::Importer reader;
    const aiScene *back = ReadBack(reader, bytes, "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    unsigned targets = 0;
    for (unsigned m = 0; m < back->mNumMeshes; ++m) {
        targets += back->mMeshes[m]->mNumAnimMeshes;
    }
    EXPECT_EQ(targets < 3, AssimpNeeds(AssimpRepair::MorphTargetNormals)) << targets;
}

TEST(AssimpRepairs, FbxMorphAnimation) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    const FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    size_t curves = 0;
    for (const auto &fields : Objects(file, "AnimationCurveNode")) {
        curves += fields.size() >= 2 && fields[1].text.rfind("DeformPercent", 0) == 0 ? 1 : 0;
    }
    EXPECT_EQ(curves == 0, AssimpNeeds(AssimpRepair::FbxMorphAnimation)) << curves;
}

/** The Properties70 entries named `name` among the children of `object` (a Model or a
 *  Document): their flags field ("U" marks a user property). */
std::vector<std::string> PropertyFlags(const FbxRecord &object, const std::string &name) {
    std::vector<std::string> flags;
    for (const FbxRecord &table : object.children) {
        for (size_t i = 0; table.name == "Properties70" && i < table.children.size(); ++i) {
            const std::vector<FbxProperty> fields =
                DecodeProperties(table.children[i], "stock.fbx");
            if (fields.size() >= 4 && fields[0].text == name) {
                flags.push_back(fields[3].text);
            }
        }
    }
    return flags;
}

/** The flags of every entry named `name` in the objects called `record` of a `parent` record
 *  ("Objects"/"Model", "Documents"/"Document"). */
std::vector<std::string> PropertyFlagsIn(const FbxBinaryFile &file, const char *parent,
                                         const char *record, const std::string &name) {
    std::vector<std::string> flags;
    for (const FbxRecord &top : file.records) {
        for (size_t i = 0; top.name == parent && i < top.children.size(); ++i) {
            if (top.children[i].name == record) {
                const std::vector<std::string> found = PropertyFlags(top.children[i], name);
                flags.insert(flags.end(), found.begin(), found.end());
            }
        }
    }
    return flags;
}

bool OneUserProperty(const std::vector<std::string> &flags) {
    return flags.size() == 1 && flags[0].find('U') != std::string::npos;
}

TEST(AssimpRepairs, FbxMetadata) {
    // Blender imports a Model's or Document's user properties ("U" flag) as custom properties
    // and ignores other entries; Assimp's reader reads every entry of a Model.
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    const FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    const std::vector<std::string> node =
        PropertyFlagsIn(file, "Objects", "Model", "Probe.NodeValue");
    const std::vector<std::string> document =
        PropertyFlagsIn(file, "Documents", "Document", "Probe.SceneValue");
    EXPECT_EQ(!(OneUserProperty(node) && OneUserProperty(document)),
              AssimpNeeds(AssimpRepair::FbxMetadata))
        << node.size() << " node entries, " << document.size() << " scene entries";
    // 5.4 and 6.0 write node metadata as plain properties (what the repair must not
    // duplicate); measured on 5.4.3 and 6.0.5.
    const bool plainNodeProperty = node.size() == 1 && node[0].find('U') == std::string::npos;
    EXPECT_EQ(plainNodeProperty, !(LoadedAssimpVersion() < AssimpVersion{5, 4, 0}));
}

TEST(AssimpRepairs, FbxOneGeometryPerNode) {
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, BuildTwoMeshNode);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    const FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    const size_t geometries = CountWithSubclass(file, "Geometry", "Mesh");
    EXPECT_EQ(geometries == 1, AssimpNeeds(AssimpRepair::FbxOneGeometryPerNode)) << geometries;
}

TEST(AssimpRepairs, ColladaUnevenKeys) {
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, test::BuildSkinnedMorphingScene);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = StockExport(scene, "collada");
    Assimp::Importer reader;
    const bool unreadable = ReadBack(reader, bytes, "dae") == nullptr;
    EXPECT_EQ(unreadable, AssimpNeeds(AssimpRepair::ColladaUnevenKeys)) << reader.GetErrorString();
}

nlohmann::json StockGlbJson(const aiScene *scene) {
    const std::vector<uint8_t> bytes = StockExport(scene, "glb2");
    return nlohmann::json::parse(gltf::ReadGlb(bytes, "stock.glb").json);
}

TEST(AssimpRepairs, GltfMorphWeights) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const nlohmann::json json = StockGlbJson(scene);
    bool weights = false;
    for (const auto &animation : json.value("animations", nlohmann::json::array())) {
        for (const auto &channel : animation.value("channels", nlohmann::json::array())) {
            weights |= channel["target"].value("path", std::string()) == "weights";
        }
    }
    EXPECT_EQ(!weights, AssimpNeeds(AssimpRepair::GltfMorphWeights));
}

TEST(AssimpRepairs, GltfLights) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const nlohmann::json json = StockGlbJson(scene);
    const bool lights =
        json.contains("extensions") && json["extensions"].contains("KHR_lights_punctual");
    EXPECT_EQ(!lights, AssimpNeeds(AssimpRepair::GltfLights));
}

TEST(AssimpRepairs, GltfExtras) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::string json = StockGlbJson(scene).dump();
    const bool both = json.find("Probe.NodeValue") != std::string::npos &&
                      json.find("Probe.SceneValue") != std::string::npos;
    EXPECT_EQ(!both, AssimpNeeds(AssimpRepair::GltfExtras));
}

// Nested metadata on a node, as Assimp's glTF importer makes from an object in `extras` (the
// scene's own metadata is not what 5.2's copy trips on).
void CopySceneWithNestedMetadata() {
    aiScene scene;
    scene.mRootNode = new aiNode("Root");
    aiMetadata *inner = aiMetadata::Alloc(1);
    inner->Set(0, "x", int32_t(1));
    scene.mRootNode->mMetaData = aiMetadata::Alloc(1);
    scene.mRootNode->mMetaData->Set(0, "group", *inner);
    delete inner;
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, &scene);
    const aiMetadata *copied = copy != nullptr ? copy->mRootNode->mMetaData : nullptr;
    const bool nested = copied != nullptr && copied->mValues[0].mType == AI_AIMETADATA;
    delete copy;
    if (!nested) {
        std::abort();
    }
}

TEST(AssimpRepairs, FbxUvSetIndices) {
    // Two UV sets holding the same values at other vertices: set 1's vertex v has set 0's value
    // of vertex v + 1.
    Assimp::Importer importer;
    const std::unique_ptr<aiScene> owned = RichSceneCopy(importer);
    ASSERT_NE(owned, nullptr);
    aiScene *scene = owned.get();
    aiMesh *mesh = scene->mMeshes[0];
    const unsigned count = mesh->mNumVertices;
    for (unsigned set = 0; set < 2; ++set) {
        delete[] mesh->mTextureCoords[set];
        mesh->mTextureCoords[set] = new aiVector3D[count];
        mesh->mNumUVComponents[set] = 2;
        for (unsigned v = 0; v < count; ++v) {
            mesh->mTextureCoords[set][v] =
                aiVector3D(static_cast<float>((v + set) % count) / count, 0.5f, 0.0f);
        }
    }
    Assimp::Importer reader;
    const aiScene *back = ReadBack(reader, ReadableStockFbx(scene), "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    // An index past the end of its set's table costs the whole mesh.
    if (back->mNumMeshes == 0) {
        EXPECT_TRUE(AssimpNeeds(AssimpRepair::FbxUvSetIndices)) << "the mesh was lost";
        return;
    }
    const aiMesh *read = back->mMeshes[0];
    ASSERT_EQ(read->mNumFaces, mesh->mNumFaces);
    ASSERT_NE(read->mTextureCoords[1], nullptr);
    size_t wrong = 0;
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        for (unsigned c = 0; c < mesh->mFaces[f].mNumIndices; ++c) {
            const aiVector3D &written = mesh->mTextureCoords[1][mesh->mFaces[f].mIndices[c]];
            const aiVector3D &got = read->mTextureCoords[1][read->mFaces[f].mIndices[c]];
            wrong += std::abs(written.x - got.x) > 1e-5f || std::abs(written.y - got.y) > 1e-5f;
        }
    }
    EXPECT_EQ(wrong != 0, AssimpNeeds(AssimpRepair::FbxUvSetIndices)) << wrong;
}

TEST(AssimpRepairs, FbxReaderTurnsRoot) {
    // A file that declares Z-up (front -Y): the reader either leaves the data as it is or turns
    // the root so that the file's up (Z) becomes Y.
    Assimp::Importer importer;
    const std::unique_ptr<aiScene> owned = RichSceneCopy(importer);
    ASSERT_NE(owned, nullptr);
    aiScene *scene = owned.get();
    delete scene->mMetaData;
    MetadataBuilder axes;
    axes.add("UpAxis", int32_t(2)).add("UpAxisSign", int32_t(1));
    axes.add("FrontAxis", int32_t(1)).add("FrontAxisSign", int32_t(-1));
    axes.add("CoordAxis", int32_t(0)).add("CoordAxisSign", int32_t(1));
    scene->mMetaData = axes.build();
    scene->mRootNode->mTransformation = aiMatrix4x4();
    Assimp::Importer reader;
    const aiScene *back = ReadBack(reader, ReadableStockFbx(scene), "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    const aiVector3D fileUp = back->mRootNode->mTransformation * aiVector3D(0, 0, 1);
    const bool turned = std::abs(fileUp.y) > std::abs(fileUp.z);
    EXPECT_EQ(turned, AssimpNeeds(AssimpRepair::FbxReaderTurnsRoot))
        << fileUp.x << " " << fileUp.y << " " << fileUp.z;
}

TEST(AssimpRepairs, NestedMetadataCopy) {
    if (AssimpNeeds(AssimpRepair::NestedMetadataCopy)) {
        EXPECT_DEATH(CopySceneWithNestedMetadata(), "");
    } else {
        CopySceneWithNestedMetadata(); // no abort: the copy keeps the nested table
    }
}

} // namespace

// ------------------------------------------------------------------------------------------------
// The repairs themselves, on every version

TEST(FbxMeshNodes, EachMeshOfANodeGetsAChildNodeAndItsMorphChannels) {
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, [](aiScene *built) {
        BuildTwoMeshNode(built);
        aiMeshMorphAnim *morph = new aiMeshMorphAnim();
        morph->mName = "Body";
        morph->mNumKeys = 1;
        morph->mKeys = new aiMeshMorphKey[1];
        morph->mKeys[0].mNumValuesAndWeights = 1;
        morph->mKeys[0].mValues = new unsigned int[1]{1};
        morph->mKeys[0].mWeights = new double[1]{0.5};
        aiAnimation *animation = built->mAnimations[0];
        animation->mNumMorphMeshChannels = 1;
        animation->mMorphMeshChannels = new aiMeshMorphAnim *[1] { morph };
    });
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, scene);
    std::unique_ptr<aiScene> owned(copy);
    EXPECT_EQ(GiveEachMeshItsOwnNode(*owned), 2u);
    const aiNode *body = owned->mRootNode->FindNode("Body");
    ASSERT_NE(body, nullptr);
    EXPECT_EQ(body->mNumMeshes, 0u);
    ASSERT_EQ(body->mNumChildren, 2u);
    // The first mesh is named like its node: its child gets a name of its own.
    EXPECT_STREQ(body->mChildren[0]->mName.C_Str(), "Body_1");
    EXPECT_STREQ(body->mChildren[1]->mName.C_Str(), "Body2");
    for (unsigned c = 0; c < 2; ++c) {
        ASSERT_EQ(body->mChildren[c]->mNumMeshes, 1u);
        EXPECT_EQ(body->mChildren[c]->mMeshes[0], c);
    }
    const aiAnimation &animation = *owned->mAnimations[0];
    ASSERT_EQ(animation.mNumMorphMeshChannels, 2u);
    EXPECT_STREQ(animation.mMorphMeshChannels[0]->mName.C_Str(), "Body_1");
    EXPECT_STREQ(animation.mMorphMeshChannels[1]->mName.C_Str(), "Body2");
    EXPECT_EQ(animation.mMorphMeshChannels[1]->mKeys[0].mValues[0], 1u);
    EXPECT_EQ(animation.mMorphMeshChannels[1]->mKeys[0].mWeights[0], 0.5);
    EXPECT_EQ(GiveEachMeshItsOwnNode(*owned), 0u); // nothing left to split
}

TEST(FbxKeyTimes, NumberedKeysMapBackToTheirExactTimes) {
    Assimp::Importer importer;
    std::unique_ptr<aiScene> scene = RichSceneCopy(importer);
    ASSERT_NE(scene, nullptr);
    RetimeAnimationsToSeconds(*scene);
    const aiNodeAnim &channel = *scene->mAnimations[0]->mChannels[0];
    std::vector<double> before;
    for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
        before.push_back(channel.mPositionKeys[k].mTime);
    }
    const double morphTime = scene->mAnimations[0]->mMorphMeshChannels[0]->mKeys[1].mTime;
    const std::vector<double> times = NumberNodeKeyTimes(*scene);
    ASSERT_TRUE(std::is_sorted(times.begin(), times.end()));
    ASSERT_EQ(std::adjacent_find(times.begin(), times.end()), times.end()) << "distinct";
    for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
        const double number = channel.mPositionKeys[k].mTime;
        ASSERT_EQ(number, std::floor(number));
        ASSERT_LT(number, static_cast<double>(times.size()));
        EXPECT_EQ(times[static_cast<size_t>(number)], before[k]);
    }
    EXPECT_GE(scene->mAnimations[0]->mDuration, static_cast<double>(times.size()));
    EXPECT_EQ(scene->mAnimations[0]->mMorphMeshChannels[0]->mKeys[1].mTime, morphTime)
        << "morph-weight keys keep their seconds";

    // Binary: a curve whose times are the numbers 0, 1, 2 and one value that is not a number.
    const std::vector<double> seconds{0.0, 0.25, 1.5};
    const int64_t second = kFbxTimePerSecond;
    const std::vector<int64_t> written{0, second, 2 * second, second / 2};
    FbxRecord curve = RecordOf("AnimationCurve", {IntegerProperty('L', 7)});
    curve.children.push_back(RecordOf(
        "KeyTime", {ArrayProperty('l', written.data(), static_cast<uint32_t>(written.size()),
                                  sizeof(int64_t))}));
    FbxBinaryFile file;
    file.version = 7400;
    FbxRecord objects;
    objects.name = "Objects";
    objects.children.push_back(curve);
    file.records.push_back(objects);
    const KeyTimeReport report = RestoreKeyTimes(file, seconds, "keys.fbx");
    EXPECT_EQ(report.curves, 1u);
    EXPECT_EQ(report.unmapped, 1u);
    const FbxProperty array =
        DecodeProperties(file.records[0].children[0].children[0], "keys.fbx")[0];
    std::vector<int64_t> restored(written.size());
    std::memcpy(restored.data(), array.text.data() + 12, restored.size() * sizeof(int64_t));
    EXPECT_EQ(restored,
              (std::vector<int64_t>{0, SecondsToFbxTime(0.25), SecondsToFbxTime(1.5), second / 2}));

    // ASCII, with the writer's line break inside the list.
    std::string text = "\tAnimationCurve: 7, \"AnimCurve::\", \"\" {\n\t\tKeyTime: *3 {\n"
                       "\t\t\ta: 0," +
                       std::to_string(second) + ",\n" + std::to_string(2 * second) +
                       "\n\t\t} \n\t}\n";
    const KeyTimeReport asciiReport = RestoreKeyTimesAscii(text, seconds);
    EXPECT_EQ(asciiReport.curves, 1u);
    EXPECT_EQ(asciiReport.unmapped, 0u);
    EXPECT_NE(text.find("a: 0," + std::to_string(SecondsToFbxTime(0.25)) + "," +
                        std::to_string(SecondsToFbxTime(1.5)) + "\n\t\t} \n\t}"),
              std::string::npos)
        << text;
}

TEST(FbxBinaryRepair, ShapesWithoutNormalsGetZeroNormalsPerIndex) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ReadableStockFbx(scene);
    FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "stock.fbx");
    // Whatever this version wrote, take every shape's Normals away.
    size_t shapes = 0;
    for (FbxRecord &top : file.records) {
        if (top.name != "Objects") {
            continue;
        }
        for (FbxRecord &object : top.children) {
            if (object.name != "Geometry") {
                continue;
            }
            const auto fields = DecodeProperties(object, "stock.fbx");
            if (fields.size() >= 3 && fields[2].text == "Shape") {
                ++shapes;
                auto &children = object.children;
                children.erase(
                    std::remove_if(children.begin(), children.end(),
                                   [](const FbxRecord &r) { return r.name == "Normals"; }),
                    children.end());
            }
        }
    }
    ASSERT_EQ(shapes, 3u);
    EXPECT_EQ(AddMissingShapeNormals(file, "stock.fbx"), 3u);
    EXPECT_EQ(AddMissingShapeNormals(file, "stock.fbx"), 0u);
    // The file reads back with every target, on this version's reader.
    const std::vector<uint8_t> repaired = WriteFbxBinary(file);
    Assimp::Importer reader;
    const aiScene *back = ReadBack(reader, repaired, "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    EXPECT_EQ(back->mMeshes[0]->mNumAnimMeshes, 3u);
}

TEST(GltfExport, TheGeneratorNamesTheAssimpInUse) {
    Assimp::Importer importer;
    const aiScene *scene = RichScene(importer);
    ASSERT_NE(scene, nullptr);
    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    ASSERT_NE(blob, nullptr);
    const auto *data = static_cast<const uint8_t *>(blob->data);
    const nlohmann::json json = nlohmann::json::parse(
        gltf::ReadGlb(std::vector<uint8_t>(data, data + blob->size), "ours.glb").json);
    const std::string generator = json["asset"].value("generator", std::string());
    EXPECT_EQ(generator, std::string("assimp-gameformats ") + Version() +
                             " on Open Asset Import Library " + LoadedAssimpVersion().text());
}
