// Tests of the shared pieces in code/Common: the bounds-checked reader, the error type, text
// decoding, the coordinate helpers and the scene-building helpers.
#include "TestSupport.h"

#include "Common/BinaryReader.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/SceneBuilder.h"
#include "Common/TextEncoding.h"
#include "Common/Warnings.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <assimp/DefaultLogger.hpp>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/euler_angles.hpp>

#include <cmath>
#include <memory>
#include <random>

using namespace agf;

namespace {

std::string ErrorOf(const std::function<void()> &action) {
    try {
        action();
    } catch (const ImportError &error) {
        return error.what();
    }
    return std::string();
}

} // namespace

// ------------------------------------------------------------------------------------------------
// BinaryReader and ImportError

TEST(BinaryReader, ReadsLittleEndianValues) {
    const uint8_t bytes[] = {0x01, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0x00,
                             0x00, 0x80, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF};
    BinaryReader reader(bytes, sizeof bytes, "values.bin");
    EXPECT_EQ(reader.u8(), 0x01);
    EXPECT_EQ(reader.u16(), 0x1234);
    EXPECT_EQ(reader.u32(), 0x12345678u);
    EXPECT_EQ(reader.f32(), 1.0f);
    EXPECT_EQ(reader.i32(), -1);
    EXPECT_TRUE(reader.atEnd());
}

TEST(BinaryReader, OverrunNamesFileStructureAndOffset) {
    const uint8_t bytes[6] = {};
    BinaryReader reader(bytes, sizeof bytes, "short.psk", 100);
    reader.setStructure("PNTS0000");
    reader.u32();
    const std::string message = ErrorOf([&] { reader.u32(); });
    EXPECT_NE(message.find("short.psk"), std::string::npos) << message;
    EXPECT_NE(message.find("PNTS0000"), std::string::npos) << message;
    EXPECT_NE(message.find("at byte 104"), std::string::npos) << message;
    // A failed read does not move the reader.
    EXPECT_EQ(reader.offset(), 104u);
}

TEST(BinaryReader, CheckedCountRejectsCountsLargerThanTheData) {
    const uint8_t bytes[64] = {};
    BinaryReader reader(bytes, sizeof bytes, "claims.bin");
    EXPECT_EQ(reader.checkedCount(5, 12, "point"), 5u);
    EXPECT_EQ(reader.checkedCount(0, 12, "point"), 0u);
    const std::string huge = ErrorOf([&] { reader.checkedCount(int64_t(1) << 31, 12, "point"); });
    EXPECT_NE(huge.find("point count 2147483648"), std::string::npos) << huge;
    EXPECT_FALSE(ErrorOf([&] { reader.checkedCount(-1, 12, "point"); }).empty());
    EXPECT_FALSE(ErrorOf([&] { reader.checkedCount(6, 12, "point"); }).empty());
}

TEST(BinaryReader, SubReaderKeepsAbsoluteOffsets) {
    const uint8_t bytes[16] = {0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0};
    BinaryReader reader(bytes, sizeof bytes, "sub.bin");
    reader.skip(8);
    BinaryReader sub = reader.subReader(4);
    EXPECT_EQ(reader.offset(), 12u);
    EXPECT_EQ(sub.offset(), 8u);
    EXPECT_EQ(sub.u32(), 7u);
    EXPECT_NE(ErrorOf([&] { sub.u8(); }).find("at byte 12"), std::string::npos);
}

TEST(BinaryReader, FixedStringStopsAtNulOrFieldEnd) {
    const uint8_t bytes[] = {'a', 'b', 0, 'x', 'c', 'd', 'e', 'f'};
    BinaryReader reader(bytes, sizeof bytes, "strings.bin");
    EXPECT_EQ(reader.fixedString(4), "ab");
    EXPECT_EQ(reader.fixedString(4), "cdef");
}

TEST(ImportError, MessageFormat) {
    const ImportError error("hero.psk", "VTXW0000", 1040, "point index 900 out of range");
    EXPECT_STREQ(error.what(), "hero.psk: VTXW0000 at byte 1040: point index 900 out of range");
    EXPECT_EQ(error.offset(), 1040u);
}

// ------------------------------------------------------------------------------------------------
// Text

TEST(ImportError, TextFormatsNameTheLine) {
    const agf::ImportError error(agf::FilePlace{"pose.pz2", "actor hip", 310, 12}, "unbalanced }");
    EXPECT_STREQ(error.what(), "pose.pz2:12: actor hip at byte 310: unbalanced }");
    EXPECT_EQ(error.line(), 12u);
    EXPECT_EQ(error.problem(), "unbalanced }");
}

TEST(Warnings, RepeatsFoldIntoOneEntryWithACount) {
    agf::Warnings warnings;
    for (uint64_t offset = 100; offset < 105; ++offset) {
        warnings.add(agf::WarningKind::OutOfRange, "a.psk", "RAWWEIGHTS", offset,
                     "weight of a missing bone");
    }
    warnings.add(agf::WarningKind::OutOfRange, "a.psk", "VTXW0000", 40, "weight of a missing bone");
    ASSERT_EQ(warnings.entries().size(), 2u);
    EXPECT_EQ(warnings.total(), 6u);
    EXPECT_EQ(warnings.count(agf::WarningKind::OutOfRange), 6u);
    EXPECT_EQ(warnings.count(agf::WarningKind::Truncated), 0u);
    EXPECT_EQ(warnings.entries()[0].kind, agf::WarningKind::OutOfRange);
    EXPECT_EQ(warnings.entries()[0].offset, 100u);
    EXPECT_EQ(warnings.entries()[0].count, 5u);
    EXPECT_EQ(warnings.entries()[0].text(), "a.psk: RAWWEIGHTS at byte 100: weight of a missing "
                                            "bone [out of range] (seen 5 times)");
    EXPECT_EQ(warnings.entries()[1].text(),
              "a.psk: VTXW0000 at byte 40: weight of a missing bone [out of range]");
}

TEST(Warnings, DistinctProblemsAreBoundedAndMergeKeepsCounts) {
    agf::Warnings many;
    for (size_t i = 0; i < agf::Warnings::kMaxDistinct + 10; ++i) {
        many.add(agf::WarningKind::InvalidValue, "b.p3d", "LOD 0", i,
                 "problem " + std::to_string(i));
    }
    // The kept ones, then one LimitReached entry counting the rest.
    ASSERT_EQ(many.entries().size(), agf::Warnings::kMaxDistinct + 1);
    EXPECT_EQ(many.entries().back().kind, agf::WarningKind::LimitReached);
    EXPECT_EQ(many.entries().back().count, 10u);
    EXPECT_EQ(many.dropped(), 10u);
    agf::Warnings nested;
    nested.add(agf::WarningKind::InvalidValue, "b.p3d", "LOD 0", 7, "problem 0");
    nested.add(agf::WarningKind::InvalidValue, "b.p3d", "LOD 0", 8, "problem 0");
    many.merge(nested);
    EXPECT_EQ(many.entries()[0].count, 3u);
    EXPECT_EQ(many.total(), agf::Warnings::kMaxDistinct + 10 + 2);
}

TEST(MetadataName, EscapesOnlyTheBracketAndTheEscape) {
    EXPECT_EQ(agf::MetadataName("wheel_1"), "[wheel_1]");
    EXPECT_EQ(agf::MetadataName("hero.psa"), "[hero.psa]");
    EXPECT_EQ(agf::MetadataName("a]b"), "[a\\]b]");
    EXPECT_EQ(agf::MetadataName("proxy:\\ca\\x"), "[proxy:\\\\ca\\\\x]");
    EXPECT_EQ(agf::MetadataName(""), "[]");
}

TEST(MetadataNumber, ReadsEveryNumericTypeAndNothingElse) {
    const std::unique_ptr<aiMetadata> metadata(agf::MetadataBuilder()
                                                   .add("Flag", true)
                                                   .add("Int", int32_t(-7))
                                                   .add("Big", uint64_t(1) << 40)
                                                   .add("Float", 0.25f)
                                                   .add("Double", 2.5)
                                                   .add("Text", "12")
                                                   .add("Vector", aiVector3D(1, 2, 3))
                                                   .build());
    double value = -1;
    ASSERT_TRUE(agf::MetadataNumber(metadata.get(), "Flag", value));
    EXPECT_EQ(value, 1.0);
    ASSERT_TRUE(agf::MetadataNumber(metadata.get(), "Int", value));
    EXPECT_EQ(value, -7.0);
    ASSERT_TRUE(agf::MetadataNumber(metadata.get(), "Big", value));
    EXPECT_EQ(value, 1099511627776.0);
    ASSERT_TRUE(agf::MetadataNumber(metadata.get(), "Float", value));
    EXPECT_EQ(value, 0.25);
    ASSERT_TRUE(agf::MetadataNumber(metadata.get(), "Double", value));
    EXPECT_EQ(value, 2.5);
    value = -1;
    // A string that looks like a number, a vector, an absent key and no metadata at all leave
    // the value alone.
    EXPECT_FALSE(agf::MetadataNumber(metadata.get(), "Text", value));
    EXPECT_FALSE(agf::MetadataNumber(metadata.get(), "Vector", value));
    EXPECT_FALSE(agf::MetadataNumber(metadata.get(), "Missing", value));
    EXPECT_FALSE(agf::MetadataNumber(nullptr, "Int", value));
    EXPECT_EQ(value, -1.0);
}

TEST(TextEncoding, KeepsUtf8AndDecodesWindows1252) {
    EXPECT_EQ(ToUtf8("Bone_01"), "Bone_01");
    EXPECT_EQ(ToUtf8("caf\xC3\xA9"), "caf\xC3\xA9");
    // 0xE9 alone is not UTF-8: Windows-1252 e-acute. 0x80 is the euro sign.
    EXPECT_EQ(ToUtf8("caf\xE9"), "caf\xC3\xA9");
    EXPECT_EQ(ToUtf8("\x80"), "\xE2\x82\xAC");
    // A UTF-8 character cut by the end of a fixed-size field is dropped; in a string that
    // did not fill its field the same bytes are Windows-1252.
    EXPECT_EQ(ToUtf8("ab\xE2\x82", true), "ab");
    EXPECT_EQ(ToUtf8("ab\xE2\x82"), "ab\xC3\xA2\xE2\x80\x9A");
    const char field[4] = {'a', 'b', '\xC3', '\xA9'};
    EXPECT_EQ(FixedFieldToUtf8(field, 4), "ab\xC3\xA9");
    const char cut[4] = {'a', 'b', 'c', '\xC3'};
    EXPECT_EQ(FixedFieldToUtf8(cut, 4), "abc");
    EXPECT_EQ(ToUtf8("a\tb"), "a?b");
    EXPECT_TRUE(IsValidUtf8(ToUtf8("\xFF\xFE\x81")));
}

// ------------------------------------------------------------------------------------------------
// Paths

TEST(FileLoading, PathParts) {
    EXPECT_EQ(DirectoryOf("a/b/hero.psk"), "a/b/");
    EXPECT_EQ(DirectoryOf("hero.psk"), "");
    EXPECT_EQ(BaseNameOf("a/b/hero.final.psk"), "hero.final");
    EXPECT_EQ(StripExtension("a\\b\\hero.psk"), "a\\b\\hero");
    EXPECT_EQ(FileNameOf("a/b/hero.psk"), "hero.psk");
}

// ------------------------------------------------------------------------------------------------
// Coordinates

TEST(Coordinates, MirroredRotationCommutesWithTheMirror) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    for (int i = 0; i < 50; ++i) {
        const aiQuaternion q = NormalizedOrIdentity(
            aiQuaternion(value(random), value(random), value(random), value(random)));
        const aiVector3D v(value(random), value(random), value(random));
        const aiVector3D viaMirror = MirrorY(q).Rotate(MirrorY(v));
        const aiVector3D expected = MirrorY(aiQuaternion(q).Rotate(v));
        EXPECT_NEAR(viaMirror.x, expected.x, 1e-5f);
        EXPECT_NEAR(viaMirror.y, expected.y, 1e-5f);
        EXPECT_NEAR(viaMirror.z, expected.z, 1e-5f);
        const aiVector3D viaMirrorZ = MirrorZ(q).Rotate(MirrorZ(v));
        const aiVector3D expectedZ = MirrorZ(aiQuaternion(q).Rotate(v));
        EXPECT_NEAR(viaMirrorZ.x, expectedZ.x, 1e-5f);
        EXPECT_NEAR(viaMirrorZ.y, expectedZ.y, 1e-5f);
        EXPECT_NEAR(viaMirrorZ.z, expectedZ.z, 1e-5f);
    }
}

TEST(Coordinates, ZUpRotationMatchesGlm) {
    // Independent oracle: glm's rotation of -90 degrees about X.
    const glm::mat4 expected = glm::eulerAngleX(glm::radians(-90.0f));
    const aiMatrix4x4 actual = ZUpToYUpRotation();
    for (int row = 0; row < 4; ++row) {
        for (int column = 0; column < 4; ++column) {
            // glm is column-major: expected[column][row] is row `row`, column `column`.
            EXPECT_NEAR(actual[row][column], expected[column][row], 1e-6f);
        }
    }
}

TEST(Coordinates, ZUpBecomesYUp) {
    const aiMatrix4x4 rotation = ZUpToYUpRotation();
    const aiVector3D up = rotation * aiVector3D(0, 0, 1);
    const aiVector3D forward = rotation * aiVector3D(1, 0, 0);
    const aiVector3D side = rotation * aiVector3D(0, 1, 0);
    EXPECT_EQ(up, aiVector3D(0, 1, 0));
    EXPECT_EQ(forward, aiVector3D(1, 0, 0));
    EXPECT_EQ(side, aiVector3D(0, 0, -1));
    aiNode root;
    root.mTransformation = aiMatrix4x4(aiVector3D(2, 2, 2), aiQuaternion(), aiVector3D(0, 0, 5));
    ApplyZUpToYUpOnRoot(&root);
    EXPECT_EQ(root.mTransformation * aiVector3D(0, 0, 0), aiVector3D(0, 5, 0));
}

TEST(Coordinates, AffineInverseHasAnExactBottomRow) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> value(-3.0f, 3.0f);
    for (int round = 0; round < 200; ++round) {
        aiQuaternion rotation(value(random), value(random), value(random), value(random));
        rotation.Normalize();
        const aiVector3D scale(0.5f + std::fabs(value(random)), 0.5f + std::fabs(value(random)),
                               0.5f + std::fabs(value(random)));
        const aiMatrix4x4 m(scale, rotation, aiVector3D(value(random), value(random), 9.0f));
        const aiMatrix4x4 inverse = agf::AffineInverse(m);
        EXPECT_EQ(inverse.d1, 0.0f);
        EXPECT_EQ(inverse.d2, 0.0f);
        EXPECT_EQ(inverse.d3, 0.0f);
        EXPECT_EQ(inverse.d4, 1.0f);
        const aiMatrix4x4 product = m * inverse;
        for (unsigned row = 0; row < 4; ++row) {
            for (unsigned column = 0; column < 4; ++column) {
                EXPECT_NEAR(product[row][column], row == column ? 1.0f : 0.0f, 1e-5f);
            }
        }
    }
    aiMatrix4x4 noisy;
    noisy.d4 = 1.0000001f;
    noisy.d2 = 1e-7f;
    EXPECT_TRUE(agf::IsAffine(noisy));
    EXPECT_EQ(agf::WithExactAffineRow(noisy).d4, 1.0f);
    EXPECT_EQ(agf::WithExactAffineRow(noisy).d2, 0.0f);
    noisy.d3 = 0.5f;
    EXPECT_FALSE(agf::IsAffine(noisy));
}

TEST(Coordinates, WindingAndV) {
    uint32_t corners[3] = {4, 5, 6};
    FlipWinding(corners);
    EXPECT_EQ(corners[0], 4u);
    EXPECT_EQ(corners[1], 6u);
    EXPECT_EQ(corners[2], 5u);
    EXPECT_EQ(FlipV(0.25f), 0.75f);
}

TEST(Coordinates, BadQuaternionsBecomeIdentity) {
    EXPECT_EQ(NormalizedOrIdentity(aiQuaternion(0, 0, 0, 0)), aiQuaternion());
    EXPECT_EQ(NormalizedOrIdentity(aiQuaternion(NAN, 0, 0, 0)), aiQuaternion());
    const aiQuaternion scaled = NormalizedOrIdentity(aiQuaternion(0, 0, 0, 2));
    EXPECT_FLOAT_EQ(scaled.z, 1.0f);
}

// ------------------------------------------------------------------------------------------------
// Node hierarchies

TEST(BuildNodeHierarchy, ParentsMayComeAfterChildren) {
    // 0 <- 2 <- 1, and 3 is a second root.
    std::vector<NodeSource> nodes(4);
    const char *names[] = {"root", "leaf", "middle", "other"};
    const int64_t parents[] = {-1, 2, 0, -1};
    for (size_t i = 0; i < nodes.size(); ++i) {
        nodes[i].name = names[i];
        nodes[i].parent = parents[i];
        nodes[i].local =
            aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(), aiVector3D(float(i + 1), 0, 0));
    }
    aiNode top("top");
    const std::vector<aiNode *> built = BuildNodeHierarchy(nodes, &top, {"f", "s", 0});
    ASSERT_EQ(top.mNumChildren, 2u);
    EXPECT_EQ(built[1]->mParent, built[2]);
    EXPECT_EQ(built[2]->mParent, built[0]);
    EXPECT_EQ(built[0]->mParent, &top);
    // leaf world x = 1 (root) + 3 (middle) + 2 (leaf)
    EXPECT_FLOAT_EQ(TransformRelativeTo(built[1], &top).a4, 6.0f);
}

TEST(BuildNodeHierarchy, RefusesCycles) {
    std::vector<NodeSource> nodes(3);
    nodes[0].parent = -1;
    nodes[1].parent = 2;
    nodes[2].parent = 1;
    nodes[1].name = "a";
    nodes[2].name = "b";
    aiNode top("top");
    agf::Warnings warnings;
    const std::string message = ErrorOf([&] {
        BuildNodeHierarchy(nodes, &top, {"bones.psk", "REFSKELT", 400}, warnings);
    });
    // The walk from node 1 (a) goes round 1 -> 2 -> 1 and is the first to find the cycle.
    EXPECT_EQ(message, "bones.psk: REFSKELT at byte 400: the parent chain of node 1 (a) forms a "
                       "cycle");
    EXPECT_EQ(top.mNumChildren, 0u);
    EXPECT_TRUE(warnings.empty());
}

TEST(BuildNodeHierarchy, OutOfRangeParentBecomesRoot) {
    std::vector<NodeSource> nodes(2);
    nodes[0].parent = -1;
    nodes[1].parent = 99;
    nodes[1].name = "stray";
    aiNode top("top");
    agf::Warnings warnings;
    const std::vector<aiNode *> built =
        BuildNodeHierarchy(nodes, &top, {"bones.psk", "REFSKELT", 32}, warnings);
    EXPECT_EQ(top.mNumChildren, 2u);
    EXPECT_EQ(built[1]->mParent, &top);
    ASSERT_EQ(warnings.entries().size(), 1u);
    EXPECT_EQ(warnings.entries()[0].text(),
              "bones.psk: REFSKELT at byte 32: node 1 (stray) has "
              "parent 99 out of range; attached to the root [out of range]");
}

TEST(BuildNodeHierarchy, DepthIsBounded) {
    std::vector<NodeSource> chain(kMaxNodeDepth + 5);
    for (size_t i = 0; i < chain.size(); ++i) {
        chain[i].parent = static_cast<int64_t>(i) - 1;
    }
    aiNode top("top");
    EXPECT_NE(ErrorOf([&] {
                  BuildNodeHierarchy(chain, &top, {"deep", "s", 0});
              }).find("deeper"),
              std::string::npos);
}

TEST(MakeNamesUnique, SuffixesDuplicates) {
    std::vector<std::string> names = {"Bone", "Bone", "Bone.001", "Other", "Bone"};
    EXPECT_EQ(MakeNamesUnique(names), 2u);
    EXPECT_EQ(names[1], "Bone.002");
    EXPECT_EQ(names[4], "Bone.003");
    EXPECT_EQ(names[2], "Bone.001");
}

// ------------------------------------------------------------------------------------------------
// Meshes per material, bones and morphs, validated by Assimp

namespace {

// Two quads sharing an edge, the left one in material 0 and the right one in material 1;
// two bones, a morph that moves only vertex 5 (right quad).
MeshSource TwoQuads(std::vector<Triangle> &triangles) {
    MeshSource source;
    for (int i = 0; i < 6; ++i) {
        source.positions.emplace_back(float(i % 3), float(i / 3), 0.0f);
        source.normals.emplace_back(0.0f, 0.0f, 1.0f);
    }
    source.uvSets.emplace_back();
    for (const aiVector3D &p : source.positions) {
        source.uvSets[0].emplace_back(p.x / 2, p.y, 0);
    }
    const uint32_t faces[4][4] = {{0, 1, 4, 0}, {0, 4, 3, 0}, {1, 2, 5, 1}, {1, 5, 4, 1}};
    for (const auto &f : faces) {
        Triangle t;
        t.vertices[0] = f[0];
        t.vertices[1] = f[1];
        t.vertices[2] = f[2];
        t.material = f[3];
        triangles.push_back(t);
    }
    // Vertices 0, 3 fully on bone 0; 2, 5 on bone 1; 1, 4 half and half.
    source.influenceStart = {0, 1, 3, 4, 5, 7, 8};
    source.influences = {{0, 1}, {0, 0.5f}, {1, 0.5f}, {1, 1},
                         {0, 1}, {0, 0.5f}, {1, 0.5f}, {1, 1}};
    MorphSource morph;
    morph.name = "raise";
    morph.vertices = {5};
    morph.positions = {aiVector3D(2, 1, 1)};
    source.morphs.push_back(morph);
    return source;
}

} // namespace

TEST(BuildMeshesByMaterial, SplitsReindexesAndBindsBones) {
    std::vector<Triangle> triangles;
    const MeshSource source = TwoQuads(triangles);
    std::vector<SkinBone> bones(3);
    bones[0].name = "left";
    bones[1].name = "right";
    bones[2].name = "unused";
    const auto meshes = BuildMeshesByMaterial(source, triangles, 3, bones, "quads");
    ASSERT_EQ(meshes.size(), 2u);
    const aiMesh &left = *meshes[0];
    const aiMesh &right = *meshes[1];
    EXPECT_EQ(left.mNumVertices, 4u);
    EXPECT_EQ(left.mNumFaces, 2u);
    EXPECT_EQ(right.mMaterialIndex, 1u);
    // First-use order: triangle (0, 1, 4) gives new indices 0, 1, 2.
    EXPECT_EQ(left.mVertices[2], aiVector3D(1, 1, 0));
    EXPECT_EQ(left.mTextureCoords[0][2], aiVector3D(0.5f, 1, 0));
    // Every mesh lists the whole skeleton in source order, each bone with this mesh's weights:
    // the left mesh touches both weighted bones (vertices 1 and 4 are shared), and "unused" is
    // listed with no weights, so that exporters write it as a joint.
    ASSERT_EQ(left.mNumBones, 3u);
    ASSERT_EQ(right.mNumBones, 3u);
    EXPECT_EQ(std::string(right.mBones[1]->mName.C_Str()), "right");
    EXPECT_EQ(right.mBones[1]->mNumWeights, 4u);
    EXPECT_EQ(std::string(left.mBones[2]->mName.C_Str()), "unused");
    EXPECT_EQ(left.mBones[2]->mNumWeights, 0u);
    EXPECT_EQ(right.mBones[2]->mNumWeights, 0u);
    // Vertices 0 and 3 on "left", 1 and 4 on both: four weights on "left", two on "right".
    EXPECT_EQ(left.mBones[0]->mNumWeights, 4u);
    EXPECT_EQ(left.mBones[1]->mNumWeights, 2u);
    // The morph moves vertex 5, which only the right mesh has; the left mesh still gets the
    // target, unmoved, so that both primitives of the glTF mesh have the same targets.
    ASSERT_EQ(left.mNumAnimMeshes, 1u);
    EXPECT_EQ(std::string(left.mAnimMeshes[0]->mName.C_Str()), "raise");
    for (unsigned v = 0; v < left.mNumVertices; ++v) {
        EXPECT_EQ(left.mAnimMeshes[0]->mVertices[v], left.mVertices[v]);
    }
    ASSERT_EQ(right.mNumAnimMeshes, 1u);
    const aiAnimMesh &morph = *right.mAnimMeshes[0];
    EXPECT_EQ(std::string(morph.mName.C_Str()), "raise");
    int moved = 0;
    for (unsigned v = 0; v < right.mNumVertices; ++v) {
        if (!(morph.mVertices[v] == right.mVertices[v])) {
            ++moved;
            EXPECT_EQ(morph.mVertices[v], aiVector3D(2, 1, 1));
        }
    }
    EXPECT_EQ(moved, 1);
}

TEST(BuildMeshesByMaterial, ResultPassesAssimpValidation) {
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, [](aiScene *target) {
        std::vector<Triangle> triangles;
        const MeshSource source = TwoQuads(triangles);
        target->mRootNode = new aiNode("root");
        std::vector<NodeSource> skeleton(2);
        skeleton[0].name = "left";
        skeleton[1].name = "right";
        skeleton[1].parent = 0;
        BuildNodeHierarchy(skeleton, target->mRootNode, {"mem", "skeleton", 0});
        std::vector<SkinBone> bones = {{"left", aiMatrix4x4()}, {"right", aiMatrix4x4()}};
        SceneParts parts;
        std::vector<unsigned> indices;
        for (auto &mesh : BuildMeshesByMaterial(source, triangles, 2, bones, "quads")) {
            indices.push_back(parts.addMesh(std::move(mesh)));
        }
        parts.addMaterial(MakeMaterial("a", "a.png"));
        parts.addMaterial(MakeMaterial("b"));
        std::vector<std::unique_ptr<aiNodeAnim>> channels;
        channels.push_back(
            MakeNodeAnim("right", {aiVectorKey(0, aiVector3D(1, 0, 0))},
                         {aiQuatKey(0, aiQuaternion()), aiQuatKey(2, aiQuaternion())}, {}));
        parts.addAnimation(MakeAnimation("wave", 30, 2, std::move(channels)));
        SetNodeMeshes(target->mRootNode, indices);
        parts.moveInto(target);
    });
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 2u);
    EXPECT_EQ(scene->mNumAnimations, 1u);
    EXPECT_EQ(scene->mAnimations[0]->mChannels[0]->mNumScalingKeys, 1u);
}

TEST(SceneParts, MeshlessSceneIsMarkedIncompleteAndValidates) {
    Assimp::Importer importer;
    const aiScene *scene = test::BuildAndValidate(importer, [](aiScene *target) {
        target->mRootNode = new aiNode("root");
        SceneParts parts;
        parts.moveInto(target);
    });
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_TRUE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
}

// ------------------------------------------------------------------------------------------------
// Metadata

TEST(MetadataBuilder, BuildsTypedEntries) {
    MetadataBuilder builder;
    builder.add("Name", "hero").add("Count", uint64_t(7)).add("Flag", true).add("Scale", 0.5f);
    builder.add("Shape.Offset", aiVector3D(1, 2, 3)).add("Shape.Type", int32_t(2));
    std::unique_ptr<aiMetadata> metadata(builder.build());
    ASSERT_EQ(metadata->mNumProperties, 6u);
    aiString name;
    EXPECT_TRUE(metadata->Get("Name", name));
    EXPECT_STREQ(name.C_Str(), "hero");
    uint64_t count = 0;
    EXPECT_TRUE(metadata->Get("Count", count));
    EXPECT_EQ(count, 7u);
    int32_t type = 0;
    EXPECT_TRUE(metadata->Get("Shape.Type", type));
    EXPECT_EQ(type, 2);
    aiVector3D offset;
    EXPECT_TRUE(metadata->Get("Shape.Offset", offset));
    EXPECT_EQ(offset, aiVector3D(1, 2, 3));
}

TEST(MetadataBuilder, EntriesPastTheLimitAreCountedNotKept) {
    agf::MetadataBuilder builder;
    builder.setLimit(2);
    builder.add("a", int32_t(1)).add("b", 2.0f).add("c", std::string("x")).add("d", true);
    EXPECT_EQ(builder.added(), 4u);
    std::unique_ptr<aiMetadata> kept(builder.build());
    ASSERT_NE(kept, nullptr);
    ASSERT_EQ(kept->mNumProperties, 2u);
    EXPECT_STREQ(kept->mKeys[1].C_Str(), "b");
    builder.keepFirst(1);
    std::unique_ptr<aiMetadata> first(builder.build());
    ASSERT_EQ(first->mNumProperties, 1u);
    EXPECT_STREQ(first->mKeys[0].C_Str(), "a");
}

TEST(MetadataBuilder, MergesIntoExistingMetadata) {
    aiMetadata *target = MetadataBuilder().add("First", int32_t(1)).build();
    MetadataBuilder().add("Second", "two").mergeInto(target);
    std::unique_ptr<aiMetadata> owned(target);
    ASSERT_EQ(target->mNumProperties, 2u);
    int32_t first = 0;
    aiString second;
    EXPECT_TRUE(target->Get("First", first));
    EXPECT_TRUE(target->Get("Second", second));
    EXPECT_EQ(first, 1);
    EXPECT_STREQ(second.C_Str(), "two");
}
