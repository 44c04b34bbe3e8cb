// Textures (issue 16): the resolver's rules, the embedding pass of every importer, the P3D and
// UEViewer material mappings, UEViewer props.txt sockets, and the `assimp export` commands of
// the "Done means" on the real samples.
#include "TestSupport.h"

#include "ActorX/PskSidecars.h"
#include "Common/ByteWriter.h"
#include "Common/CachingIOSystem.h"
#include "Common/DdsDecoder.h"
#include "Common/ImportError.h"
#include "Common/StbImages.h"
#include "Common/TextureResolver.h"
#include "Export/GlbContainer.h"
#include "PaaWriter.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/GltfMaterial.h>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <nlohmann/json.hpp>

#include <cmath>

namespace {

using agf::test::ImportValidated;
using agf::test::ReadBytes;
using agf::test::RunCli;
using agf::test::ScratchDir;
using agf::test::ShellQuote;
using agf::test::WriteBytes;
using agf::test::WriteText;
using Json = nlohmann::ordered_json;

// ---- The resolver ------------------------------------------------------------------------

TEST(TextureResolver, FindsUnderRootsIgnoringCaseWithEitherSeparator) {
    const std::filesystem::path dir = ScratchDir("texture_resolver");
    WriteText(dir / "root/X/CBA/Addons/scope_CA.paa", "x");
    WriteText(dir / "model/beside.tga", "x");
    // The file system as an import sees it: Assimp 5.4's DefaultIOSystem alone now and then
    // reports a missing file present (AssimpRepair::DefaultIoExists), which imports confirm.
    Assimp::DefaultIOSystem disk;
    agf::CachingIOSystem io(disk);
    agf::TextureSearch search;
    search.modelFolder = (dir / "model").string() + "/";
    search.roots = {(dir / "other").string(), (dir / "root").string()};
    const agf::TextureLookup root =
        agf::FindTextureFile(&io, "x\\cba\\addons\\SCOPE_ca.paa", search);
    ASSERT_TRUE(root.found) << root.problem;
    // The file itself (a case-blind file system, as Windows', may keep the name's case).
    EXPECT_TRUE(std::filesystem::equivalent(root.path, dir / "root/X/CBA/Addons/scope_CA.paa"))
        << root.path;
    // A leading separator means the root, as Arma writes it.
    EXPECT_TRUE(agf::FindTextureFile(&io, "\\x\\cba\\addons\\scope_ca.paa", search).found);
    EXPECT_TRUE(agf::FindTextureFile(&io, "beside.tga", search).found);
    // Its file name alone, beside the model.
    EXPECT_TRUE(agf::FindTextureFile(&io, "data\\textures\\beside.tga", search).found);
}

TEST(TextureResolver, PathsThatLeaveTheirFoldersAreRefused) {
    const std::filesystem::path dir = ScratchDir("texture_resolver_refused");
    WriteText(dir / "secret.tga", "x");
    WriteText(dir / "a/Texture2D/t.tga", "x");
    Assimp::DefaultIOSystem disk;
    agf::CachingIOSystem io(disk); // as above
    agf::TextureSearch search;
    search.modelFolder = (dir / "a/b").string() + "/";
    search.roots = {(dir / "a").string()};
    for (const char *reference : {"..\\..\\secret.tga", "../../secret.tga", "C:\\secret.tga",
                                  "//server/share/secret.tga", "x/../../secret.tga"}) {
        const agf::TextureLookup lookup = agf::FindTextureFile(&io, reference, search);
        EXPECT_FALSE(lookup.found && lookup.path.find("secret") != std::string::npos)
            << reference << " -> " << lookup.path;
    }
    EXPECT_TRUE(agf::FindTextureFile(&io, "../../secret.tga", search).refused);
    // A symbolic link under a root that leads out of it is not followed (where the test may
    // make one: Windows asks for a privilege or developer mode).
    std::error_code noLinks;
    std::filesystem::create_symlink(dir / "secret.tga", dir / "a/link.tga", noLinks);
    if (!noLinks) {
        EXPECT_FALSE(agf::FindTextureFile(&io, "link.tga", search).found);
    }
    // One level up is the format's own layout only when the format says so (UEViewer).
    search.roots.clear();
    EXPECT_FALSE(agf::FindTextureFile(&io, "../Texture2D/t.tga", search).found);
    search.modelParentLevels = 1;
    EXPECT_TRUE(agf::FindTextureFile(&io, "../Texture2D/t.tga", search).found);
}

TEST(TextureResolver, RootListsSplitOnSemicolonsAndLineBreaks) {
    EXPECT_EQ(agf::SplitTextureRoots(" /a ;/b\n\n/c;"),
              (std::vector<std::string>{"/a", "/b", "/c"}));
    EXPECT_TRUE(agf::SplitTextureRoots("").empty());
}

// ---- UEViewer sockets ----------------------------------------------------------------------

TEST(TextureSidecars, PropsSocketsConvertUe3RotationUnitsToDegrees) {
    const std::string props = "Sockets[1] =\n{\n    Sockets[0] =\n    {\n"
                              "        SocketName = TopperSocket\n        BoneName = Bone004\n"
                              "        RelativeLocation = { X=9.5, Y=0, Z=-2 }\n"
                              "        RelativeRotation = { Yaw=16384, Pitch=0, Roll=-16384 }\n"
                              "        RelativeScale = { X=1, Y=2, Z=1 }\n    }\n}\n";
    const auto sockets = agf::psk::ParsePropsSockets(props, false);
    ASSERT_EQ(sockets.size(), 1u);
    EXPECT_EQ(sockets[0].name, "TopperSocket");
    EXPECT_EQ(sockets[0].bone, "Bone004");
    EXPECT_FLOAT_EQ(sockets[0].location.x, 9.5f);
    EXPECT_FLOAT_EQ(sockets[0].location.z, -2.0f);
    EXPECT_FLOAT_EQ(sockets[0].yaw, 90.0f);
    EXPECT_FLOAT_EQ(sockets[0].roll, -90.0f);
    EXPECT_FLOAT_EQ(sockets[0].scale.y, 2.0f);
    // UE4/5 rotators are degrees: written with a fraction, or in SkeletalMesh4/.
    const std::string ue4 = "SocketName = S\nRelativeRotation = { Pitch=0.5, Yaw=90, Roll=0 }\n";
    EXPECT_FLOAT_EQ(agf::psk::ParsePropsSockets(ue4, false)[0].yaw, 90.0f);
    EXPECT_FLOAT_EQ(agf::psk::ParsePropsSockets("SocketName = S\nRelativeRotation = "
                                                "{ Pitch=0, Yaw=90, Roll=0 }\n",
                                                true)[0]
                        .yaw,
                    90.0f);
}

// ---- The embedding pass ---------------------------------------------------------------------

const aiNode *FindNode(const aiNode *node, const std::string &name) {
    if (node->mName.C_Str() == name) {
        return node;
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        if (const aiNode *found = FindNode(node->mChildren[i], name)) {
            return found;
        }
    }
    return nullptr;
}

std::string TexturePath(const aiMaterial *material, aiTextureType type) {
    aiString path;
    return material->GetTexture(type, 0, &path) == AI_SUCCESS ? path.C_Str() : "";
}

TEST(TextureEmbedding, UeViewerExportGetsItsTgaEmbeddedAsPngAndItsSocket) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk");
    const auto result = ImportValidated(psk);
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiScene *scene = result.scene;
    ASSERT_EQ(scene->mNumTextures, 1u);
    const aiTexture *texture = scene->mTextures[0];
    EXPECT_EQ(texture->mHeight, 0u);
    EXPECT_STREQ(texture->achFormatHint, "png");
    EXPECT_EQ(std::string(texture->mFilename.C_Str()), "../Texture2D/Antenna_Diffuse.tga");
    const auto *bytes = reinterpret_cast<const uint8_t *>(texture->pcData);
    ASSERT_TRUE(agf::IsPngFile(bytes, texture->mWidth));
    // The PNG holds the TGA's pixels.
    const agf::RgbaImage png = agf::StbDecode(bytes, texture->mWidth, "embedded.png");
    const std::vector<uint8_t> tgaBytes =
        ReadBytes(psk.parent_path().parent_path() / "Texture2D" / "Antenna_Diffuse.tga");
    const agf::RgbaImage tga = agf::StbDecode(tgaBytes.data(), tgaBytes.size(), "a.tga");
    EXPECT_EQ(png.width, tga.width);
    EXPECT_EQ(png.pixels, tga.pixels);
    EXPECT_EQ(TexturePath(scene->mMaterials[0], aiTextureType_DIFFUSE), "*0");
    const aiNode *socket = FindNode(scene->mRootNode, "TopperSocket");
    ASSERT_NE(socket, nullptr);
    ASSERT_NE(socket->mParent, nullptr);
    EXPECT_STREQ(socket->mParent->mName.C_Str(), "Bone004");
    aiVector3D scaling, position;
    aiQuaternion rotation;
    socket->mTransformation.Decompose(scaling, rotation, position);
    EXPECT_NEAR(position.Length(), 9.5f, 1e-4f);
    EXPECT_LT(std::abs(rotation.w), 0.99f); // the props' rotation, not the identity
}

TEST(TextureEmbedding, KeepReferencesOptionEmbedsNothing) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk");
    const auto result = ImportValidated(psk, [](Assimp::Importer &importer) {
        importer.SetPropertyBool(AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES, true);
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumTextures, 0u);
    EXPECT_EQ(TexturePath(result.scene->mMaterials[0], aiTextureType_DIFFUSE),
              "../Texture2D/Antenna_Diffuse.tga");
}

const aiMaterial *MaterialWithColour(const aiScene *scene, float alpha) {
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiColor4D colour;
        if (scene->mMaterials[m]->Get(AI_MATKEY_BASE_COLOR, colour) == AI_SUCCESS &&
            std::abs(colour.a - alpha) < 1e-4f) {
            return scene->mMaterials[m];
        }
    }
    return nullptr;
}

TEST(TextureEmbedding, P3dReticleIsDecodedUnderTheDataRootWithItsAlpha) {
    AGF_REQUIRE_SAMPLE(p3d, "p3d/cba_optic_small_70.p3d");
    AGF_REQUIRE_SAMPLE(root, "p3d/data-root");
    // Without a root nothing is found, quietly: the references stay.
    const auto plain = ImportValidated(p3d);
    ASSERT_NE(plain.scene, nullptr) << plain.error;
    EXPECT_EQ(plain.scene->mNumTextures, 0u);
    const auto result = ImportValidated(p3d, [&](Assimp::Importer &importer) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, "/nonexistent;" + root.string());
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiScene *scene = result.scene;
    ASSERT_EQ(scene->mNumTextures, 1u);
    const aiTexture *texture = scene->mTextures[0];
    const agf::RgbaImage image = agf::StbDecode(reinterpret_cast<const uint8_t *>(texture->pcData),
                                                texture->mWidth, "reticle.png");
    EXPECT_EQ(image.width, 1024u);
    EXPECT_TRUE(image.hasAlpha());
    size_t textured = 0;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        if (TexturePath(scene->mMaterials[m], aiTextureType_DIFFUSE) == "*0") {
            ++textured;
            aiString mode;
            ASSERT_EQ(scene->mMaterials[m]->Get(AI_MATKEY_GLTF_ALPHAMODE, mode), AI_SUCCESS);
            EXPECT_STREQ(mode.C_Str(), "BLEND");
        }
    }
    EXPECT_EQ(textured, 1u);
    // The procedural textures are constant colours, blended.
    for (float alpha : {0.7f, 0.0f}) {
        const aiMaterial *material = MaterialWithColour(scene, alpha);
        ASSERT_NE(material, nullptr) << alpha;
        aiString mode;
        ASSERT_EQ(material->Get(AI_MATKEY_GLTF_ALPHAMODE, mode), AI_SUCCESS);
        EXPECT_STREQ(mode.C_Str(), "BLEND");
    }
}

/** A copy of the optic beside a root whose reticle is `reticle`. */
std::filesystem::path OpticWithReticle(const std::string &name,
                                       const std::vector<uint8_t> &reticle) {
    const std::filesystem::path dir = ScratchDir(name);
    WriteBytes(dir / "root/x/cba/addons/optics/reticles/scopeblack_small_70_ca.paa", reticle);
    return dir;
}

TEST(TextureEmbedding, DamagedOrHugeTexturesAreWarningsAndTheModelStillImports) {
    AGF_REQUIRE_SAMPLE(p3d, "p3d/cba_optic_small_70.p3d");
    std::vector<uint8_t> truncated;
    for (const auto &texture : agf::testgen::paa::PaaTestTextures()) {
        if (texture.name == "dxt5_lzo") {
            truncated.assign(texture.file.begin(), texture.file.end() - 20);
        }
    }
    ASSERT_FALSE(truncated.empty());
    std::vector<uint8_t> huge = agf::testgen::paa::WritePaa(
        0xFF05, {agf::testgen::paa::PaaLevelData{0x7FFF, 0x7FFF, true, {0x11, 0, 0}}});
    const struct {
        const char *name;
        std::vector<uint8_t> bytes;
        agf::WarningKind kind;
    } cases[] = {{"texture_truncated", truncated, agf::WarningKind::UnreadableFile},
                 {"texture_huge", huge, agf::WarningKind::LimitReached}};
    for (const auto &damaged : cases) {
        const std::filesystem::path dir = OpticWithReticle(damaged.name, damaged.bytes);
        const auto result = ImportValidated(p3d, [&](Assimp::Importer &importer) {
            importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, (dir / "root").string());
        });
        ASSERT_NE(result.scene, nullptr) << result.error;
        EXPECT_EQ(result.scene->mNumTextures, 0u);
        const agf::test::ImportWarnings warnings(*result.importer, "p3d");
        const std::vector<agf::Warning> refused = warnings.of(damaged.kind);
        ASSERT_EQ(refused.size(), 1u) << warnings.text();
        EXPECT_EQ(std::filesystem::path(refused[0].file).filename(), "scopeblack_small_70_ca.paa")
            << warnings.text();
    }
}

// ---- The commands of the issue -------------------------------------------------------------

Json GlbJson(const std::filesystem::path &path, std::vector<uint8_t> &binary) {
    const agf::gltf::GlbFile glb = agf::gltf::ReadGlb(ReadBytes(path), path.filename().string());
    binary = glb.binary;
    return Json::parse(glb.json);
}

std::vector<uint8_t> ImageBytes(const Json &json, const std::vector<uint8_t> &binary,
                                size_t image) {
    const Json &view = json["bufferViews"][json["images"][image]["bufferView"].get<size_t>()];
    const size_t offset = view.value("byteOffset", size_t{0});
    const size_t length = view["byteLength"].get<size_t>();
    return std::vector<uint8_t>(binary.begin() + static_cast<std::ptrdiff_t>(offset),
                                binary.begin() + static_cast<std::ptrdiff_t>(offset + length));
}

bool HasNode(const Json &json, const std::string &name) {
    for (const Json &node : json["nodes"]) {
        if (node.value("name", "") == name) {
            return true;
        }
    }
    return false;
}

TEST(TextureCli, AntennaExportIsOneGlbWithItsPngAndSocket) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk");
    const std::filesystem::path dir = ScratchDir("texture_cli_antenna");
    const auto run = RunCli(dir, "export " + ShellQuote(psk.string()) + " a.glb");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    size_t files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        files += entry.path().extension() != ".txt" && entry.path().extension() != ".log";
    }
    EXPECT_EQ(files, 1u) << "one glb, nothing beside it";
    std::vector<uint8_t> binary;
    const Json json = GlbJson(dir / "a.glb", binary);
    ASSERT_EQ(json["images"].size(), 1u);
    EXPECT_EQ(json["images"][0].value("mimeType", ""), "image/png");
    EXPECT_FALSE(json["images"][0].contains("uri"));
    const std::vector<uint8_t> png = ImageBytes(json, binary, 0);
    EXPECT_TRUE(agf::IsPngFile(png.data(), png.size()));
    const Json &material = json["materials"][0];
    ASSERT_TRUE(material["pbrMetallicRoughness"].contains("baseColorTexture")) << material;
    EXPECT_TRUE(HasNode(json, "TopperSocket"));
}

TEST(TextureCli, OpticExportWithATextureRootEmbedsTheReticleAndConstantColours) {
    AGF_REQUIRE_SAMPLE(p3d, "p3d/cba_optic_small_70.p3d");
    AGF_REQUIRE_SAMPLE(root, "p3d/data-root");
    const std::filesystem::path dir = ScratchDir("texture_cli_optic");
    const auto run = RunCli(dir, "export " + ShellQuote(p3d.string()) + " o.glb --texture-root " +
                                     ShellQuote(root.string()));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    std::vector<uint8_t> binary;
    const Json json = GlbJson(dir / "o.glb", binary);
    ASSERT_EQ(json["images"].size(), 1u);
    const std::vector<uint8_t> png = ImageBytes(json, binary, 0);
    const agf::RgbaImage image = agf::StbDecode(png.data(), png.size(), "reticle.png");
    EXPECT_EQ(image.width, 1024u);
    EXPECT_TRUE(image.hasAlpha());
    size_t textured = 0, constant = 0;
    for (const Json &material : json["materials"]) {
        const Json &pbr = material["pbrMetallicRoughness"];
        if (pbr.contains("baseColorTexture")) {
            ++textured;
            EXPECT_EQ(material.value("alphaMode", ""), "BLEND");
        } else if (pbr.contains("baseColorFactor") && pbr["baseColorFactor"][3] < 1.0) {
            ++constant;
            EXPECT_EQ(material.value("alphaMode", ""), "BLEND");
            EXPECT_EQ(pbr["baseColorFactor"][0], 0.0);
        }
    }
    EXPECT_EQ(textured, 1u);
    EXPECT_EQ(constant, 2u);
    // A root that is not a folder is an error of the command.
    EXPECT_NE(
        RunCli(dir, "export " + ShellQuote(p3d.string()) + " x.glb --texture-root nope").exitCode,
        0);
}

} // namespace

namespace {

// ---- DDS through our DXT path ------------------------------------------------------------

std::vector<uint8_t> DdsFile(uint32_t width, uint32_t height, uint32_t pixelFlags,
                             const char *fourCc, uint32_t bitCount,
                             const std::vector<uint32_t> &masks,
                             const std::vector<uint8_t> &pixels) {
    agf::ByteWriter w;
    w.bytes("DDS ", 4);
    w.u32(124);
    w.u32(0x1007); // caps, height, width, pixel format
    w.u32(height);
    w.u32(width);
    for (int i = 0; i < 3 + 11; ++i) {
        w.u32(0); // pitch, depth, mip count, reserved
    }
    w.u32(32);
    w.u32(pixelFlags);
    w.bytes(fourCc, 4);
    w.u32(bitCount);
    for (uint32_t mask : masks) {
        w.u32(mask);
    }
    for (int i = 0; i < 5; ++i) {
        w.u32(0); // caps 1-4, reserved
    }
    w.bytes(pixels.data(), pixels.size());
    return w.data();
}

TEST(TextureDds, DxtAndUncompressedDdsDecode) {
    // Two DXT1 blocks: solid red (0xF800) and solid blue (0x001F), four-colour mode.
    const std::vector<uint8_t> dxt =
        DdsFile(8, 4, 0x4, "DXT1", 0, {0, 0, 0, 0},
                {0x00, 0xF8, 0, 0, 0, 0, 0, 0, 0x1F, 0, 0, 0, 0, 0, 0, 0});
    ASSERT_TRUE(agf::IsDdsFile(dxt.data(), dxt.size()));
    const agf::RgbaImage image = agf::DecodeDds(dxt.data(), dxt.size(), "t.dds");
    ASSERT_EQ(image.width, 8u);
    ASSERT_EQ(image.height, 4u);
    EXPECT_EQ(std::vector<uint8_t>(image.pixels.begin(), image.pixels.begin() + 4),
              (std::vector<uint8_t>{255, 0, 0, 255}));
    EXPECT_EQ(std::vector<uint8_t>(image.pixels.begin() + 4 * 7, image.pixels.begin() + 4 * 8),
              (std::vector<uint8_t>{0, 0, 255, 255}));
    // 32-bit BGRA with alpha.
    const std::vector<uint8_t> bgra =
        DdsFile(1, 1, 0x41, "\0\0\0\0", 32, {0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000},
                {10, 20, 30, 40});
    EXPECT_EQ(agf::DecodeDds(bgra.data(), bgra.size(), "b.dds").pixels,
              (std::vector<uint8_t>{30, 20, 10, 40}));
    // Cut short, or BC7 (DX10): refused with the file's name.
    const std::vector<uint8_t> cut(dxt.begin(), dxt.end() - 1);
    EXPECT_THROW(agf::DecodeDds(cut.data(), cut.size(), "t.dds"), agf::ImportError);
    const std::vector<uint8_t> dx10 = DdsFile(4, 4, 0x4, "DX10", 0, {0, 0, 0, 0}, {});
    EXPECT_THROW(agf::DecodeDds(dx10.data(), dx10.size(), "t.dds"), agf::ImportError);
}

TEST(TextureCli, GltfExportWritesTheTexturesBesideIt) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk");
    const std::filesystem::path dir = ScratchDir("texture_cli_gltf");
    const auto run = RunCli(dir, "export " + ShellQuote(psk.string()) + " a.gltf");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Json json = Json::parse(agf::test::ReadText(dir / "a.gltf"));
    ASSERT_EQ(json["images"].size(), 1u);
    EXPECT_EQ(json["images"][0].value("uri", ""), "a_img0.png");
    const std::vector<uint8_t> png = ReadBytes(dir / "a_img0.png");
    EXPECT_TRUE(agf::IsPngFile(png.data(), png.size()));
}

} // namespace

namespace {

TEST(TextureEmbedding, TextRvmatStagesUnderTheRootGiveNormalAndSpecularMaps) {
    AGF_REQUIRE_SAMPLE(p3d, "p3d/cba_optic_small_70.p3d");
    AGF_REQUIRE_SAMPLE(reticle, "p3d/data-root/x/cba/addons/optics/reticles/"
                                "scopeblack_small_70_ca.paa");
    const std::filesystem::path dir = ScratchDir("texture_rvmat");
    const std::filesystem::path folder = dir / "root/x/cba/addons/optics/reticles";
    WriteBytes(folder / "scopeblack_small_70_ca.paa", ReadBytes(reticle));
    std::vector<uint8_t> small;
    for (const auto &texture : agf::testgen::paa::PaaTestTextures()) {
        if (texture.name == "argb8888_swizzled") {
            small = texture.file;
        }
    }
    WriteBytes(folder / "data/scope_nohq.paa", small);
    WriteBytes(folder / "data/scope_smdi.paa", small);
    // Mixed case on disk, as a Windows-made data root has it.
    WriteText(folder / "ScopeBlack.rvmat",
              "ambient[]={1,1,1,1};\nclass Stage1\n{\n\ttexture=\"x\\cba\\addons\\optics\\"
              "reticles\\data\\scope_nohq.paa\";\n\tuvSource=\"tex\";\n};\nclass Stage2\n{\n"
              "\ttexture=\"#(argb,8,8,3)color(0.5,0.5,0.5,1,DT)\";\n};\nclass Stage3\n{\n"
              "\ttexture=\"x\\cba\\addons\\optics\\reticles\\data\\scope_smdi.paa\";\n};\n");
    const auto result = ImportValidated(p3d, [&](Assimp::Importer &importer) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, (dir / "root").string());
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    size_t withMaps = 0;
    for (unsigned m = 0; m < result.scene->mNumMaterials; ++m) {
        const aiMaterial *material = result.scene->mMaterials[m];
        const std::string normal = TexturePath(material, aiTextureType_NORMALS);
        if (normal.empty()) {
            continue;
        }
        ++withMaps;
        EXPECT_EQ(normal.front(), '*') << "embedded";
        const std::string specular = TexturePath(material, aiTextureType_SPECULAR);
        EXPECT_EQ(specular.front(), '*');
        EXPECT_NE(specular, normal);
    }
    EXPECT_EQ(withMaps, 2u) << "both materials that name scopeblack.rvmat";
    // The reticle, the normal map and the specular map.
    EXPECT_EQ(result.scene->mNumTextures, 3u);
}

} // namespace

namespace {

TEST(TextureCli, ColladaExportOfEmbeddedTexturesToABareFileName) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk");
    const std::filesystem::path dir = ScratchDir("texture_cli_collada");
    const auto run = RunCli(dir, "export " + ShellQuote(psk.string()) + " a.dae");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "a_texture_0001.png"));
}

} // namespace

namespace {

TEST(TextureCli, WritersThatCannotEmbedKeepTheReferences) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk");
    const std::filesystem::path dir = ScratchDir("texture_cli_obj");
    const auto run = RunCli(dir, "export " + ShellQuote(psk.string()) + " a.obj");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string mtl = agf::test::ReadText(dir / "a.mtl");
    EXPECT_NE(mtl.find("Antenna_Diffuse.tga"), std::string::npos) << mtl;
    EXPECT_EQ(mtl.find("*0"), std::string::npos) << mtl;
}

} // namespace
