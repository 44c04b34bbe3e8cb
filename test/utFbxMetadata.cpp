// Our binary FBX writer beyond the byte repair: metadata as user properties (code/Export/
// FbxMetadata.*), which Blender shows as custom properties, and blend-shape channels whose
// FullWeights match their shapes (MatchFullWeightsToShapes), without which Blender refuses a
// file with a shape that moves none of a mesh's vertices.
#include "TestSupport.h"

#include "Export/FbxBinaryRepair.h"
#include "Export/FbxBinaryTree.h"

#include <assimp/Exporter.hpp>

#include <cstring>
#include <map>
#include <string>

namespace {

using agf::test::FbxReaderTargetName;
using agf::test::ImportValidated;
using agf::test::TestModelsDir;
using namespace agf::fbx;

FbxBinaryFile ExportFbx(const aiScene *scene) {
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "fbx");
    EXPECT_NE(blob, nullptr);
    if (blob == nullptr) {
        return FbxBinaryFile();
    }
    return ReadFbxBinary(static_cast<const uint8_t *>(blob->data), blob->size, "out.fbx");
}

const FbxRecord *Child(const FbxRecord &record, const std::string &name) {
    for (const FbxRecord &child : record.children) {
        if (child.name == name) {
            return &child;
        }
    }
    return nullptr;
}

std::vector<const FbxRecord *> Objects(const FbxBinaryFile &file, const std::string &name) {
    std::vector<const FbxRecord *> found;
    for (const FbxRecord &record : file.records) {
        for (const FbxRecord &object : record.children) {
            if (record.name == "Objects" && object.name == name) {
                found.push_back(&object);
            }
        }
    }
    return found;
}

std::string ObjectName(const FbxRecord &object) {
    const std::string text = DecodeProperties(object, "out.fbx")[1].text;
    return text.substr(0, text.find(std::string("\0\x01", 2)));
}

/** The user ("U") properties of an object: name -> decoded fields. */
std::map<std::string, std::vector<FbxProperty>> UserProperties(const FbxRecord &object) {
    std::map<std::string, std::vector<FbxProperty>> properties;
    const FbxRecord *table = Child(object, "Properties70");
    for (size_t i = 0; table != nullptr && i < table->children.size(); ++i) {
        std::vector<FbxProperty> fields = DecodeProperties(table->children[i], "out.fbx");
        if (fields.size() >= 5 && fields[3].text.find('U') != std::string::npos) {
            properties[fields[0].text] = fields;
        }
    }
    return properties;
}

/** How many Properties70 entries of an object, user properties or not, are named `name`. */
size_t EntriesNamed(const FbxRecord &object, const std::string &name) {
    size_t count = 0;
    const FbxRecord *table = Child(object, "Properties70");
    for (size_t i = 0; table != nullptr && i < table->children.size(); ++i) {
        count += DecodeProperties(table->children[i], "out.fbx")[0].text == name ? 1 : 0;
    }
    return count;
}

uint32_t ArrayLength(const FbxRecord *record) {
    if (record == nullptr) {
        return 0;
    }
    // A copy: the decoded fields are a temporary.
    const std::string text = DecodeProperties(*record, "out.fbx")[0].text;
    uint32_t count = 0;
    for (int i = 0; i < 4; ++i) {
        count |= static_cast<uint32_t>(static_cast<uint8_t>(text[size_t(i)])) << (8 * i);
    }
    return count;
}

/** Whether every value of an uncompressed float or double array record is zero (an empty array
 *  too). */
bool AllZero(const FbxRecord *record) {
    if (record == nullptr) {
        return true;
    }
    const FbxProperty array = DecodeProperties(*record, "out.fbx")[0];
    const size_t width = array.type == 'd' ? 8 : 4;
    EXPECT_TRUE(array.type == 'd' || array.type == 'f') << array.type;
    const uint32_t count = ArrayLength(record);
    EXPECT_EQ(array.text[4], 0) << "compressed array"; // encoding: 0 raw
    EXPECT_GE(array.text.size(), 12 + count * width);
    for (size_t i = 0; i < count && 12 + (i + 1) * width <= array.text.size(); ++i) {
        double value = 0;
        if (width == 8) {
            std::memcpy(&value, array.text.data() + 12 + i * width, 8);
        } else {
            float single = 0;
            std::memcpy(&single, array.text.data() + 12 + i * width, 4);
            value = single;
        }
        if (value != 0.0) {
            return false;
        }
    }
    return true;
}

} // namespace

TEST(FbxMetadata, NodeMetadataBecomesTypedUserPropertiesOfItsModel) {
    const auto imported = ImportValidated(TestModelsDir() / "p3d/odol40_skinned.p3d");
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const FbxBinaryFile file = ExportFbx(imported.scene);
    size_t checked = 0;
    for (const FbxRecord *model : Objects(file, "Model")) {
        const aiNode *node = imported.scene->mRootNode->FindNode(ObjectName(*model).c_str());
        if (node == nullptr || node->mMetaData == nullptr) {
            continue;
        }
        const auto properties = UserProperties(*model);
        for (unsigned i = 0; i < node->mMetaData->mNumProperties; ++i) {
            const std::string key = node->mMetaData->mKeys[i].C_Str();
            ASSERT_EQ(properties.count(key), 1u) << ObjectName(*model) << ": " << key;
            // Once: Assimp 6.0's own plain entry of the same key is replaced, not kept beside.
            EXPECT_EQ(EntriesNamed(*model, key), 1u) << ObjectName(*model) << ": " << key;
            const std::vector<FbxProperty> &fields = properties.at(key);
            const void *data = node->mMetaData->mValues[i].mData;
            switch (node->mMetaData->mValues[i].mType) {
            case AI_FLOAT:
                EXPECT_EQ(fields[1].text, "double");
                EXPECT_EQ(fields[4].real, *static_cast<const float *>(data));
                break;
            case AI_UINT64:
                EXPECT_EQ(fields[1].text, "int");
                EXPECT_EQ(uint64_t(fields[4].integer), *static_cast<const uint64_t *>(data));
                break;
            case AI_INT32:
                EXPECT_EQ(fields[1].text, "int");
                EXPECT_EQ(fields[4].integer, *static_cast<const int32_t *>(data));
                break;
            case AI_BOOL:
                EXPECT_EQ(fields[1].text, "bool");
                EXPECT_EQ(fields[4].integer != 0, *static_cast<const bool *>(data));
                break;
            case AI_AISTRING:
                EXPECT_EQ(fields[1].text, "KString");
                EXPECT_EQ(fields[4].text, static_cast<const aiString *>(data)->C_Str());
                break;
            case AI_AIVECTOR3D: {
                const aiVector3D &v = *static_cast<const aiVector3D *>(data);
                ASSERT_EQ(fields.size(), 7u);
                EXPECT_EQ(fields[1].text, "Vector");
                EXPECT_EQ(fields[4].real, v.x);
                EXPECT_EQ(fields[6].real, v.z);
                break;
            }
            default:
                break;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 20u);
    // Scene metadata goes to the Document (Blender does not read it there; glb carries it).
    bool documentHasFormat = false;
    for (const FbxRecord &record : file.records) {
        if (record.name == "Documents") {
            for (const FbxRecord &document : record.children) {
                documentHasFormat =
                    documentHasFormat || UserProperties(document).count("SourceAsset_Format") == 1;
            }
        }
    }
    EXPECT_TRUE(documentHasFormat);
}

TEST(FbxMetadata, FullWeightsMatchTheIndicesOfTheirShape) {
    // skinned_box has two materials, so two meshes with both targets; a target that moves
    // none of a mesh's vertices is still written, as a shape without offsets (5.2 and 5.4 write
    // it without indices, 6.0 with every vertex of the mesh at offset zero).
    const auto imported = ImportValidated(TestModelsDir() / "actorx/skinned_box.psk");
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    size_t unmoved = 0;
    for (unsigned m = 0; m < imported.scene->mNumMeshes; ++m) {
        const aiMesh &mesh = *imported.scene->mMeshes[m];
        for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
            bool moves = false;
            for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
                moves = moves || !(mesh.mAnimMeshes[t]->mVertices[v] == mesh.mVertices[v]);
            }
            unmoved += moves ? 0 : 1;
        }
    }
    ASSERT_GT(unmoved, 0u);
    FbxBinaryFile file = ExportFbx(imported.scene);
    std::map<int64_t, uint32_t> indices;
    std::map<int64_t, bool> still;
    for (const FbxRecord *shape : Objects(file, "Geometry")) {
        const std::vector<FbxProperty> fields = DecodeProperties(*shape, "out.fbx");
        if (fields[2].text == "Shape") {
            indices[fields[0].integer] = ArrayLength(Child(*shape, "Indexes"));
            still[fields[0].integer] = AllZero(Child(*shape, "Vertices"));
        }
    }
    std::map<int64_t, uint32_t> fullWeights;
    for (const FbxRecord *deformer : Objects(file, "Deformer")) {
        const std::vector<FbxProperty> fields = DecodeProperties(*deformer, "out.fbx");
        if (fields[2].text == "BlendShapeChannel") {
            fullWeights[fields[0].integer] = ArrayLength(Child(*deformer, "FullWeights"));
        }
    }
    size_t linked = 0, unmovedShapes = 0;
    for (const FbxRecord &record : file.records) {
        for (size_t i = 0; record.name == "Connections" && i < record.children.size(); ++i) {
            const std::vector<FbxProperty> link = DecodeProperties(record.children[i], "out.fbx");
            if (indices.count(link[1].integer) != 0 && fullWeights.count(link[2].integer) != 0) {
                EXPECT_EQ(fullWeights[link[2].integer], indices[link[1].integer]);
                ++linked;
                unmovedShapes += still[link[1].integer] ? 1 : 0;
            }
        }
    }
    EXPECT_EQ(linked, 4u);
    EXPECT_EQ(unmovedShapes, unmoved);
    // A repaired file is left as it is.
    EXPECT_EQ(MatchFullWeightsToShapes(file, "out.fbx"), 0u);
}

/** The mesh a morph-weight channel animates: Assimp's FBX reader names a channel
 *  "<mesh>*<index>". */
const aiMesh *AnimatedMesh(const aiScene &scene, const aiMeshMorphAnim &channel) {
    const std::string name = channel.mName.C_Str();
    const std::string mesh = name.substr(0, name.find('*'));
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        if (mesh == scene.mMeshes[m]->mName.C_Str()) {
            return scene.mMeshes[m];
        }
    }
    return nullptr;
}

/** The index of the target named `name` in `mesh`, or -1. */
int TargetIndex(const aiMesh &mesh, const std::string &name) {
    for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
        if (name == mesh.mAnimMeshes[t]->mName.C_Str()) {
            return static_cast<int>(t);
        }
    }
    return -1;
}

TEST(FbxMetadata, MorphWeightAnimationBecomesDeformPercentCurves) {
    const auto imported = ImportValidated(TestModelsDir() / "idolfx/two_submeshes.anb");
    ASSERT_NE(imported.scene, nullptr) << imported.error;
    const aiAnimation &original = *imported.scene->mAnimations[0];
    ASSERT_GT(original.mNumMorphMeshChannels, 0u);
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(imported.scene, "fbx");
    ASSERT_NE(blob, nullptr);
    // Assimp's own FBX reader turns DeformPercent curves back into aiMeshMorphAnim.
    Assimp::Importer reader;
    const aiScene *back =
        reader.ReadFileFromMemory(blob->data, blob->size, aiProcess_ValidateDataStructure, "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation &animation = *back->mAnimations[0];
    ASSERT_EQ(animation.mNumMorphMeshChannels, original.mNumMorphMeshChannels);
    for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim &channel = *animation.mMorphMeshChannels[c];
        const aiMeshMorphAnim &source = *original.mMorphMeshChannels[c];
        ASSERT_EQ(channel.mNumKeys, source.mNumKeys) << c;
        const aiMesh *sourceMesh = AnimatedMesh(*imported.scene, source);
        const aiMesh *backMesh = AnimatedMesh(*back, channel);
        ASSERT_NE(sourceMesh, nullptr) << source.mName.C_Str();
        ASSERT_NE(backMesh, nullptr) << channel.mName.C_Str();
        for (unsigned k = 0; k < channel.mNumKeys; ++k) {
            EXPECT_NEAR(channel.mKeys[k].mTime / animation.mTicksPerSecond,
                        source.mKeys[k].mTime / original.mTicksPerSecond, 1e-6);
            // The weight of each target this key moves comes back (Assimp's reader lists every
            // target of the blend shape, the unmoved ones with 0), found by its name: 5.4.3's
            // reader orders a mesh's targets otherwise.
            for (unsigned v = 0; v < source.mKeys[k].mNumValuesAndWeights; ++v) {
                const unsigned sourceTarget = source.mKeys[k].mValues[v];
                ASSERT_LT(sourceTarget, sourceMesh->mNumAnimMeshes);
                const int target = TargetIndex(
                    *backMesh,
                    FbxReaderTargetName(sourceMesh->mAnimMeshes[sourceTarget]->mName.C_Str()));
                ASSERT_GE(target, 0) << sourceMesh->mAnimMeshes[sourceTarget]->mName.C_Str();
                double weight = -1;
                for (unsigned w = 0; w < channel.mKeys[k].mNumValuesAndWeights; ++w) {
                    if (channel.mKeys[k].mValues[w] == static_cast<unsigned>(target)) {
                        weight = channel.mKeys[k].mWeights[w];
                    }
                }
                EXPECT_NEAR(weight, source.mKeys[k].mWeights[v], 1e-6) << c << " " << k;
            }
        }
    }
}
