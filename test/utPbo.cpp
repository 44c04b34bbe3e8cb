// PBO archives read as folders (code/Pbo, docs/pbo.md): the reader on generated archives of
// exactly known content (test_models/generators/PboWriter.h), the IOSystem that serves their
// entries to imports, texture roots that are archives or folders of them, and reading by
// offset. Damaged archives are in utPboDamage.cpp, the command in utPboCli.cpp.
#include "utPboSupport.h"

#include "Common/ImportError.h"
#include "Common/StbImages.h"
#include "Common/Warnings.h"
#include "Pbo/PboArchive.h"
#include "Pbo/PboFileSystem.h"

#include "Common/ByteWriter.h"

#include <assimp/material.h>

namespace {

using agf::pbo::PboArchive;
using agf::pbo::PboEntry;
using agf::test::ImportValidated;
using agf::test::ScratchDir;
using agf::test::pbo::PaaPixels;
using agf::test::pbo::WriteGeneratedArchives;
using agf::testgen::pbo::PboEntrySpec;
using agf::testgen::pbo::PboSpec;
using agf::testgen::pbo::PboWrittenLayout;
using agf::testgen::pbo::WritePbo;

/** The pixels of a scene's embedded texture (PNG), rows from the top. */
std::vector<uint8_t> EmbeddedPixels(const aiScene &scene, unsigned index) {
    const aiTexture &texture = *scene.mTextures[index];
    return agf::StbDecode(reinterpret_cast<const uint8_t *>(texture.pcData), texture.mWidth,
                          "embedded.png")
        .pixels;
}

std::string DiffuseOf(const aiScene &scene) {
    aiString path;
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        if (scene.mMaterials[m]->GetTexture(aiTextureType_DIFFUSE, 0, &path) == AI_SUCCESS) {
            return path.C_Str();
        }
    }
    return std::string();
}

TEST(PboArchive, ListsTheGeneratedEntriesUnderTheirPrefixAndReadsThemBack) {
    const std::filesystem::path dir = ScratchDir("pbo_list");
    const PboSpec spec = agf::testgen::pbo::ModelsPboSpec();
    PboWrittenLayout written;
    agf::test::WriteBytes(dir / "agf_models.pbo", WritePbo(spec, &written));
    Assimp::DefaultIOSystem disk;
    const PboArchive archive(disk, (dir / "agf_models.pbo").string());
    EXPECT_TRUE(archive.warnings().empty()) << archive.warnings().entries()[0].text();
    EXPECT_EQ(archive.prefix(), "x/agf/models");
    EXPECT_EQ(archive.layout().dataStart, written.dataStart);
    EXPECT_EQ(archive.layout().dataEnd, written.dataEnd);
    EXPECT_TRUE(archive.layout().signedTrailer);
    ASSERT_EQ(archive.entries().size(), spec.entries.size());
    const char *const paths[] = {"triangle.p3d", "data/triangle_co.paa", "props/crate.p3d",
                                 "config.cpp"};
    const bool compressed[] = {false, false, true, true};
    for (size_t i = 0; i < spec.entries.size(); ++i) {
        const PboEntry &entry = archive.entries()[i];
        EXPECT_EQ(entry.name, spec.entries[i].name);
        EXPECT_EQ(entry.path, paths[i]);
        EXPECT_EQ(entry.compressed(), compressed[i]) << entry.path;
        EXPECT_EQ(entry.size(), spec.entries[i].bytes.size()) << entry.path;
        EXPECT_EQ(entry.dataOffset, written.dataOffsets[i]) << entry.path;
        EXPECT_EQ(entry.timestamp, spec.entries[i].timestamp);
        EXPECT_TRUE(archive.readEntry(entry) == spec.entries[i].bytes) << entry.path;
    }
    // The public listing says the same.
    const agf::PboListing listing = agf::ListPboArchive((dir / "agf_models.pbo").string());
    EXPECT_EQ(listing.prefix, "x/agf/models");
    ASSERT_EQ(listing.entries.size(), 4u);
    EXPECT_EQ(listing.entries[2].path, "props/crate.p3d");
    EXPECT_EQ(listing.entries[2].dataRootPath, "x/agf/models/props/crate.p3d");
    EXPECT_TRUE(listing.entries[2].compressed);
    EXPECT_EQ(listing.properties.size(), 2u);
    EXPECT_TRUE(listing.warnings.empty());
}

TEST(PboArchive, FindsEntriesByPathOrDataRootPathWithEitherSeparatorIgnoringCase) {
    const std::filesystem::path dir = ScratchDir("pbo_find");
    WriteGeneratedArchives(dir);
    Assimp::DefaultIOSystem disk;
    const PboArchive archive(disk, (dir / "agf_models.pbo").string());
    const PboEntry *texture = archive.find("data/triangle_co.paa");
    ASSERT_NE(texture, nullptr);
    EXPECT_EQ(archive.find("DATA\\Triangle_CO.paa"), texture);
    EXPECT_EQ(archive.find("x\\agf\\models\\data\\triangle_co.paa"), texture);
    EXPECT_EQ(archive.find("/X/AGF/Models/data/triangle_co.paa"), texture);
    EXPECT_EQ(archive.find("data//./triangle_co.paa"), texture);
    EXPECT_EQ(archive.find("triangle_co.paa"), nullptr);
    EXPECT_EQ(archive.find("x/agf/models"), nullptr);
    EXPECT_EQ(archive.find("x/agf/modelsdata/triangle_co.paa"), nullptr);
    EXPECT_EQ(archive.find("../agf_models.pbo"), nullptr);
    EXPECT_EQ(archive.find("C:/data/triangle_co.paa"), nullptr);
}

TEST(PboArchive, WithoutPropertiesOrTrailerThePrefixIsTheArchivesName) {
    // As Operation Flashpoint's archives: no properties record, no hash after the data.
    PboSpec spec;
    spec.trailer = false;
    spec.entries = {{"a.txt", {'a', 'b', 'c'}, PboEntrySpec::Packing::StoredNoOriginal},
                    {"b\\c.txt", {'d'}, PboEntrySpec::Packing::Lzss}};
    const std::filesystem::path dir = ScratchDir("pbo_ofp");
    agf::test::WriteBytes(dir / "Old_Addon.PBO", WritePbo(spec));
    Assimp::DefaultIOSystem disk;
    const PboArchive archive(disk, (dir / "Old_Addon.PBO").string());
    EXPECT_TRUE(archive.warnings().empty());
    EXPECT_EQ(archive.prefix(), "Old_Addon");
    EXPECT_FALSE(archive.layout().signedTrailer);
    ASSERT_EQ(archive.entries().size(), 2u);
    EXPECT_TRUE(archive.readEntry(*archive.find("old_addon/b/c.txt")) == std::vector<uint8_t>{'d'});
}

TEST(PboArchive, AnArchiveWithoutEntriesIsEmptyAndAFileThatIsNoneIsRefused) {
    const std::filesystem::path dir = ScratchDir("pbo_empty");
    PboSpec empty;
    empty.properties = {{"prefix", "x\\empty"}};
    agf::test::WriteBytes(dir / "empty.pbo", WritePbo(empty));
    Assimp::DefaultIOSystem disk;
    const PboArchive archive(disk, (dir / "empty.pbo").string());
    EXPECT_TRUE(archive.entries().empty());
    EXPECT_TRUE(archive.warnings().empty());
    agf::test::WriteText(dir / "text.pbo", "this is a text file, not an archive\n");
    agf::test::WriteBytes(dir / "zero.pbo", {});
    for (const char *name : {"text.pbo", "zero.pbo", "missing.pbo"}) {
        try {
            PboArchive refused(disk, (dir / name).string());
            ADD_FAILURE() << name << " was read as an archive";
        } catch (const agf::ImportError &error) {
            EXPECT_EQ(error.file(), name);
        }
    }
}

// ---- The IOSystem: a path through an archive ---------------------------------------------

TEST(PboFileSystem, ImportsAModelFromAnArchiveWithItsTextureFromTheSameArchive) {
    const std::filesystem::path dir = ScratchDir("pbo_import");
    WriteGeneratedArchives(dir);
    const std::string archive = (dir / "agf_models.pbo").string();
    for (const char *inside :
         {"triangle.p3d", "x/agf/models/triangle.p3d", "X\\AGF\\Models\\TRIANGLE.P3D"}) {
        const auto result = ImportValidated(archive + "/" + inside, [](Assimp::Importer &importer) {
            importer.SetIOHandler(agf::NewPboIOSystem());
        });
        ASSERT_NE(result.scene, nullptr) << inside << ": " << result.error;
        EXPECT_EQ(result.scene->mNumMeshes, 1u);
        ASSERT_EQ(result.scene->mNumTextures, 1u) << inside;
        EXPECT_EQ(DiffuseOf(*result.scene), "*0");
        EXPECT_TRUE(EmbeddedPixels(*result.scene, 0) == PaaPixels("dxt1")) << inside;
        EXPECT_TRUE(agf::LastImportWarnings(*result.importer).empty());
    }
    // Without the archive IOSystem the path is no file.
    EXPECT_EQ(ImportValidated(archive + "/triangle.p3d").scene, nullptr);
}

TEST(PboFileSystem, ATextureInAnotherArchiveIsFoundUnderARootThatIsThatArchiveOrItsFolder) {
    const std::filesystem::path dir = ScratchDir("pbo_roots");
    WriteGeneratedArchives(dir);
    const std::string crate = (dir / "agf_models.pbo").string() + "/props/crate.p3d";
    const std::vector<uint8_t> expected = PaaPixels("argb8888");
    // No root: the reference stays, quietly, as for a loose model.
    const auto alone = ImportValidated(
        crate, [](Assimp::Importer &importer) { importer.SetIOHandler(agf::NewPboIOSystem()); });
    ASSERT_NE(alone.scene, nullptr) << alone.error;
    EXPECT_EQ(alone.scene->mNumTextures, 0u);
    EXPECT_EQ(DiffuseOf(*alone.scene), "x\\agf\\textures\\crate_co.paa");
    for (const std::string &root :
         {(dir / "agf_textures.pbo").string(), dir.string(), dir.string() + "/"}) {
        const auto result = ImportValidated(crate, [&](Assimp::Importer &importer) {
            importer.SetIOHandler(agf::NewPboIOSystem());
            importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, "/nonexistent;" + root);
        });
        ASSERT_NE(result.scene, nullptr) << root << ": " << result.error;
        ASSERT_EQ(result.scene->mNumTextures, 1u) << root;
        EXPECT_TRUE(EmbeddedPixels(*result.scene, 0) == expected) << root;
        EXPECT_EQ(DiffuseOf(*result.scene), "*0");
    }
}

TEST(PboFileSystem, TextureRootsThatAreArchivesWorkWithAnyIOSystem) {
    // The model is a loose file read through Assimp's own IOSystem: the importers read the
    // archives of the roots themselves.
    const std::filesystem::path dir = ScratchDir("pbo_roots_default_io");
    WriteGeneratedArchives(dir / "addons");
    agf::test::WriteBytes(dir / "crate.p3d",
                          agf::testgen::pbo::TexturedTriangleP3d("x\\agf\\textures\\crate_co.paa"));
    for (const std::string &root :
         {(dir / "addons").string(), (dir / "addons" / "agf_textures.pbo").string()}) {
        const auto result = ImportValidated(dir / "crate.p3d", [&](Assimp::Importer &importer) {
            importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, root);
        });
        ASSERT_NE(result.scene, nullptr) << result.error;
        ASSERT_EQ(result.scene->mNumTextures, 1u) << root;
        EXPECT_TRUE(EmbeddedPixels(*result.scene, 0) == PaaPixels("argb8888")) << root;
    }
    // A loose file at an entry's data-root path comes first: an unpacked texture being changed.
    std::vector<uint8_t> loose;
    for (const auto &texture : agf::testgen::paa::PaaTestTextures()) {
        if (texture.name == "dxt1") {
            loose = texture.file;
        }
    }
    agf::test::WriteBytes(dir / "addons/x/agf/textures/crate_co.paa", loose);
    const auto both = ImportValidated(dir / "crate.p3d", [&](Assimp::Importer &importer) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_TEXTURE_ROOTS, (dir / "addons").string());
    });
    ASSERT_NE(both.scene, nullptr) << both.error;
    ASSERT_EQ(both.scene->mNumTextures, 1u);
    EXPECT_TRUE(EmbeddedPixels(*both.scene, 0) == PaaPixels("dxt1"));
}

TEST(PboFileSystem, EntriesAreFilesAndEverythingElseGoesToTheWrappedIOSystem) {
    const std::filesystem::path dir = ScratchDir("pbo_io");
    WriteGeneratedArchives(dir);
    agf::test::WriteText(dir / "loose.txt", "loose");
    agf::pbo::PboFileSystem files(std::make_unique<Assimp::DefaultIOSystem>());
    const std::string archive = (dir / "agf_models.pbo").string();
    EXPECT_TRUE(files.Exists(archive + "/config.cpp"));
    EXPECT_TRUE(files.Exists(archive + "\\X\\agf\\models\\Config.CPP"));
    EXPECT_FALSE(files.Exists(archive + "/nothing.cpp"));
    EXPECT_FALSE(files.Exists(archive + "/props"));
    EXPECT_TRUE(files.Exists(archive));
    EXPECT_TRUE(files.Exists((dir / "loose.txt").string()));
    // A compressed entry, read in pieces and with seeks, as importers read.
    Assimp::IOStream *stream = files.Open(archive + "/config.cpp", "rb");
    ASSERT_NE(stream, nullptr);
    const std::vector<uint8_t> config = agf::testgen::pbo::ModelsPboSpec().entries[3].bytes;
    ASSERT_EQ(stream->FileSize(), config.size());
    std::vector<uint8_t> part(6);
    ASSERT_EQ(stream->Seek(6, aiOrigin_SET), aiReturn_SUCCESS);
    ASSERT_EQ(stream->Read(part.data(), 1, 6), 6u);
    EXPECT_TRUE(std::equal(part.begin(), part.end(), config.begin() + 6));
    ASSERT_EQ(stream->Seek(3, aiOrigin_END), aiReturn_SUCCESS);
    EXPECT_EQ(stream->Read(part.data(), 2, 3), 1u) << "one whole element of two bytes is left";
    EXPECT_EQ(stream->Seek(config.size() + 1, aiOrigin_SET), aiReturn_FAILURE);
    files.Close(stream);
    // A stored entry likewise.
    stream = files.Open(archive + "/triangle.p3d", "rb");
    ASSERT_NE(stream, nullptr);
    std::vector<uint8_t> magic(4);
    ASSERT_EQ(stream->Read(magic.data(), 4, 1), 1u);
    EXPECT_EQ(std::string(magic.begin(), magic.end()), "MLOD");
    files.Close(stream);
    // Writing goes to the wrapped IOSystem; an entry is not written to.
    EXPECT_EQ(files.Open(archive + "/new.txt", "wb"), nullptr);
}

// ---- Reading by offset ----------------------------------------------------------------------

/** The header of an archive with a 2 GiB stored entry and then `model`. */
std::vector<uint8_t> HugeArchiveHead(uint32_t fillerBytes, uint32_t modelBytes) {
    agf::ByteWriter w;
    auto text = [&w](const std::string &value) {
        w.text(value);
        w.u8(0);
    };
    auto record = [&](const std::string &name, uint32_t method, uint32_t size) {
        text(name);
        for (uint32_t field : {method, size, 0u, 0u, size}) {
            w.u32(field);
        }
    };
    record("", 0x56657273, 0);
    text("prefix");
    text("x\\agf\\huge");
    text("");
    record("terrain\\filler.bin", 0, fillerBytes);
    record("triangle.p3d", 0, modelBytes);
    record("", 0, 0);
    return w.data();
}

TEST(PboReading, AModelComesOutOfATwoGigabyteArchiveReadingOnlyTheHeaderAndTheModel) {
    const std::vector<uint8_t> model = agf::testgen::pbo::TexturedTriangleP3d("x\\none_co.paa");
    const uint32_t filler = 0x80000000u;
    std::vector<uint8_t> tail = model;
    tail.insert(tail.end(), 21, 0); // the trailer
    uint64_t bytesRead = 0;
    auto *huge = new agf::test::pbo::SyntheticIOSystem(
        "huge.pbo", HugeArchiveHead(filler, static_cast<uint32_t>(model.size())), filler, tail,
        bytesRead);
    const auto result = ImportValidated("huge.pbo/triangle.p3d", [&](Assimp::Importer &importer) {
        importer.SetIOHandler(agf::NewPboIOSystem(huge));
    });
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumMeshes, 1u);
    // The first read of a header is 64 KB; the model is read whole, probed a few times.
    EXPECT_LT(bytesRead, (64u << 10) + 8 * model.size()) << bytesRead;
    // Listing it reads the header and the trailer's 21 bytes.
    bytesRead = 0;
    agf::test::pbo::SyntheticIOSystem again(
        "huge.pbo", HugeArchiveHead(filler, static_cast<uint32_t>(model.size())), filler, tail,
        bytesRead);
    const agf::PboListing listing = agf::ListPboArchive("huge.pbo", &again);
    ASSERT_EQ(listing.entries.size(), 2u);
    EXPECT_EQ(listing.entries[0].size, filler);
    EXPECT_TRUE(listing.warnings.empty());
    EXPECT_EQ(bytesRead, (64u << 10) + 21u);
}

TEST(PboReading, TakingOneModelOutReadsNoOtherEntry) {
    const std::filesystem::path dir = ScratchDir("pbo_counting");
    // A large entry before the model and one after it, neither of which may be read.
    PboSpec spec = agf::testgen::pbo::ModelsPboSpec();
    spec.entries.insert(spec.entries.begin(),
                        PboEntrySpec{"big_before.bin", std::vector<uint8_t>(4u << 20, 7)});
    spec.entries.push_back(PboEntrySpec{"big_after.bin", std::vector<uint8_t>(4u << 20, 9)});
    const std::vector<uint8_t> bytes = WritePbo(spec);
    agf::test::WriteBytes(dir / "big.pbo", bytes);
    uint64_t bytesRead = 0;
    const auto result = ImportValidated(
        (dir / "big.pbo").string() + "/triangle.p3d", [&](Assimp::Importer &importer) {
            importer.SetIOHandler(
                agf::NewPboIOSystem(new agf::test::pbo::CountingIOSystem(bytesRead)));
        });
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumTextures, 1u);
    EXPECT_LT(bytesRead, 256u << 10) << "of " << bytes.size() << " bytes";
}

} // namespace
