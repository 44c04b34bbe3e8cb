// Tests of the drop-in `assimp` command (tools/assimp): the built program is run as a user
// would run it, and its files are checked by importing them again with Assimp.
#include "TestSupport.h"

#include <assimp/Exporter.hpp>
#include <assimp/config.h>
#include <assimp/metadata.h>
#include <assimp_gameformats/ImportOptions.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace {

namespace fs = std::filesystem;

using agf::test::CliResult;
using agf::test::ReadText;
using agf::test::RunCli;
using agf::test::ShellQuote;
using agf::test::WriteText;

std::vector<std::string> Lines(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

bool HasLine(const std::string &text, const std::string &line) {
    for (const std::string &candidate : Lines(text)) {
        if (candidate == line) {
            return true;
        }
    }
    return false;
}

// The value printed after a label of `assimp info`, e.g. "Faces:              8" -> "8".
std::string InfoValue(const std::string &output, const std::string &label) {
    for (const std::string &line : Lines(output)) {
        if (line.rfind(label, 0) == 0) {
            const size_t start = line.find_first_not_of(' ', label.size());
            return start == std::string::npos ? std::string() : line.substr(start);
        }
    }
    return "<no line " + label + ">";
}

struct Counts {
    unsigned int meshes = 0;
    unsigned int vertices = 0;
    unsigned int faces = 0;
};

Counts CountsOf(const aiScene &scene) {
    Counts counts;
    counts.meshes = scene.mNumMeshes;
    for (unsigned int i = 0; i < scene.mNumMeshes; ++i) {
        counts.vertices += scene.mMeshes[i]->mNumVertices;
        counts.faces += scene.mMeshes[i]->mNumFaces;
    }
    return counts;
}

// An octahedron of 6 corners and 8 triangles. The OBJ importer gives every face its own
// vertices: 24 vertices when nothing joins them.
const char *const kOctahedronObj = "o Octahedron\n"
                                   "v 1 0 0\nv -1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\nv 0 0 -1\n"
                                   "f 1 3 5\nf 3 2 5\nf 2 4 5\nf 4 1 5\n"
                                   "f 3 1 6\nf 2 3 6\nf 4 2 6\nf 1 4 6\n";
const unsigned int kOctahedronFaces = 8;
const unsigned int kOctahedronVertices = 24;

// A cube of 6 quads.
const char *const kCubeObj = "o Cube\n"
                             "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
                             "v 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
                             "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

// Two objects, the second one moved, so that node transforms and the tree are observable.
const char *const kTwoObjectsObj = "o First\n"
                                   "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"
                                   "o Second\n"
                                   "v 5 0 0\nv 6 0 0\nv 5 1 0\nf 4 5 6\n";

// A BVH of one joint with 10 frames at 0.1 s: Assimp makes it 10 ticks per second, 9 ticks long.
const char *const kJointBvh = "HIERARCHY\n"
                              "ROOT Hips\n{\n  OFFSET 0 0 0\n"
                              "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
                              "Yrotation\n"
                              "  End Site\n  {\n    OFFSET 0 1 0\n  }\n}\n"
                              "MOTION\nFrames: 10\nFrame Time: 0.1\n"
                              "0 0 0 0 0 0\n0 0 0 10 0 0\n0 0 0 20 0 0\n0 0 0 30 0 0\n"
                              "0 0 0 40 0 0\n0 0 0 50 0 0\n0 0 0 60 0 0\n0 0 0 70 0 0\n"
                              "0 0 0 80 0 0\n0 0 0 90 0 0\n";

const aiScene *Import(Assimp::Importer &importer, const fs::path &path, unsigned int flags = 0) {
    return importer.ReadFile(path.string(), flags | aiProcess_ValidateDataStructure);
}

// An error report is exactly one line on stderr, starting with the program name.
void ExpectOneErrorLine(const CliResult &result) {
    const std::vector<std::string> lines = Lines(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("assimp: ", 0), 0u) << lines[0];
}

} // namespace

// ------------------------------------------------------------------------------------------------
// Listing verbs

TEST(Cli, ListextHasStockAndOurExtensions) {
    const fs::path dir = agf::test::ScratchDir("cli_listext");
    const CliResult result = RunCli(dir, "listext");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    ASSERT_EQ(Lines(result.out).size(), 1u) << result.out;
    std::set<std::string> listed;
    std::istringstream entries(Lines(result.out)[0]);
    for (std::string entry; std::getline(entries, entry, ';');) {
        listed.insert(entry);
    }
    EXPECT_TRUE(listed.count("*.obj"));
    EXPECT_TRUE(listed.count("*.gltf"));
    EXPECT_TRUE(listed.count("*.fbx"));
    for (const agf::FormatInfo &format : agf::ListFormats()) {
        std::istringstream extensions(format.extensions);
        for (std::string extension; extensions >> extension;) {
            EXPECT_TRUE(listed.count("*." + extension)) << format.name << ": " << extension;
        }
    }
    // Every extension the Importer knows is listed, and nothing else.
    auto importer = agf::test::MakeImporter();
    std::string expected;
    importer->GetExtensionList(expected);
    std::set<std::string> known;
    std::istringstream expectedEntries(expected);
    for (std::string entry; std::getline(expectedEntries, entry, ';');) {
        known.insert(entry);
    }
    EXPECT_EQ(listed, known);
}

TEST(Cli, KnowextAnswersWithTheExitCode) {
    const fs::path dir = agf::test::ScratchDir("cli_knowext");
    CliResult result = RunCli(dir, "knowext obj");
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_TRUE(HasLine(result.out, "File extension 'obj'  is known")) << result.out;

    result = RunCli(dir, "knowext .GLTF");
    EXPECT_EQ(result.exitCode, 0) << result.out;

    result = RunCli(dir, "knowext zzzq");
    EXPECT_EQ(result.exitCode, 8); // the stock tool's UnknownFileExtension
    EXPECT_TRUE(HasLine(result.out, "File extension 'zzzq'  is not known")) << result.out;

    // Ours (one is enough here: listext checks that all of them are known).
    const std::vector<agf::FormatInfo> formats = agf::ListFormats();
    if (!formats.empty()) {
        const std::string extension =
            formats.front().extensions.substr(0, formats.front().extensions.find(' '));
        EXPECT_EQ(RunCli(dir, "knowext " + extension).exitCode, 0) << extension;
    }

    result = RunCli(dir, "knowext");
    EXPECT_NE(result.exitCode, 0);
    ExpectOneErrorLine(result);
}

TEST(Cli, ListexportAndExportinfo) {
    const fs::path dir = agf::test::ScratchDir("cli_listexport");
    CliResult result = RunCli(dir, "listexport");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_TRUE(HasLine(result.out, "glb2")) << result.out;
    EXPECT_TRUE(HasLine(result.out, "fbx")) << result.out;
    EXPECT_TRUE(HasLine(result.out, "assbin")) << result.out;

    result = RunCli(dir, "exportinfo glb2");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::vector<std::string> lines = Lines(result.out);
    ASSERT_EQ(lines.size(), 3u) << result.out;
    EXPECT_EQ(lines[0], "glb2");
    EXPECT_EQ(lines[1], "glb");

    result = RunCli(dir, "exportinfo nosuchformat");
    EXPECT_EQ(result.exitCode, 6); // the stock tool's UnknownFileFormat
    ExpectOneErrorLine(result);
}

TEST(Cli, VersionAndHelp) {
    const fs::path dir = agf::test::ScratchDir("cli_version");
    CliResult result = RunCli(dir, "version");
    ASSERT_EQ(result.exitCode, 0);
    EXPECT_TRUE(HasLine(result.out, std::string("assimp-gameformats:   ") + agf::Version()))
        << result.out;
    EXPECT_NE(result.out.find("Open Asset Import Library"), std::string::npos);

    result = RunCli(dir, "help");
    ASSERT_EQ(result.exitCode, 0);
    for (const char *word : {"export", "info", "listext", "knowext", "listexport", "exportinfo",
                             "dump", "version", "-ptv", "-tri", "-c<fast|default|full>",
                             "--show-log", "--anim FILE", "--set KEY=VALUE"}) {
        EXPECT_NE(result.out.find(word), std::string::npos) << word;
    }
    for (const agf::FormatInfo &format : agf::ListFormats()) {
        EXPECT_NE(result.out.find(format.name), std::string::npos) << format.name;
    }
    EXPECT_EQ(RunCli(dir, "export --help").exitCode, 0);
}

TEST(Cli, UnknownVerbsAndOptionsAreOneLineErrors) {
    const fs::path dir = agf::test::ScratchDir("cli_usage");
    WriteText(dir / "octahedron.obj", kOctahedronObj);

    CliResult result = RunCli(dir, "frobnicate");
    EXPECT_EQ(result.exitCode, 2); // the stock tool's UnrecognizedCommand
    ExpectOneErrorLine(result);

    result = RunCli(dir, "");
    EXPECT_NE(result.exitCode, 0);
    ExpectOneErrorLine(result);

    result = RunCli(dir, "export octahedron.obj out.glb --no-such-option");
    EXPECT_EQ(result.exitCode, 1);
    ExpectOneErrorLine(result);
    EXPECT_NE(result.err.find("--no-such-option"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out.glb"));

    result = RunCli(dir, "export octahedron.obj out.glb --set NOEQUALSSIGN");
    EXPECT_EQ(result.exitCode, 1);
    ExpectOneErrorLine(result);

    result = RunCli(dir, "export octahedron.obj out.glb -cnotapreset");
    EXPECT_EQ(result.exitCode, 1);
    ExpectOneErrorLine(result);

    result = RunCli(dir, "info octahedron.obj -v -s");
    EXPECT_EQ(result.exitCode, 10); // the stock tool's InvalidCombinaisonOfArguments
    ExpectOneErrorLine(result);
}

// ------------------------------------------------------------------------------------------------
// export

TEST(Cli, ExportObjToGlbAndPlyKeepsTheCounts) {
    const fs::path dir = agf::test::ScratchDir("cli_export");
    WriteText(dir / "octahedron.obj", kOctahedronObj);

    Assimp::Importer reference;
    const aiScene *source = Import(reference, dir / "octahedron.obj");
    ASSERT_NE(source, nullptr) << reference.GetErrorString();
    const Counts expected = CountsOf(*source);
    ASSERT_EQ(expected.faces, kOctahedronFaces);
    ASSERT_EQ(expected.vertices, kOctahedronVertices);

    // glb2 and ply from Assimp; fbx is our fixed binary FBX writer (agf::RegisterExporters).
    const std::map<std::string, std::string> extensionOf = {
        {"glb2", "glb"}, {"ply", "ply"}, {"fbx", "fbx"}};
    for (const auto &[format, extension] : extensionOf) {
        const std::string name = "out." + extension;
        const CliResult result = RunCli(dir, "export octahedron.obj " + name);
        ASSERT_EQ(result.exitCode, 0) << name << "\n" << result.out << result.err;
        EXPECT_TRUE(result.err.empty()) << result.err; // no terminal: no progress either
        EXPECT_TRUE(HasLine(result.out, "assimp export: wrote output file: " + name)) << result.out;

        Assimp::Importer importer;
        const aiScene *scene = Import(importer, dir / name);
        ASSERT_NE(scene, nullptr) << name << ": " << importer.GetErrorString();
        const Counts counts = CountsOf(*scene);
        EXPECT_EQ(counts.faces, kOctahedronFaces) << name;

        // The same file written by Assimp in this process: exporters may join vertices (glb2
        // runs JoinIdenticalVertices), so the vertex count is compared with Assimp's own.
        Assimp::Exporter exporter;
        agf::RegisterExporters(exporter);
        const aiExportDataBlob *blob = exporter.ExportToBlob(source, format);
        ASSERT_NE(blob, nullptr) << exporter.GetErrorString();
        Assimp::Importer blobImporter;
        const aiScene *direct = blobImporter.ReadFileFromMemory(
            blob->data, blob->size, aiProcess_ValidateDataStructure, extension.c_str());
        ASSERT_NE(direct, nullptr) << blobImporter.GetErrorString();
        EXPECT_EQ(counts.vertices, CountsOf(*direct).vertices) << name;
        EXPECT_EQ(counts.faces, CountsOf(*direct).faces) << name;
        EXPECT_EQ(counts.meshes, CountsOf(*direct).meshes) << name;
    }
    // The format follows the extension: a .glb is binary glTF 2, a .ply starts with "ply".
    EXPECT_EQ(ReadText(dir / "out.glb").substr(0, 4), "glTF");
    EXPECT_EQ(ReadText(dir / "out.ply").substr(0, 3), "ply");
}

TEST(Cli, ExportFormatFlagAndDefaultOutputName) {
    const fs::path dir = agf::test::ScratchDir("cli_export_format");
    WriteText(dir / "octahedron.obj", kOctahedronObj);

    // -f<id> wins over the extension of the output file.
    CliResult result = RunCli(dir, "export octahedron.obj written.bin -fglb2");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(ReadText(dir / "written.bin").substr(0, 4), "glTF");

    // Without an output file, the input's name with the format's extension.
    result = RunCli(dir, "export octahedron.obj --format stlb");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, dir / "octahedron.stl");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(CountsOf(*scene).faces, kOctahedronFaces);

    result = RunCli(dir, "export octahedron.obj out.glb -fnosuchformat");
    EXPECT_EQ(result.exitCode, 6);
    ExpectOneErrorLine(result);

    result = RunCli(dir, "export octahedron.obj out.zzzq");
    EXPECT_EQ(result.exitCode, 233); // the stock tool's -23
    ExpectOneErrorLine(result);
    EXPECT_FALSE(fs::exists(dir / "out.zzzq"));
}

TEST(Cli, ExportOfMissingOrGarbageInputIsOneLineError) {
    const fs::path dir = agf::test::ScratchDir("cli_export_errors");
    CliResult result = RunCli(dir, "export missing_model.obj out.glb");
    EXPECT_EQ(result.exitCode, 10); // the stock tool's FailedToImportModel
    ExpectOneErrorLine(result);
    EXPECT_NE(result.err.find("missing_model.obj"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out.glb"));

    std::vector<uint8_t> garbage(4096);
    uint32_t state = 12345;
    for (uint8_t &byte : garbage) {
        state = state * 1664525u + 1013904223u;
        byte = static_cast<uint8_t>(state >> 24);
    }
    for (const char *name : {"garbage.glb", "garbage.zzzq"}) {
        agf::test::WriteBytes(dir / name, garbage);
        result = RunCli(dir, std::string("export ") + name + " out.glb");
        EXPECT_EQ(result.exitCode, 10) << name;
        ExpectOneErrorLine(result);
        EXPECT_NE(result.err.find(name), std::string::npos) << result.err;
        EXPECT_FALSE(fs::exists(dir / "out.glb"));
    }

    // An output folder that does not exist.
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    result = RunCli(dir, "export octahedron.obj no_such_folder/out.glb");
    EXPECT_EQ(result.exitCode, 11); // the stock tool's FailedToExportModel
    ExpectOneErrorLine(result);
}

TEST(Cli, AnimWithMissingFileFailsCleanly) {
    const fs::path dir = agf::test::ScratchDir("cli_anim");
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    CliResult result = RunCli(dir, "export octahedron.obj out.glb --anim missing_walk.psa");
    EXPECT_EQ(result.exitCode, 10);
    ExpectOneErrorLine(result);
    EXPECT_NE(result.err.find("missing_walk.psa"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out.glb"));

    result = RunCli(dir, "info octahedron.obj --anim");
    EXPECT_EQ(result.exitCode, 1); // --anim without its file
    ExpectOneErrorLine(result);

    // An existing file that the format does not take: imported, with one warning line.
    WriteText(dir / "walk.psa", "not really an animation");
    result = RunCli(dir, "export octahedron.obj out.glb --anim walk.psa");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    ASSERT_EQ(Lines(result.err).size(), 1u) << result.err;
    EXPECT_EQ(result.err.rfind("assimp: warning: --anim was given", 0), 0u) << result.err;
    EXPECT_TRUE(fs::exists(dir / "out.glb"));
}

TEST(Cli, PostProcessingFlagsHaveTheirEffect) {
    const fs::path dir = agf::test::ScratchDir("cli_postprocess");
    WriteText(dir / "cube.obj", kCubeObj);
    WriteText(dir / "two.obj", kTwoObjectsObj);

    // The stock tool runs no post-processing on export unless asked: quads stay quads.
    CliResult result = RunCli(dir, "export cube.obj plain.assbin");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    result = RunCli(dir, "export cube.obj triangulated.assbin -tri");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    {
        Assimp::Importer plainImporter;
        Assimp::Importer triImporter;
        const aiScene *plain = Import(plainImporter, dir / "plain.assbin");
        const aiScene *tri = Import(triImporter, dir / "triangulated.assbin");
        ASSERT_NE(plain, nullptr) << plainImporter.GetErrorString();
        ASSERT_NE(tri, nullptr) << triImporter.GetErrorString();
        EXPECT_EQ(CountsOf(*plain).faces, 6u);
        EXPECT_EQ(CountsOf(*tri).faces, 12u);
        const unsigned int shapes = aiPrimitiveType_TRIANGLE | aiPrimitiveType_POLYGON;
        EXPECT_EQ(plain->mMeshes[0]->mPrimitiveTypes & shapes, unsigned(aiPrimitiveType_POLYGON));
        EXPECT_EQ(tri->mMeshes[0]->mPrimitiveTypes & shapes, unsigned(aiPrimitiveType_TRIANGLE));
    }

    // -ptv bakes the second object's placement into one flat node.
    result = RunCli(dir, "info two.obj -vds");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Nodes:"), "3") << result.out;
    result = RunCli(dir, "info two.obj -ptv");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Nodes:"), "1") << result.out;
    EXPECT_EQ(InfoValue(result.out, "Maximum point"), "(6.000000 1.000000 0.000000)");

    // -jiv joins the cube's shared corners: 8 instead of 24 vertices.
    result = RunCli(dir, "info cube.obj -jiv");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Vertices:"), "8") << result.out;
    result = RunCli(dir, "info cube.obj -r");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Vertices:"), "24") << result.out;
}

TEST(Cli, SetReachesTheImporter) {
    const fs::path dir = agf::test::ScratchDir("cli_set");
    WriteText(dir / "octahedron.obj", kOctahedronObj);

    // An integer property: split the 8 triangles into meshes of at most 2.
    CliResult result = RunCli(dir, "info octahedron.obj -slm --set PP_SLM_TRIANGLE_LIMIT=2");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_PP_SLM_TRIANGLE_LIMIT, 2);
    const aiScene *split = Import(importer, dir / "octahedron.obj", aiProcess_SplitLargeMeshes);
    ASSERT_NE(split, nullptr);
    ASSERT_GT(split->mNumMeshes, 1u);
    EXPECT_EQ(InfoValue(result.out, "Meshes:"), std::to_string(split->mNumMeshes)) << result.out;
    result = RunCli(dir, "info octahedron.obj -slm");
    EXPECT_EQ(InfoValue(result.out, "Meshes:"), "1") << result.out;

    // A float property given as "3": it must reach GetPropertyFloat too.
    result = RunCli(dir, "info octahedron.obj -gs --set " AI_CONFIG_GLOBAL_SCALE_FACTOR_KEY "=3");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Maximum point"), "(3.000000 3.000000 3.000000)") << result.out;
    result = RunCli(dir, "info octahedron.obj -gs --set " AI_CONFIG_GLOBAL_SCALE_FACTOR_KEY "=0.5");
    EXPECT_EQ(InfoValue(result.out, "Maximum point"), "(0.500000 0.500000 0.500000)") << result.out;

    // A boolean property given as "true": PreTransformVertices keeps the two object nodes.
    WriteText(dir / "two.obj", kTwoObjectsObj);
    result = RunCli(dir, "info two.obj -ptv --set " AI_CONFIG_PP_PTV_KEEP_HIERARCHY "=true");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Nodes:"), "3") << result.out;

    // A string property: OptimizeGraph keeps the node named in its exclude list.
    const std::string keptNode = "\xe2\x94\x94\xe2\x95\xb4Second (mesh 1)"; // "└╴Second..."
    result = RunCli(dir, "info two.obj -og");
    EXPECT_EQ(result.out.find(keptNode), std::string::npos) << result.out;
    result = RunCli(dir, "info two.obj -og --set " AI_CONFIG_PP_OG_EXCLUDE_LIST "=Second");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find(keptNode), std::string::npos) << result.out;
}

TEST(Cli, RotationFlagsTurnTheRootBeforeExport) {
    const fs::path dir = agf::test::ScratchDir("cli_rotation");
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    const float quarterTurn = 1.57079633f;
    const CliResult result = RunCli(dir, "export octahedron.obj turned.assbin -rz=1.57079633");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, dir / "turned.assbin");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    aiMatrix4x4 expected;
    aiMatrix4x4::RotationZ(quarterTurn, expected);
    const aiMatrix4x4 &root = scene->mRootNode->mTransformation;
    for (unsigned int row = 0; row < 4; ++row) {
        for (unsigned int column = 0; column < 4; ++column) {
            EXPECT_NEAR(root[row][column], expected[row][column], 1e-5f) << row << "," << column;
        }
    }
    EXPECT_EQ(RunCli(dir, "export octahedron.obj turned.assbin -rz=abc").exitCode, 1);
}

// ------------------------------------------------------------------------------------------------
// info and dump

TEST(Cli, InfoPrintsTheCountsOfTheExportedFile) {
    const fs::path dir = agf::test::ScratchDir("cli_info");
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    ASSERT_EQ(RunCli(dir, "export octahedron.obj octahedron.glb").exitCode, 0);

    // Default: the stock tool's full preset.
    CliResult result = RunCli(dir, "info octahedron.glb");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    Assimp::Importer importer;
    const aiScene *scene =
        Import(importer, dir / "octahedron.glb", aiProcessPreset_TargetRealtime_MaxQuality);
    ASSERT_NE(scene, nullptr);
    const Counts full = CountsOf(*scene);
    EXPECT_EQ(InfoValue(result.out, "Meshes:"), std::to_string(full.meshes)) << result.out;
    EXPECT_EQ(InfoValue(result.out, "Vertices:"), std::to_string(full.vertices)) << result.out;
    EXPECT_EQ(InfoValue(result.out, "Faces:"), std::to_string(kOctahedronFaces)) << result.out;
    EXPECT_EQ(InfoValue(result.out, "Primitive Types:"), "triangles");
    EXPECT_EQ(InfoValue(result.out, "Minimum point"), "(-1.000000 -1.000000 -1.000000)");
    EXPECT_EQ(InfoValue(result.out, "Maximum point"), "(1.000000 1.000000 1.000000)");

    // Raw: exactly what the file holds.
    Assimp::Importer rawImporter;
    const aiScene *raw = Import(rawImporter, dir / "octahedron.glb");
    ASSERT_NE(raw, nullptr);
    result = RunCli(dir, "info octahedron.glb -r");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Vertices:"), std::to_string(CountsOf(*raw).vertices));
    EXPECT_EQ(InfoValue(result.out, "Faces:"), std::to_string(kOctahedronFaces));
    EXPECT_TRUE(HasLine(result.out, "Node hierarchy:")) << result.out;

    // The scene metadata the glTF importer writes is listed, key by key.
    ASSERT_NE(raw->mMetaData, nullptr);
    ASSERT_GT(raw->mMetaData->mNumProperties, 0u);
    EXPECT_TRUE(HasLine(result.out, "Scene Metadata:  key (type): value")) << result.out;
    for (unsigned int i = 0; i < raw->mMetaData->mNumProperties; ++i) {
        EXPECT_NE(result.out.find(std::string("    ") + raw->mMetaData->mKeys[i].C_Str() + " ("),
                  std::string::npos)
            << raw->mMetaData->mKeys[i].C_Str();
    }

    result = RunCli(dir, "info missing_model.glb");
    EXPECT_EQ(result.exitCode, 3); // the stock tool's FailedToLoadInputFile
    ExpectOneErrorLine(result);
}

TEST(Cli, InfoListsAnimationsWithDurationInSeconds) {
    const fs::path dir = agf::test::ScratchDir("cli_info_anim");
    WriteText(dir / "joint.bvh", kJointBvh);
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, dir / "joint.bvh");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 1u);
    // 10 frames at 0.1 s: 9 ticks at 10 ticks per second.
    // (Assimp computes 1 / 0.1f in single precision.)
    ASSERT_NEAR(scene->mAnimations[0]->mTicksPerSecond, 10.0, 1e-5);
    ASSERT_DOUBLE_EQ(scene->mAnimations[0]->mDuration, 9.0);

    const CliResult result = RunCli(dir, "info joint.bvh -r");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Animations:"), "1");
    const std::string expected = std::string("    0 (") + scene->mAnimations[0]->mName.C_Str() +
                                 "): [" + std::to_string(scene->mAnimations[0]->mNumChannels) +
                                 " / 0 / 0 | 10 ticks/s | 9 ticks = 0.900000 s]";
    EXPECT_TRUE(HasLine(result.out, expected)) << expected << "\n" << result.out;
}

TEST(Cli, DumpWritesAssbinAndAssxml) {
    const fs::path dir = agf::test::ScratchDir("cli_dump");
    WriteText(dir / "octahedron.obj", kOctahedronObj);

    CliResult result = RunCli(dir, "dump octahedron.obj -b");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, dir / "octahedron.assbin");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(CountsOf(*scene).faces, kOctahedronFaces);
    EXPECT_EQ(CountsOf(*scene).vertices, kOctahedronVertices);

    result = RunCli(dir, "dump octahedron.obj named.xml");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::string xml = ReadText(dir / "named.xml");
    EXPECT_EQ(xml.rfind("<?xml", 0), 0u) << xml.substr(0, 80);
    EXPECT_NE(xml.find("<Mesh"), std::string::npos);

    result = RunCli(dir, "dump missing_model.obj");
    EXPECT_EQ(result.exitCode, 3);
    ExpectOneErrorLine(result);
}

// ------------------------------------------------------------------------------------------------
// Progress and log

TEST(Cli, ProgressIsDrawnOnlyOnATerminal) {
    const fs::path dir = agf::test::ScratchDir("cli_progress");
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    const fs::path script = agf::test::FindProgram("script");
    if (script.empty()) {
        GTEST_SKIP() << "util-linux 'script' is needed to give the program a terminal";
    }
    // `script` runs the command on a pseudo-terminal and copies what it shows into a file.
    // An export (no post-processing) and an info (the full preset), both shown to 100%.
    const std::string cli = ShellQuote(AGF_CLI_PATH);
    const std::string inner =
        cli + " export octahedron.obj out.glb && " + cli + " info octahedron.obj -s";
    ASSERT_EQ(agf::test::RunProgram(script, {"-qec", inner, "typescript.txt"}, dir, fs::path()), 0);
    const std::string screen = ReadText(dir / "typescript.txt");
    const std::string imported = "importing octahedron.obj: 100%";
    const size_t first = screen.find(imported);
    ASSERT_NE(first, std::string::npos) << screen;
    EXPECT_NE(screen.find(imported, first + 1), std::string::npos) << screen;
    EXPECT_NE(screen.find("exporting out.glb: 100%"), std::string::npos) << screen;
    EXPECT_TRUE(fs::exists(dir / "out.glb"));

    // The same export with stderr going to a file: not a character of progress.
    const CliResult plain = RunCli(dir, "export octahedron.obj plain.glb");
    ASSERT_EQ(plain.exitCode, 0);
    EXPECT_TRUE(plain.err.empty()) << plain.err;
}

TEST(Cli, ShowLogWritesAssimpsLogToStderr) {
    const fs::path dir = agf::test::ScratchDir("cli_log");
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    CliResult result = RunCli(dir, "export octahedron.obj out.glb -l");
    ASSERT_EQ(result.exitCode, 0);
    EXPECT_NE(result.err.find("Info,"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("Debug,"), std::string::npos) << result.err;

    result = RunCli(dir, "export octahedron.obj out.glb -l -v");
    ASSERT_EQ(result.exitCode, 0);
    EXPECT_NE(result.err.find("Debug,"), std::string::npos) << result.err;

    result = RunCli(dir, "export octahedron.obj out.glb -lo=assimp.log");
    ASSERT_EQ(result.exitCode, 0);
    EXPECT_TRUE(result.err.empty()) << result.err;
    EXPECT_NE(ReadText(dir / "assimp.log").find("Info,"), std::string::npos);
}

// ------------------------------------------------------------------------------------------------
// Real files and our formats

TEST(Cli, ExportsARealPskToFbxAndGlb) {
    AGF_REQUIRE_SAMPLE(psk, "actorx/Suzanne.psk");
    const fs::path dir = agf::test::ScratchDir("cli_sample_psk");
    auto importer = agf::test::MakeImporter();
    const aiScene *source = Import(*importer, psk);
    ASSERT_NE(source, nullptr) << importer->GetErrorString();
    const Counts expected = CountsOf(*source);

    for (const std::string name : {"suzanne.fbx", "suzanne.glb"}) {
        const CliResult result = RunCli(dir, "export " + ShellQuote(psk.string()) + " " + name);
        ASSERT_EQ(result.exitCode, 0) << result.out << result.err;
        Assimp::Importer reader;
        const aiScene *scene = Import(reader, dir / name);
        ASSERT_NE(scene, nullptr) << name << ": " << reader.GetErrorString();
        EXPECT_EQ(CountsOf(*scene).faces, expected.faces) << name;
    }
}

TEST(Cli, AnimAddsAnimationFilesGivenRelativeToTheCurrentFolder) {
    AGF_REQUIRE_SAMPLE(mesh, "actorx/skbronzechestMesh.psk");
    AGF_REQUIRE_SAMPLE(animations, "actorx/skbronzechestAnims.psa");
    // The mesh alone in a sub-folder (no sibling PSA to load by itself), the animation file in
    // the current folder: --anim names it relative to where the command runs.
    const fs::path dir = agf::test::ScratchDir("cli_sample_anim");
    fs::create_directories(dir / "models");
    fs::copy_file(mesh, dir / "models" / "chest.psk");
    fs::copy_file(animations, dir / "moves.psa");

    auto importer = agf::test::MakeImporter();
    importer->SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES,
                                (dir / "moves.psa").string());
    const aiScene *scene = Import(*importer, dir / "models" / "chest.psk");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    ASSERT_GT(scene->mNumAnimations, 0u);

    CliResult result = RunCli(dir, "info models/chest.psk -r");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Animations:"), "0") << result.out;

    result = RunCli(dir, "info models/chest.psk -r --anim moves.psa");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(InfoValue(result.out, "Animations:"), std::to_string(scene->mNumAnimations));
    for (unsigned int i = 0; i < scene->mNumAnimations; ++i) {
        const aiAnimation &animation = *scene->mAnimations[i];
        ASSERT_GT(animation.mTicksPerSecond, 0.0);
        char seconds[64];
        std::snprintf(seconds, sizeof seconds, "= %.6f s]",
                      animation.mDuration / animation.mTicksPerSecond);
        const std::string start =
            "    " + std::to_string(i) + " (" + animation.mName.C_Str() + "): [";
        bool found = false;
        for (const std::string &line : Lines(result.out)) {
            found = found || (line.rfind(start, 0) == 0 && line.find(seconds) != std::string::npos);
        }
        EXPECT_TRUE(found) << start << " ... " << seconds << "\n" << result.out;
    }

    // The same animations reach an exported file.
    result = RunCli(dir, "export models/chest.psk chest.glb --anim moves.psa");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    Assimp::Importer reader;
    const aiScene *exported = Import(reader, dir / "chest.glb");
    ASSERT_NE(exported, nullptr) << reader.GetErrorString();
    EXPECT_EQ(exported->mNumAnimations, scene->mNumAnimations);
}

namespace {

TEST(Cli, SetRefusesUnknownKeysAndValuesOfTheWrongType) {
    const fs::path dir = agf::test::ScratchDir("cli_set_checked");
    WriteText(dir / "octahedron.obj", kOctahedronObj);
    CliResult result = RunCli(dir, "info octahedron.obj --set IMPORT_PSK_SCLAE=0.01");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(result.err, "assimp: info: --set: no importer or exporter reads the property "
                          "'IMPORT_PSK_SCLAE'; did you mean IMPORT_PSK_SCALE? ('assimp help "
                          "options' lists every key)\n");
    result = RunCli(dir, "info octahedron.obj --set IMPORT_PSK_SCALE=big");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(result.err, "assimp: info: --set IMPORT_PSK_SCALE expects a float, got 'big'\n");
    result = RunCli(dir, "info octahedron.obj --set IMPORT_PSK_YUP=maybe");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(result.err, "assimp: info: --set IMPORT_PSK_YUP expects a bool, got 'maybe'\n");
    result = RunCli(dir, "info octahedron.obj --set NOTHING_LIKE_ANY_KEY_AT_ALL=1");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(result.err, "assimp: info: --set: no importer or exporter reads the property "
                          "'NOTHING_LIKE_ANY_KEY_AT_ALL' ('assimp help options' lists every "
                          "key)\n");

    // The macro name is accepted for the key it stands for, for Assimp's keys as for ours.
    result = RunCli(dir, "info octahedron.obj -slm --set AI_CONFIG_PP_SLM_TRIANGLE_LIMIT=2");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(InfoValue(result.out, "Meshes:"), "1") << result.out;
}

TEST(Cli, HelpOptionsListsEveryKeyWithItsDefault) {
    const fs::path dir = agf::test::ScratchDir("cli_help_options");
    const CliResult result = RunCli(dir, "help options");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    for (const agf::ImportOption &option : agf::ListImportOptions()) {
        const std::string shownDefault =
            option.type == "string" ? "\"" + option.defaultValue + "\"" : option.defaultValue;
        EXPECT_NE(result.out.find("  " + option.key + "  (" + option.type + ", default " +
                                  shownDefault + ")\n"),
                  std::string::npos)
            << option.key;
    }
    // Assimp's own keys, from the <assimp/config.h> the command was built against.
    EXPECT_NE(result.out.find(AI_CONFIG_PP_SLM_TRIANGLE_LIMIT), std::string::npos);
    EXPECT_NE(result.out.find(AI_CONFIG_GLOBAL_SCALE_FACTOR_KEY), std::string::npos);

    const CliResult unknown = RunCli(dir, "help sideways");
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_EQ(unknown.err, "assimp: help: unknown help topic 'sideways' (try 'assimp help "
                           "options')\n");
}

TEST(Cli, SetReachesTheExporter) {
    const fs::path dir = agf::test::ScratchDir("cli_set_exporter");
    const std::string model =
        ShellQuote((agf::test::TestModelsDir() / "actorx/skinned_box.psk").string());
    // Unreal units are centimetres: our glTF writer scales the root to metres unless asked to
    // keep the file's units.
    CliResult result = RunCli(dir, "export " + model + " metres.glb");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    result = RunCli(dir, "export " + model +
                             " kept.glb --set " AI_CONFIG_EXPORT_GLTF_KEEP_UNITS "=true");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto rootScale = [&](const std::string &file) {
        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile((dir / file).string(), 0);
        EXPECT_NE(scene, nullptr) << importer.GetErrorString();
        if (scene == nullptr) {
            return 0.0f;
        }
        aiVector3D scale, position;
        aiQuaternion rotation;
        scene->mRootNode->mTransformation.Decompose(scale, rotation, position);
        return scale.x;
    };
    EXPECT_NEAR(rootScale("metres.glb"), 0.01f, 1e-6f);
    EXPECT_NEAR(rootScale("kept.glb"), 1.0f, 1e-6f);
}

} // namespace
