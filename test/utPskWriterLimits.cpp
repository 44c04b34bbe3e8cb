// The PSK writer on scenes that are not PSKs: smoothing groups derived from normals (checked
// with our importer without VTXNORMS and with a reader that, like Unreal's, smooths across
// positions), and the limits: more than 8 weights, static meshes, bones without a common root,
// several meshes, polygons, and hostile scenes (no mesh, NaN, long and non-ASCII names).
#include "utActorXWriterSupport.h"
#include "utPskSupport.h"

#include "ActorX/ActorXExporters.h"
#include "ActorX/ActorXRecords.h"
#include "Common/Coordinates.h"
#include "Common/TextEncoding.h"

#include <assimp_gameformats/ImportOptions.h>

#include <limits>
#include <memory>

namespace {

using namespace agf::test::writers;
using agf::test::CountWarnings;
using agf::test::psk::ImportPsk;
using agf::test::psk::RawPsk;

struct SceneDeleter {
    void operator()(aiScene *scene) const { delete scene; }
};
using OwnedScene = std::unique_ptr<aiScene, SceneDeleter>;

/** A scene with a root node holding the given meshes (and one material each). */
OwnedScene SceneWith(std::vector<aiMesh *> meshes) {
    OwnedScene scene(new aiScene);
    scene->mRootNode = new aiNode("Scene");
    scene->mNumMeshes = static_cast<unsigned>(meshes.size());
    scene->mMeshes = new aiMesh *[meshes.size()];
    scene->mNumMaterials = scene->mNumMeshes;
    scene->mMaterials = new aiMaterial *[meshes.size()];
    scene->mRootNode->mNumMeshes = scene->mNumMeshes;
    scene->mRootNode->mMeshes = new unsigned[meshes.size()];
    for (unsigned m = 0; m < meshes.size(); ++m) {
        scene->mMeshes[m] = meshes[m];
        meshes[m]->mMaterialIndex = m;
        scene->mMaterials[m] = new aiMaterial;
        const aiString name("Material" + std::to_string(m));
        scene->mMaterials[m]->AddProperty(&name, AI_MATKEY_NAME);
        scene->mRootNode->mMeshes[m] = m;
    }
    return scene;
}

aiMesh *MeshOf(const std::vector<aiVector3D> &positions, const std::vector<aiVector3D> &normals,
               const std::vector<std::vector<unsigned>> &faces) {
    auto *mesh = new aiMesh;
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = static_cast<unsigned>(positions.size());
    mesh->mVertices = new aiVector3D[positions.size()];
    std::copy(positions.begin(), positions.end(), mesh->mVertices);
    if (!normals.empty()) {
        mesh->mNormals = new aiVector3D[normals.size()];
        std::copy(normals.begin(), normals.end(), mesh->mNormals);
    }
    mesh->mNumFaces = static_cast<unsigned>(faces.size());
    mesh->mFaces = new aiFace[faces.size()];
    for (size_t f = 0; f < faces.size(); ++f) {
        mesh->mFaces[f].mNumIndices = static_cast<unsigned>(faces[f].size());
        mesh->mFaces[f].mIndices = new unsigned[faces[f].size()];
        std::copy(faces[f].begin(), faces[f].end(), mesh->mFaces[f].mIndices);
        if (faces[f].size() > 3) {
            mesh->mPrimitiveTypes = aiPrimitiveType_POLYGON;
        }
    }
    return mesh;
}

/** A closed cylinder along Z (Z-up scene): smooth sides (radial normals shared by the quads
 *  around a seam-free ring), flat caps with their own vertices: hard and soft edges. */
aiMesh *Cylinder(unsigned segments) {
    std::vector<aiVector3D> positions, normals;
    std::vector<std::vector<unsigned>> faces;
    const float radius = 10, height = 30;
    for (unsigned ring = 0; ring < 2; ++ring) {
        for (unsigned s = 0; s < segments; ++s) {
            const float angle = 2.0f * float(agf::kPi) * float(s) / float(segments);
            positions.emplace_back(radius * std::cos(angle), radius * std::sin(angle),
                                   ring * height);
            normals.emplace_back(std::cos(angle), std::sin(angle), 0.0f);
        }
    }
    for (unsigned s = 0; s < segments; ++s) {
        const unsigned next = (s + 1) % segments;
        faces.push_back({s, next, segments + next});
        faces.push_back({s, segments + next, segments + s});
    }
    for (unsigned cap = 0; cap < 2; ++cap) {
        const unsigned first = static_cast<unsigned>(positions.size());
        const aiVector3D normal(0, 0, cap == 0 ? -1.0f : 1.0f);
        for (unsigned s = 0; s < segments; ++s) {
            positions.push_back(positions[cap * segments + s]);
            normals.push_back(normal);
        }
        positions.emplace_back(0.0f, 0.0f, cap * height);
        normals.push_back(normal);
        const unsigned centre = first + segments;
        for (unsigned s = 0; s < segments; ++s) {
            const unsigned a = first + s, b = first + (s + 1) % segments;
            faces.push_back(cap == 0 ? std::vector<unsigned>{centre, b, a}
                                     : std::vector<unsigned>{centre, a, b});
        }
    }
    return MeshOf(positions, normals, faces);
}

/** How far an area-weighted normal of the 24-sided cylinder's side lies from the exact one. */
constexpr float kAreaWeighting = 0.05f;

/** Z-up, in Unreal units: the file's space is the scene's. */
agf::actorx::ActorXExportOptions ZUp() {
    agf::actorx::ActorXExportOptions options;
    options.yUpGiven = true;
    options.yUp = false;
    return options;
}

/** The bytes without one chunk (the test's own chunk walk). */
std::vector<uint8_t> WithoutChunk(const std::vector<uint8_t> &bytes, const std::string &id) {
    std::vector<uint8_t> out;
    for (const auto &chunk : agf::test::psk::RawChunks(bytes)) {
        const size_t end = chunk.payloadOffset + chunk.recordSize * size_t(chunk.dataCount);
        if (chunk.id != id) {
            out.insert(out.end(), bytes.begin() + long(chunk.headerOffset),
                       bytes.begin() + long(end));
        }
    }
    return out;
}

/** Normals as a reader that smooths across equal positions computes them (Unreal's importers
 *  do so): per corner, the area-weighted normals of the faces at that position that share a
 *  smoothing bit with the corner's face; mask 0 is the face alone. */
std::vector<aiVector3D> NormalsBySmoothingGroups(const RawPsk &raw) {
    const size_t faces = raw.count("FACE0000");
    std::vector<aiVector3D> corners(faces * 3), faceNormal(faces);
    std::vector<uint32_t> masks(faces);
    for (size_t f = 0; f < faces; ++f) {
        aiVector3D p[3];
        for (size_t k = 0; k < 3; ++k) {
            const uint16_t wedge = raw.u16("FACE0000", f, 2 * k);
            p[k] = raw.vec3("PNTS0000", size_t(raw.i32("VTXW0000", wedge, 0)), 0);
            corners[3 * f + k] = p[k];
        }
        faceNormal[f] = (p[2] - p[0]) ^ (p[1] - p[0]); // stored clockwise
        masks[f] = uint32_t(raw.i32("FACE0000", f, 8));
    }
    std::vector<aiVector3D> normals(faces * 3);
    for (size_t c = 0; c < corners.size(); ++c) {
        const size_t f = c / 3;
        aiVector3D sum = faceNormal[f];
        for (size_t g = 0; g < faces && masks[f] != 0; ++g) {
            if (g == f || (masks[g] & masks[f]) == 0) {
                continue;
            }
            for (size_t k = 0; k < 3; ++k) {
                if ((corners[3 * g + k] - corners[c]).Length() < 1e-5f) {
                    sum += faceNormal[g];
                }
            }
        }
        normals[c] = sum.Normalize();
    }
    return normals;
}

TEST(PskWriterSmoothing, NormalsComeBackWithoutVtxnorms) {
    OwnedScene scene = SceneWith({Cylinder(24)});
    agf::ExportWarnings warnings;
    const std::vector<uint8_t> bytes = WritePskBytes(*scene, warnings, ZUp());
    const RawPsk raw(bytes);
    ASSERT_TRUE(raw.has("VTXNORMS"));
    // Caps are flat (mask 0); the side is one smooth region with one bit.
    std::set<int32_t> masks;
    for (size_t f = 0; f < raw.count("FACE0000"); ++f) {
        masks.insert(raw.i32("FACE0000", f, 8));
    }
    EXPECT_EQ(masks, (std::set<int32_t>{0, 1}));

    // Our importer without VTXNORMS.
    auto importer = agf::test::MakeImporter();
    importer->SetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, false);
    const aiScene *back = ImportPsk(*importer, WithoutChunk(bytes, "VTXNORMS"));
    ASSERT_NE(back, nullptr) << importer->GetErrorString();
    // Readers average face normals weighted by area; the source's radial normals are exact, so
    // a side corner (two triangles of one quad, one of the next) leans by up to 2.5 degrees.
    CornerChecks checks;
    checks.uvs = false; // the source has none; a PSK always has a first UV set
    checks.tolerance = kAreaWeighting;
    ExpectSameTriangles(scene.get(), back, checks);

    // A reader that smooths across positions, from the same smoothing groups.
    const std::vector<aiVector3D> normals = NormalsBySmoothingGroups(raw);
    auto withNormals = agf::test::MakeImporter();
    withNormals->SetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, false);
    const aiScene *reference = ImportPsk(*withNormals, bytes);
    ASSERT_NE(reference, nullptr);
    size_t checked = 0;
    for (size_t f = 0; f < raw.count("FACE0000"); ++f) {
        for (size_t k = 0; k < 3; ++k) {
            const uint16_t wedge = raw.u16("FACE0000", f, 2 * k);
            const aiVector3D stored =
                raw.vec3("VTXNORMS", size_t(raw.i32("VTXW0000", wedge, 0)), 0);
            EXPECT_LT((normals[3 * f + k] - stored).Length(), kAreaWeighting) << "face " << f;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 3u * 24u * 4u);
}

TEST(PskWriterSmoothing, OneGroupForAllWouldBlendTheCaps) {
    // The check above can fail: with one smoothing group everywhere, a reader that smooths
    // across positions bends the cap normals at the rim.
    OwnedScene scene = SceneWith({Cylinder(24)});
    agf::ExportWarnings warnings;
    std::vector<uint8_t> bytes = WritePskBytes(*scene, warnings, ZUp());
    const RawPsk original(bytes);
    for (const auto &chunk : agf::test::psk::RawChunks(bytes)) {
        if (chunk.id == "FACE0000") {
            for (size_t f = 0; f < size_t(chunk.dataCount); ++f) {
                const uint32_t one = 1;
                std::memcpy(&bytes[chunk.payloadOffset + 12 * f + 8], &one, 4);
            }
        }
    }
    const std::vector<aiVector3D> normals = NormalsBySmoothingGroups(RawPsk(bytes));
    float worst = 0;
    for (size_t f = 0; f < original.count("FACE0000"); ++f) {
        for (size_t k = 0; k < 3; ++k) {
            const uint16_t wedge = original.u16("FACE0000", f, 2 * k);
            const aiVector3D stored =
                original.vec3("VTXNORMS", size_t(original.i32("VTXW0000", wedge, 0)), 0);
            worst = std::max(worst, (normals[3 * f + k] - stored).Length());
        }
    }
    EXPECT_GT(worst, 0.3f);
}

TEST(PskWriterLimits, MoreThanEightWeightsKeepTheStrongestEight) {
    OwnedScene scene = SceneWith({MeshOf({{0, 0, 0}, {10, 0, 0}, {0, 10, 0}},
                                         {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, {{0, 1, 2}})});
    aiMesh *mesh = scene->mMeshes[0];
    const unsigned bones = 10;
    auto *root = scene->mRootNode;
    root->mNumChildren = bones;
    root->mChildren = new aiNode *[bones];
    mesh->mNumBones = bones;
    mesh->mBones = new aiBone *[bones];
    for (unsigned b = 0; b < bones; ++b) {
        root->mChildren[b] = new aiNode("Bone" + std::to_string(b));
        root->mChildren[b]->mParent = root;
        mesh->mBones[b] = new aiBone;
        mesh->mBones[b]->mName = aiString("Bone" + std::to_string(b));
        mesh->mBones[b]->mNumWeights = 3;
        mesh->mBones[b]->mWeights = new aiVertexWeight[3];
        for (unsigned v = 0; v < 3; ++v) {
            // Vertex 0: weights 1..10 (bones 0 and 1 are the weakest); others: bone 0 only.
            const float weight = v == 0 ? float(b + 1) : (b == 0 ? 1.0f : 0.0f);
            mesh->mBones[b]->mWeights[v] = aiVertexWeight(v, weight);
        }
    }
    agf::ExportWarnings warnings;
    const std::vector<uint8_t> bytes = WritePskBytes(*scene, warnings, ZUp());
    EXPECT_EQ(CountWarnings(warnings.entries(), agf::WarningKind::Unsupported, "RAWWEIGHTS"), 1u);
    const RawPsk raw(bytes);
    // Bone 0 is the scene root (the bones' common ancestor), then Bone0..Bone9.
    EXPECT_EQ(raw.count("REFSKELT"), 11u);
    std::map<std::string, float> first;
    for (size_t w = 0; w < raw.count("RAWWEIGHTS"); ++w) {
        const int32_t point = raw.i32("RAWWEIGHTS", w, 4);
        if (raw.vec3("PNTS0000", size_t(point), 0) == aiVector3D(0, 0, 0)) {
            first[raw.name("REFSKELT", size_t(raw.i32("RAWWEIGHTS", w, 8)))] =
                raw.f32("RAWWEIGHTS", w, 0);
        }
    }
    ASSERT_EQ(first.size(), 8u);
    EXPECT_EQ(first.count("Bone0") + first.count("Bone1"), 0u);
    const float total = 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10;
    EXPECT_NEAR(first["Bone9"], 10 / total, 1e-6f);
    EXPECT_NEAR(first["Bone2"], 3 / total, 1e-6f);
    // The bones have no common parent bone: their common ancestor becomes the root bone.
    EXPECT_EQ(CountWarnings(warnings.entries(), agf::WarningKind::Adjusted, "REFSKELT"), 1u);
}

TEST(PskWriterLimits, StaticMeshGetsOneRootBoneAndNoWeights) {
    OwnedScene scene = SceneWith({Cylinder(8)});
    agf::ExportWarnings warnings;
    const RawPsk raw(WritePskBytes(*scene, warnings));
    ASSERT_EQ(raw.count("REFSKELT"), 1u);
    EXPECT_EQ(raw.name("REFSKELT", 0), "Root");
    EXPECT_TRUE(raw.has("RAWWEIGHTS"));
    EXPECT_EQ(raw.count("RAWWEIGHTS"), 0u);
    auto importer = agf::test::MakeImporter();
    const aiScene *back = ImportPsk(*importer, raw.bytes());
    ASSERT_NE(back, nullptr) << importer->GetErrorString();
    EXPECT_EQ(back->mMeshes[0]->mNumBones, 0u); // static, as our importer reads such files
    // Y-up scene: the cylinder's axis (Z in the scene) lies along -Y in the file.
    float minY = 0;
    for (size_t p = 0; p < raw.count("PNTS0000"); ++p) {
        minY = std::min(minY, raw.f32("PNTS0000", p, 4));
    }
    EXPECT_NEAR(minY, -30.0f, 1e-4f);
}

TEST(PskWriterLimits, PolygonsThroughTheExporterAreTriangulated) {
    OwnedScene scene = SceneWith(
        {MeshOf({{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {5, 3, 0}, {0, 10, 0}},
                {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, {{0, 1, 2, 3, 4}})});
    const std::filesystem::path path = agf::test::ScratchDir("psk_writer_polygon") / "p.psk";
    ASSERT_TRUE(ExportWithOurs(scene.get(), "psk", path));
    const RawPsk raw(agf::test::ReadBytes(path));
    EXPECT_EQ(raw.count("FACE0000"), 3u);
    // The writer alone splits a polygon into a fan and says so.
    agf::ExportWarnings warnings;
    const RawPsk fanned(WritePskBytes(*scene, warnings));
    EXPECT_EQ(fanned.count("FACE0000"), 3u);
    EXPECT_EQ(CountWarnings(warnings.entries(), agf::WarningKind::Adjusted, "FACE"), 1u);
}

TEST(PskWriterLimits, TwoMeshesBecomeOnePsk) {
    OwnedScene scene = SceneWith({Cylinder(6), Cylinder(5)});
    agf::ExportWarnings warnings;
    const RawPsk raw(WritePskBytes(*scene, warnings));
    EXPECT_EQ(raw.count("MATT0000"), 2u);
    EXPECT_EQ(raw.count("FACE0000"), 6u * 4u + 5u * 4u);
}

TEST(PskWriterLimits, LargeMeshUsesFace3200AndWarnsAboutTheName) {
    // 300 x 240 grid: 72,000 vertices, more than 65,536 wedges.
    std::vector<aiVector3D> positions, normals;
    std::vector<std::vector<unsigned>> faces;
    const unsigned columns = 300, rows = 240;
    for (unsigned r = 0; r < rows; ++r) {
        for (unsigned c = 0; c < columns; ++c) {
            positions.emplace_back(float(c), float(r), 0.0f);
            normals.emplace_back(0.0f, 0.0f, 1.0f);
        }
    }
    for (unsigned r = 0; r + 1 < rows; ++r) {
        for (unsigned c = 0; c + 1 < columns; ++c) {
            const unsigned a = r * columns + c;
            faces.push_back({a, a + 1, a + columns + 1});
        }
    }
    OwnedScene scene = SceneWith({MeshOf(positions, normals, faces)});
    const std::filesystem::path dir = agf::test::ScratchDir("psk_writer_large");
    ASSERT_TRUE(ExportWithOurs(scene.get(), "psk", dir / "grid.psk"));
    const RawPsk raw(agf::test::ReadBytes(dir / "grid.psk"));
    EXPECT_TRUE(raw.has("FACE3200"));
    EXPECT_FALSE(raw.has("FACE0000"));
    EXPECT_EQ(raw.count("VTXW0000"), 72000u);
    auto importer = agf::test::MakeImporter();
    const aiScene *back = ImportPsk(*importer, raw.bytes());
    ASSERT_NE(back, nullptr) << importer->GetErrorString();
    EXPECT_EQ(back->mMeshes[0]->mNumFaces, faces.size());
}

TEST(PskWriterLimits, BadExportFactors) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (const float value : {0.0f, -1.0f, nan, inf, -inf}) {
        Assimp::ExportProperties scale;
        scale.SetPropertyFloat(AI_CONFIG_EXPORT_ACTORX_SCALE, value);
        EXPECT_THROW(agf::ReadActorXExportOptions(&scale), agf::ExportError) << value;
        Assimp::ExportProperties rate;
        rate.SetPropertyFloat(AI_CONFIG_EXPORT_PSA_FPS, value);
        if (value == 0.0f) {
            EXPECT_EQ(agf::ReadActorXExportOptions(&rate).frameRate, 0.0f); // from the keys
        } else {
            EXPECT_THROW(agf::ReadActorXExportOptions(&rate), agf::ExportError) << value;
        }
    }
    const agf::actorx::ActorXExportOptions defaults = agf::ReadActorXExportOptions(nullptr);
    EXPECT_FALSE(defaults.scaleGiven);
    EXPECT_FALSE(defaults.yUpGiven);
}

TEST(PskWriterHostile, NoMeshIsAClearError) {
    OwnedScene scene(new aiScene);
    scene->mRootNode = new aiNode("Empty");
    agf::ExportWarnings warnings;
    try {
        WritePskBytes(*scene, warnings);
        FAIL() << "no error";
    } catch (const agf::ExportError &error) {
        EXPECT_NE(std::string(error.what()).find("no triangles"), std::string::npos)
            << error.what();
    }
    // Through the exporter: a failure, no crash.
    EXPECT_FALSE(
        ExportWithOurs(scene.get(), "psk", agf::test::ScratchDir("psk_writer_empty") / "e.psk"));
}

TEST(PskWriterHostile, NonFinitePositionIsAnErrorAndBadUvsAWarning) {
    OwnedScene scene = SceneWith({Cylinder(5)});
    aiMesh *mesh = scene->mMeshes[0];
    mesh->mTextureCoords[0] = new aiVector3D[mesh->mNumVertices];
    mesh->mNumUVComponents[0] = 2;
    mesh->mTextureCoords[0][1] = aiVector3D(std::nanf(""), 0, 0);
    agf::ExportWarnings warnings;
    EXPECT_NO_THROW(WritePskBytes(*scene, warnings));
    EXPECT_EQ(CountWarnings(warnings.entries(), agf::WarningKind::InvalidValue, "VTXW0000"), 1u);
    mesh->mVertices[2].y = std::numeric_limits<float>::infinity();
    EXPECT_THROW(WritePskBytes(*scene, warnings), agf::ExportError);
}

TEST(PskWriterHostile, LongAndNonAsciiNamesAreShortenedSafely) {
    OwnedScene scene = SceneWith({Cylinder(5)});
    // 40 two-byte characters (80 bytes), then a bone child with a 100-byte ASCII name.
    std::string longName;
    for (int i = 0; i < 40; ++i) {
        longName += "\xC3\xA9"; // é
    }
    aiString materialName(longName);
    scene->mMaterials[0]->RemoveProperty(AI_MATKEY_NAME);
    scene->mMaterials[0]->AddProperty(&materialName, AI_MATKEY_NAME);
    aiMesh *mesh = scene->mMeshes[0];
    auto *root = scene->mRootNode;
    root->mNumChildren = 2;
    root->mChildren = new aiNode *[2];
    const std::string boneA(100, 'a'), boneB = std::string(100, 'a') + "b";
    root->mChildren[0] = new aiNode(boneA);
    root->mChildren[1] = new aiNode(boneB);
    root->mChildren[0]->mParent = root->mChildren[1]->mParent = root;
    mesh->mNumBones = 2;
    mesh->mBones = new aiBone *[2];
    for (unsigned b = 0; b < 2; ++b) {
        mesh->mBones[b] = new aiBone;
        mesh->mBones[b]->mName = aiString(b == 0 ? boneA : boneB);
        mesh->mBones[b]->mNumWeights = 1;
        mesh->mBones[b]->mWeights = new aiVertexWeight[1]{aiVertexWeight(b, 1.0f)};
    }
    agf::ExportWarnings warnings;
    const std::vector<uint8_t> bytes = WritePskBytes(*scene, warnings);
    // The material's name was shortened; the bones' names were shortened, then one of them
    // renamed, and their common ancestor (the root node) became the root bone.
    EXPECT_EQ(CountWarnings(warnings.entries(), agf::WarningKind::Adjusted, "MATT0000"), 1u);
    EXPECT_EQ(CountWarnings(warnings.entries(), agf::WarningKind::Adjusted, "REFSKELT"), 3u);
    const RawPsk raw(bytes);
    const std::string material = raw.name("MATT0000", 0);
    EXPECT_EQ(material.size(), 62u); // 31 whole characters: the 32nd would pass 63 bytes
    EXPECT_TRUE(agf::IsValidUtf8(material));
    EXPECT_EQ(raw.name("REFSKELT", 1), std::string(63, 'a'));
    EXPECT_EQ(raw.name("REFSKELT", 2), std::string(61, 'a') + "_2");
    auto importer = agf::test::MakeImporter();
    const aiScene *back = ImportPsk(*importer, bytes);
    ASSERT_NE(back, nullptr) << importer->GetErrorString();
}

TEST(PskWriterHostile, BoneWithoutNodeIsAClearError) {
    OwnedScene scene = SceneWith({Cylinder(5)});
    aiMesh *mesh = scene->mMeshes[0];
    mesh->mNumBones = 1;
    mesh->mBones = new aiBone *[1];
    mesh->mBones[0] = new aiBone;
    mesh->mBones[0]->mName = aiString("Nowhere");
    agf::ExportWarnings warnings;
    try {
        WritePskBytes(*scene, warnings);
        FAIL() << "no error";
    } catch (const agf::ExportError &error) {
        EXPECT_NE(std::string(error.what()).find("Nowhere"), std::string::npos) << error.what();
    }
}

TEST(PskWriterHostile, TooManyMaterialsIsAClearError) {
    std::vector<aiMesh *> meshes;
    for (int m = 0; m < 257; ++m) {
        meshes.push_back(
            MeshOf({{0, 0, float(m)}, {1, 0, float(m)}, {0, 1, float(m)}}, {}, {{0, 1, 2}}));
    }
    OwnedScene scene = SceneWith(meshes);
    agf::ExportWarnings warnings;
    EXPECT_THROW(WritePskBytes(*scene, warnings), agf::ExportError);
}

} // namespace
