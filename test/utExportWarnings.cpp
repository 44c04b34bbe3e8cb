// The warnings of our writers: typed like an import's, named after the file written, kept per
// thread for LastExportWarnings, and logged once each in Warning::text()'s format.
#include "TestSupport.h"

#include "PsaModels.h"
#include "PskModels.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/LogStream.hpp>

#include <thread>

namespace {

using agf::Warning;
using agf::WarningKind;
using agf::test::WarningsOf;

/** The skinned box of the generators, with the generators' PSA bound to it when `animated`,
 *  written to and read from a scratch folder of its own (`name`). */
const aiScene *ImportBox(Assimp::Importer &importer, const std::string &name, bool animated) {
    const std::filesystem::path dir = agf::test::ScratchDir("export_warnings_" + name);
    agf::test::WriteBytes(dir / "box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    agf::test::WriteBytes(dir / "moves.psa", agf::testgen::psa::MakePsa({}));
    agf::RegisterImporters(importer);
    if (animated) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES,
                                   (dir / "moves.psa").string());
    }
    return importer.ReadFile((dir / "box.psk").string(), aiProcess_ValidateDataStructure);
}

bool Export(const aiScene *scene, const char *format, const std::string &path) {
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    return exporter.Export(scene, format, path) == aiReturn_SUCCESS;
}

std::string OutputPath(const char *name) {
    return (agf::test::ScratchDir(std::string("export_warnings_") + name) / name).string();
}

TEST(ExportWarnings, ActorXWarningsNameTheFileWrittenAndHaveNoOffset) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBox(importer, "unsupported_in", true);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_GT(scene->mNumAnimations, 0u);
    const std::string path = OutputPath("animated.psk");
    ASSERT_TRUE(Export(scene, "psk", path));
    const std::vector<Warning> unsupported =
        WarningsOf(agf::LastExportWarnings(), WarningKind::Unsupported);
    ASSERT_EQ(unsupported.size(), 1u) << "a PSK holds no animations";
    const Warning &warning = unsupported[0];
    EXPECT_EQ(warning.file, path);
    EXPECT_EQ(warning.structure, "");
    EXPECT_EQ(warning.offset, Warning::kNoOffset);
    EXPECT_EQ(warning.line, 0u);
    EXPECT_EQ(warning.count, 1u);
    EXPECT_EQ(warning.text(), path + ": the scene's " + std::to_string(scene->mNumAnimations) +
                                  " animations are not part of a PSK: export them as .psa "
                                  "[unsupported]");
}

TEST(ExportWarnings, EachExportStartsAfresh) {
    Assimp::Importer animatedImporter;
    const aiScene *animated = ImportBox(animatedImporter, "fresh_animated_in", true);
    ASSERT_NE(animated, nullptr) << animatedImporter.GetErrorString();
    ASSERT_TRUE(Export(animated, "psk", OutputPath("first.psk")));
    ASSERT_FALSE(agf::LastExportWarnings().empty());

    Assimp::Importer stillImporter;
    const aiScene *still = ImportBox(stillImporter, "fresh_still_in", false);
    ASSERT_NE(still, nullptr) << stillImporter.GetErrorString();
    ASSERT_TRUE(Export(still, "psk", OutputPath("second.psk")));
    EXPECT_TRUE(agf::LastExportWarnings().empty()) << agf::LastExportWarnings().front().text();
}

TEST(ExportWarnings, GltfRepairsAreWarnings) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBox(importer, "gltf_in", false);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    aiMesh *mesh = scene->mMeshes[0]; // ours to change: the importer's copy
    ASSERT_TRUE(mesh->HasNormals());
    mesh->mNormals[0] = aiVector3D(0, 0, 0);
    const std::string path = OutputPath("repaired.glb");
    ASSERT_TRUE(Export(scene, "glb2", path));
    const std::vector<Warning> repaired =
        WarningsOf(agf::LastExportWarnings(), WarningKind::InvalidValue, "normals");
    ASSERT_EQ(repaired.size(), 1u);
    EXPECT_EQ(repaired[0].file, path);
    EXPECT_EQ(repaired[0].message.rfind("1 zero-length normals replaced", 0), 0u)
        << repaired[0].message;
}

TEST(ExportWarnings, AnotherThreadsExportLeavesThisThreadsWarnings) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBox(importer, "thread_here_in", true);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_TRUE(Export(scene, "psk", OutputPath("here.psk")));
    const std::vector<Warning> here = agf::LastExportWarnings();
    ASSERT_FALSE(here.empty());

    std::vector<Warning> there;
    std::thread other([&] {
        Assimp::Importer stillImporter;
        const aiScene *still = ImportBox(stillImporter, "thread_there_in", false);
        if (still != nullptr && Export(still, "psk", OutputPath("there.psk"))) {
            there = agf::LastExportWarnings();
        }
    });
    other.join();
    EXPECT_TRUE(there.empty());
    const std::vector<Warning> after = agf::LastExportWarnings();
    ASSERT_EQ(after.size(), here.size());
    EXPECT_EQ(after[0].text(), here[0].text());
}

/** The warning lines of Assimp's log while it lives. */
class WarningLines : public Assimp::LogStream {
public:
    explicit WarningLines(std::vector<std::string> &lines) : mLines(lines) {}
    void write(const char *message) override { mLines.emplace_back(message); }

private:
    std::vector<std::string> &mLines;
};

TEST(ExportWarnings, EachIsLoggedOnceAsItsText) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBox(importer, "logged_in", true);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    std::vector<std::string> lines;
    Assimp::DefaultLogger::create(nullptr, Assimp::Logger::NORMAL, 0);
    Assimp::DefaultLogger::get()->attachStream(new WarningLines(lines), Assimp::Logger::Warn);
    const bool exported = Export(scene, "psk", OutputPath("logged.psk"));
    Assimp::DefaultLogger::kill();
    ASSERT_TRUE(exported);
    const std::vector<Warning> warnings = agf::LastExportWarnings();
    ASSERT_FALSE(warnings.empty());
    for (const Warning &warning : warnings) {
        size_t seen = 0;
        for (const std::string &line : lines) {
            seen += line.find(warning.text()) != std::string::npos ? 1 : 0;
        }
        EXPECT_EQ(seen, 1u) << warning.text();
    }
}

} // namespace
