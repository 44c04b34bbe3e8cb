// Damaged and hostile Poser input: each case fails with a clear ImportError or imports what is
// sound with a warning, and none hangs or allocates in proportion to a number in the file.
#include "utPoserSupport.h"

#include "Common/ImportError.h"
#include "Poser/PoserGzip.h"
#include "Poser/PoserParser.h"
#include "Poser/PoserTokenizer.h"

#include <assimp_gameformats/GameFormats.h>

namespace {

using namespace agf::test::poser;

const char *const kHipPose = "{\nversion { number 4.01 }\nactor hip:1\n{\nchannels\n{\n"
                             "rotateX xrot { keys { static 0 k 0 10 } }\n}\n}\n}\n";

std::string Figure(const std::string &actors) {
    return "{\nversion { number 4.01 }\n" + actors + "}\n";
}

std::string FigureActor(const std::string &name, const std::string &parent,
                        const std::string &origin = "0 0 0") {
    return "actor " + name + ":1\n{\nparent " + parent +
           "\nchannels { rotateY yrot { keys { k 0 "
           "0 } } rotateX xrot { keys { k 0 0 } } }\norigin " +
           origin + "\nendPoint 0 1 0\norientation 0 0 0\n}\n";
}

} // namespace

TEST(PoserInvalid, ValidMinimalPoseImports) {
    // The baseline the damaged variants below start from.
    const ImportResult result = ImportText(kHipPose, "pz2");
    ASSERT_NE(result.scene, nullptr) << result.error;
    const aiNodeAnim *hip = ChannelFor(OnlyAnimation(result.scene), "hip");
    ASSERT_NE(hip, nullptr);
    EXPECT_NEAR(hip->mRotationKeys[0].mValue.x, std::sin(glm::radians(10.0) / 2), 1e-6);
}

TEST(PoserInvalid, UnbalancedBracesAreAnErrorWithLineAndOffset) {
    std::string missingClose = kHipPose;
    missingClose.erase(missingClose.rfind('}'));
    ImportResult result = ImportText(missingClose, "pz2");
    EXPECT_EQ(result.scene, nullptr);
    // The file's first '{' (line 1, byte 0) is the one left open.
    EXPECT_EQ(result.error, "<memory>.pz2:1: braces at byte 0: unbalanced braces: the '{' opened "
                            "here is never closed (1 blocks open at the end)");

    const std::string extraClose = std::string(kHipPose) + "}\n";
    result = ImportText(extraClose, "pz2");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_EQ(result.error, "<memory>.pz2:11: braces at byte " +
                                std::to_string(extraClose.rfind('}')) +
                                ": unbalanced braces: '}' without a matching '{'");
}

TEST(PoserInvalid, DeepNestingIsRefusedWithoutRecursion) {
    std::string text = "{ version { number 4 }\nactor hip { channels { ";
    for (int i = 0; i < 5000; ++i) {
        text += "x { ";
    }
    for (int i = 0; i < 5000; ++i) {
        text += "} ";
    }
    text += "} }\n}\n";
    const ImportResult result = ImportText(text, "pz2");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("nested deeper than 256"), std::string::npos) << result.error;
}

TEST(PoserInvalid, UnknownKeywordsAreSkippedWithOneWarningEach) {
    const std::string text =
        "{ version { number 4.01 }\n"
        "actor hip:1 {\n frobnicate 1 2 3\n { nested { deeper } }\n frobnicate 4\n"
        " channels { rotateX xrot { keys { static 0 k 0 10 wibble 3\n } } }\n}\n"
        "mysteryBlock { actor fake:1 { } }\n}\n";
    const ImportResult result = ImportText(text, "pz2");
    const agf::test::ImportWarnings warnings = PoserWarnings(result);
    ASSERT_NE(result.scene, nullptr) << result.error;
    // One warning for each unknown keyword, at its first use (lines 3, 6 and 9); the second
    // 'frobnicate' (line 5) is skipped silently.
    EXPECT_EQ(warnings.count(agf::WarningKind::Unknown), 3u) << warnings.text();
    std::vector<uint32_t> lines;
    for (const agf::Warning &warning : warnings.all()) {
        if (warning.kind == agf::WarningKind::Unknown) {
            lines.push_back(warning.line);
        }
    }
    EXPECT_EQ(lines, (std::vector<uint32_t>{3, 6, 9})) << warnings.text();
    // The actor inside the unknown block is not read; the known channel after the junk is.
    EXPECT_EQ(result.scene->mRootNode->FindNode("fake"), nullptr);
    const aiNodeAnim *hip = ChannelFor(OnlyAnimation(result.scene), "hip");
    ASSERT_NE(hip, nullptr);
    EXPECT_NEAR(hip->mRotationKeys[0].mValue.x, std::sin(glm::radians(10.0) / 2), 1e-6);
}

TEST(PoserInvalid, NanKeysAreRefusedWithAWarning) {
    const std::string text = "{ version { number 4.01 }\nactor hip:1 { channels {\n"
                             " rotateX xrot { keys { k 0 nan } }\n"
                             " rotateY yrot { keys { k 0 20 k 5 inf } }\n} }\n}\n";
    const ImportResult result = ImportText(text, "pz2");
    const agf::test::ImportWarnings warnings = PoserWarnings(result);
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(warnings.count(agf::WarningKind::InvalidValue), 2u) << warnings.text();
    const aiNodeAnim *hip = ChannelFor(OnlyAnimation(result.scene), "hip");
    ASSERT_NE(hip, nullptr);
    ASSERT_EQ(hip->mNumRotationKeys, 1u); // only the sound key at frame 0 remains
    EXPECT_NEAR(hip->mRotationKeys[0].mValue.y, std::sin(glm::radians(20.0) / 2), 1e-6);
    EXPECT_NEAR(hip->mRotationKeys[0].mValue.x, 0.0, 1e-6);

    // Nothing sound at all: an error, not an empty pose.
    const ImportResult nothing = ImportText(
        "{ version { number 4 }\nactor hip { channels { rotateX xrot { keys { k 0 nan } } } }\n}",
        "pz2");
    EXPECT_EQ(nothing.scene, nullptr);
    EXPECT_NE(nothing.error.find("no channel of the pose has a usable value"), std::string::npos)
        << nothing.error;
}

TEST(PoserInvalid, NonFiniteFigureVectorsAreIgnoredWithAWarning) {
    const ImportResult result = ImportText(
        Figure(FigureActor("BODY", "UNIVERSE") + FigureActor("hip", "BODY:1", "0 nan 0")), "cr2");
    const agf::test::ImportWarnings warnings = PoserWarnings(result);
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(warnings.count(agf::WarningKind::InvalidValue), 1u) << warnings.text();
    EXPECT_TRUE(result.scene->mRootNode->FindNode("hip")->mTransformation.IsIdentity());
}

TEST(PoserInvalid, WordWhereANumberMustBeIsAnError) {
    const ImportResult result =
        ImportText(Figure(FigureActor("BODY", "UNIVERSE", "0 abc 0")), "cr2");
    EXPECT_EQ(result.scene, nullptr);
    const std::string text = Figure(FigureActor("BODY", "UNIVERSE", "0 abc 0"));
    const std::string origin = text.substr(0, text.find("origin 0 abc"));
    const size_t line = 1 + static_cast<size_t>(std::count(origin.begin(), origin.end(), '\n'));
    EXPECT_EQ(result.error.rfind("<memory>.cr2:" + std::to_string(line) + ": actor BODY at byte " +
                                     std::to_string(text.find("abc")) +
                                     ": expected a number for origin",
                                 0),
              0u)
        << result.error;
}

TEST(PoserInvalid, ParentCycleInTheFigureIsAnError) {
    const ImportResult result = ImportText(
        Figure(FigureActor("a", "b:1") + FigureActor("b", "c:1") + FigureActor("c", "a:1")), "cr2");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("cycle"), std::string::npos) << result.error;
}

TEST(PoserInvalid, SelfParentAndMissingParentAttachToTheRoot) {
    const ImportResult result =
        ImportText(Figure(FigureActor("a", "a:1") + FigureActor("b", "nobody:1", "0 1 0")), "cr2");
    const agf::test::ImportWarnings warnings = PoserWarnings(result);
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mRootNode->mNumChildren, 2u);
    // "a" names itself, which is no parent at all; "b" names an actor the figure lacks.
    EXPECT_EQ(warnings.count(agf::WarningKind::OutOfRange, "actor b"), 1u) << warnings.text();
    EXPECT_EQ(warnings.entries(), 1u) << warnings.text();
}

TEST(PoserInvalid, HugeFrameNumbersAreRefusedAndLargeOnesCostNothing) {
    const std::string text = "{ version { number 4.01 }\nactor hip:1 { channels {\n"
                             " rotateX xrot { keys { k 0 10 k 5000000000 20 k 1e300 30 "
                             "k -4 1 k 999999 40 } }\n} }\n}\n";
    const ImportResult result = ImportText(text, "pz2");
    const agf::test::ImportWarnings warnings = PoserWarnings(result);
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(warnings.count(agf::WarningKind::InvalidValue), 1u) << warnings.text();
    const aiAnimation *animation = OnlyAnimation(result.scene);
    ASSERT_NE(animation, nullptr);
    EXPECT_EQ(animation->mDuration, 999999.0);
    EXPECT_EQ(animation->mChannels[0]->mNumRotationKeys, 2u);
}

TEST(PoserInvalid, NotPoserTextIsRefusedEvenWithAPoserExtension) {
    ImportResult result = ImportText("hello, this is not a pose", "pz2");
    EXPECT_EQ(result.scene, nullptr);
    result = ImportText("{ actor hip { } }", "pz2");
    EXPECT_EQ(result.scene, nullptr);
}

TEST(PoserInvalid, EmptyPoseIsAnError) {
    const ImportResult result = ImportText("{ version { number 4.01 } }", "pz2");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("no actor blocks"), std::string::npos) << result.error;
}

TEST(PoserInvalid, TruncatedAndDamagedGzipAreErrors) {
    std::vector<uint8_t> bytes = agf::test::ReadBytes(PoserModel("chain.p2z"));
    ASSERT_GT(bytes.size(), 100u);
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(bytes.size() / 2));
    ImportResult result = ImportBytes(cut, "p2z");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("truncated"), std::string::npos) << result.error;

    bytes[bytes.size() - 6] ^= 0x55; // CRC
    result = ImportBytes(bytes, "p2z");
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("damaged"), std::string::npos) << result.error;
}

TEST(PoserInvalid, GzipBombIsRefusedBeforeItExhaustsMemory) {
    // 20 MiB of spaces in about 130 KB: far above 64 x the file size + 1 MiB (about 9.4 MiB).
    const std::vector<uint8_t> bomb = gen::GzipRepeatedByte(' ', 20u << 20);
    ASSERT_LT(bomb.size(), 140u * 1024u);
    try {
        agf::Warnings warnings;
        agf::poser::PoserTextOf(bomb, "bomb.p2z", warnings);
        FAIL() << "the bomb inflated";
    } catch (const agf::ImportError &error) {
        EXPECT_NE(std::string(error.what()).find("decompression bomb"), std::string::npos)
            << error.what();
    }
    // The same writer, small: within the limits it inflates exactly.
    agf::Warnings warnings;
    const std::string text =
        agf::poser::PoserTextOf(gen::GzipRepeatedByte('a', 1 + 258 * 4), "x", warnings);
    EXPECT_TRUE(warnings.empty());
    EXPECT_EQ(text, std::string(1 + 258 * 4, 'a'));
}

TEST(PoserInvalid, MissingConfiguredFigureIsAnError) {
    const ImportResult result = ImportFile(PoserModel("chain_walk.pz2"), [](Assimp::Importer &i) {
        i.SetPropertyString(AI_CONFIG_IMPORT_PZ2_FIGURE, "no_such_figure.cr2");
    });
    EXPECT_EQ(result.scene, nullptr);
    EXPECT_NE(result.error.find("no_such_figure.cr2"), std::string::npos) << result.error;
}

TEST(PoserInvalid, MissingGeometryIsAWarning) {
    const std::string figure =
        "{ version { number 4 }\nfigureResFile :Runtime:Geometries:none.obj\n" +
        FigureActor("BODY", "UNIVERSE") + "}\n";
    const std::filesystem::path dir = agf::test::ScratchDir("poser_missing_geometry");
    agf::test::WriteBytes(dir / "lonely.cr2", std::vector<uint8_t>(figure.begin(), figure.end()));
    const ImportResult result = ImportFile(dir / "lonely.cr2");
    const agf::test::ImportWarnings warnings = PoserWarnings(result);
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumMeshes, 0u);
    EXPECT_EQ(warnings.count(agf::WarningKind::MissingFile, "geometry"), 1u) << warnings.text();
}

TEST(PoserParser, InstanceSuffixesAndRestOfLineNames) {
    EXPECT_EQ(agf::poser::SplitInstanceSuffix("hip:1"), std::make_pair(std::string("hip"), 1));
    EXPECT_EQ(agf::poser::SplitInstanceSuffix("hip"), std::make_pair(std::string("hip"), -1));
    EXPECT_EQ(agf::poser::SplitInstanceSuffix("a:b"), std::make_pair(std::string("a:b"), -1));
    agf::Warnings warnings;
    const agf::poser::PoserFile file = agf::poser::ParsePoser(
        "{ version { number 6 }\nfigureResFile :Runtime:Geometries:My Folder:fig.obj\n"
        "actor lHand:2 { name Left Hand\nparent lForeArm:2 channels { } }\n}\n",
        "t.cr2", warnings);
    EXPECT_TRUE(warnings.empty()) << warnings.entries().front().text();
    ASSERT_EQ(file.actors.size(), 1u);
    EXPECT_EQ(file.actors[0].name, "lHand");
    EXPECT_EQ(file.actors[0].instance, 2);
    EXPECT_EQ(file.actors[0].parent, "lForeArm");
    ASSERT_EQ(file.geometryPaths.size(), 1u);
    EXPECT_EQ(file.geometryPaths[0], ":Runtime:Geometries:My Folder:fig.obj");
    EXPECT_EQ(file.version, "6");
}

TEST(PoserParser, ActorsDeclaredTwiceAreMergedAndTheRotationOrderIsTheListingOrder) {
    agf::Warnings warnings;
    const agf::poser::PoserFile file = agf::poser::ParsePoser(
        "{ version { number 4 }\nactor hip:1 { storageOffset 0 0 0 }\n"
        "actor hip:1 { channels { rotateZ zrot { } rotateX xrot { } rotateY yrot { } }\n"
        "origin 1 2 3 }\n}\n",
        "t.cr2", warnings);
    EXPECT_TRUE(warnings.empty()) << warnings.entries().front().text();
    ASSERT_EQ(file.actors.size(), 1u);
    EXPECT_EQ(file.actors[0].rotationOrder, "ZXY");
    EXPECT_TRUE(file.actors[0].origin.present);
    EXPECT_EQ(file.actors[0].origin.z, 3.0);
}

TEST(PoserParser, StatementsOnOneLineStillParse) {
    agf::Warnings warnings;
    const agf::poser::PoserFile file = agf::poser::ParsePoser(
        "{ version { number 4 } actor hip:1 { name Left Hip parent BODY:1 channels { rotateX "
        "xrot { name Bend keys { static 0 k 0 10 k 3 12 sl 1 spl sm } } } origin 0 1 0 } }",
        "t.cr2", warnings);
    EXPECT_TRUE(warnings.empty()) << warnings.entries().front().text();
    ASSERT_EQ(file.actors.size(), 1u);
    const agf::poser::PoserActor &hip = file.actors[0];
    EXPECT_EQ(hip.parent, "BODY");
    EXPECT_TRUE(hip.origin.present);
    ASSERT_EQ(hip.channels.size(), 1u);
    ASSERT_EQ(hip.channels[0].keys.size(), 2u);
    EXPECT_EQ(hip.channels[0].keys[1].frame, 3.0);
    EXPECT_EQ(hip.channels[0].keys[1].value, 12.0);
}
