// The real signed PBO of the samples (../shared/samples/p3d/pbo/cba_optics.pbo, CBA_A3 3.14;
// its README describes it): listed as the README says, its models converted in place with the
// reticle textures it holds, used as a texture root, converted whole by `batch`, and damaged
// bit by bit in its table. Skipped when the samples are absent.
#include "utPboSupport.h"

#include "Common/ImportError.h"
#include "Common/StbImages.h"
#include "Common/StringHelpers.h"
#include "Export/GlbContainer.h"
#include "Paa/PaaParser.h"
#include "Pbo/PboArchive.h"

#include "../fuzz/FuzzImportCase.h"

#include <assimp/MemoryIOWrapper.h>
#include <nlohmann/json.hpp>

#include <cstring>

namespace {

namespace fs = std::filesystem;
using agf::pbo::PboArchive;
using agf::pbo::PboEntry;
using agf::test::CliResult;
using agf::test::RunCli;
using agf::test::ScratchDir;
using agf::test::ShellQuote;
using Json = nlohmann::json;

constexpr const char *kArchive = "p3d/pbo/cba_optics.pbo";
constexpr const char *kReticle = "p3d/data-root/x/cba/addons/optics/reticles/"
                                 "scopeblack_small_70_ca.paa";

/** The first image of a glb, decoded. */
agf::RgbaImage FirstGlbImage(const fs::path &glb, size_t &images) {
    const agf::gltf::GlbFile file =
        agf::gltf::ReadGlb(agf::test::ReadBytes(glb), glb.filename().string());
    const Json json = Json::parse(file.json);
    images = json.value("images", Json::array()).size();
    // An image the export could not embed is a reference: it has no pixels here.
    if (images == 0 || !json["images"][0].contains("bufferView")) {
        return {};
    }
    const Json &view = json["bufferViews"][json["images"][0]["bufferView"].get<size_t>()];
    return agf::StbDecode(file.binary.data() + view.value("byteOffset", size_t{0}),
                          view["byteLength"].get<size_t>(), "image.png");
}

agf::RgbaImage DecodedReticle(const fs::path &paa) {
    const std::vector<uint8_t> bytes = agf::test::ReadBytes(paa);
    agf::Warnings warnings;
    return agf::paa::DecodePaa(bytes.data(), bytes.size(), paa.filename().string(), warnings);
}

TEST(PboSamples, TheCbaArchiveIsWhatItsReadmeSays) {
    AGF_REQUIRE_SAMPLE(path, kArchive);
    Assimp::DefaultIOSystem disk;
    const PboArchive archive(disk, path.string());
    EXPECT_TRUE(archive.warnings().empty());
    EXPECT_EQ(archive.prefix(), "x/cba/addons/optics");
    const auto &properties = archive.layout().properties;
    ASSERT_EQ(properties.size(), 3u);
    EXPECT_EQ(properties[1], std::make_pair(std::string("Mikero"), std::string("DePbo.dll.7.16")));
    EXPECT_EQ(properties[2], std::make_pair(std::string("version"), std::string("215118a2")));
    ASSERT_EQ(archive.entries().size(), 49u);
    EXPECT_EQ(archive.layout().dataStart, 2301u);
    EXPECT_EQ(archive.layout().dataEnd, 478892u);
    EXPECT_TRUE(archive.layout().signedTrailer);
    std::map<std::string, size_t> byExtension;
    for (const PboEntry &entry : archive.entries()) {
        EXPECT_EQ(entry.method, agf::pbo::kMethodStored) << entry.name;
        EXPECT_EQ(entry.originalSize, entry.dataSize) << entry.name;
        ++byExtension[entry.path.substr(entry.path.find_last_of('.') + 1)];
    }
    EXPECT_EQ(byExtension["p3d"], 10u);
    EXPECT_EQ(byExtension["paa"], 9u);
    EXPECT_EQ(byExtension["sqf"], 18u);
    // The reticle in the archive is the data root's file, byte for byte.
    AGF_REQUIRE_SAMPLE(reticle, kReticle);
    const PboEntry *inside =
        archive.find("x\\cba\\addons\\optics\\reticles\\scopeblack_small_70_ca.paa");
    ASSERT_NE(inside, nullptr);
    EXPECT_TRUE(archive.readEntry(*inside) == agf::test::ReadBytes(reticle));
}

TEST(PboSamples, EveryModelImportsFromTheArchiveWithItsReticle) {
    AGF_REQUIRE_SAMPLE(path, kArchive);
    const agf::PboListing listing = agf::ListPboArchive(path.string());
    size_t models = 0;
    size_t textured = 0;
    for (const agf::PboEntryInfo &entry : listing.entries) {
        if (entry.path.size() < 4 || entry.path.compare(entry.path.size() - 4, 4, ".p3d") != 0) {
            continue;
        }
        ++models;
        const auto result = agf::test::ImportValidated(
            path.string() + "/" + entry.path,
            [](Assimp::Importer &importer) { importer.SetIOHandler(agf::NewPboIOSystem()); });
        ASSERT_NE(result.scene, nullptr) << entry.path << ": " << result.error;
        textured += result.scene->mNumTextures > 0;
    }
    EXPECT_EQ(models, 10u);
    // The two picture-in-picture optics name only an rvmat; the eight others their reticle.
    EXPECT_EQ(textured, 8u);
}

TEST(PboSamples, ExportInPlaceEmbedsTheReticleFromInsideTheArchive) {
    AGF_REQUIRE_SAMPLE(path, kArchive);
    AGF_REQUIRE_SAMPLE(reticle, kReticle);
    const fs::path dir = ScratchDir("pbo_samples_export");
    const CliResult run =
        RunCli(dir, "export " + ShellQuote(path.string() + "/cba_optic_small_70.p3d") + " o.glb");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    size_t images = 0;
    const agf::RgbaImage image = FirstGlbImage(dir / "o.glb", images);
    ASSERT_EQ(images, 1u);
    const agf::RgbaImage expected = DecodedReticle(reticle);
    EXPECT_EQ(image.width, expected.width);
    EXPECT_TRUE(image.pixels == expected.pixels);
    EXPECT_TRUE(image.hasAlpha());
}

TEST(PboSamples, TheArchiveIsATextureRootForTheLooseMlodTwin) {
    AGF_REQUIRE_SAMPLE(path, kArchive);
    AGF_REQUIRE_SAMPLE(mlod, "p3d/cba_optic_small_70.p3d");
    AGF_REQUIRE_SAMPLE(reticle, kReticle);
    const fs::path dir = ScratchDir("pbo_samples_root");
    for (const fs::path &root : {path, path.parent_path()}) {
        const CliResult run = RunCli(dir, "export " + ShellQuote(mlod.string()) +
                                              " m.glb --texture-root " + ShellQuote(root.string()));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        size_t images = 0;
        const agf::RgbaImage image = FirstGlbImage(dir / "m.glb", images);
        ASSERT_EQ(images, 1u) << root;
        EXPECT_TRUE(image.pixels == DecodedReticle(reticle).pixels) << root;
    }
}

TEST(PboSamples, BatchConvertsTheTenModelsOfTheArchive) {
    AGF_REQUIRE_SAMPLE(path, kArchive);
    const fs::path dir = ScratchDir("pbo_samples_batch");
    const CliResult run =
        RunCli(dir, "batch " + ShellQuote(path.parent_path().string()) + " out --jobs 2");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    const Json report = Json::parse(agf::test::ReadText(dir / "out/report.json"));
    // The archive's stringtable.xml, which Assimp's Irrlicht importer claims by extension, is
    // no model: skipped, not failed (docs/batch.md).
    ASSERT_EQ(report["files"].size(), 11u);
    size_t converted = 0;
    for (const Json &file : report["files"]) {
        if (file["source"] == "cba_optics.pbo/stringtable.xml") {
            EXPECT_EQ(file["status"], "skipped") << file.dump();
            continue;
        }
        ++converted;
        EXPECT_EQ(file["status"], "converted") << file.dump();
        const std::string output = file["output"];
        EXPECT_EQ(output.rfind("x/cba/addons/optics/cba_optic_", 0), 0u) << output;
        EXPECT_TRUE(fs::exists(dir / "out" / output)) << output;
    }
    EXPECT_EQ(converted, 10u);
}

/** Where each entry is found, by path (letter case aside, as lookups go). */
std::map<std::string, std::pair<uint64_t, uint64_t>> Placement(const PboArchive &archive) {
    std::map<std::string, std::pair<uint64_t, uint64_t>> placement;
    for (const PboEntry &entry : archive.entries()) {
        placement[agf::Lower(entry.path)] = {entry.dataOffset, entry.dataSize};
    }
    return placement;
}

/** Serves one file straight from a buffer that the caller changes between reads: the flip
 *  test below opens the archive thousands of times, and a copy of it per case cost much of the
 *  time. */
class BorrowedFileSystem : public Assimp::IOSystem {
public:
    BorrowedFileSystem(std::string name, const std::vector<uint8_t> &bytes)
        : mName(std::move(name)), mBytes(bytes) {}
    bool Exists(const char *file) const override {
        return agf::fuzz::NormalizedFileName(file) == mName;
    }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override {
        if (agf::fuzz::NormalizedFileName(file) != mName || std::strchr(mode, 'w') != nullptr) {
            return nullptr;
        }
        return new Assimp::MemoryIOStream(mBytes.data(), mBytes.size());
    }
    void Close(Assimp::IOStream *stream) override { delete stream; }

private:
    std::string mName;
    const std::vector<uint8_t> &mBytes;
};

// Three bits of every byte (the lowest, a middle one and the highest: a length's small change,
// a large one and a sign) keep the test within the sanitized build's time; the generated
// archive's flip test (utPboDamage.cpp) flips every bit.
TEST(PboSamples, ThreeBitsOfEveryByteOfTheRealTableFlippedLoseAtMostOneEntry) {
    AGF_REQUIRE_SAMPLE(path, kArchive);
    std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
    agf::fuzz::MemoryFileSystem intactFiles({{"cba.pbo", bytes}});
    const auto intact = Placement(PboArchive(intactFiles, "cba.pbo"));
    const size_t tableEnd = 2301;
    for (size_t offset = 0; offset < tableEnd; ++offset) {
        for (const int bit : {0, 3, 7}) {
            bytes[offset] ^= static_cast<uint8_t>(1u << bit);
            BorrowedFileSystem files("cba.pbo", bytes);
            try {
                const PboArchive archive(files, "cba.pbo");
                const auto damaged = Placement(archive);
                size_t kept = 0;
                for (const auto &[entry, place] : intact) {
                    const auto found = damaged.find(entry);
                    kept += found != damaged.end() && found->second == place;
                }
                // A flip that renames an entry to another's name ("..._80.p3d" to
                // "..._90.p3d") leaves two records of one name, and nothing tells which is
                // sound: the first is kept, with a Duplicate warning, and both count as lost.
                const size_t mayLose =
                    archive.warnings().count(agf::WarningKind::Duplicate) > 0 ? 2 : 1;
                EXPECT_GE(kept, intact.size() - mayLose) << "bit " << bit << " of byte " << offset;
            } catch (const agf::ImportError &error) {
                ADD_FAILURE() << "bit " << bit << " of byte " << offset << ": " << error.what();
            }
            bytes[offset] ^= static_cast<uint8_t>(1u << bit);
        }
    }
}

} // namespace
