// Tests of the entry points that a libassimp with our formats built in calls
// (code/BuiltIn.h, tools/build-libassimp.sh): the importer list, the exporter table with
// Assimp's entries kept for our writers (Export/StockWriters.h), and RegisterImporters on a
// library that already has our importers. The rebuilt library itself is checked by
// tools/check-libassimp.sh.
#include "BuiltIn.h"
#include "Export/ExportFunctions.h"
#include "Export/StockWriters.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/BaseImporter.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

/** Our first importer's description at another address, as a copy built into libassimp has. */
class SameNameImporter : public Assimp::BaseImporter {
public:
    explicit SameNameImporter(const aiImporterDesc &original) : mDesc(original) {}
    bool CanRead(const std::string &, Assimp::IOSystem *, bool) const override { return false; }

protected:
    const aiImporterDesc *GetInfo() const override { return &mDesc; }
    void InternReadFile(const std::string &, aiScene *, Assimp::IOSystem *) override {}

private:
    aiImporterDesc mDesc;
};

void StockWriterForTest(const char *, Assimp::IOSystem *, const aiScene *,
                        const Assimp::ExportProperties *) {}

const char *DescriptionOf(const Assimp::Exporter &exporter, const char *id) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (std::strcmp(desc->id, id) == 0) {
            return desc->description;
        }
    }
    return nullptr;
}

} // namespace

TEST(BuiltIn, AppendImportersAddsEveryFormatOfTheRegistry) {
    std::vector<Assimp::BaseImporter *> importers;
    agf::AppendImporters(importers);
    std::vector<std::unique_ptr<Assimp::BaseImporter>> owned(importers.begin(), importers.end());
    const std::vector<agf::FormatInfo> formats = agf::ListFormats();
    ASSERT_EQ(importers.size(), formats.size());
    for (size_t i = 0; i < formats.size(); ++i) {
        std::set<std::string> extensions;
        importers[i]->GetExtensionList(extensions);
        for (const std::string &extension : extensions) {
            EXPECT_NE(formats[i].extensions.find(extension), std::string::npos)
                << formats[i].name << " does not list ." << extension;
        }
        EXPECT_FALSE(extensions.empty()) << formats[i].name;
    }
}

TEST(BuiltIn, RegisterImportersAddsNothingWhenTheLibraryHasOurImportersBuiltIn) {
    // The first description of our registry, read through an Importer (GetInfo is protected).
    Assimp::Importer probe;
    const size_t builtIn = probe.GetImporterCount();
    agf::RegisterImporters(probe);
    ASSERT_GT(probe.GetImporterCount(), builtIn);
    const aiImporterDesc *firstDesc = probe.GetImporterInfo(builtIn);
    ASSERT_NE(firstDesc, nullptr);

    // A stand-in with that name at another address, as the copy compiled into libassimp has:
    // RegisterImporters must recognise it by name and add nothing.
    Assimp::Importer importer;
    importer.RegisterLoader(new SameNameImporter(*firstDesc));
    const size_t before = importer.GetImporterCount();
    agf::RegisterImporters(importer);
    EXPECT_EQ(importer.GetImporterCount(), before);

    // On a plain Importer it adds every format.
    Assimp::Importer plain;
    const size_t plainBefore = plain.GetImporterCount();
    agf::RegisterImporters(plain);
    EXPECT_EQ(plain.GetImporterCount(), plainBefore + agf::ListFormats().size());
}

// InstallExporters keeps Assimp's entries in a process-wide table: run it in a child process
// so that the other tests' private Exporters keep Assimp's real writers.
TEST(BuiltIn, InstallExportersPutsOurWritersInPlaceOfAssimpsAndKeepsAssimpsForThem) {
    const auto child = [] {
        std::vector<Assimp::Exporter::ExportFormatEntry> table = {
            {"obj", "Wavefront OBJ format", "obj", &StockWriterForTest},
            {"fbx", "stock fbx writer (test)", "fbx", &StockWriterForTest},
            {"collada", "stock collada writer (test)", "dae", &StockWriterForTest},
        };
        agf::InstallExporters(table);
        bool ok = table.size() > 3 && std::strcmp(table[0].mDescription.id, "obj") == 0 &&
                  table[0].mExportFunction == &StockWriterForTest &&
                  std::strcmp(table[1].mDescription.id, "fbx") == 0 &&
                  table[1].mExportFunction == &agf::ExportFbxBinary &&
                  std::strcmp(table[2].mDescription.id, "collada") == 0 &&
                  table[2].mExportFunction == &agf::ExportCollada;
        bool hasPsk = false;
        for (const auto &entry : table) {
            hasPsk = hasPsk || std::strcmp(entry.mDescription.id, "psk") == 0;
        }
        ok = ok && hasPsk;
        // A private Exporter, as our writers make, gets Assimp's entries back; other ids stay.
        Assimp::Exporter exporter;
        agf::UseStockWriter(exporter, "fbx");
        agf::UseStockWriter(exporter, "glb2");
        const char *fbx = DescriptionOf(exporter, "fbx");
        const char *glb = DescriptionOf(exporter, "glb2");
        ok = ok && fbx != nullptr && std::strcmp(fbx, "stock fbx writer (test)") == 0 &&
             glb != nullptr && std::strstr(glb, "GL Transmission Format") != nullptr;
        std::fprintf(stderr, "%s\n", ok ? "installed" : "wrong table");
        std::exit(ok ? 0 : 1);
    };
    EXPECT_EXIT(child(), ::testing::ExitedWithCode(0), "installed");
}

TEST(BuiltIn, UseStockWriterChangesNothingOutsideLibassimp) {
    // Nothing was installed in this process: the built-in writers stay Assimp's own.
    Assimp::Exporter exporter;
    const size_t count = exporter.GetExportFormatCount();
    agf::UseStockWriter(exporter, "fbx");
    EXPECT_EQ(exporter.GetExportFormatCount(), count);
    const char *fbx = DescriptionOf(exporter, "fbx");
    ASSERT_NE(fbx, nullptr);
    EXPECT_STREQ(fbx, "Autodesk FBX (binary)");
}
