// Damaged PBO archives lose only their damaged entries (docs/specs/pbo.md, "Damage"): cut
// anywhere, with every single bit of the header and entry table flipped, with records the
// reader cannot use, and with compressed data that does not unpack. Each loss is a typed
// warning. The archives are generated with exactly known content (PboWriter.h) and read from
// memory.
#include "utPboSupport.h"

#include "Common/ImportError.h"
#include "Common/Warnings.h"
#include "Pbo/PboArchive.h"
#include "Pbo/PboFileSystem.h"

#include "../fuzz/FuzzImportCase.h"

namespace {

using agf::WarningKind;
using agf::pbo::PboArchive;
using agf::testgen::pbo::PboEntrySpec;
using agf::testgen::pbo::PboSpec;
using agf::testgen::pbo::PboWrittenLayout;
using agf::testgen::pbo::WritePbo;
using Packing = PboEntrySpec::Packing;

std::vector<uint8_t> Bytes(const std::string &text) {
    return std::vector<uint8_t>(text.begin(), text.end());
}

/** Six stored entries whose records hold both sizes (as Mikero's tools write them, and every
 *  real archive of the samples); no two names one bit apart, no data starting with a zero. */
PboSpec SixStoredEntries() {
    PboSpec spec;
    spec.properties = {{"prefix", "x\\agf\\damage"}, {"version", "7"}};
    spec.entries = {
        {"alpha.p3d", Bytes("MLOD alpha, not a real model")},
        {"data\\bravo_co.paa", Bytes("PAA bravo bytes")},
        {"charlie.rvmat", Bytes("class Stage1 { texture = \"bravo_co.paa\"; };")},
        {"delta\\echo.txt", Bytes("echo echo echo echo")},
        {"foxtrot.bin", std::vector<uint8_t>(300, 0x5A)},
        {"golf.cfg", Bytes("golf = 1;")},
    };
    return spec;
}

/** An archive read from bytes held in memory, or the error that refused it. */
struct Opened {
    std::unique_ptr<agf::fuzz::MemoryFileSystem> files;
    std::unique_ptr<PboArchive> archive;
    std::string error;
};

Opened Open(const std::vector<uint8_t> &bytes) {
    Opened opened;
    opened.files = std::make_unique<agf::fuzz::MemoryFileSystem>(
        std::map<std::string, std::vector<uint8_t>>{{"damaged.pbo", bytes}});
    try {
        opened.archive = std::make_unique<PboArchive>(*opened.files, "damaged.pbo");
    } catch (const agf::ImportError &error) {
        opened.error = error.what();
    }
    return opened;
}

/** How many of the spec's entries read back exactly, found by their own paths. */
size_t IntactEntries(const PboArchive &archive, const PboSpec &spec) {
    size_t intact = 0;
    for (const PboEntrySpec &entry : spec.entries) {
        const agf::pbo::PboEntry *found = archive.find(entry.name);
        try {
            intact += found != nullptr && archive.readEntry(*found) == entry.bytes;
        } catch (const agf::ImportError &) {
        }
    }
    return intact;
}

bool Intact(const PboArchive &archive, const PboEntrySpec &entry) {
    const agf::pbo::PboEntry *found = archive.find(entry.name);
    return found != nullptr && archive.readEntry(*found) == entry.bytes;
}

void SetU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
    for (int b = 0; b < 4; ++b) {
        bytes[offset + b] = static_cast<uint8_t>(value >> (8 * b));
    }
}

/** A record's fields: after its name and zero byte. */
size_t FieldsOf(const PboSpec &spec, const PboWrittenLayout &layout, size_t entry) {
    return layout.recordOffsets[entry] + spec.entries[entry].name.size() + 1;
}

TEST(PboDamage, ACutArchiveKeepsEveryEntryBeforeTheCut) {
    const PboSpec spec = SixStoredEntries();
    PboWrittenLayout layout;
    const std::vector<uint8_t> whole = WritePbo(spec, &layout);
    for (size_t cut = 1; cut < whole.size(); ++cut) {
        const std::vector<uint8_t> bytes(whole.begin(), whole.begin() + cut);
        const Opened opened = Open(bytes);
        if (cut < layout.dataStart) {
            // Without the whole table no entry's data can be located.
            EXPECT_TRUE(!opened.archive || opened.archive->entries().empty()) << cut;
            continue;
        }
        ASSERT_TRUE(opened.archive) << cut << ": " << opened.error;
        size_t whole_entries = 0;
        for (size_t i = 0; i < spec.entries.size(); ++i) {
            const bool before = layout.dataOffsets[i] + spec.entries[i].bytes.size() <= cut;
            whole_entries += before;
            EXPECT_EQ(Intact(*opened.archive, spec.entries[i]), before)
                << "cut at " << cut << ", " << spec.entries[i].name;
        }
        EXPECT_EQ(opened.archive->entries().size(), whole_entries) << cut;
        EXPECT_EQ(opened.archive->warnings().count(WarningKind::Truncated) > 0,
                  whole_entries < spec.entries.size())
            << cut;
        EXPECT_FALSE(opened.archive->layout().signedTrailer) << cut;
    }
}

TEST(PboDamage, EveryBitOfTheHeaderAndTableFlippedLosesAtMostOneEntry) {
    const PboSpec spec = SixStoredEntries();
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    size_t cases = 0;
    for (size_t offset = 0; offset < layout.dataStart; ++offset) {
        for (int bit = 0; bit < 8; ++bit) {
            bytes[offset] ^= static_cast<uint8_t>(1u << bit);
            const Opened opened = Open(bytes);
            bytes[offset] ^= static_cast<uint8_t>(1u << bit);
            ++cases;
            ASSERT_TRUE(opened.archive)
                << "bit " << bit << " of byte " << offset << ": " << opened.error;
            EXPECT_GE(IntactEntries(*opened.archive, spec), spec.entries.size() - 1)
                << "bit " << bit << " of byte " << offset;
            for (const agf::pbo::PboEntry &entry : opened.archive->entries()) {
                EXPECT_LE(entry.dataOffset + entry.dataSize, layout.dataEnd)
                    << "bit " << bit << " of byte " << offset << ": " << entry.name;
            }
        }
    }
    RecordProperty("cases", static_cast<int>(cases));
}

TEST(PboDamage, ADamagedDataSizeIsRepairedFromTheOriginalSize) {
    const PboSpec spec = SixStoredEntries();
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    SetU32(bytes, FieldsOf(spec, layout, 2) + 16, 0x00100000u | 44u); // a bit set far up
    const Opened opened = Open(bytes);
    ASSERT_TRUE(opened.archive) << opened.error;
    EXPECT_EQ(IntactEntries(*opened.archive, spec), spec.entries.size());
    const std::vector<agf::Warning> warnings = opened.archive->warnings().entries();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].kind, WarningKind::Inconsistent);
    EXPECT_EQ(warnings[0].structure, "entry charlie.rvmat");
    EXPECT_EQ(warnings[0].offset, layout.recordOffsets[2]);
    // A damaged original size: the data size is kept, with the same warning.
    bytes = WritePbo(spec, &layout);
    SetU32(bytes, FieldsOf(spec, layout, 4) + 4, 301);
    const Opened original = Open(bytes);
    ASSERT_TRUE(original.archive) << original.error;
    EXPECT_EQ(IntactEntries(*original.archive, spec), spec.entries.size());
    EXPECT_EQ(original.archive->warnings().count(WarningKind::Inconsistent), 1u);
}

TEST(PboDamage, UnusableRecordsAreLeftOutWithTheirKind) {
    PboSpec spec = SixStoredEntries();
    spec.entries.push_back({"..\\..\\escape.p3d", Bytes("outside")});
    spec.entries.push_back({"C:\\drive.p3d", Bytes("drive")});
    spec.entries.push_back({"ALPHA.P3D", Bytes("second alpha")});
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    SetU32(bytes, FieldsOf(spec, layout, 1), 0x456e6372); // "Encr"
    SetU32(bytes, FieldsOf(spec, layout, 3), 0x12345678); // unknown method
    const Opened opened = Open(bytes);
    ASSERT_TRUE(opened.archive) << opened.error;
    const agf::Warnings &warnings = opened.archive->warnings();
    EXPECT_EQ(warnings.count(WarningKind::Unsupported), 1u);
    EXPECT_EQ(warnings.count(WarningKind::Unknown), 1u);
    EXPECT_EQ(warnings.count(WarningKind::InvalidValue), 2u);
    EXPECT_EQ(warnings.count(WarningKind::Duplicate), 1u);
    EXPECT_EQ(opened.archive->layout().lostEntries, 5u);
    for (size_t i : {0u, 2u, 4u, 5u}) {
        EXPECT_TRUE(Intact(*opened.archive, spec.entries[i])) << spec.entries[i].name;
    }
    EXPECT_EQ(opened.archive->find("data/bravo_co.paa"), nullptr);
    EXPECT_EQ(opened.archive->entries().size(), 4u);
}

TEST(PboDamage, ANameThatRunsIntoItsRecordLosesThatEntryOnly) {
    const PboSpec spec = SixStoredEntries();
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    // The zero byte that ends "delta\echo.txt" becomes 0x01: the name runs into its sizes.
    bytes[FieldsOf(spec, layout, 3) - 1] = 0x01;
    const Opened opened = Open(bytes);
    ASSERT_TRUE(opened.archive) << opened.error;
    EXPECT_EQ(opened.archive->entries().size(), 5u);
    EXPECT_FALSE(Intact(*opened.archive, spec.entries[3]));
    EXPECT_EQ(IntactEntries(*opened.archive, spec), 5u);
    const std::vector<agf::Warning> warnings = opened.archive->warnings().entries();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].kind, WarningKind::InvalidValue);
    EXPECT_EQ(warnings[0].offset, layout.recordOffsets[3]);
    EXPECT_EQ(opened.archive->prefix(), "x/agf/damage");
}

TEST(PboDamage, ADataSizeWithoutAnOriginalSizeLosesItsEntryAndThoseAfterIt) {
    // Where a record does not hold its original size, nothing tells which size is damaged:
    // the entries are located from the table on, and those that then end past the data are
    // lost.
    PboSpec spec = SixStoredEntries();
    for (PboEntrySpec &entry : spec.entries) {
        entry.packing = Packing::StoredNoOriginal;
    }
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    SetU32(bytes, FieldsOf(spec, layout, 3) + 16, 0x80000000u | 19u);
    const Opened opened = Open(bytes);
    ASSERT_TRUE(opened.archive) << opened.error;
    for (size_t i = 0; i < spec.entries.size(); ++i) {
        EXPECT_EQ(Intact(*opened.archive, spec.entries[i]), i < 3) << spec.entries[i].name;
    }
    EXPECT_EQ(opened.archive->warnings().count(WarningKind::Truncated), 1u + 3u);
}

TEST(PboDamage, CompressedDataThatDoesNotUnpackLosesThatEntryWhenRead) {
    PboSpec spec = SixStoredEntries();
    spec.entries[4].packing = Packing::Lzss;
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    bytes[layout.dataOffsets[4] + layout.dataSizes[4] - 1] ^= 0x40; // its checksum
    agf::pbo::PboFileSystem files(std::make_unique<agf::fuzz::MemoryFileSystem>(
        std::map<std::string, std::vector<uint8_t>>{{"damaged.pbo", bytes}}));
    EXPECT_TRUE(files.Exists("damaged.pbo/foxtrot.bin"));
    EXPECT_EQ(files.Open("damaged.pbo/foxtrot.bin", "rb"), nullptr);
    Assimp::IOStream *golf = files.Open("damaged.pbo/golf.cfg", "rb");
    ASSERT_NE(golf, nullptr);
    files.Close(golf);
    agf::Warnings warnings;
    files.takeWarnings(warnings);
    const std::vector<agf::Warning> entries = warnings.entries();
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].kind, WarningKind::UnreadableFile);
    EXPECT_EQ(entries[0].structure, "entry foxtrot.bin");
    // Taken once.
    agf::Warnings again;
    files.takeWarnings(again);
    EXPECT_TRUE(again.empty());
}

TEST(PboDamage, ImportWarningsNameTheDamageOfTheArchiveAModelCameFrom) {
    PboSpec spec = agf::testgen::pbo::ModelsPboSpec();
    spec.entries.push_back({"lost.p3d", Bytes("lost"), Packing::Stored});
    PboWrittenLayout layout;
    std::vector<uint8_t> bytes = WritePbo(spec, &layout);
    SetU32(bytes, FieldsOf(spec, layout, 4), 0x12345678); // lost.p3d: unknown method
    const std::filesystem::path dir = agf::test::ScratchDir("pbo_damage_import");
    agf::test::WriteBytes(dir / "damaged.pbo", bytes);
    const auto result = agf::test::ImportValidated(
        (dir / "damaged.pbo").string() + "/triangle.p3d",
        [](Assimp::Importer &importer) { importer.SetIOHandler(agf::NewPboIOSystem()); });
    ASSERT_NE(result.scene, nullptr) << result.error;
    EXPECT_EQ(result.scene->mNumTextures, 1u);
    const std::vector<agf::Warning> warnings = agf::LastImportWarnings(*result.importer);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].kind, WarningKind::Unknown);
    EXPECT_EQ(warnings[0].file, "damaged.pbo");
    EXPECT_EQ(warnings[0].structure, "entry lost.p3d");
}

} // namespace
