// Tests of the FBX and Collada export fixes in code/Export: the binary FBX record tree and its
// repair, exact animation lengths, re-timing, and round trips of a skinned, animated, morphing
// scene through our "fbx" / "fbxa" / "collada" and Assimp's "glb2", in the library and through
// the command-line program.
#include "ExportTestScene.h"
#include "TestSupport.h"

#include "Common/AssimpVersion.h"
#include "Common/ImportError.h"
#include "Export/AnimationRetiming.h"
#include "Export/ChannelKeyAlignment.h"
#include "Export/FbxBinaryRepair.h"
#include "Export/FbxBinaryTree.h"
#include "Export/FbxTakeLength.h"
#include "Export/MorphTargetNormals.h"

#include <assimp/Exporter.hpp>
#include <assimp/SceneCombiner.h>
#include <assimp/config.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

using namespace agf;
using namespace agf::fbx;
using agf::test::FbxReaderTargetName;

namespace {

// ------------------------------------------------------------------------------------------------
// Hand-built binary FBX byte trees

/** Writes binary FBX records the way a correct writer does, or the way Assimp 5.2.5 does
 *  (no null record after nested lists), for tests of the tree reader and writer. */
class FbxBytes {
public:
    FbxBytes(uint32_t version, bool writeNullRecords)
        : mWide(version >= 7500), mNullRecords(writeNullRecords) {
        const char magic[] = "Kaydara FBX Binary  ";
        mBytes.assign(magic, magic + sizeof magic); // includes the NUL
        mBytes.push_back(0x1a);
        mBytes.push_back(0x00);
        putWord(version, 4);
    }

    /** Starts a record with a list of raw properties. */
    void begin(const std::string &name, const std::vector<std::vector<uint8_t>> &properties) {
        mOpen.push_back({mBytes.size(), false});
        putWord(0, mWide ? 8 : 4);
        putWord(properties.size(), mWide ? 8 : 4);
        size_t length = 0;
        for (const auto &property : properties) {
            length += property.size();
        }
        putWord(length, mWide ? 8 : 4);
        mBytes.push_back(static_cast<uint8_t>(name.size()));
        mBytes.insert(mBytes.end(), name.begin(), name.end());
        for (const auto &property : properties) {
            mBytes.insert(mBytes.end(), property.begin(), property.end());
        }
    }
    void childAdded() {
        if (!mOpen.empty()) {
            mOpen.back().hasChildren = true;
        }
    }
    /** Ends the innermost record; `nullRecord` overrides the writer's rule when set. */
    void end(int nullRecord = -1) {
        const Open open = mOpen.back();
        mOpen.pop_back();
        const bool writeNull = nullRecord >= 0 ? nullRecord != 0 : mNullRecords && open.hasChildren;
        if (writeNull) {
            mBytes.insert(mBytes.end(), mWide ? 25 : 13, 0);
        }
        const uint64_t endOffset = mBytes.size();
        for (size_t i = 0; i < (mWide ? 8u : 4u); ++i) {
            mBytes[open.start + i] = static_cast<uint8_t>(endOffset >> (8 * i));
        }
        childAdded();
    }
    void leaf(const std::string &name, const std::vector<std::vector<uint8_t>> &properties,
              int nullRecord = -1) {
        begin(name, properties);
        end(nullRecord);
    }
    /** Top-level null record and a footer in the usual layout. */
    std::vector<uint8_t> finish(uint32_t version) {
        mBytes.insert(mBytes.end(), mWide ? 25 : 13, 0);
        for (uint8_t i = 0; i < 16; ++i) {
            mBytes.push_back(static_cast<uint8_t>(0xA0 + i)); // footer id
        }
        mBytes.insert(mBytes.end(), 16 - mBytes.size() % 16, 0);
        putWord(0, 4);
        putWord(version, 4);
        mBytes.insert(mBytes.end(), 120, 0);
        for (uint8_t i = 0; i < 16; ++i) {
            mBytes.push_back(static_cast<uint8_t>(0xF0 + i)); // footer magic
        }
        return mBytes;
    }

    static std::vector<uint8_t> Int32(int32_t value) {
        std::vector<uint8_t> bytes = {'I'};
        for (int i = 0; i < 4; ++i) {
            bytes.push_back(static_cast<uint8_t>(static_cast<uint32_t>(value) >> (8 * i)));
        }
        return bytes;
    }
    static std::vector<uint8_t> Int64(int64_t value) {
        std::vector<uint8_t> bytes = {'L'};
        for (int i = 0; i < 8; ++i) {
            bytes.push_back(static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * i)));
        }
        return bytes;
    }
    static std::vector<uint8_t> String(const std::string &text) {
        std::vector<uint8_t> bytes = {'S'};
        for (int i = 0; i < 4; ++i) {
            bytes.push_back(static_cast<uint8_t>(text.size() >> (8 * i)));
        }
        bytes.insert(bytes.end(), text.begin(), text.end());
        return bytes;
    }

private:
    struct Open {
        size_t start;
        bool hasChildren;
    };
    void putWord(uint64_t value, size_t width) {
        for (size_t i = 0; i < width; ++i) {
            mBytes.push_back(static_cast<uint8_t>(value >> (8 * i)));
        }
    }

    bool mWide;
    bool mNullRecords;
    std::vector<uint8_t> mBytes;
    std::vector<Open> mOpen;
};

/** A small tree with nesting, an empty record and a record with properties but no children.
 *  `sdkStyle` writes null records as the FBX SDK does; otherwise as Assimp 5.2.5 does. */
std::vector<uint8_t> SampleTree(uint32_t version, bool sdkStyle, bool layerNullRecord = false) {
    FbxBytes fbx(version, sdkStyle);
    fbx.begin("FBXHeaderExtension", {});
    fbx.leaf("FBXHeaderVersion", {FbxBytes::Int32(1003)});
    fbx.begin("SceneInfo",
              {FbxBytes::String("GlobalInfo\x00\x01SceneInfo"), FbxBytes::String("UserData")});
    fbx.leaf("Type", {FbxBytes::String("UserData")});
    fbx.end();
    fbx.end();
    // An empty record: the SDK closes it with a null record, 5.2.5 does not.
    fbx.leaf("References", {}, sdkStyle ? 1 : 0);
    fbx.begin("Objects", {});
    fbx.begin("AnimationStack", {FbxBytes::Int64(7), FbxBytes::String("Take\x00\x01AnimStack"),
                                 FbxBytes::String("")});
    fbx.begin("Properties70", {});
    fbx.leaf("P", {FbxBytes::String("LocalStart"), FbxBytes::String("KTime"),
                   FbxBytes::String("Time"), FbxBytes::String(""), FbxBytes::Int64(0)});
    fbx.leaf("P",
             {FbxBytes::String("LocalStop"), FbxBytes::String("KTime"), FbxBytes::String("Time"),
              FbxBytes::String(""), FbxBytes::Int64(2 * kFbxTimePerSecond)});
    fbx.end();
    fbx.end();
    // Properties but no children: with or without "{ }" (a null record), both are valid.
    fbx.leaf("AnimationLayer", {FbxBytes::Int64(8), FbxBytes::String("Layer")},
             layerNullRecord ? 1 : 0);
    fbx.end();
    return fbx.finish(version);
}

std::string ErrorOf(const std::function<void()> &action) {
    try {
        action();
    } catch (const ImportError &error) {
        return error.what();
    }
    return std::string();
}

/** The test scene after Assimp's validation (owned by `importer`). */
const aiScene *ValidatedTestScene(Assimp::Importer &importer) {
    const aiScene *scene = test::BuildAndValidate(importer, test::BuildSkinnedMorphingScene);
    EXPECT_NE(scene, nullptr) << importer.GetErrorString();
    return scene;
}

std::vector<uint8_t> BlobBytes(const aiExportDataBlob *blob) {
    const auto *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

/** Exports through an Exporter with our replacements registered (or not) into memory. */
std::vector<uint8_t> ExportToMemory(const aiScene *scene, const char *formatId, bool withFixes) {
    Assimp::Exporter exporter;
    if (withFixes) {
        RegisterExporters(exporter);
    }
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, formatId);
    EXPECT_NE(blob, nullptr) << formatId << ": " << exporter.GetErrorString();
    return blob != nullptr ? BlobBytes(blob) : std::vector<uint8_t>();
}

const aiScene *ReadFromMemory(Assimp::Importer &importer, const std::vector<uint8_t> &bytes,
                              const char *hint) {
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure,
                                       hint);
}

} // namespace

// ------------------------------------------------------------------------------------------------
// Record tree: reading and writing

TEST(FbxBinaryTree, AddsNullRecordsThatAssimp525LeavesOut) {
    for (uint32_t version : {7400u, 7500u}) {
        SCOPED_TRACE(version);
        const std::vector<uint8_t> broken = SampleTree(version, false);
        const std::vector<uint8_t> correct = SampleTree(version, true);
        ASSERT_NE(broken, correct);
        const FbxBinaryFile file = ReadFbxBinary(broken.data(), broken.size(), "broken.fbx");
        ASSERT_EQ(file.records.size(), 3u);
        EXPECT_EQ(file.records[0].name, "FBXHeaderExtension");
        ASSERT_EQ(file.records[0].children.size(), 2u);
        EXPECT_EQ(file.records[0].children[1].children.size(), 1u);
        EXPECT_EQ(file.records[2].children.size(), 2u);
        EXPECT_EQ(WriteFbxBinary(file), correct);
    }
}

TEST(FbxBinaryTree, LeavesCorrectFilesUnchanged) {
    for (uint32_t version : {7400u, 7500u}) {
        SCOPED_TRACE(version);
        const std::vector<uint8_t> correct = SampleTree(version, true);
        const FbxBinaryFile file = ReadFbxBinary(correct.data(), correct.size(), "ok.fbx");
        // The existing null records are recognised, not read as children.
        EXPECT_EQ(file.records[0].children.size(), 2u);
        EXPECT_TRUE(file.records[1].closeWithNullRecord);
        EXPECT_FALSE(file.records[2].children[1].closeWithNullRecord);
        EXPECT_EQ(WriteFbxBinary(file), correct);

        const std::vector<uint8_t> braces = SampleTree(version, true, true);
        const FbxBinaryFile withBraces = ReadFbxBinary(braces.data(), braces.size(), "b.fbx");
        EXPECT_TRUE(withBraces.records[2].children[1].closeWithNullRecord);
        EXPECT_TRUE(withBraces.records[2].children[1].children.empty());
        EXPECT_EQ(WriteFbxBinary(withBraces), braces);
    }
}

TEST(FbxBinaryTree, RecomputesFooterPaddingForTheNewLength) {
    const std::vector<uint8_t> broken = SampleTree(7500, false);
    const std::vector<uint8_t> repaired =
        WriteFbxBinary(ReadFbxBinary(broken.data(), broken.size(), "broken.fbx"));
    // After the 16-byte footer id, zeros up to a 16-byte boundary, then the 144-byte tail.
    ASSERT_EQ(repaired.size() % 16, 0u);
    const size_t tail = repaired.size() - 144;
    EXPECT_EQ(repaired[tail + 4], 7500 & 0xFF);
    EXPECT_EQ(repaired[repaired.size() - 1], 0xFF);
}

TEST(FbxBinaryTree, RejectsTruncatedAndGarbageInput) {
    const std::vector<uint8_t> good = SampleTree(7500, false);
    // Every truncation before the top-level null record (25 bytes, then a footer of at least
    // 161) fails with a message, never a crash.
    for (size_t length = 0; length + 190 < good.size(); length += 7) {
        const std::string message = ErrorOf([&] { ReadFbxBinary(good.data(), length, "cut.fbx"); });
        EXPECT_NE(message.find("cut.fbx"), std::string::npos) << length;
    }
    // An end offset beyond the file.
    std::vector<uint8_t> far = good;
    far[27 + 7] = 0x7F;
    EXPECT_NE(ErrorOf([&] { ReadFbxBinary(far.data(), far.size(), "far.fbx"); }).find("end offset"),
              std::string::npos);
    // A property list longer than its record.
    std::vector<uint8_t> longProperties = good;
    longProperties[27 + 16] = 0xFF;
    EXPECT_FALSE(ErrorOf([&] {
                     ReadFbxBinary(longProperties.data(), longProperties.size(), "p.fbx");
                 }).empty());
    // Random bytes after a valid header.
    uint32_t seed = 12345;
    for (int round = 0; round < 200; ++round) {
        std::vector<uint8_t> garbage(good.begin(), good.begin() + 27);
        for (int i = 0; i < 300; ++i) {
            seed = seed * 1664525u + 1013904223u;
            garbage.push_back(static_cast<uint8_t>(seed >> 24));
        }
        try {
            ReadFbxBinary(garbage.data(), garbage.size(), "garbage.fbx");
        } catch (const ImportError &) {
        }
    }
    // Not FBX at all.
    const std::string text = "; FBX 7.5.0 project file";
    EXPECT_NE(ErrorOf([&] {
                  ReadFbxBinary(reinterpret_cast<const uint8_t *>(text.data()), text.size(),
                                "ascii.fbx");
              }).find("not a binary FBX"),
              std::string::npos);
}

TEST(FbxBinaryTree, RejectsNestingBeyondTheLimit) {
    FbxBytes fbx(7500, true);
    for (size_t i = 0; i <= kMaxFbxRecordDepth; ++i) {
        fbx.begin("N", {});
    }
    for (size_t i = 0; i <= kMaxFbxRecordDepth; ++i) {
        fbx.end();
    }
    const std::vector<uint8_t> deep = fbx.finish(7500);
    EXPECT_NE(
        ErrorOf([&] { ReadFbxBinary(deep.data(), deep.size(), "deep.fbx"); }).find("nested deeper"),
        std::string::npos);
}

TEST(FbxBinaryTree, DecodesAndEncodesProperties) {
    const std::vector<uint8_t> correct = SampleTree(7500, true);
    const FbxBinaryFile file = ReadFbxBinary(correct.data(), correct.size(), "ok.fbx");
    const FbxRecord &stop = file.records[2].children[0].children[0].children[1];
    const std::vector<FbxProperty> fields = DecodeProperties(stop, "ok.fbx");
    ASSERT_EQ(fields.size(), 5u);
    EXPECT_EQ(fields[0].text, "LocalStop");
    EXPECT_EQ(fields[4].type, 'L');
    EXPECT_EQ(fields[4].integer, 2 * kFbxTimePerSecond);
    EXPECT_EQ(EncodeProperties(fields), stop.properties);

    // Arrays are kept as encoded bytes and written back unchanged.
    FbxRecord arrays;
    arrays.name = "Vertices";
    arrays.propertyCount = 2;
    arrays.properties = {'d', 2, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0};
    arrays.properties.insert(arrays.properties.end(), 16, 0x3F);
    arrays.properties.insert(arrays.properties.end(), {'C', 1});
    const std::vector<FbxProperty> decoded = DecodeProperties(arrays, "arrays.fbx");
    ASSERT_EQ(decoded.size(), 2u);
    EXPECT_EQ(decoded[0].type, 'd');
    EXPECT_EQ(decoded[1].integer, 1);
    EXPECT_EQ(EncodeProperties(decoded), arrays.properties);
    // An array whose stored length runs past the list is rejected.
    arrays.properties[9] = 200;
    EXPECT_NE(ErrorOf([&] { DecodeProperties(arrays, "arrays.fbx"); }).find("arrays.fbx"),
              std::string::npos);
}

// ------------------------------------------------------------------------------------------------
// Animation lengths

TEST(FbxTakeLength, SetsExactStopTimesInBinaryTree) {
    const std::vector<uint8_t> bytes = SampleTree(7500, true);
    FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "take.fbx");
    const int64_t stop = SecondsToFbxTime(2.5);
    EXPECT_EQ(stop, kFbxTimePerSecond * 5 / 2);
    const TakeLengthResult result = SetTakeLengths(file, {stop}, "take.fbx");
    EXPECT_EQ(result.stacksFound, 1u);
    EXPECT_EQ(result.valuesChanged, 1u); // LocalStop; this tree has no ReferenceStop
    const FbxRecord &p = file.records[2].children[0].children[0].children[1];
    EXPECT_EQ(DecodeProperties(p, "take.fbx")[4].integer, stop);
    // LocalStart is left alone.
    const FbxRecord &start = file.records[2].children[0].children[0].children[0];
    EXPECT_EQ(DecodeProperties(start, "take.fbx")[4].integer, 0);
}

TEST(FbxTakeLength, SetsExactStopTimesInAsciiText) {
    std::string text = "GlobalSettings:  {\n"
                       "\tProperties70:  {\n"
                       "\t\tP: \"TimeSpanStop\", \"KTime\", \"Time\", \"\",46186158000\n"
                       "\t}\n"
                       "}\n"
                       "Objects:  {\n"
                       "\tAnimationStack: 1, \"AnimStack::A\", \"\" {\n"
                       "\t\tProperties70:  {\n"
                       "\t\t\tP: \"LocalStop\", \"KTime\", \"Time\", \"\",46186158000\r\n"
                       "\t\t\tP: \"ReferenceStop\", \"KTime\", \"Time\", \"\",46186158000\n"
                       "\t\t}\n"
                       "\t}\n"
                       "\tAnimationStack: 2, \"AnimStack::B\", \"\" {\n"
                       "\t\tProperties70:  {\n"
                       "\t\t\tP: \"LocalStop\", \"KTime\", \"Time\", \"\",0\n"
                       "\t\t}\n"
                       "\t}\n"
                       "}\n";
    const TakeLengthResult result = SetTakeLengthsAscii(text, {111, 22222222222222});
    EXPECT_EQ(result.stacksFound, 2u);
    EXPECT_EQ(result.valuesChanged, 4u);
    EXPECT_NE(text.find("\"TimeSpanStop\", \"KTime\", \"Time\", \"\",22222222222222\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("\"LocalStop\", \"KTime\", \"Time\", \"\",111\r\n"), std::string::npos)
        << text;
    EXPECT_NE(text.find("\"ReferenceStop\", \"KTime\", \"Time\", \"\",111\n"), std::string::npos);
    EXPECT_NE(text.find("\"LocalStop\", \"KTime\", \"Time\", \"\",22222222222222\n"),
              std::string::npos);
}

TEST(AnimationRetiming, DividesKeyTimesAndRoundsTheDurationUp) {
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, scene);
    std::unique_ptr<aiScene> owned(copy);
    const std::vector<double> durations = RetimeAnimationsToSeconds(*owned);
    ASSERT_EQ(durations.size(), 1u);
    EXPECT_DOUBLE_EQ(durations[0], 2.5);
    const aiAnimation &animation = *owned->mAnimations[0];
    EXPECT_EQ(animation.mTicksPerSecond, 1.0);
    EXPECT_EQ(animation.mDuration, 3.0);
    const aiNodeAnim &channel = *animation.mChannels[1];
    for (size_t k = 0; k < test::kBone1PositionTicks.size(); ++k) {
        EXPECT_DOUBLE_EQ(channel.mPositionKeys[k].mTime, test::kBone1PositionTicks[k] / 30.0);
    }
    EXPECT_DOUBLE_EQ(channel.mRotationKeys[1].mTime, 1.25);
}

// ------------------------------------------------------------------------------------------------
// Round trips of the test scene

namespace {

constexpr float kPositionTolerance = 1e-4f;
constexpr double kSecondsTolerance = 1e-3;

/** The original vertex at position `p`, or -1. The test mesh has unique positions, so this
 *  undoes the unindexing (and welding) that writers and readers apply. */
int OriginalVertexAt(const aiMesh &original, const aiVector3D &p) {
    for (unsigned int v = 0; v < original.mNumVertices; ++v) {
        if ((original.mVertices[v] - p).Length() < kPositionTolerance) {
            return static_cast<int>(v);
        }
    }
    return -1;
}

const aiBone *FindBone(const aiMesh &mesh, const char *name) {
    for (unsigned int b = 0; b < mesh.mNumBones; ++b) {
        if (std::string(mesh.mBones[b]->mName.C_Str()) == name) {
            return mesh.mBones[b];
        }
    }
    return nullptr;
}

/** What the names of morph targets read back should be. */
enum class TargetNames {
    Source,         ///< the source names
    Unchecked,      ///< the format or writer keeps no names
    AssimpFbxReader ///< what Assimp's FBX reader makes of the source names (FbxReaderTargetName)
};

/** Vertex positions, bones and weights, and (when `morphTargets`) the morph targets. */
void ExpectSameMesh(const aiMesh &original, const aiMesh &back, bool morphTargets,
                    TargetNames morphNames) {
    EXPECT_EQ(back.mNumFaces, original.mNumFaces);
    std::vector<int> originalOf(back.mNumVertices, -1);
    std::vector<bool> seen(original.mNumVertices, false);
    for (unsigned int v = 0; v < back.mNumVertices; ++v) {
        originalOf[v] = OriginalVertexAt(original, back.mVertices[v]);
        ASSERT_GE(originalOf[v], 0) << "vertex " << v << " at " << back.mVertices[v].x << ", "
                                    << back.mVertices[v].y << ", " << back.mVertices[v].z;
        seen[static_cast<size_t>(originalOf[v])] = true;
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), true),
              static_cast<std::ptrdiff_t>(original.mNumVertices));

    ASSERT_EQ(back.mNumBones, original.mNumBones);
    for (unsigned int b = 0; b < original.mNumBones; ++b) {
        const aiBone &expected = *original.mBones[b];
        const aiBone *bone = FindBone(back, expected.mName.C_Str());
        ASSERT_NE(bone, nullptr) << expected.mName.C_Str();
        std::map<unsigned int, float> expectedWeights;
        for (unsigned int w = 0; w < expected.mNumWeights; ++w) {
            expectedWeights[expected.mWeights[w].mVertexId] = expected.mWeights[w].mWeight;
        }
        std::map<unsigned int, float> weights;
        for (unsigned int w = 0; w < bone->mNumWeights; ++w) {
            const auto vertex = static_cast<unsigned int>(originalOf[bone->mWeights[w].mVertexId]);
            weights[vertex] = bone->mWeights[w].mWeight;
        }
        ASSERT_EQ(weights.size(), expectedWeights.size()) << expected.mName.C_Str();
        for (const auto &[vertex, weight] : expectedWeights) {
            EXPECT_NEAR(weights[vertex], weight, 1e-4) << expected.mName.C_Str() << " " << vertex;
        }
    }

    if (!morphTargets) {
        return;
    }
    ASSERT_EQ(back.mNumAnimMeshes, original.mNumAnimMeshes);
    for (unsigned int t = 0; t < original.mNumAnimMeshes; ++t) {
        const aiAnimMesh &expected = *original.mAnimMeshes[t];
        // A target is the one of its name where names are kept, else the one nearest in
        // shape: Assimp 5.4.3's FBX reader lists a mesh's targets in another order than the
        // file.
        const aiAnimMesh *named = nullptr;
        if (morphNames == TargetNames::Unchecked) {
            float nearest = std::numeric_limits<float>::max();
            for (unsigned int k = 0; k < back.mNumAnimMeshes; ++k) {
                const aiAnimMesh &candidate = *back.mAnimMeshes[k];
                float farthest = 0.0f;
                for (unsigned int v = 0; v < back.mNumVertices && v < candidate.mNumVertices; ++v) {
                    farthest = std::max(
                        farthest,
                        (candidate.mVertices[v] - expected.mVertices[originalOf[v]]).Length());
                }
                if (farthest < nearest) {
                    nearest = farthest;
                    named = &candidate;
                }
            }
        } else {
            const std::string want = morphNames == TargetNames::Source
                                         ? std::string(expected.mName.C_Str())
                                         : FbxReaderTargetName(expected.mName.C_Str());
            named = nullptr;
            for (unsigned int k = 0; k < back.mNumAnimMeshes; ++k) {
                if (want == back.mAnimMeshes[k]->mName.C_Str()) {
                    named = back.mAnimMeshes[k];
                }
            }
            ASSERT_NE(named, nullptr) << "no target named " << want;
        }
        const aiAnimMesh &target = *named;
        ASSERT_EQ(target.mNumVertices, back.mNumVertices);
        for (unsigned int v = 0; v < back.mNumVertices; ++v) {
            const aiVector3D want = expected.mVertices[originalOf[v]];
            EXPECT_LT((target.mVertices[v] - want).Length(), kPositionTolerance)
                << expected.mName.C_Str() << " vertex " << v;
        }
    }
}

template <typename Key>
const Key *KeyAtSeconds(const Key *keys, unsigned int count, double ticksPerSecond,
                        double seconds) {
    for (unsigned int k = 0; k < count; ++k) {
        if (std::fabs(keys[k].mTime / ticksPerSecond - seconds) < kSecondsTolerance) {
            return &keys[k];
        }
    }
    return nullptr;
}

double SecondsPerTick(const aiAnimation &animation) {
    return animation.mTicksPerSecond > 0.0 ? animation.mTicksPerSecond : 1.0;
}

/** Duration in seconds, and every original key found at the same second with the same value
 *  (readers may add keys, e.g. the FBX reader keys position and rotation at the union of
 *  their times). */
void ExpectSameAnimation(const aiAnimation &original, const aiAnimation &back) {
    const double originalRate = SecondsPerTick(original);
    const double rate = SecondsPerTick(back);
    EXPECT_NEAR(back.mDuration / rate, original.mDuration / originalRate, kSecondsTolerance)
        << "duration " << back.mDuration << " at " << back.mTicksPerSecond << " ticks/s";
    ASSERT_EQ(back.mNumChannels, original.mNumChannels);
    for (unsigned int c = 0; c < original.mNumChannels; ++c) {
        const aiNodeAnim &expected = *original.mChannels[c];
        const aiNodeAnim *channel = nullptr;
        for (unsigned int d = 0; d < back.mNumChannels; ++d) {
            if (back.mChannels[d]->mNodeName == expected.mNodeName) {
                channel = back.mChannels[d];
            }
        }
        ASSERT_NE(channel, nullptr) << expected.mNodeName.C_Str();
        for (unsigned int k = 0; k < expected.mNumPositionKeys; ++k) {
            const double seconds = expected.mPositionKeys[k].mTime / originalRate;
            const aiVectorKey *key =
                KeyAtSeconds(channel->mPositionKeys, channel->mNumPositionKeys, rate, seconds);
            ASSERT_NE(key, nullptr) << expected.mNodeName.C_Str() << " position at " << seconds;
            EXPECT_LT((key->mValue - expected.mPositionKeys[k].mValue).Length(), kPositionTolerance)
                << expected.mNodeName.C_Str() << " position at " << seconds;
        }
        for (unsigned int k = 0; k < expected.mNumRotationKeys; ++k) {
            const double seconds = expected.mRotationKeys[k].mTime / originalRate;
            const aiQuatKey *key =
                KeyAtSeconds(channel->mRotationKeys, channel->mNumRotationKeys, rate, seconds);
            ASSERT_NE(key, nullptr) << expected.mNodeName.C_Str() << " rotation at " << seconds;
            const aiQuaternion &a = key->mValue;
            const aiQuaternion &b = expected.mRotationKeys[k].mValue;
            const double dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
            EXPECT_NEAR(std::fabs(dot), 1.0, 1e-4)
                << expected.mNodeName.C_Str() << " rotation at " << seconds;
        }
        for (unsigned int k = 0; k < expected.mNumScalingKeys; ++k) {
            const double seconds = expected.mScalingKeys[k].mTime / originalRate;
            const aiVectorKey *key =
                KeyAtSeconds(channel->mScalingKeys, channel->mNumScalingKeys, rate, seconds);
            ASSERT_NE(key, nullptr) << expected.mNodeName.C_Str() << " scaling at " << seconds;
            EXPECT_LT((key->mValue - expected.mScalingKeys[k].mValue).Length(), kPositionTolerance);
        }
    }
}

struct RoundTripExpectations {
    bool morphTargets = true;
    TargetNames morphNames = TargetNames::Source;
};

/** Read back by Assimp's FBX reader. */
RoundTripExpectations FbxReaderExpectations() {
    RoundTripExpectations expectations;
    expectations.morphNames = TargetNames::AssimpFbxReader;
    return expectations;
}

/** The names of the shape geometries and of the blend-shape channels in a binary FBX file
 *  (Blender names shape keys after the shapes, the FBX SDK's channels after the channels),
 *  sorted. */
std::pair<std::vector<std::string>, std::vector<std::string>>
ShapeAndChannelNames(const std::vector<uint8_t> &bytes) {
    const FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "ours.fbx");
    std::pair<std::vector<std::string>, std::vector<std::string>> names;
    for (const FbxRecord &top : file.records) {
        for (size_t i = 0; top.name == "Objects" && i < top.children.size(); ++i) {
            const std::vector<FbxProperty> fields = DecodeProperties(top.children[i], "ours.fbx");
            if (fields.size() < 3) {
                continue;
            }
            const std::string name = fields[1].text.substr(0, fields[1].text.find('\0'));
            if (top.children[i].name == "Geometry" && fields[2].text == "Shape") {
                names.first.push_back(name);
            } else if (top.children[i].name == "Deformer" &&
                       fields[2].text == "BlendShapeChannel") {
                names.second.push_back(name);
            }
        }
    }
    std::sort(names.first.begin(), names.first.end());
    std::sort(names.second.begin(), names.second.end());
    return names;
}

void ExpectSameAsTestScene(const aiScene *original, const aiScene *back,
                           RoundTripExpectations expectations = {}) {
    ASSERT_NE(back, nullptr);
    ASSERT_EQ(back->mNumMeshes, original->mNumMeshes);
    ExpectSameMesh(*original->mMeshes[0], *back->mMeshes[0], expectations.morphTargets,
                   expectations.morphNames);
    ASSERT_EQ(back->mNumAnimations, original->mNumAnimations);
    ExpectSameAnimation(*original->mAnimations[0], *back->mAnimations[0]);
}

} // namespace

TEST(FbxExport, BinaryFbxRoundTripKeepsSkinMorphsAndAnimation) {
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "fbx", true);
    ASSERT_TRUE(IsBinaryFbx(bytes.data(), bytes.size()));
    Assimp::Importer reader;
    const aiScene *back = ReadFromMemory(reader, bytes, "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ExpectSameAsTestScene(scene, back, FbxReaderExpectations());
    // Shapes and channels carry the source names, as Blender and the FBX SDK show them.
    std::vector<std::string> sourceNames;
    for (unsigned t = 0; t < scene->mMeshes[0]->mNumAnimMeshes; ++t) {
        sourceNames.push_back(scene->mMeshes[0]->mAnimMeshes[t]->mName.C_Str());
    }
    std::sort(sourceNames.begin(), sourceNames.end());
    EXPECT_EQ(ShapeAndChannelNames(bytes), std::make_pair(sourceNames, sourceNames));
    // Our output is already correct: reading and writing it again changes nothing.
    EXPECT_EQ(WriteFbxBinary(ReadFbxBinary(bytes.data(), bytes.size(), "ours.fbx")), bytes);
}

TEST(FbxExport, AsciiFbxRoundTripHasCorrectTiming) {
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "fbxa", true);
    ASSERT_FALSE(IsBinaryFbx(bytes.data(), bytes.size()));
    Assimp::Importer reader;
    const aiScene *back = ReadFromMemory(reader, bytes, "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ExpectSameAsTestScene(scene, back, FbxReaderExpectations());
}

TEST(FbxExport, Glb2RoundTripOfTheTestScene) {
    // The stock glTF writer is the reference: the test scene itself survives a faithful format.
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "glb2", true);
    Assimp::Importer reader;
    const aiScene *back = ReadFromMemory(reader, bytes, "glb");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    RoundTripExpectations expectations;
    expectations.morphNames =
        TargetNames::Unchecked; // glb2 writes target names only with an extra option
    ExpectSameAsTestScene(scene, back, expectations);
}

TEST(FbxExport, SeveralAnimationsKeepTheirOwnLengths) {
    // A second animation at 25 ticks/s, 1.2 s long: each AnimationStack gets its own length.
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, [](aiScene *built) {
        test::BuildSkinnedMorphingScene(built);
        aiAnimation *second = new aiAnimation();
        second->mName = "Nod";
        second->mTicksPerSecond = 25.0;
        second->mDuration = 30.0;
        aiNodeAnim *channel = new aiNodeAnim();
        channel->mNodeName = "Bone0";
        channel->mNumPositionKeys = 2;
        channel->mPositionKeys = new aiVectorKey[2]{aiVectorKey(0.0, aiVector3D(0, 0, 0)),
                                                    aiVectorKey(30.0, aiVector3D(0, 0, 3))};
        channel->mNumRotationKeys = 1;
        channel->mRotationKeys = new aiQuatKey[1]{aiQuatKey(0.0, aiQuaternion())};
        channel->mNumScalingKeys = 1;
        channel->mScalingKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1, 1, 1))};
        second->mNumChannels = 1;
        second->mChannels = new aiNodeAnim *[1] { channel };
        aiAnimation **animations = new aiAnimation *[2] { built->mAnimations[0], second };
        delete[] built->mAnimations;
        built->mAnimations = animations;
        built->mNumAnimations = 2;
    });
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    for (const char *id : {"fbx", "fbxa"}) {
        SCOPED_TRACE(id);
        const std::vector<uint8_t> bytes = ExportToMemory(scene, id, true);
        Assimp::Importer reader;
        const aiScene *back = ReadFromMemory(reader, bytes, "fbx");
        ASSERT_NE(back, nullptr) << reader.GetErrorString();
        ASSERT_EQ(back->mNumAnimations, 2u);
        for (unsigned int a = 0; a < 2; ++a) {
            const aiAnimation *original = scene->mAnimations[a];
            const aiAnimation *match = nullptr;
            for (unsigned int b = 0; b < 2; ++b) {
                if (back->mAnimations[b]->mName == original->mName) {
                    match = back->mAnimations[b];
                }
            }
            ASSERT_NE(match, nullptr) << original->mName.C_Str();
            ExpectSameAnimation(*original, *match);
        }
    }
}

TEST(FbxBinaryRepair, SurvivesMutatedExporterOutput) {
    // Byte flips in a real 5.2.5 output: each either repairs or throws ImportError.
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> upstream = ExportToMemory(scene, "fbx", false);
    ASSERT_GT(upstream.size(), 1000u);
    uint32_t seed = 2024;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    size_t rejected = 0;
    for (int round = 0; round < 300; ++round) {
        std::vector<uint8_t> mutated = upstream;
        for (int flips = 0; flips < 4; ++flips) {
            mutated[27 + next() % (mutated.size() - 27)] = static_cast<uint8_t>(next());
        }
        try {
            RepairAssimp525BinaryFbx(mutated.data(), mutated.size(), "mutated.fbx", {1, 2});
        } catch (const ImportError &) {
            ++rejected;
        }
    }
    // Most flips land in property data, which the repair copies; some must hit the structure.
    EXPECT_GT(rejected, 0u);
}

TEST(FbxExport, UpstreamBinaryFbxCannotBeReadBack) {
    // Documents the 5.2 defect our "fbx" works around (utAssimpRepairs checks where it is).
    if (!AssimpNeeds(AssimpRepair::FbxNullRecords)) {
        GTEST_SKIP() << "Assimp " << LoadedAssimpVersion().text() << " writes readable FBX";
    }
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "fbx", false);
    ASSERT_FALSE(bytes.empty());
    Assimp::Importer reader;
    EXPECT_EQ(ReadFromMemory(reader, bytes, "fbx"), nullptr);
    EXPECT_NE(std::string(reader.GetErrorString()).find("block offset is out of range"),
              std::string::npos)
        << reader.GetErrorString();
    // The repair alone makes the same bytes readable.
    FbxBinaryFile file = ReadFbxBinary(bytes.data(), bytes.size(), "upstream.fbx");
    MarkObjectsAsScopes(file);
    const std::vector<uint8_t> repaired = WriteFbxBinary(file);
    EXPECT_GT(repaired.size(), bytes.size());
    Assimp::Importer second;
    EXPECT_NE(ReadFromMemory(second, repaired, "fbx"), nullptr) << second.GetErrorString();
}

TEST(FbxExport, UpstreamAsciiFbxGetsTimingWrong) {
    // Documents the 5.2 timing defect: key times written as if ticks were seconds.
    if (!AssimpNeeds(AssimpRepair::FbxAnimationTiming)) {
        GTEST_SKIP() << "Assimp " << LoadedAssimpVersion().text() << " writes FBX timing right";
    }
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "fbxa", false);
    Assimp::Importer reader;
    const aiScene *back = ReadFromMemory(reader, bytes, "fbx");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation &animation = *back->mAnimations[0];
    EXPECT_GT(std::fabs(animation.mDuration / SecondsPerTick(animation) - 2.5), 0.4);
}

TEST(FbxExport, ExportToAFileThroughTheExporter) {
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::filesystem::path dir = test::ScratchDir("FbxExport_File");
    const std::string path = (dir / "scene.fbx").string();
    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    RegisterExporters(exporter); // twice is harmless
    ASSERT_EQ(exporter.Export(scene, "fbx", path), aiReturn_SUCCESS) << exporter.GetErrorString();
    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ExpectSameAsTestScene(scene, back, FbxReaderExpectations());
    // A path that cannot be opened fails cleanly.
    EXPECT_NE(exporter.Export(scene, "fbx", (dir / "missing" / "dir" / "x.fbx").string()),
              aiReturn_SUCCESS);
}

TEST(FbxExport, RegistrationReplacesTheBuiltInFormats) {
    Assimp::Exporter stock;
    Assimp::Exporter ours;
    RegisterExporters(ours);
    // Assimp's formats (five of them replaced) plus our four ActorX writers.
    EXPECT_EQ(ours.GetExportFormatCount(), stock.GetExportFormatCount() + 4);
    std::vector<std::string> fbxIds;
    for (size_t i = 0; i < ours.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = ours.GetExportFormatDescription(i);
        if (std::string(desc->fileExtension) == "fbx") {
            fbxIds.push_back(desc->id);
        }
    }
    // "fbx" stays the first format for the .fbx extension (what `assimp export` picks).
    EXPECT_EQ(fbxIds, (std::vector<std::string>{"fbx", "fbxa"}));
}

TEST(FbxExport, ColladaRoundTripHasCorrectTiming) {
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "collada", true);
    Assimp::Importer reader;
    const aiScene *back = ReadFromMemory(reader, bytes, "dae");
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    RoundTripExpectations expectations;
    expectations.morphTargets = false; // Assimp's Collada writer drops them
    ExpectSameAsTestScene(scene, back, expectations);
}

TEST(FbxExport, UpstreamColladaCannotBeReadBackWithUnevenKeys) {
    // Documents the 5.2 defect ChannelKeyAlignment works around.
    if (!AssimpNeeds(AssimpRepair::ColladaUnevenKeys)) {
        GTEST_SKIP() << "Assimp " << LoadedAssimpVersion().text() << " keeps uneven channels";
    }
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::vector<uint8_t> bytes = ExportToMemory(scene, "collada", false);
    Assimp::Importer reader;
    EXPECT_EQ(ReadFromMemory(reader, bytes, "dae"), nullptr);
    EXPECT_NE(std::string(reader.GetErrorString()).find("_matrix-input"), std::string::npos)
        << reader.GetErrorString();
}

TEST(ChannelKeyAlignment, ResamplesTracksOntoTheUnionOfTheirTimes) {
    aiScene scene;
    scene.mRootNode = new aiNode("Root");
    aiNodeAnim *channel = new aiNodeAnim();
    channel->mNodeName = "Root";
    channel->mNumPositionKeys = 2;
    channel->mPositionKeys = new aiVectorKey[2]{aiVectorKey(0.0, aiVector3D(0, 0, 0)),
                                                aiVectorKey(2.0, aiVector3D(4, 0, 0))};
    channel->mNumRotationKeys = 1;
    channel->mRotationKeys =
        new aiQuatKey[1]{aiQuatKey(1.0, aiQuaternion(aiVector3D(0, 0, 1), 0.5f))};
    aiNodeAnim *aligned = new aiNodeAnim();
    aligned->mNodeName = "Root";
    aligned->mNumPositionKeys = aligned->mNumRotationKeys = aligned->mNumScalingKeys = 1;
    aligned->mPositionKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1, 2, 3))};
    aligned->mRotationKeys = new aiQuatKey[1]{aiQuatKey(0.0, aiQuaternion())};
    aligned->mScalingKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1, 1, 1))};
    aiAnimation *animation = new aiAnimation();
    animation->mNumChannels = 2;
    animation->mChannels = new aiNodeAnim *[2] { channel, aligned };
    scene.mNumAnimations = 1;
    scene.mAnimations = new aiAnimation *[1] { animation };

    EXPECT_EQ(AlignChannelKeys(scene), 1u);
    ASSERT_EQ(channel->mNumPositionKeys, 3u);
    ASSERT_EQ(channel->mNumRotationKeys, 3u);
    ASSERT_EQ(channel->mNumScalingKeys, 3u);
    EXPECT_EQ(channel->mPositionKeys[1].mTime, 1.0);
    EXPECT_EQ(channel->mPositionKeys[1].mValue, aiVector3D(2, 0, 0));
    // The single rotation key is held before and after its time.
    EXPECT_EQ(channel->mRotationKeys[0].mValue, channel->mRotationKeys[2].mValue);
    // Scaling had no keys: the node's own (identity) transform.
    EXPECT_EQ(channel->mScalingKeys[2].mValue, aiVector3D(1, 1, 1));
    EXPECT_EQ(aligned->mNumPositionKeys, 1u);
}

TEST(MorphTargetNormals, TargetsGetBaseNormalsOnlyWhenTheMeshHasThem) {
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    aiScene *copy = nullptr;
    Assimp::SceneCombiner::CopyScene(&copy, scene);
    std::unique_ptr<aiScene> owned(copy);
    aiMesh &mesh = *owned->mMeshes[0];
    ASSERT_EQ(mesh.mAnimMeshes[0]->mNormals, nullptr);
    EXPECT_EQ(PrepareMorphTargetNormals(*owned), 2u);
    ASSERT_NE(mesh.mAnimMeshes[1]->mNormals, nullptr);
    EXPECT_EQ(mesh.mAnimMeshes[1]->mNormals[5], mesh.mNormals[5]);
    EXPECT_EQ(PrepareMorphTargetNormals(*owned), 0u);
    // Without base normals the writer would read a null pointer: targets lose theirs.
    delete[] mesh.mNormals;
    mesh.mNormals = nullptr;
    EXPECT_EQ(PrepareMorphTargetNormals(*owned), 2u);
    EXPECT_EQ(mesh.mAnimMeshes[0]->mNormals, nullptr);
}

TEST(FbxBinaryRepair, FixesShapeNamesAndKeepsCorrectFiles) {
    FbxBytes fbx(7500, true);
    fbx.begin("Objects", {});
    fbx.leaf("Geometry",
             {FbxBytes::Int64(1), FbxBytes::String(std::string("Smile\0\1Blendshape", 17)),
              FbxBytes::String("Shape")},
             1);
    fbx.leaf("Geometry",
             {FbxBytes::Int64(2), FbxBytes::String(std::string("Body\0\1Geometry", 14)),
              FbxBytes::String("Mesh")},
             1);
    fbx.end();
    const std::vector<uint8_t> bytes = fbx.finish(7500);
    FbxRepairReport report;
    const std::vector<uint8_t> repaired =
        RepairAssimp525BinaryFbx(bytes.data(), bytes.size(), "shape.fbx", {}, &report);
    EXPECT_EQ(report.shapeNamesChanged, 1u);
    const FbxBinaryFile file = ReadFbxBinary(repaired.data(), repaired.size(), "shape.fbx");
    EXPECT_EQ(DecodeProperties(file.records[0].children[0], "shape.fbx")[1].text,
              std::string("Smile\0\1Geometry", 15));
    EXPECT_EQ(DecodeProperties(file.records[0].children[1], "shape.fbx")[1].text,
              std::string("Body\0\1Geometry", 14));
    // Repairing the repaired file changes nothing.
    EXPECT_EQ(RepairAssimp525BinaryFbx(repaired.data(), repaired.size(), "shape.fbx", {}),
              repaired);
}

// ------------------------------------------------------------------------------------------------
// Outside programs: the command-line tool, and Blender when it is installed

TEST(FbxExport, CommandLineExportsGlbToBinaryFbx) {
    const std::filesystem::path cli = AGF_CLI_PATH;
    if (!std::filesystem::exists(cli)) {
        GTEST_SKIP() << "command-line program not built: " << cli;
    }
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::filesystem::path dir = test::ScratchDir("FbxExport_Cli");
    const std::filesystem::path glb = dir / "in.glb";
    const std::filesystem::path fbx = dir / "out.fbx";
    test::WriteBytes(glb, ExportToMemory(scene, "glb2", false));

    const int status =
        test::RunProgram(cli, {"export", glb.string(), fbx.string()}, dir, dir / "cli.log");
    ASSERT_EQ(status, 0) << test::ReadText(dir / "cli.log");
    const std::vector<uint8_t> bytes = test::ReadBytes(fbx);
    ASSERT_TRUE(IsBinaryFbx(bytes.data(), bytes.size()));
    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(fbx.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    RoundTripExpectations expectations;
    expectations.morphNames = TargetNames::Unchecked; // the glb in between has no target names
    ExpectSameAsTestScene(scene, back, expectations);
}

TEST(FbxExport, BlenderOpensOurBinaryFbx) {
    // Optional: runs only where a `blender` (3.4 or later) is installed; never a CI dependency.
    const std::filesystem::path blender = test::FindProgram("blender");
    if (blender.empty()) {
        GTEST_SKIP() << "blender not on PATH";
    }
    Assimp::Importer importer;
    const aiScene *scene = ValidatedTestScene(importer);
    ASSERT_NE(scene, nullptr);
    const std::filesystem::path dir = test::ScratchDir("FbxExport_Blender");
    const std::filesystem::path fbx = dir / "scene.fbx";
    test::WriteBytes(fbx, ExportToMemory(scene, "fbx", true));
    const std::filesystem::path script = dir / "check.py";
    {
        std::ofstream out(script);
        out << "import bpy, sys\n"
               "bpy.ops.wm.read_factory_settings(use_empty=True)\n"
               "bpy.ops.import_scene.fbx(filepath=sys.argv[sys.argv.index('--') + 1])\n"
               "scene = bpy.context.scene\n"
               "fps = scene.render.fps / scene.render.fps_base\n"
               "shapes = sorted(k.name for m in bpy.data.meshes if m.shape_keys\n"
               "                for k in m.shape_keys.key_blocks)\n"
               "groups = sorted(g.name for o in bpy.data.objects if o.type == 'MESH'\n"
               "                for g in o.vertex_groups)\n"
               "bones = sorted(b.name for a in bpy.data.armatures for b in a.bones)\n"
               "seconds = [(a.frame_range[1] - a.frame_range[0]) / fps for a in bpy.data.actions]\n"
               "print('AGF_BLENDER actions=%d seconds=%s shapes=%s groups=%s bones=%s' % (\n"
               "    len(bpy.data.actions), ','.join('%.3f' % s for s in seconds),\n"
               "    ','.join(shapes), ','.join(groups), ','.join(bones)))\n";
    }
    const int status = test::RunProgram(
        blender, {"-b", "--factory-startup", "--python", script.string(), "--", fbx.string()}, dir,
        dir / "blender.log", std::chrono::seconds(300));
    const std::string log = test::ReadText(dir / "blender.log");
    ASSERT_EQ(status, 0) << log;
    const size_t line = log.find("AGF_BLENDER ");
    ASSERT_NE(line, std::string::npos) << log;
    const std::string result = log.substr(line, log.find('\n', line) - line);
    EXPECT_EQ(result, "AGF_BLENDER actions=1 seconds=2.500 shapes=Basis,Bulge,Lift "
                      "groups=Bone0,Bone1 bones=Bone0,Bone1")
        << log;
}
