// Tests of `assimp view` (tools/assimp/Viewer*, StaticGallery, viewer/): the real command
// serves a scratch folder, headless Chromium opens the page, and what the page reports in
// <pre id="agf-status"> is compared with what `assimp info -r` prints for the same file (the
// import `assimp export` uses, without post-processing); the screenshot must show more than the
// background; requests that try to leave the folder must get 403.
#include "TestSupport.h"
#include "ViewerTestSupport.h"

#include <algorithm>
#include <chrono>
#include <fstream>

namespace {

namespace fs = std::filesystem;

using agf::test::InfoCounts;
using agf::test::OpenPage;
using agf::test::PageResult;
using agf::test::ViewerServerProcess;

// The viewport's clear colour (viewer/agf-scene.js); ?panels=0 makes the viewport the page.
const unsigned int kBackground = 0x30343b;
const char *const kViewportOnly = "&panels=0&grid=0";

// A 2x2 orange TGA, which the server must turn into a PNG for the browser.
std::vector<uint8_t> OrangeTga() {
    std::vector<uint8_t> bytes = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0};
    for (int i = 0; i < 4; ++i) {
        bytes.insert(bytes.end(), {0x20, 0x90, 0xF0}); // BGR
    }
    return bytes;
}

void CopyModel(const fs::path &to, const std::string &relative) {
    fs::create_directories((to / relative).parent_path());
    fs::copy_file(agf::test::TestModelsDir() / relative, to / relative,
                  fs::copy_options::overwrite_existing);
}

// scratch/models: some of our test models (a PSK with a PSA of another name, a P3D with its
// model.cfg and a texture, an FXM with its MOT, a file that fails to import) and links that
// lead out of it; scratch/outside: what those links point at.
// `links` tells whether the links could be made (Windows asks for a privilege or developer mode).
fs::path MakeServedFolder(const fs::path &scratch, bool &links) {
    const fs::path models = scratch / "models";
    for (const char *file :
         {"actorx/skinned_box.psk", "actorx/psa_dense.psa", "p3d/mlod_cube.p3d", "p3d/model.cfg",
          "idolfx/keypose_chain4.fxm", "idolfx/keypose_chain4.mot"}) {
        CopyModel(models, file);
    }
    fs::create_directories(models / "broken");
    fs::copy_file(agf::test::TestModelsDir() / "actorx/world_levels/Game/Props/SM_Broken.pskx",
                  models / "broken/SM_Broken.pskx");
    // mlod_cube.p3d names "agf\cube_co.paa"; a TGA of that name stands in for the PAA.
    agf::test::WriteBytes(models / "p3d/agf/cube_co.tga", OrangeTga());
    fs::create_directories(scratch / "outside");
    fs::copy_file(agf::test::TestModelsDir() / "actorx/skinned_box.psk",
                  scratch / "outside/secret.psk");
    agf::test::WriteBytes(scratch / "outside/secret.tga", OrangeTga());
    std::error_code fileLink, folderLink;
    fs::create_symlink("../outside/secret.psk", models / "link_out.psk", fileLink);
    fs::create_directory_symlink("../outside", models / "linkdir", folderLink);
    links = !fileLink && !folderLink;
    return models;
}

// Ctrl-C (Ctrl-Break on Windows) stops the server cleanly. Where the test cannot send it (no
// console shared with the server), the server is killed and that is all.
void ExpectCleanStop(ViewerServerProcess &server) {
    const int code = server.Stop();
    if (code != ViewerServerProcess::kNotInterrupted) {
        EXPECT_EQ(code, 0) << "Ctrl-C must stop the server cleanly\n" << server.log();
    }
}

class ViewerTest : public ::testing::Test {
protected:
    void SetUp() override {
        mStart = std::chrono::steady_clock::now();
        mChromium = agf::test::FindChromium();
        mScratch =
            agf::test::ScratchDir(std::string("viewer_") +
                                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
        mModels = MakeServedFolder(mScratch, mLinks);
    }

    void TearDown() override {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - mStart).count();
        RecordProperty("seconds", std::to_string(seconds));
    }

    // Opens the page and checks that it drew something and reports the CLI's counts.
    PageResult ExpectPageMatchesInfo(const std::string &url, const std::string &file,
                                     const fs::path &model, const std::vector<fs::path> &anims,
                                     const std::string &name) {
        const PageResult page = OpenPage(mChromium, url, mScratch, name);
        EXPECT_EQ(page.fields.count("error"), 0u) << page.status;
        EXPECT_EQ(page.fields.count("file") ? page.fields.at("file") : "", file) << page.status;
        const auto counts = InfoCounts(model, anims, mScratch);
        for (const char *key : {"meshes", "bones", "animations", "lods"}) {
            EXPECT_EQ(page.fields.count(key) ? page.fields.at(key) : "<none>", counts.at(key))
                << key << " of " << file << "; status " << page.status;
        }
        bool cornerIsBackground = false;
        const double share =
            agf::test::NonBackgroundShare(page.screenshot, kBackground, cornerIsBackground);
        EXPECT_TRUE(cornerIsBackground) << page.screenshot << " is not the bare viewport";
        EXPECT_GT(share, 0.002) << page.screenshot << " shows nothing but the background";
        EXPECT_LT(share, 0.98) << page.screenshot;
        return page;
    }

    std::chrono::steady_clock::time_point mStart;
    std::string mChromium;
    fs::path mScratch;
    fs::path mModels;
    bool mLinks = false;
};

#define AGF_REQUIRE_CHROMIUM()                                                                     \
    if (mChromium.empty()) {                                                                       \
        GTEST_SKIP() << "chromium is not installed (tools/install-deps.sh installs it)";           \
    }

} // namespace

TEST_F(ViewerTest, UsageErrorsAreOneLineWithTheStockExitCodes) {
    const agf::test::CliResult noPath = agf::test::RunCli(mScratch, "view");
    EXPECT_EQ(noPath.exitCode, 1) << noPath.err;
    const agf::test::CliResult missing = agf::test::RunCli(mScratch, "view no/such/folder");
    EXPECT_EQ(missing.exitCode, 3) << missing.err;
    const agf::test::CliResult notModel = agf::test::RunCli(
        mScratch, "view " + agf::test::ShellQuote((mModels / "p3d/model.cfg").string()));
    EXPECT_EQ(notModel.exitCode, 3) << notModel.err;
    const agf::test::CliResult badPort = agf::test::RunCli(mScratch, "view --port 70000 models");
    EXPECT_EQ(badPort.exitCode, 1) << badPort.err;
    for (const agf::test::CliResult *result : {&noPath, &missing, &notModel, &badPort}) {
        EXPECT_EQ(std::count(result->err.begin(), result->err.end(), '\n'), 1) << result->err;
        EXPECT_EQ(result->err.rfind("assimp: view: ", 0), 0u) << result->err;
    }
    const agf::test::CliResult help = agf::test::RunCli(mScratch, "view --help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("--static OUT"), std::string::npos) << help.out;
}

TEST_F(ViewerTest, RefusesEveryWayOutOfTheFolder) {
    ViewerServerProcess server(mModels, mScratch);
    ASSERT_NE(server.port(), 0) << server.log();
    if (const std::optional<bool> loopback =
            agf::test::ListensOnLoopbackOnly(server.pid(), server.port())) {
        EXPECT_TRUE(*loopback);
    }
    const int port = server.port();
    EXPECT_EQ(agf::test::HttpStatus(port, "/"), 200);
    EXPECT_EQ(agf::test::HttpStatus(port, "/api/model?file=p3d/mlod_cube.p3d"), 200);
    for (const char *target : {
             "/api/model?file=../outside/secret.psk",
             "/api/model?file=p3d/../../outside/secret.psk",
             "/api/model?file=%2e%2e/outside/secret.psk",
             "/api/model?file=%2E%2E%2Foutside%2Fsecret.psk",
             "/api/glb?file=..%5coutside%5csecret.psk",
             "/api/model?file=/etc/passwd",
             "/api/model?file=%2Fetc%2Fpasswd",
             "/api/texture?file=/etc/passwd",
             "/api/texture?file=../outside/secret.tga",
             "/../outside/secret.psk",
             "/viewer/../../outside/secret.psk",
             "/%2e%2e/%2e%2e/etc/passwd",
             "//etc/passwd",
         }) {
        EXPECT_EQ(agf::test::HttpStatus(port, target), 403) << target;
    }
    for (const char *target : {"/api/model?file=link_out.psk", "/api/model?file=linkdir/secret.psk",
                               "/api/texture?file=linkdir/secret.tga"}) {
        if (mLinks) {
            EXPECT_EQ(agf::test::HttpStatus(port, target), 403) << target;
        }
    }
    // A page elsewhere that reaches 127.0.0.1 through its own host name is refused too.
    EXPECT_EQ(agf::test::HttpStatus(port, "/", "rebound.example:80"), 403);
    // Inside the folder but no model, or no such file: not found, not forbidden.
    EXPECT_EQ(agf::test::HttpStatus(port, "/api/model?file=p3d/model.cfg"), 404);
    EXPECT_EQ(agf::test::HttpStatus(port, "/api/model?file=nothing.psk"), 404);
    EXPECT_EQ(agf::test::HttpStatus(port, "/api/texture?file=p3d/agf/cube_co.tga"), 200);
    // Read-only: nothing but GET (and HEAD) is answered.
    for (const char *method : {"POST", "PUT", "DELETE", "PATCH"}) {
        const int status =
            agf::test::HttpStatus(port, "/api/model?file=p3d/mlod_cube.p3d", "", method);
        EXPECT_GE(status, 400) << method;
        EXPECT_LT(status, 500) << method;
    }
    ExpectCleanStop(server);
}

TEST_F(ViewerTest, FolderOpensItsFirstFileAPsaBoundToItsPsk) {
    AGF_REQUIRE_CHROMIUM();
    ViewerServerProcess server(mModels, mScratch);
    ASSERT_NE(server.port(), 0) << server.log();
    const PageResult page = ExpectPageMatchesInfo(
        server.url(std::string("/index.html?") + (kViewportOnly + 1)), "actorx/psa_dense.psa",
        mModels / "actorx/skinned_box.psk", {mModels / "actorx/psa_dense.psa"}, "folder");
    // The browser lists the model files, and neither model.cfg, the texture nor the links out.
    size_t rows = 0;
    for (size_t at = page.dom.find("data-file=\""); at != std::string::npos;
         at = page.dom.find("data-file=\"", at + 1)) {
        ++rows;
    }
    EXPECT_EQ(rows, 6u) << page.dom.substr(0, 4000);
    EXPECT_EQ(page.dom.find("link_out"), std::string::npos);
    ExpectCleanStop(server);
}

TEST_F(ViewerTest, P3dShowsItsLodsAndTexture) {
    AGF_REQUIRE_CHROMIUM();
    ViewerServerProcess server(mModels, mScratch);
    ASSERT_NE(server.port(), 0) << server.log();
    const PageResult page = ExpectPageMatchesInfo(
        server.url(std::string("/index.html?file=p3d/mlod_cube.p3d") + kViewportOnly),
        "p3d/mlod_cube.p3d", mModels / "p3d/mlod_cube.p3d", {}, "p3d");
    EXPECT_NE(page.status.find("\"textures\":1"), std::string::npos) << page.status;
    // The LOD list by name, and the memory points and the proxy as labelled markers.
    for (const char *text : {">LOD 0.000<", ">Geometry<", ">Memory<", "marker-label point",
                             ">eye</div>", "marker-label proxy", ">proxy:"}) {
        EXPECT_NE(page.dom.find(text), std::string::npos) << text;
    }
}

TEST_F(ViewerTest, FxmWithItsMotion) {
    AGF_REQUIRE_CHROMIUM();
    ViewerServerProcess server(mModels, mScratch);
    ASSERT_NE(server.port(), 0) << server.log();
    const PageResult page = ExpectPageMatchesInfo(
        server.url(std::string("/index.html?file=idolfx/keypose_chain4.fxm") + kViewportOnly),
        "idolfx/keypose_chain4.fxm", mModels / "idolfx/keypose_chain4.fxm", {}, "fxm");
    EXPECT_EQ(page.fields.count("animations") ? page.fields.at("animations") : "", "1");
}

TEST_F(ViewerTest, AFileThatFailsShowsItsErrorAndTheServerGoesOn) {
    AGF_REQUIRE_CHROMIUM();
    ViewerServerProcess server(mModels, mScratch);
    ASSERT_NE(server.port(), 0) << server.log();
    const PageResult page = OpenPage(
        mChromium, server.url("/index.html?file=broken/SM_Broken.pskx"), mScratch, "broken");
    ASSERT_EQ(page.fields.count("error"), 1u) << page.status;
    EXPECT_FALSE(page.fields.at("error").empty());
    // The message is in the page itself, not only in the status.
    EXPECT_NE(page.dom.find("Cannot show broken/SM_Broken.pskx"), std::string::npos);
    EXPECT_EQ(agf::test::HttpStatus(server.port(), "/api/model?file=p3d/mlod_cube.p3d"), 200);
    ExpectCleanStop(server);
}

TEST_F(ViewerTest, StaticGalleryOpensFromDisk) {
    AGF_REQUIRE_CHROMIUM();
    const agf::test::CliResult result = agf::test::RunCli(
        mScratch, "view --static gallery " + agf::test::ShellQuote(mModels.string()));
    ASSERT_EQ(result.exitCode, 0) << result.out << result.err;
    EXPECT_TRUE(fs::exists(mScratch / "gallery/index.html"));
    EXPECT_TRUE(fs::exists(mScratch / "gallery/three/three.min.js"));
    size_t glbFiles = 0;
    for (const auto &entry : fs::directory_iterator(mScratch / "gallery/models")) {
        glbFiles += entry.path().extension() == ".glb" ? 1 : 0;
    }
    EXPECT_EQ(glbFiles, 5u); // the six model files but the broken one
    // No --allow-file-access-from-files: a double-click on index.html must work as it is.
    ExpectPageMatchesInfo("file://" + (mScratch / "gallery/index.html").string() +
                              "?file=actorx/psa_dense.psa" + kViewportOnly,
                          "actorx/psa_dense.psa", mModels / "actorx/skinned_box.psk",
                          {mModels / "actorx/psa_dense.psa"}, "static");
}

TEST_F(ViewerTest, SamplesPskWithPsaP3dAndFxm) {
    AGF_REQUIRE_CHROMIUM();
    AGF_REQUIRE_SAMPLE(psa, "actorx/skbronzechestAnims.psa");
    AGF_REQUIRE_SAMPLE(psk, "actorx/skbronzechestMesh.psk");
    AGF_REQUIRE_SAMPLE(p3d, "p3d/sample_2_crate.p3d");
    AGF_REQUIRE_SAMPLE(fxm, "fxm/chest2_top__assimp.fxm");
    ViewerServerProcess server(agf::test::SamplesDir(), mScratch);
    ASSERT_NE(server.port(), 0) << server.log();
    ExpectPageMatchesInfo(
        server.url(std::string("/index.html?file=actorx/skbronzechestAnims.psa") + kViewportOnly),
        "actorx/skbronzechestAnims.psa", psk, {psa}, "sample_psa");
    ExpectPageMatchesInfo(
        server.url(std::string("/index.html?file=p3d/sample_2_crate.p3d") + kViewportOnly),
        "p3d/sample_2_crate.p3d", p3d, {}, "sample_p3d");
    ExpectPageMatchesInfo(
        server.url(std::string("/index.html?file=fxm/chest2_top__assimp.fxm") + kViewportOnly),
        "fxm/chest2_top__assimp.fxm", fxm, {}, "sample_fxm");
    ExpectCleanStop(server);
}
