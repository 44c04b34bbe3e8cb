// ODOL v48, v50, v68 and v73 files from our own writer (test_models/generators/OdolV4xWriter):
// every value the reader gives back is the one written (positions, packed normals, quantised
// UVs, faces, sections, materials, skin, selections, proxies, frames, animations, the LOD
// directory), whatever the array packing; the files import and validate; damaged, encrypted
// and unknown versions fail with a clear error.
#include "utP3dSupport.h"

#include "OdolV4xWriter.h"
#include "P3D/OdolParser.h"
#include "P3D/P3dFaces.h"
#include "P3dHostileModels.h"
#include "P3dTestModels.h"

#include <cmath>

using namespace agf::test;
using namespace agf::test::p3d;
namespace gen = agf::testgen::p3d;

namespace {

using agf::p3d::Model;

Model Parse(const std::vector<uint8_t> &bytes, agf::Warnings &warnings) {
    return agf::p3d::ParseOdol(bytes.data(), bytes.size(), "generated.p3d", warnings);
}

// The model's packed faces point into the bytes parsed: a temporary would leave them dangling.
Model Parse(std::vector<uint8_t> &&bytes, agf::Warnings &warnings) = delete;

Model Parse(const std::vector<uint8_t> &bytes) {
    agf::Warnings warnings;
    return Parse(bytes, warnings);
}

void ExpectNear(const agf::p3d::Vec3 &actual, const gen::Vec3 &expected, float tolerance,
                const std::string &what) {
    EXPECT_NEAR(actual.x, expected[0], tolerance) << what;
    EXPECT_NEAR(actual.y, expected[1], tolerance) << what;
    EXPECT_NEAR(actual.z, expected[2], tolerance) << what;
}

std::string InfoValue(const Model &model, const std::string &key) {
    for (const auto &[name, value] : model.info) {
        if (name == key) {
            return value;
        }
    }
    return "(missing)";
}

// The written UV range of a set, as the writer computes it.
std::array<float, 4> UvRange(const gen::OdolLod &lod, bool second) {
    std::array<float, 4> range{1e30f, 1e30f, -1e30f, -1e30f};
    for (const gen::OdolVertex &v : lod.vertices) {
        const gen::Uv &uv = second ? v.uv1 : v.uv;
        range = {std::min(range[0], uv[0]), std::min(range[1], uv[1]), std::max(range[2], uv[0]),
                 std::max(range[3], uv[1])};
    }
    return range;
}

void CheckVertices(const agf::p3d::Lod &lod, const gen::OdolLod &written) {
    ASSERT_EQ(lod.points.size(), written.vertices.size());
    ASSERT_EQ(lod.uvSets.size(), written.twoUvSets ? 2u : 1u);
    const std::array<float, 4> range0 = UvRange(written, false), range1 = UvRange(written, true);
    for (size_t v = 0; v < written.vertices.size(); ++v) {
        const gen::OdolVertex &w = written.vertices[v];
        const std::string at = "vertex " + std::to_string(v);
        ExpectNear(lod.points[v], w.position, 1e-6f, at);
        // 10-bit components: within half a step of 1/511.
        ExpectNear(lod.normals[v], w.normal, 0.5f / 511.0f + 1e-6f, at);
        EXPECT_NEAR(lod.uvSets[0][v][0], w.uv[0], (range0[2] - range0[0]) / 65535.0f + 1e-6f);
        EXPECT_NEAR(lod.uvSets[0][v][1], w.uv[1], (range0[3] - range0[1]) / 65535.0f + 1e-6f);
        if (written.twoUvSets) {
            EXPECT_NEAR(lod.uvSets[1][v][0], w.uv1[0], (range1[2] - range1[0]) / 65535.0f + 1e-6f);
            EXPECT_NEAR(lod.uvSets[1][v][1], w.uv1[1], (range1[3] - range1[1]) / 65535.0f + 1e-6f);
        }
        EXPECT_EQ(lod.vertexToPoint.at(v), w.point) << at;
        EXPECT_EQ(lod.pointFlags.at(v), w.pointFlags) << at;
    }
}

void CheckFacesAndSections(const agf::p3d::Lod &lod, const gen::OdolLod &written) {
    EXPECT_TRUE(lod.faces.empty()); // left in the file's bytes
    const std::vector<agf::p3d::Face> faces = agf::p3d::UnpackFaces(lod);
    ASSERT_EQ(faces.size(), written.faces.size());
    for (size_t f = 0; f < written.faces.size(); ++f) {
        ASSERT_EQ(faces[f].count, written.faces[f].size()) << f;
        for (size_t k = 0; k < written.faces[f].size(); ++k) {
            EXPECT_EQ(faces[f].vertices[k], written.faces[f][k]) << f;
        }
    }
    ASSERT_EQ(lod.sections.size(), written.sections.size());
    for (size_t s = 0; s < written.sections.size(); ++s) {
        EXPECT_EQ(lod.sections[s].firstFace, written.sections[s].firstFace);
        EXPECT_EQ(lod.sections[s].endFace, written.sections[s].endFace);
        EXPECT_EQ(lod.sections[s].textureIndex, written.sections[s].textureIndex);
        EXPECT_EQ(lod.sections[s].materialIndex, written.sections[s].materialIndex);
    }
}

void CheckMaterials(const agf::p3d::Lod &lod, const gen::OdolLod &written, uint32_t version) {
    ASSERT_EQ(lod.embeddedMaterials.size(), written.materials.size());
    for (size_t m = 0; m < written.materials.size(); ++m) {
        const agf::p3d::EmbeddedMaterial &read = lod.embeddedMaterials[m];
        const gen::OdolMaterial &w = written.materials[m];
        EXPECT_EQ(read.path, w.path);
        EXPECT_EQ(read.version, version >= 70 ? 11u : 10u);
        EXPECT_EQ(read.colors, w.colors);
        EXPECT_EQ(read.specularPower, w.specularPower);
        EXPECT_EQ(read.surface, w.surface);
        ASSERT_EQ(read.stages.size(), w.stages.size());
        for (size_t s = 0; s < w.stages.size(); ++s) {
            EXPECT_EQ(read.stages[s].texture, w.stages[s].texture);
        }
    }
}

void CheckSkin(const agf::p3d::Lod &lod, const gen::OdolLod &written) {
    ASSERT_EQ(lod.skinStart.size(), written.vertices.size() + 1);
    for (size_t v = 0; v < written.vertices.size(); ++v) {
        const auto &bones = written.vertices[v].bones;
        float sum = 0;
        for (const auto &bone : bones) {
            sum += bone.second;
        }
        ASSERT_EQ(lod.skinStart[v + 1] - lod.skinStart[v], bones.size()) << v;
        for (size_t k = 0; k < bones.size(); ++k) {
            const agf::p3d::Influence &influence = lod.skin[lod.skinStart[v] + k];
            EXPECT_EQ(influence.bone,
                      static_cast<uint32_t>(written.subSkeleton.at(bones[k].first)));
            EXPECT_NEAR(influence.weight, bones[k].second / sum, 1e-6f);
        }
    }
}

void CheckSelectionsProxiesFrames(const agf::p3d::Lod &lod, const gen::OdolLod &written) {
    ASSERT_EQ(lod.selections.size(), written.selections.size());
    for (size_t s = 0; s < written.selections.size(); ++s) {
        const gen::OdolSelection &w = written.selections[s];
        EXPECT_EQ(lod.selections[s].name, w.name);
        EXPECT_EQ(lod.selections[s].faces, std::vector<uint32_t>(w.faces.begin(), w.faces.end()));
        EXPECT_EQ(lod.selections[s].points,
                  std::vector<uint32_t>(w.vertices.begin(), w.vertices.end()));
        EXPECT_EQ(lod.selections[s].sectional, w.sectional);
        EXPECT_EQ(lod.selections[s].sections, w.sections);
    }
    ASSERT_EQ(lod.proxies.size(), written.proxies.size());
    for (size_t p = 0; p < written.proxies.size(); ++p) {
        EXPECT_EQ(lod.proxies[p].path, written.proxies[p].path);
        EXPECT_EQ(lod.proxies[p].boneIndex, written.proxies[p].bone);
        ExpectNear(lod.proxies[p].rows[3], written.proxies[p].rows[3], 1e-6f, "proxy");
    }
    ASSERT_EQ(lod.frames.size(), written.frames.size());
    for (size_t f = 0; f < written.frames.size(); ++f) {
        EXPECT_EQ(lod.frames[f].time, written.frames[f].first);
        ASSERT_EQ(lod.frames[f].positions.size(), written.frames[f].second.size());
        for (size_t k = 0; k < written.frames[f].second.size(); ++k) {
            ExpectNear(lod.frames[f].positions[k], written.frames[f].second[k], 1e-6f, "frame");
        }
    }
}

} // namespace

TEST(P3dOdolV4xGenerated, EveryValueWrittenIsReadBackInEveryLayoutAndPacking) {
    const gen::OdolModel written = gen::OdolV40SkinnedModel();
    std::vector<gen::OdolV4xOptions> layouts;
    for (const gen::OdolV4xVariant &variant : gen::OdolV4xVariants()) {
        layouts.push_back(variant.options);
    }
    // Every packing in both flag versions, and the versions between the checked ones.
    using Packing = gen::OdolV4xOptions::Packing;
    for (uint32_t version : {45u, 52u, 56u, 64u, 69u, 72u, 75u}) {
        for (Packing packing : {Packing::AllLzo, Packing::AllRaw, Packing::Alternate}) {
            layouts.push_back({version, packing, {0.25f, -2.0f, 4.0f}});
        }
    }
    for (const gen::OdolV4xOptions &options : layouts) {
        SCOPED_TRACE("v" + std::to_string(options.version) + " packing " +
                     std::to_string(static_cast<int>(options.packing)));
        agf::Warnings warnings;
        // Kept: the model's packed faces point into these bytes.
        const std::vector<uint8_t> bytes = gen::WriteOdolV4x(written, options);
        const Model model = Parse(bytes, warnings);
        EXPECT_EQ(model.version, options.version);
        EXPECT_TRUE(warnings.empty()) << warnings.entries().front().message;
        ASSERT_EQ(model.lods.size(), written.lods.size());
        EXPECT_EQ(InfoValue(model, "lodPermanent"), "0 1 1");
        EXPECT_EQ(InfoValue(model, "class"), "house");
        EXPECT_EQ(InfoValue(model, "damage"), "tent");
        EXPECT_EQ(model.skeletonName, "agf_skeleton");
        ASSERT_EQ(model.bones.size(), written.bones.size());
        for (size_t b = 0; b < written.bones.size(); ++b) {
            EXPECT_EQ(model.bones[b].name, written.bones[b].first);
            EXPECT_EQ(model.bones[b].parent, written.bones[b].second);
        }
        ASSERT_EQ(model.animations.size(), written.animations.size());
        for (size_t a = 0; a < written.animations.size(); ++a) {
            const gen::OdolAnimation &w = written.animations[a];
            EXPECT_EQ(model.animations[a].name, w.name);
            EXPECT_EQ(model.animations[a].source, w.source);
            EXPECT_EQ(model.animations[a].type, w.type);
            // A hide animation has a second float from v55.
            const size_t extra = w.type == 9 && options.version >= 55 ? 1 : 0;
            ASSERT_EQ(model.animations[a].parameters.size(), w.parameters.size() + extra);
            EXPECT_EQ(model.animations[a].parameters[0], w.parameters[0]);
            if (w.type != 9) {
                EXPECT_EQ(model.animations[a].bone, w.bone);
                ExpectNear(model.animations[a].axisPosition, w.axisPosition, 1e-6f, w.name);
            }
        }
        for (size_t l = 0; l < written.lods.size(); ++l) {
            SCOPED_TRACE("LOD " + std::to_string(l));
            const gen::OdolLod &w = written.lods[l];
            EXPECT_EQ(model.lods[l].resolution, w.resolution);
            CheckVertices(model.lods[l], w);
            CheckFacesAndSections(model.lods[l], w);
            CheckMaterials(model.lods[l], w, options.version);
            CheckSelectionsProxiesFrames(model.lods[l], w);
            if (w.skinned) {
                CheckSkin(model.lods[l], w);
            } else {
                EXPECT_TRUE(model.lods[l].skin.empty());
            }
        }
    }
}

TEST(P3dOdolV4xGenerated, PackingsReallyDifferOnDisk) {
    // The same model in three packings: the bytes differ, the reading does not (above).
    const gen::OdolModel model = gen::OdolV40SkinnedModel();
    using Packing = gen::OdolV4xOptions::Packing;
    const auto lzo = gen::WriteOdolV4x(model, {73, Packing::AllLzo, {0, 0, 0}});
    const auto raw = gen::WriteOdolV4x(model, {73, Packing::AllRaw, {0, 0, 0}});
    const auto v48 = gen::WriteOdolV4x(model, {48, Packing::ByVersion, {0, 0, 0}});
    EXPECT_LT(lzo.size(), raw.size());
    EXPECT_NE(v48.size(), raw.size());
}

TEST(P3dOdolV4xGenerated, CommittedFilesImportAndValidate) {
    for (const gen::OdolV4xVariant &variant : gen::OdolV4xVariants()) {
        SCOPED_TRACE(variant.relativePath);
        const ImportResult result = ImportP3d(TestModelsDir() / variant.relativePath);
        ASSERT_NE(result.scene, nullptr) << result.error;
        std::vector<std::string> names;
        for (const aiNode *lod : LodNodes(result.scene)) {
            names.emplace_back(lod->mName.C_Str());
        }
        EXPECT_EQ(names, (std::vector<std::string>{"LOD 0.000", "LOD 1.000", "Memory"}));
        EXPECT_EQ(MetaString(result.scene->mMetaData, "SourceAsset_FormatVersion"),
                  std::to_string(variant.options.version));
        EXPECT_EQ(MetaString(result.scene->mMetaData, "P3D.Skeleton"), "agf_skeleton");
    }
}

TEST(P3dOdolV4xGenerated, EncryptedAndUnknownVersionsFailNamingTheVersion) {
    const gen::OdolModel model = gen::OdolV40SkinnedModel();
    std::vector<uint8_t> encrypted = gen::WriteOdolV4x(model, {75, {}, {0, 0, 0}});
    encrypted[8] = 0x5A; // the first of the two v75 header fields
    try {
        Parse(encrypted);
        FAIL() << "an encrypted file was accepted";
    } catch (const agf::ImportError &error) {
        EXPECT_NE(std::string(error.what()).find("ODOL version 75 is encrypted"), std::string::npos)
            << error.what();
    }
    std::vector<uint8_t> unknown = gen::WriteOdolV4x(model, {73, {}, {0, 0, 0}});
    unknown[4] = 76;
    try {
        Parse(unknown);
        FAIL() << "version 76 was accepted";
    } catch (const agf::ImportError &error) {
        EXPECT_NE(std::string(error.what()).find("unknown ODOL version 76"), std::string::npos)
            << error.what();
    }
}

TEST(P3dOdolV4xGenerated, DamagedFilesFailOrLoseOnlyTheDamagedLod) {
    const gen::OdolModel model = gen::OdolV40SkinnedModel();
    for (uint32_t version : {48u, 73u}) {
        const std::vector<uint8_t> bytes =
            gen::WriteOdolV4x(model, {version, gen::OdolV4xOptions::Packing::AllLzo, {0, 0, 0}});
        // Every truncation: a clean ImportError, or fewer LODs with a warning.
        for (size_t cut = 0; cut < bytes.size(); cut += 7) {
            const std::vector<uint8_t> part(bytes.begin(),
                                            bytes.begin() + static_cast<std::ptrdiff_t>(cut));
            try {
                agf::Warnings warnings;
                const Model read = Parse(part, warnings);
                EXPECT_LT(read.lods.size(), model.lods.size()) << cut;
                EXPECT_FALSE(warnings.empty()) << cut;
            } catch (const agf::ImportError &) {
            }
        }
        // Every byte flipped in turn: never anything but an ImportError or a model.
        for (size_t at = 0; at < bytes.size(); at += 3) {
            std::vector<uint8_t> damaged = bytes;
            damaged[at] ^= 0xA5;
            try {
                Parse(damaged);
            } catch (const agf::ImportError &) {
            }
        }
    }
}

TEST(P3dOdolV4xGenerated, UvSetsBeyondAssimpsEightAreLeftOut) {
    // Two written sets and 20 that store nothing (5 or 21 bytes of file each, and a whole set
    // of zeros each once read): the first 8 are kept, the other 14 are passed over.
    for (uint32_t version : {40u, 50u, 73u}) {
        SCOPED_TRACE(version);
        const std::vector<uint8_t> bytes = gen::OdolWithEmptyUvSets(version, 20, 5);
        agf::Warnings warnings;
        const Model model = Parse(bytes, warnings);
        ASSERT_EQ(model.lods.size(), 1u);
        const agf::p3d::Lod &lod = model.lods[0];
        ASSERT_EQ(lod.uvSets.size(), 8u);
        ASSERT_EQ(lod.points.size(), 25u);
        EXPECT_EQ(warnings.count(agf::WarningKind::LimitReached), 1u);
        // The written second set is the grid's UV doubled; the empty ones are zeros.
        EXPECT_NEAR(lod.uvSets[1][7][0], 2 * lod.uvSets[0][7][0], 1e-4f);
        EXPECT_NEAR(lod.uvSets[1][7][1], 2 * lod.uvSets[0][7][1], 1e-4f);
        EXPECT_EQ(lod.uvSets[7][7][0], 0.0f);

        const ImportResult result = ImportBytes("p3d_uv_sets", "sets.p3d", bytes);
        ASSERT_NE(result.scene, nullptr) << result.error;
        for (unsigned m = 0; m < result.scene->mNumMeshes; ++m) {
            EXPECT_EQ(result.scene->mMeshes[m]->GetNumUVChannels(), 8u);
        }
    }
}
