// The `assimp` command with PBO archives (docs/pbo.md): a model converted in place through its
// archive's path, archives and folders of them as texture roots, `batch` over a mod's addons
// folder, and `view` browsing archives as folders. On the generated archives of
// test_models/generators/PboWriter.h, whose textures are known pixel for pixel.
#include "utPboSupport.h"

#include "ViewerTestSupport.h"

#include "Common/StbImages.h"
#include "Export/GlbContainer.h"

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using agf::test::CliResult;
using agf::test::RunCli;
using agf::test::ScratchDir;
using agf::test::ShellQuote;
using agf::test::pbo::PaaPixels;
using agf::test::pbo::WriteGeneratedArchives;
using Json = nlohmann::json;

/** The pixels of every image a glb carries, in order. */
std::vector<std::vector<uint8_t>> GlbImages(const fs::path &glb) {
    const agf::gltf::GlbFile file =
        agf::gltf::ReadGlb(agf::test::ReadBytes(glb), glb.filename().string());
    const Json json = Json::parse(file.json);
    std::vector<std::vector<uint8_t>> images;
    for (const Json &image : json.value("images", Json::array())) {
        // An image the export could not embed is a reference: it has no pixels here.
        if (!image.contains("bufferView")) {
            images.emplace_back();
            continue;
        }
        const Json &view = json["bufferViews"][image["bufferView"].get<size_t>()];
        const size_t offset = view.value("byteOffset", size_t{0});
        const size_t length = view["byteLength"].get<size_t>();
        images.push_back(agf::StbDecode(file.binary.data() + offset, length, "image.png").pixels);
    }
    return images;
}

/** A mod folder: @agf/addons with the two generated archives. */
fs::path MakeMod(const fs::path &dir) {
    WriteGeneratedArchives(dir / "@agf/addons");
    return dir / "@agf/addons";
}

TEST(PboCli, ExportConvertsAnEntryInPlaceWithTheTextureFromItsArchive) {
    const fs::path dir = ScratchDir("pbo_cli_export");
    const fs::path addons = MakeMod(dir);
    const std::string archive = (addons / "agf_models.pbo").string();
    for (const char *inside : {"triangle.p3d", "x\\agf\\models\\triangle.p3d"}) {
        const CliResult run =
            RunCli(dir, "export " + ShellQuote(archive + "/" + inside) + " t.glb");
        ASSERT_EQ(run.exitCode, 0) << inside << ": " << run.err;
        const auto images = GlbImages(dir / "t.glb");
        ASSERT_EQ(images.size(), 1u) << inside;
        EXPECT_TRUE(images[0] == PaaPixels("dxt1")) << inside;
    }
    // Without <out> the output goes beside the archive, not into it.
    const CliResult beside =
        RunCli(dir, "export " + ShellQuote(archive + "/props/crate.p3d") + " -fglb2");
    ASSERT_EQ(beside.exitCode, 0) << beside.err;
    EXPECT_TRUE(fs::exists(addons / "crate.glb"));
    // `info` reads it the same way.
    const CliResult info = RunCli(dir, "info -r " + ShellQuote(archive + "/props/crate.p3d"));
    ASSERT_EQ(info.exitCode, 0) << info.err;
    EXPECT_NE(info.out.find("Bohemia P3D MLOD"), std::string::npos) << info.out;
    // An entry the archive does not hold is an error naming the path.
    const CliResult missing = RunCli(dir, "export " + ShellQuote(archive + "/none.p3d") + " n.glb");
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_NE(missing.err.find("none.p3d"), std::string::npos) << missing.err;
}

TEST(PboCli, TextureRootTakesAnArchiveOrAFolderOfArchives) {
    const fs::path dir = ScratchDir("pbo_cli_roots");
    const fs::path addons = MakeMod(dir);
    const std::string crate = ShellQuote((addons / "agf_models.pbo").string() + "/props/crate.p3d");
    for (const fs::path &root : {addons / "agf_textures.pbo", addons}) {
        const CliResult run =
            RunCli(dir, "export " + crate + " c.glb --texture-root " + ShellQuote(root.string()));
        ASSERT_EQ(run.exitCode, 0) << root << ": " << run.err;
        const auto images = GlbImages(dir / "c.glb");
        ASSERT_EQ(images.size(), 1u) << root;
        EXPECT_TRUE(images[0] == PaaPixels("argb8888")) << root;
    }
    // A loose model, with the textures of a mod's addons folder.
    agf::test::WriteBytes(dir / "loose.p3d",
                          agf::testgen::pbo::TexturedTriangleP3d("x\\agf\\textures\\crate_co.paa"));
    const CliResult loose = RunCli(dir, "export loose.p3d l.glb --texture-root @agf/addons");
    ASSERT_EQ(loose.exitCode, 0) << loose.err;
    EXPECT_EQ(GlbImages(dir / "l.glb").size(), 1u);
    // A root that is neither a folder nor an archive is an error of the command.
    agf::test::WriteText(dir / "notes.txt", "text");
    for (const char *root : {"notes.txt", "none.pbo"}) {
        const CliResult refused =
            RunCli(dir, std::string("export loose.p3d x.glb --texture-root ") + root);
        EXPECT_NE(refused.exitCode, 0) << root;
        EXPECT_NE(refused.err.find("neither a folder nor a PBO archive"), std::string::npos)
            << refused.err;
    }
}

TEST(PboCli, AnEntryADamagedArchiveLostFailsWithTheArchivesWarning) {
    using agf::testgen::pbo::PboEntrySpec;
    agf::testgen::pbo::PboSpec spec = agf::testgen::pbo::ModelsPboSpec();
    spec.entries.push_back({"lost.p3d", agf::testgen::pbo::TexturedTriangleP3d("x\\none_co.paa")});
    agf::testgen::pbo::PboWrittenLayout layout;
    std::vector<uint8_t> bytes = agf::testgen::pbo::WritePbo(spec, &layout);
    bytes[layout.recordOffsets[4] + 9] = 0x78; // lost.p3d's packing method, unknown now
    const fs::path dir = ScratchDir("pbo_cli_damaged");
    agf::test::WriteBytes(dir / "damaged.pbo", bytes);
    const CliResult lost = RunCli(dir, "export damaged.pbo/lost.p3d l.glb");
    EXPECT_NE(lost.exitCode, 0);
    EXPECT_NE(lost.err.find("assimp: warning: damaged.pbo: entry lost.p3d at byte "),
              std::string::npos)
        << lost.err;
    EXPECT_NE(lost.err.find("[unknown]"), std::string::npos) << lost.err;
    // The entries it kept convert.
    const CliResult kept = RunCli(dir, "export damaged.pbo/triangle.p3d t.glb");
    ASSERT_EQ(kept.exitCode, 0) << kept.err;
    EXPECT_EQ(GlbImages(dir / "t.glb").size(), 1u);
}

Json ReadJson(const fs::path &path) {
    return Json::parse(agf::test::ReadText(path));
}

TEST(PboCli, BatchConvertsEveryModelOfEveryArchiveToItsDataRootPath) {
    const fs::path dir = ScratchDir("pbo_cli_batch");
    MakeMod(dir);
    agf::test::WriteBytes(dir / "@agf/loose/loose.p3d",
                          agf::testgen::pbo::TexturedTriangleP3d("x\\agf\\textures\\crate_co.paa"));
    // Game data under an extension an importer claims (Irrlicht's .xml), which no importer
    // reads: skipped, and no failure.
    agf::testgen::pbo::PboSpec data;
    data.properties = {{"prefix", "x\\agf\\data"}};
    const std::string strings = "<?xml version=\"1.0\"?>\n<Project name=\"agf\"></Project>\n";
    data.entries = {{"stringtable.xml", std::vector<uint8_t>(strings.begin(), strings.end())}};
    agf::test::WriteBytes(dir / "@agf/addons/agf_data.pbo", agf::testgen::pbo::WritePbo(data));
    const CliResult run = RunCli(dir, "batch @agf out --jobs 2");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    const Json report = ReadJson(dir / "out/report.json");
    ASSERT_EQ(report["files"].size(), 4u) << report.dump();
    std::map<std::string, std::string> outputs;
    for (const Json &file : report["files"]) {
        if (file["source"] == "addons/agf_data.pbo/stringtable.xml") {
            EXPECT_EQ(file["status"], "skipped") << file.dump();
            continue;
        }
        EXPECT_EQ(file["status"], "converted") << file.dump();
        outputs[file["source"].get<std::string>()] = file["output"].get<std::string>();
    }
    const std::map<std::string, std::string> expected = {
        {"addons/agf_models.pbo/triangle.p3d", "x/agf/models/triangle.glb"},
        {"addons/agf_models.pbo/props/crate.p3d", "x/agf/models/props/crate.glb"},
        {"loose/loose.p3d", "loose/loose.glb"}};
    EXPECT_EQ(outputs, expected);
    // Each finds its texture: in its own archive, in the other one, and in the archives from
    // a loose file.
    const auto triangle = GlbImages(dir / "out/x/agf/models/triangle.glb");
    ASSERT_EQ(triangle.size(), 1u);
    EXPECT_TRUE(triangle[0] == PaaPixels("dxt1"));
    for (const char *output : {"out/x/agf/models/props/crate.glb", "out/loose/loose.glb"}) {
        const auto images = GlbImages(dir / output);
        ASSERT_EQ(images.size(), 1u) << output;
        EXPECT_TRUE(images[0] == PaaPixels("argb8888")) << output;
    }
    // A rerun finds the outputs newer than their archives.
    const CliResult again = RunCli(dir, "batch @agf out --jobs 2");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const Json rerun = ReadJson(dir / "out/report.json");
    for (const Json &file : rerun["files"]) {
        const bool model = file["source"] != "addons/agf_data.pbo/stringtable.xml";
        EXPECT_EQ(file["status"], model ? "up-to-date" : "skipped") << file.dump();
    }
}

TEST(PboCli, ViewShowsPaaTexturesFromATextureRootArchive) {
    // The viewer converts as `export` does: the PAA that an archive root holds is decoded and
    // carried in the gallery's glb, and the texture list names the file it came from.
    const fs::path dir = ScratchDir("pbo_cli_view_roots");
    const fs::path addons = MakeMod(dir);
    agf::test::WriteBytes(dir / "models/loose.p3d",
                          agf::testgen::pbo::TexturedTriangleP3d("x\\agf\\textures\\crate_co.paa"));
    const CliResult gallery = RunCli(dir, "view --static gallery models --texture-root " +
                                              ShellQuote((addons / "agf_textures.pbo").string()));
    ASSERT_EQ(gallery.exitCode, 0) << gallery.out << gallery.err;
    const auto images = GlbImages(dir / "gallery/models/0001-loose.glb");
    ASSERT_EQ(images.size(), 1u);
    EXPECT_TRUE(images[0] == PaaPixels("argb8888"));
    const std::string report = agf::test::ReadText(dir / "gallery/models/0001-loose.js");
    EXPECT_NE(report.find("crate_co.paa"), std::string::npos) << report;
    EXPECT_NE(report.find("embedded in the model"), std::string::npos) << report;
    const CliResult bare = RunCli(dir, "view --static bare models");
    ASSERT_EQ(bare.exitCode, 0) << bare.out << bare.err;
    EXPECT_TRUE(GlbImages(dir / "bare/models/0001-loose.glb").empty() ||
                GlbImages(dir / "bare/models/0001-loose.glb")[0].empty());
}

TEST(PboCli, ViewListsTheModelsOfArchivesAndShowsThem) {
    const fs::path dir = ScratchDir("pbo_cli_view");
    const fs::path addons = MakeMod(dir);
    // The static gallery: the catalogue lists the archives' models as files under them.
    const CliResult gallery = RunCli(dir, "view --static gallery " + ShellQuote(addons.string()));
    ASSERT_EQ(gallery.exitCode, 0) << gallery.out << gallery.err;
    const std::string catalog = agf::test::ReadText(dir / "gallery/catalog.js");
    for (const char *file : {"agf_models.pbo/triangle.p3d", "agf_models.pbo/props/crate.p3d"}) {
        EXPECT_NE(catalog.find(std::string("\"file\":\"") + file + "\""), std::string::npos)
            << catalog;
    }
    EXPECT_EQ(catalog.find("config.cpp"), std::string::npos);
    size_t glbFiles = 0;
    for (const auto &entry : fs::directory_iterator(dir / "gallery/models")) {
        glbFiles += entry.path().extension() == ".glb" ? 1 : 0;
    }
    EXPECT_EQ(glbFiles, 2u);
    // The server: an archive as PATH, its model in the page, textured from the archive.
    const std::string chromium = agf::test::FindChromium();
    if (chromium.empty()) {
        GTEST_SKIP() << "chromium is not installed (tools/install-deps.sh installs it)";
    }
    agf::test::ViewerServerProcess server(addons / "agf_models.pbo", dir);
    ASSERT_NE(server.port(), 0) << server.log();
    EXPECT_EQ(agf::test::HttpStatus(server.port(), "/api/model?file=agf_models.pbo/triangle.p3d"),
              200);
    EXPECT_EQ(agf::test::HttpStatus(server.port(), "/api/model?file=agf_models.pbo/../x.p3d"), 403);
    const agf::test::PageResult page = agf::test::OpenPage(
        chromium, server.url("/index.html?file=agf_models.pbo/triangle.p3d&panels=0&grid=0"), dir,
        "pbo");
    EXPECT_EQ(page.fields.count("error"), 0u) << page.status;
    const auto counts = agf::test::InfoCounts(
        fs::path((addons / "agf_models.pbo").string() + "/triangle.p3d"), {}, dir);
    for (const char *key : {"meshes", "bones", "animations", "lods"}) {
        EXPECT_EQ(page.fields.count(key) ? page.fields.at(key) : "<none>", counts.at(key))
            << key << "; status " << page.status;
    }
    EXPECT_EQ(counts.at("meshes"), "1");
    EXPECT_EQ(server.Stop(), 0) << server.log();
}

} // namespace
