// ActorX worlds that must be refused or repaired: parent cycles and out-of-range parents,
// truncated records, record sizes smaller than the layout, and asset or texture paths that
// would leave the asset root. Also the path rules themselves.
#include "TestSupport.h"

#include "ActorX/PswParser.h"
#include "ActorX/PswPaths.h"
#include "Common/ImportError.h"
#include "PswWorldWriter.h"

#include <set>

namespace {

namespace gen = agf::testgen::pswgen;

gen::WorldSpec TwoActors(gen::Version version) {
    gen::WorldSpec world;
    world.version = version;
    world.actors.resize(2);
    world.actors[0].name = "A";
    world.actors[1].name = "B";
    return world;
}

std::string ParseError(const std::vector<uint8_t> &bytes) {
    try {
        agf::Warnings warnings;
        agf::psw::ParsePswWorld(bytes.data(), bytes.size(), "bad.psw", warnings);
    } catch (const agf::ImportError &error) {
        return error.what();
    }
    return std::string();
}

std::string ImportError(const std::filesystem::path &file) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(file.string(), aiProcess_ValidateDataStructure);
    return scene == nullptr ? importer->GetErrorString() : std::string();
}

TEST(PswPaths, RefusesPathsThatLeaveTheRoot) {
    using agf::psw::MakeSafeRelativePath;
    EXPECT_TRUE(MakeSafeRelativePath("../secret/SM_Crate").refused);
    EXPECT_TRUE(MakeSafeRelativePath("Props/../../secret").refused);
    EXPECT_TRUE(MakeSafeRelativePath("..\\secret").refused);
    EXPECT_TRUE(MakeSafeRelativePath("C:/Windows/x").refused);
    EXPECT_TRUE(MakeSafeRelativePath("c:secret").refused);
    EXPECT_TRUE(MakeSafeRelativePath("//server/share/x").refused);
    EXPECT_TRUE(MakeSafeRelativePath("\\\\server\\share").refused);
    // Climbing inside the root is fine; a leading '/' (Unreal's "/Game/...") is the root.
    EXPECT_EQ(MakeSafeRelativePath("Props/Sub/../SM_Crate").relative, "Props/SM_Crate");
    EXPECT_EQ(MakeSafeRelativePath("/Game/Props/SM_Crate.3").relative, "Game/Props/SM_Crate.3");
    EXPECT_EQ(MakeSafeRelativePath("/etc/passwd").relative, "etc/passwd");
    EXPECT_EQ(MakeSafeRelativePath("Game\\Props\\.\\x").relative, "Game/Props/x");
    EXPECT_EQ(MakeSafeRelativePath("None").relative, "");
    EXPECT_FALSE(MakeSafeRelativePath("").refused);
}

TEST(PswPaths, MeshCandidatesFollowFoldersThenFileName) {
    const auto candidates = agf::psw::MeshFileCandidates("Game/Props/SM_Crate.SM_Crate");
    const std::vector<std::string> expected = {"Game/Props/SM_Crate.SM_Crate.pskx",
                                               "Game/Props/SM_Crate.SM_Crate.psk",
                                               "Game/Props/SM_Crate.pskx",
                                               "Game/Props/SM_Crate.psk",
                                               "SM_Crate.SM_Crate.pskx",
                                               "SM_Crate.SM_Crate.psk",
                                               "SM_Crate.pskx",
                                               "SM_Crate.psk"};
    EXPECT_EQ(candidates, expected);
    EXPECT_EQ(agf::psw::MeshFileCandidates("Meshes/rock.psk"),
              (std::vector<std::string>{"Meshes/rock.psk", "rock.psk"}));
}

class PswInvalid : public ::testing::TestWithParam<gen::Version> {};

TEST_P(PswInvalid, ParentCycleIsRefused) {
    gen::WorldSpec world = TwoActors(GetParam());
    world.actors[0].parent = 1;
    world.actors[1].parent = 0;
    const std::string error = ParseError(gen::WriteWorld(world));
    EXPECT_NE(error.find("cycle"), std::string::npos) << error;
    world.actors[1].parent = 1; // its own parent
    world.actors[0].parent = -1;
    EXPECT_NE(ParseError(gen::WriteWorld(world)).find("parent 1"), std::string::npos);
}

TEST_P(PswInvalid, OutOfRangeParentIsRefused) {
    gen::WorldSpec world = TwoActors(GetParam());
    world.actors[1].parent = 7;
    const std::string error = ParseError(gen::WriteWorld(world));
    EXPECT_NE(error.find("parent 7"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte"), std::string::npos) << error;
    world.actors[1].parent = -2;
    EXPECT_FALSE(ParseError(gen::WriteWorld(world)).empty());
}

TEST_P(PswInvalid, TruncatedRecordsAreRefused) {
    const std::vector<uint8_t> full = gen::WriteWorld(gen::DemoWorld(GetParam()));
    ASSERT_TRUE(ParseError(full).empty()) << ParseError(full);
    // Chunk boundaries: a file cut there is a complete world with fewer chunks.
    std::set<size_t> boundaries;
    for (size_t offset = 0; offset + 32 <= full.size();) {
        boundaries.insert(offset);
        const auto word = [&](size_t at) {
            return uint32_t(full[at]) | uint32_t(full[at + 1]) << 8 | uint32_t(full[at + 2]) << 16 |
                   uint32_t(full[at + 3]) << 24;
        };
        offset += 32 + size_t(word(offset + 24)) * word(offset + 28);
    }
    // Every other cut, record boundaries inside a chunk included, leaves a chunk incomplete.
    size_t refused = 0;
    for (size_t cut = 1; cut < full.size(); cut += 5) {
        const std::vector<uint8_t> bytes(full.begin(), full.begin() + static_cast<long>(cut));
        if (boundaries.count(cut) != 0) {
            continue;
        }
        const std::string error = ParseError(bytes);
        EXPECT_FALSE(error.empty()) << "cut at " << cut;
        refused += error.empty() ? 0 : 1;
    }
    EXPECT_GT(refused, 100u);
}

TEST_P(PswInvalid, PathsLeavingTheRootAreRefused) {
    for (const char *path : {"../outside/SM_Crate", "Game/../../outside/SM_Crate",
                             "C:/outside/SM_Crate", "//server/outside/SM_Crate"}) {
        gen::WorldSpec world = TwoActors(GetParam());
        world.actors[1].asset = path;
        const std::string error = ParseError(gen::WriteWorld(world));
        EXPECT_NE(error.find("refused"), std::string::npos) << path << ": " << error;
    }
    gen::WorldSpec world = TwoActors(GetParam());
    gen::TileSpec tile;
    tile.texture = "../../heightmap";
    world.tiles.push_back(tile);
    EXPECT_NE(ParseError(gen::WriteWorld(world)).find("refused"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(AllVersions, PswInvalid,
                         ::testing::Values(gen::Version::V1, gen::Version::V2, gen::Version::V2b,
                                           gen::Version::V3),
                         [](const ::testing::TestParamInfo<gen::Version> &param) {
                             return std::string(gen::VersionName(param.param));
                         });

// A real file outside the root is never read: '..' is refused before any lookup, and an
// absolute path is re-rooted below the root, where nothing is found.
TEST(PswInvalidImport, NothingOutsideTheRootIsRead) {
    const std::filesystem::path base = agf::test::ScratchDir("psw_escape");
    agf::test::WriteBytes(base / "outside" / "SM_Crate.pskx", gen::WriteCratePsk());
    gen::WorldSpec world = TwoActors(gen::Version::V3);
    world.actors[1].asset = "../outside/SM_Crate";
    agf::test::WriteBytes(base / "root" / "escape.psw", gen::WriteWorld(world));
    const std::string error = ImportError(base / "root" / "escape.psw");
    EXPECT_NE(error.find("refused"), std::string::npos) << error;

    // Rooted, without a drive letter (a drive-letter path is refused outright on Windows).
    world.actors[1].asset = "/" + (base / "outside" / "SM_Crate").relative_path().generic_string();
    agf::test::WriteBytes(base / "root" / "absolute.psw", gen::WriteWorld(world));
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile((base / "root" / "absolute.psw").string(),
                                              aiProcess_ValidateDataStructure);
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 0u) << "the crate outside the root must not be loaded";
}

TEST(PswInvalidImport, RecordSmallerThanItsLayoutIsRefused) {
    std::vector<uint8_t> bytes = gen::WriteWorld(TwoActors(gen::Version::V3));
    // WORLDACTORS::3 header: id at 32, DataSize at 32 + 24. Claim the 560-byte v2 layout.
    ASSERT_EQ(std::string(reinterpret_cast<const char *>(&bytes[32 + 32])), "WORLDACTORS::3");
    bytes[32 + 32 + 24] = 560 & 0xFF;
    bytes[32 + 32 + 25] = 560 >> 8;
    const std::string error = ParseError(bytes);
    // Read with the shorter stride the chunk ends early and the next header is garbage.
    EXPECT_FALSE(error.empty());
}

TEST(PswInvalidImport, LargerRecordsAreReadByTheirKnownPrefix) {
    gen::WorldSpec world = TwoActors(gen::Version::V1);
    world.actors[1].parent = 0;
    std::vector<uint8_t> bytes = gen::WriteWorld(world);
    // Re-write the WORLDACTORS chunk with 400-byte records (32 bytes of padding each).
    const size_t chunk = 32;
    ASSERT_EQ(std::string(reinterpret_cast<const char *>(&bytes[chunk])), "WORLDACTORS");
    std::vector<uint8_t> padded(bytes.begin(), bytes.begin() + chunk + 32);
    padded[chunk + 24] = 400 & 0xFF;
    padded[chunk + 25] = 400 >> 8;
    for (size_t r = 0; r < 2; ++r) {
        const auto start = bytes.begin() + static_cast<long>(chunk + 32 + r * 368);
        padded.insert(padded.end(), start, start + 368);
        padded.insert(padded.end(), 32, 0xEE);
    }
    padded.insert(padded.end(), bytes.begin() + static_cast<long>(chunk + 32 + 2 * 368),
                  bytes.end());
    agf::Warnings warnings;
    const agf::psw::PswWorld parsed =
        agf::psw::ParsePswWorld(padded.data(), padded.size(), "x", warnings);
    EXPECT_TRUE(warnings.empty());
    ASSERT_EQ(parsed.actors.size(), 2u);
    EXPECT_EQ(parsed.actors[1].name, "B");
    EXPECT_EQ(parsed.actors[1].parent, 0);
}

TEST(PswInvalidImport, MisplacedReferencesAreDroppedWithAWarning) {
    gen::WorldSpec world = TwoActors(gen::Version::V2);
    world.instMaterials.push_back({9, 0, "M_Nowhere"});
    gen::LightSpec light;
    light.parent = 42;
    world.lights.push_back(light);
    const std::vector<uint8_t> bytes = gen::WriteWorld(world);
    agf::Warnings warnings;
    const agf::psw::PswWorld parsed =
        agf::psw::ParsePswWorld(bytes.data(), bytes.size(), "x", warnings);
    EXPECT_TRUE(parsed.materials.empty());
    ASSERT_EQ(parsed.lights.size(), 1u);
    EXPECT_EQ(parsed.lights[0].parent, -1);
    const std::vector<agf::Warning> entries = warnings.entries();
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].kind, agf::WarningKind::OutOfRange) << entries[0].text();
    EXPECT_EQ(entries[0].structure, "INSTMATERIAL") << entries[0].text();
    EXPECT_EQ(entries[1].kind, agf::WarningKind::OutOfRange) << entries[1].text();
    EXPECT_EQ(entries[1].structure, "WORLDLIGHTS") << entries[1].text();
}

TEST(PswInvalidImport, NotAWorldIsRefusedEvenWithThePswExtension) {
    const std::filesystem::path dir = agf::test::ScratchDir("psw_not_world");
    agf::test::WriteBytes(dir / "mesh.psw", gen::WriteCratePsk());
    EXPECT_FALSE(ImportError(dir / "mesh.psw").empty());
}

} // namespace
