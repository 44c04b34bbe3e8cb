// Damaged and hostile P3D files: each gives a clear error naming the file, structure and byte
// offset, or keeps the sound LODs with a warning when only the end is damaged.
#include "utP3dSupport.h"

#include "Common/CopyBudget.h"
#include "OdolV4xWriter.h"
#include "P3D/P3dConverter.h"
#include "P3D/P3dImporter.h"
#include "P3dHostileModels.h"
#include "P3dTestModels.h"

#include <cstring>

using namespace agf::test;
using namespace agf::test::p3d;
namespace gen = agf::testgen::p3d;

namespace {

std::vector<uint8_t> ModelBytes(const std::string &name) {
    return ReadBytes(TestModelsDir() / "p3d" / name);
}

void PatchU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
    for (int k = 0; k < 4; ++k) {
        bytes[offset + k] = static_cast<uint8_t>(value >> (8 * k));
    }
}

uint32_t LoadU32(const std::vector<uint8_t> &bytes, size_t offset) {
    uint32_t value = 0;
    for (int k = 3; k >= 0; --k) {
        value = (value << 8) | bytes[offset + k];
    }
    return value;
}

// Offset of the ODOL v40 LOD directory: the first lodStart is the smallest offset of a body,
// and the directory holds nLods starts, then nLods ends.
size_t V40DirectoryOffset(const std::vector<uint8_t> &bytes, uint32_t lodCount) {
    // Search for a run of 2 * lodCount offsets that all lie inside the file, followed by
    // bodies that start where the directory's LoadableLodInfo ends (written by our generator).
    for (size_t at = 12; at + 8 * lodCount < bytes.size(); ++at) {
        bool plausible = true;
        for (uint32_t i = 0; i < lodCount && plausible; ++i) {
            const uint32_t start = LoadU32(bytes, at + 4 * i);
            const uint32_t end = LoadU32(bytes, at + 4 * (lodCount + i));
            plausible = start > at && start < end && end <= bytes.size();
        }
        if (plausible && LoadU32(bytes, at + 4 * (lodCount - 1)) ==
                             at + 8 * lodCount + lodCount + 17 * lodCount) {
            return at;
        }
    }
    return 0;
}

} // namespace

TEST(P3dInvalid, TruncatedMlodAtEveryStructure) {
    const std::vector<uint8_t> whole = ModelBytes("mlod_cube.p3d");
    size_t failures = 0, partial = 0;
    for (size_t size = 0; size < whole.size(); size += 23) {
        const std::vector<uint8_t> cut(whole.begin(), whole.begin() + static_cast<long>(size));
        const ImportResult result = ImportBytes("p3d_truncated_mlod", "cube.p3d", cut);
        if (result.scene == nullptr) {
            ++failures;
            EXPECT_NE(result.error.find("cube.p3d"), std::string::npos) << result.error;
            if (size >= 4) {
                EXPECT_NE(result.error.find("at byte"), std::string::npos) << result.error;
            }
        } else {
            ++partial;
            const uint64_t lods = Meta<uint64_t>(result.scene->mMetaData, "P3D.LodCount");
            EXPECT_GE(lods, 1u);
            EXPECT_LT(lods, 5u);
        }
    }
    EXPECT_GT(failures, 10u);
    EXPECT_GT(partial, 10u);
}

TEST(P3dInvalid, DamageInTheLastMlodLodKeepsTheOthersWithAWarning) {
    const std::vector<uint8_t> whole = ModelBytes("mlod_cube.p3d");
    const std::vector<uint8_t> cut(whole.begin(), whole.end() - 10);
    const ImportResult result = ImportBytes("p3d_last_lod", "cube.p3d", cut);
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(Meta<uint64_t>(result.scene->mMetaData, "P3D.LodCount"), 4u);
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::Truncated, "LOD 4 "), 1u) << warnings.text();
    EXPECT_EQ(warnings.entries(), 1u) << warnings.text();
    EXPECT_EQ(warnings.all().front().file, "cube.p3d");
}

TEST(P3dInvalid, TruncatedOdolFiles) {
    for (const char *name : {"odol40_skinned.p3d", "odol7_skinned.p3d"}) {
        const std::vector<uint8_t> whole = ModelBytes(name);
        size_t failures = 0, loaded = 0;
        for (size_t size = 0; size < whole.size(); size += 41) {
            const std::vector<uint8_t> cut(whole.begin(), whole.begin() + static_cast<long>(size));
            const ImportResult result = ImportBytes("p3d_truncated_odol", name, cut);
            if (result.scene == nullptr) {
                ++failures;
                EXPECT_NE(result.error.find(name), std::string::npos) << result.error;
            } else {
                ++loaded;
                EXPECT_GE(LodNodes(result.scene).size(), 1u);
            }
        }
        EXPECT_GT(failures, 20u) << name;
        EXPECT_GT(loaded, 0u) << name; // damage only at the end keeps the sound LODs
    }
}

TEST(P3dInvalid, OdolLodOffsetsPastTheEnd) {
    std::vector<uint8_t> bytes = ModelBytes("odol40_skinned.p3d");
    const size_t directory = V40DirectoryOffset(bytes, 3);
    ASSERT_NE(directory, 0u);
    // The last LOD (Memory) past the end: the others load, with a warning.
    std::vector<uint8_t> oneBad = bytes;
    PatchU32(oneBad, directory + 4 * 2, static_cast<uint32_t>(bytes.size() + 100));
    PatchU32(oneBad, directory + 4 * 5, static_cast<uint32_t>(bytes.size() + 200));
    const ImportResult partial = ImportBytes("p3d_offsets", "odol.p3d", oneBad);
    ASSERT_NE(partial.scene, nullptr) << partial.error;
    EXPECT_EQ(LodNodes(partial.scene).size(), 2u);
    const ImportWarnings warnings(*partial.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::Truncated, "LOD directory"), 1u) << warnings.text();
    EXPECT_EQ(warnings.entries(), 1u) << warnings.text();
    EXPECT_EQ(warnings.all().front().offset, directory + 4 * 2) << "LOD 2's start";
    // Every LOD past the end: a clear error.
    for (uint32_t i = 0; i < 3; ++i) {
        PatchU32(bytes, directory + 4 * i, static_cast<uint32_t>(bytes.size() + 100));
    }
    const ImportResult none = ImportBytes("p3d_offsets", "odol.p3d", bytes);
    EXPECT_EQ(none.scene, nullptr);
    EXPECT_NE(none.error.find("no LOD could be read"), std::string::npos) << none.error;
    EXPECT_NE(none.error.find("spans bytes"), std::string::npos) << none.error;
}

TEST(P3dInvalid, OdolLodBodiesThatOverlapAreReadOnce) {
    // 300 directory entries on one body: the body is read for the first, and the others are
    // left out (each would parse and convert the same bytes again).
    const std::vector<uint8_t> shared = gen::OdolDirectorySharingOneBody(300, 12);
    const ImportResult result = ImportBytes("p3d_overlap", "shared.p3d", shared);
    ASSERT_NE(result.scene, nullptr) << result.error;
    const std::vector<const aiNode *> lods = LodNodes(result.scene);
    ASSERT_EQ(lods.size(), 1u);
    EXPECT_EQ(Meta<int32_t>(lods[0]->mMetaData, "P3D.LodIndex"), 0);
    EXPECT_EQ(Meta<uint64_t>(lods[0]->mMetaData, "P3D.PointCount"), 12u * 12u);
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::Inconsistent, "LOD directory"), 299u)
        << warnings.text();

    // LOD 2 given LOD 1's bytes: LOD 1 keeps them (the lower LOD of two that start together),
    // LOD 2 is left out and LOD 0 is untouched.
    std::vector<uint8_t> bytes = ModelBytes("odol40_skinned.p3d");
    const size_t directory = V40DirectoryOffset(bytes, 3);
    ASSERT_NE(directory, 0u);
    PatchU32(bytes, directory + 4 * 2, LoadU32(bytes, directory + 4 * 1));
    PatchU32(bytes, directory + 4 * 5, LoadU32(bytes, directory + 4 * 4));
    const ImportResult twice = ImportBytes("p3d_overlap", "odol.p3d", bytes);
    ASSERT_NE(twice.scene, nullptr) << twice.error;
    const std::vector<const aiNode *> kept = LodNodes(twice.scene);
    ASSERT_EQ(kept.size(), 2u);
    EXPECT_EQ(Meta<int32_t>(kept[0]->mMetaData, "P3D.LodIndex"), 0);
    EXPECT_EQ(Meta<int32_t>(kept[1]->mMetaData, "P3D.LodIndex"), 1);
    const ImportWarnings twiceWarnings(*twice.importer, "p3d");
    EXPECT_EQ(twiceWarnings.count(agf::WarningKind::Inconsistent, "LOD directory"), 1u)
        << twiceWarnings.text();
    EXPECT_EQ(twiceWarnings.entries(), 1u) << twiceWarnings.text();
}

TEST(P3dInvalid, MlodUvSetsBeyondAssimpsEightAreLeftOut) {
    // 20 #UVSet# taggs after the face UVs, 41 bytes each: set 0 and the 7 lowest ids are kept,
    // the other 13 left out before the weld gives each a UV per vertex.
    const std::vector<uint8_t> bytes = gen::MlodUvSetsOfOneTriangle(10, 20);
    const ImportResult result = ImportBytes("p3d_mlod_uv_sets", "sets.p3d", bytes);
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumMeshes, 1u);
    const aiMesh *mesh = result.scene->mMeshes[0];
    ASSERT_EQ(mesh->GetNumUVChannels(), 8u);
    for (unsigned set = 1; set < 8; ++set) {
        // Set s puts corner k at (s + k, s), top-origin: V is flipped.
        EXPECT_EQ(mesh->mTextureCoords[set][2].x, float(set + 2)) << set;
        EXPECT_EQ(mesh->mTextureCoords[set][2].y, 1.0f - float(set)) << set;
    }
    const aiNode *lod = LodNodes(result.scene).at(0);
    // The metadata counts the file's taggs: set 0's and the 20 others.
    EXPECT_EQ(Meta<int32_t>(lod->mMetaData, "P3D.UVSetCount"), 21);
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "#UVSet#"), 1u) << warnings.text();
}

TEST(P3dInvalid, MlodFramesBeyondTheMorphBudgetAreLeftOut) {
    // Each frame costs 40 bytes of file and becomes a copy of all 6000 vertices: the first
    // frames whose copies fit the file's morph budget are kept, the others left out.
    constexpr uint32_t kFaces = 2000, kFrames = 1000;
    const std::vector<uint8_t> bytes = gen::MlodFramesOfSplitCorners(kFaces, kFrames);
    const size_t frameBytes = 3 * kFaces * agf::p3d::kFrameCopyBytesPerVertex;
    const size_t kept = agf::CopyBudget(bytes.size()).bytesLeft() / frameBytes;
    ASSERT_GT(kept, 1u);
    ASSERT_LT(kept, kFrames);
    const ImportResult result = ImportBytes("p3d_frames", "frames.p3d", bytes);
    ASSERT_NE(result.scene, nullptr) << result.error;
    ASSERT_EQ(result.scene->mNumMeshes, 1u);
    const aiMesh *mesh = result.scene->mMeshes[0];
    ASSERT_EQ(mesh->mNumVertices, 3 * kFaces);
    ASSERT_EQ(mesh->mNumAnimMeshes, kept);
    const aiAnimMesh *last = mesh->mAnimMeshes[kept - 1];
    const std::string lastFrame = std::to_string(kept - 1);
    EXPECT_EQ(std::string(last->mName.C_Str()), "Frame " + lastFrame + " (" + lastFrame + ")");
    for (unsigned v = 0; v < mesh->mNumVertices; v += 997) {
        // The weld makes vertex 3f + k from corner k of face f, which is point k.
        EXPECT_EQ(last->mVertices[v].x, float(v % 3)) << v;
        EXPECT_EQ(last->mVertices[v].y, float(kept - 1)) << v;
    }
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached), 1u) << warnings.text();
}

TEST(P3dInvalid, MetadataBeyondTheBudgetIsLeftOutAndRepeatedSelectionNamesStayDistinct) {
    // Each selection costs the file a dozen bytes and the scene three metadata entries of 2 KB.
    constexpr uint32_t kSelections = 4000;
    const std::vector<uint8_t> bytes = gen::MlodSelectionsOfOnePoint(kSelections, true);
    const size_t budget = agf::CopyBudget(bytes.size()).bytesLeft() / agf::p3d::kMetadataEntryBytes;
    ASSERT_GT(budget, 100u);
    ASSERT_LT(budget, 3 * kSelections);
    const ImportResult result = ImportBytes("p3d_selections", "selections.p3d", bytes);
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiNode *lod = LodNodes(result.scene).at(0);
    ASSERT_NE(lod->mMetaData, nullptr);
    EXPECT_EQ(lod->mMetaData->mNumProperties, budget);
    // The LOD's own values come first and stay.
    EXPECT_EQ(Meta<float>(lod->mMetaData, "P3D.Resolution"), 0.0f);
    // Repeats of a name: "'" appended once per repeat, from the ninth "'" and its number.
    for (const std::string &key : {std::string("a"), std::string("a'"), std::string("a''"),
                                   std::string("a'9"), std::string("a'20")}) {
        EXPECT_EQ(MetaString(lod->mMetaData, "P3D.Selections[" + key + "].Faces"), "0") << key;
    }
    const std::string last = "P3D.Selections[a'" + std::to_string(kSelections - 1) + "].Points";
    aiString unused;
    EXPECT_FALSE(lod->mMetaData->Get(last, unused)) << "left out";
    const ImportWarnings warnings(*result.importer, "p3d");
    EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached, "metadata"), 1u) << warnings.text();
}

TEST(P3dInvalid, FaceIndicesPastTheVertices) {
    {
        std::vector<gen::MlodLod> lods = gen::MlodCubeLods();
        lods.resize(1);
        lods[0].faces[2].points[1] = 99;
        const ImportResult result = ImportBytes("p3d_faces", "bad.p3d", gen::WriteMlod(lods));
        EXPECT_EQ(result.scene, nullptr);
        EXPECT_NE(result.error.find("face 2 point index 99 out of range (8 points)"),
                  std::string::npos)
            << result.error;
        EXPECT_NE(result.error.find("LOD 0 faces at byte"), std::string::npos) << result.error;
    }
    // Every ODOL reader keeps the largest corner index for this check: v7, v40, and v4x with
    // 16-bit (v50) and 32-bit (v73) indices.
    const auto write = [](const std::string &version, const gen::OdolModel &model) {
        if (version == "v7") {
            return gen::WriteOdolV7(model);
        }
        if (version == "v40") {
            return gen::WriteOdolV40(model);
        }
        gen::OdolV4xOptions options;
        options.version = version == "v50" ? 50 : 73;
        return gen::WriteOdolV4x(model, options);
    };
    for (const std::string version : {"v7", "v40", "v50", "v73"}) {
        SCOPED_TRACE(version);
        gen::OdolModel model =
            version == "v7" ? gen::OdolV7SkinnedModel() : gen::OdolV40SkinnedModel();
        model.lods.resize(1);
        model.lods[0].faces[5][1] = 500;
        const std::vector<uint8_t> bytes = write(version, model);
        const ImportResult result = ImportBytes("p3d_faces", "bad.p3d", bytes);
        EXPECT_EQ(result.scene, nullptr);
        EXPECT_NE(result.error.find("face 5 vertex index 500 out of range (98 vertices)"),
                  std::string::npos)
            << result.error;
    }
}

TEST(P3dInvalid, SectionsThatDoNotPartitionTheFaces) {
    gen::OdolModel model = gen::OdolV40SkinnedModel();
    model.lods.resize(1);
    model.lods[0].sections[1].firstFace += 2; // a gap between the sections
    const ImportResult gap = ImportBytes("p3d_sections", "bad.p3d", gen::WriteOdolV40(model));
    EXPECT_EQ(gap.scene, nullptr);
    EXPECT_NE(gap.error.find("sections do not partition the faces: section 1 starts at byte "),
              std::string::npos)
        << gap.error;
    EXPECT_NE(gap.error.find(", not where the previous one ends"), std::string::npos) << gap.error;
    model = gen::OdolV40SkinnedModel();
    model.lods.resize(1);
    model.lods[0].sections.pop_back(); // faces left over
    const ImportResult shortSections =
        ImportBytes("p3d_sections", "bad.p3d", gen::WriteOdolV40(model));
    EXPECT_EQ(shortSections.scene, nullptr);
    EXPECT_NE(shortSections.error.find("the sections cover 48 of 108 faces"), std::string::npos)
        << shortSections.error;
}

TEST(P3dInvalid, AbsurdCounts) {
    // MLOD point count.
    std::vector<uint8_t> mlod = ModelBytes("mlod_cube.p3d");
    PatchU32(mlod, 12 + 12, 0x7FFFFFFF);
    ImportResult result = ImportBytes("p3d_counts", "cube.p3d", mlod);
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("point count 2147483647 needs 16 bytes each"), std::string::npos)
        << result.error;
    // MLOD LOD count.
    mlod = ModelBytes("mlod_cube.p3d");
    PatchU32(mlod, 8, 0xFFFFFFF0);
    result = ImportBytes("p3d_counts", "cube.p3d", mlod);
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("LOD count"), std::string::npos) << result.error;
    // ODOL LOD counts.
    for (const char *name : {"odol40_skinned.p3d", "odol7_skinned.p3d"}) {
        std::vector<uint8_t> odol = ModelBytes(name);
        PatchU32(odol, 8, 0x40000000);
        result = ImportBytes("p3d_counts", name, odol);
        EXPECT_EQ(result.scene, nullptr);
        EXPECT_NE(result.error.find("LOD count 1073741824"), std::string::npos) << result.error;
    }
    // ODOL v7: the first compressed array claims a billion point flags.
    std::vector<uint8_t> v7 = ModelBytes("odol7_skinned.p3d");
    PatchU32(v7, 12, 1000000000);
    result = ImportBytes("p3d_counts", "v7.p3d", v7);
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("point flag count 1000000000"), std::string::npos) << result.error;
    EXPECT_NE(result.error.find("at byte 16"), std::string::npos) << result.error;
}

TEST(P3dInvalid, SignaturesAndVersions) {
    std::vector<uint8_t> odol = ModelBytes("odol40_skinned.p3d");
    // Every unreadable version fails with one error naming the version, why, and the byte.
    const std::vector<std::pair<uint32_t, std::string>> versions = {
        {6, "v6.p3d: ODOL header at byte 4: unknown ODOL version 6: no binarizer is known to "
            "write it; this importer reads MLOD and ODOL 7 and 40 to 75"},
        {76, "v76.p3d: ODOL header at byte 4: unknown ODOL version 76"},
        {20, "v20.p3d: ODOL header at byte 4: ODOL version 20 (a pre-ArmA binarizer) is not "
             "supported: this importer reads MLOD and ODOL 7 and 40 to 75"}};
    ImportResult result;
    for (const auto &[version, expected] : versions) {
        std::vector<uint8_t> patched = odol;
        PatchU32(patched, 4, version);
        result = ImportBytes("p3d_versions", "v" + std::to_string(version) + ".p3d", patched);
        EXPECT_EQ(result.scene, nullptr);
        EXPECT_EQ(result.error.rfind(expected, 0), 0u) << result.error;
    }
    std::vector<uint8_t> encrypted = odol;
    PatchU32(encrypted, 4, 75);
    PatchU32(encrypted, 8, 0); // only the second encryption word is set
    PatchU32(encrypted, 12, 0x5EC0DE01u);
    result = ImportBytes("p3d_versions", "v75.p3d", encrypted);
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_EQ(result.error, "v75.p3d: ODOL header at byte 8: ODOL version 75 is encrypted (header "
                            "fields 0, 1589698049); encrypted Arma 3 models cannot be read")
        << result.error;

    result = ImportBytes("p3d_versions", "sp3d.p3d", {'S', 'P', '3', 'D', 0, 0, 0, 0});
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("SP3D"), std::string::npos) << result.error;

    result = ImportBytes("p3d_versions", "text.p3d", {'h', 'e', 'l', 'l', 'o', '!'});
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("not a P3D file"), std::string::npos) << result.error;

    result = ImportBytes("p3d_versions", "empty.p3d", {});
    EXPECT_EQ(result.scene, nullptr);

    // A packed file whose content is not a model.
    std::vector<uint8_t> packed = gen::LzssCompress({'x', 'M', 'L', 'O', 'Z', 'Z'});
    result = ImportBytes("p3d_versions", "packed.p3d", packed);
    EXPECT_EQ(result.scene, nullptr);

    EXPECT_EQ(agf::p3d::DetectSignature(odol.data(), odol.size()), agf::p3d::Signature::Odol);
    const std::vector<uint8_t> mlod = ModelBytes("mlod_cube.p3d");
    EXPECT_EQ(agf::p3d::DetectSignature(mlod.data(), mlod.size()), agf::p3d::Signature::Mlod);
    const std::vector<uint8_t> packedModel = ModelBytes("packed_sp3x.p3d");
    EXPECT_EQ(agf::p3d::DetectSignature(packedModel.data(), packedModel.size()),
              agf::p3d::Signature::Packed);
}

TEST(P3dInvalid, CanReadUsesTheSignatureNotTheExtension) {
    const std::filesystem::path dir = ScratchDir("p3d_canread");
    WriteBytes(dir / "model.bin", ModelBytes("odol7_skinned.p3d"));
    WriteBytes(dir / "notp3d.p3d", {'M', 'L', 'O', 'X', 1, 2, 3});
    auto importer = MakeImporter();
    const aiScene *scene =
        importer->ReadFile((dir / "model.bin").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(LodNodes(scene).size(), 2u);
    EXPECT_EQ(importer->ReadFile((dir / "notp3d.p3d").string(), aiProcess_ValidateDataStructure),
              nullptr);
}
