// Allocation bounds for hostile input (DEVELOPERS.md, "Hostile input"): small files that claim
// huge counts fail at once without allocating for them; every generated model and sample
// imports within AllocationBound(file size); node trees deeper than kMaxNodeDepth are refused.
// Peaks are measured with the counting operator new of AllocationCounter.cpp, in the normal
// build and under the sanitizers alike.
#include "AllocationCounter.h"
#include "TestSupport.h"

#include "GeneratedModels.h"
#include "P3dHostileModels.h"
#include "PboWriter.h"
#include "PskModels.h"
#include "UeFormatWriter.h"

#include "Common/BinaryReader.h"
#include "Common/ImportError.h"
#include "Common/Lzss.h"
#include "Common/SceneBuilder.h"

#include "../fuzz/FuzzImportCase.h"
#include "../fuzz/FuzzPboCase.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <iomanip>
#include <sstream>

namespace {

using agf::test::AllocationBound;
using agf::test::AllocationPeak;

/** What a file may allocate when it fails in its first bytes: the importer's own bookkeeping
 *  (scene shell, error message, Assimp's logging strings), nothing proportional to a count. */
constexpr size_t kFailFastBytes = 64u << 10;

struct MeasuredImport {
    bool imported = false;
    std::string error;
    size_t peakBytes = 0;
};

MeasuredImport MeasureImport(const std::vector<uint8_t> &bytes, const std::string &extension) {
    auto importer = agf::test::MakeImporter();
    MeasuredImport result;
    AllocationPeak peak;
    const aiScene *scene = importer->ReadFileFromMemory(
        bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, extension.c_str());
    result.peakBytes = peak.peakBytes();
    result.imported = scene != nullptr;
    if (scene == nullptr) {
        result.error = importer->GetErrorString();
    }
    return result;
}

class Bytes {
public:
    Bytes &u32(uint32_t value) {
        for (int shift = 0; shift < 32; shift += 8) {
            mData.push_back(static_cast<uint8_t>(value >> shift));
        }
        return *this;
    }
    Bytes &text(const char *value, size_t field) {
        const size_t length = std::strlen(value);
        for (size_t i = 0; i < field; ++i) {
            mData.push_back(i < length ? static_cast<uint8_t>(value[i]) : 0);
        }
        return *this;
    }
    /** An ActorX chunk header: 20-byte id, type flag, record size, record count. */
    Bytes &chunk(const char *id, uint32_t recordSize, uint32_t recordCount) {
        return text(id, 20).u32(20100422).u32(recordSize).u32(recordCount);
    }
    /** Pads with zeros to `size` bytes. */
    std::vector<uint8_t> padded(size_t size) const {
        std::vector<uint8_t> out = mData;
        out.resize(std::max(size, out.size()), 0);
        return out;
    }

private:
    std::vector<uint8_t> mData;
};

struct HostileFile {
    std::string name;
    std::string extension;
    std::vector<uint8_t> bytes;
};

// 2^31 - 1: ActorX reads counts as int32, and a negative count is a different path (the chunk
// walk stops there with a warning and keeps what came before; tested by the sweep).
constexpr uint32_t kHuge = 0x7FFFFFFFu;

/** UEFormat files of a few dozen bytes: an attribute set, arrays at every level, a string and
 *  a compressed body, each claiming 2^31 - 1 of something. */
void AppendUeFormatFiles(std::vector<HostileFile> &files) {
    namespace ue = agf::testgen::ueformat;
    const auto file = [](const char *identifier, uint8_t version, std::vector<uint8_t> body,
                         const char *compression = "", int64_t declared = -1) {
        ue::FileOptions options;
        options.version = version;
        options.compression = compression;
        options.declaredSize = declared;
        return ue::WriteUeFile(identifier, body, options);
    };
    const auto huge = [](agf::ByteWriter &out) { out.u32(kHuge); };
    const auto set = [](uint8_t version, const std::function<void(ue::SetWriter &)> &fill) {
        ue::SetWriter writer(version);
        fill(writer);
        return writer.bytes();
    };
    files.push_back({"UEMODEL 2^31-1 attributes", "uemodel",
                     file("UEMODEL", 10, Bytes().u32(kHuge).padded(16))});
    files.push_back(
        {"UEMODEL LODS x 2^31-1", "uemodel",
         file("UEMODEL", 10, set(10, [&](ue::SetWriter &w) { w.part("LODS", huge); }))});
    files.push_back({"UEMODEL VERTICES x 2^31-1", "uemodel",
                     file("UEMODEL", 10, set(10, [&](ue::SetWriter &w) {
                              w.array("LODS", 1, [&](agf::ByteWriter &out) {
                                  ue::WriteFString(out, "LOD0");
                                  const std::vector<uint8_t> lod =
                                      set(10, [&](ue::SetWriter &l) { l.part("VERTICES", huge); });
                                  out.bytes(lod.data(), lod.size());
                              });
                          }))});
    files.push_back(
        {"UEMODEL version 3 INDICES section x 2^31-1", "uemodel",
         file("UEMODEL", 3, Bytes().u32(7).text("INDICES", 7).u32(kHuge).u32(8).padded(24))});
    files.push_back({"UEMODEL name of 2^31-1 bytes", "uemodel",
                     file("UEMODEL", 10, Bytes().u32(1).u32(kHuge).padded(16))});
    files.push_back({"UEMODEL ZSTD declaring 2^31-1 bytes", "uemodel",
                     file("UEMODEL", 10, std::vector<uint8_t>(16, 0), "ZSTD", kHuge)});
    files.push_back({"UEMODEL GZIP declaring 2^31-1 bytes", "uemodel",
                     file("UEMODEL", 10, std::vector<uint8_t>(16, 0), "GZIP", kHuge)});
    files.push_back(
        {"UEANIM TRACKS x 2^31-1", "ueanim",
         file("UEANIM", 10, set(10, [&](ue::SetWriter &w) { w.part("TRACKS", huge); }))});
    files.push_back({"UEANIM position keys x 2^31-1", "ueanim",
                     file("UEANIM", 10, set(10, [&](ue::SetWriter &w) {
                              w.array("TRACKS", 1, [&](agf::ByteWriter &out) {
                                  ue::WriteFString(out, "Root");
                                  out.u32(kHuge);
                              });
                          }))});
    files.push_back(
        {"UEPOSE POSES x 2^31-1", "uepose",
         file("UEPOSE", 10, set(10, [&](ue::SetWriter &w) { w.part("POSES", huge); }))});
}

std::vector<HostileFile> SmallFilesClaimingHugeCounts() {
    std::vector<HostileFile> files;
    const struct {
        const char *id;
        uint32_t recordSize;
    } pskChunks[] = {{"PNTS0000", 12},   {"VTXW0000", 16},     {"FACE0000", 12},
                     {"FACE3200", 18},   {"MATT0000", 88},     {"REFSKELT", 120},
                     {"RAWWEIGHTS", 12}, {"VTXNORMS", 12},     {"VERTEXCOLOR", 4},
                     {"EXTRAUV0", 8},    {"MORPHTARGET0", 16}, {"SKELSOCK", 164}};
    for (const auto &chunk : pskChunks) {
        files.push_back(
            {std::string("PSK ") + chunk.id + " x 2^31-1", "psk",
             Bytes().chunk("ACTRHEAD", 0, 0).chunk(chunk.id, chunk.recordSize, kHuge).padded(64)});
    }
    files.push_back({"PSK PNTS0000 record size 2^31-1", "psk",
                     Bytes().chunk("ACTRHEAD", 0, 0).chunk("PNTS0000", kHuge, 1).padded(64)});
    files.push_back(
        {"PSK PNTS0000 size x count wraps 2^32", "psk",
         Bytes().chunk("ACTRHEAD", 0, 0).chunk("PNTS0000", 0x10000, 0x10000).padded(64)});
    for (const char *id : {"BONENAMES", "ANIMINFO", "ANIMKEYS", "SCALEKEYS"}) {
        files.push_back({std::string("PSA ") + id + " x 2^31-1", "psa",
                         Bytes().chunk("ANIMHEAD", 0, 0).chunk(id, 32, kHuge).padded(64)});
    }
    for (const char *id : {"BONENAMES", "SEQUENCES", "POSTRACK", "ROTTRACK", "SCLTRACK"}) {
        files.push_back({std::string("PSAX ") + id + " x 2^31-1", "psax",
                         Bytes().chunk("ANIXHEAD", 0, 0).chunk(id, 16, kHuge).padded(64)});
    }
    for (const char *id : {"WORLDACTORS", "WORLDLIGHTS", "LANDSCAPE", "INSTMATERIAL"}) {
        files.push_back({std::string("PSW ") + id + " x 2^31-1", "psw",
                         Bytes().chunk("WRLDHEAD", 0, 0).chunk(id, 16, kHuge).padded(64)});
    }
    files.push_back(
        {"MLOD 2^31 LODs", "p3d", Bytes().text("MLOD", 4).u32(0x101).u32(kHuge).padded(64)});
    files.push_back(
        {"P3DM 2^31 points", "p3d",
         Bytes().text("P3DM", 4).u32(28).u32(0x100).u32(kHuge).u32(0).u32(0).u32(0).padded(64)});
    files.push_back(
        {"P3DM 2^31 faces", "p3d",
         Bytes().text("P3DM", 4).u32(28).u32(0x100).u32(0).u32(0).u32(kHuge).u32(0).padded(64)});
    files.push_back(
        {"SP3X 2^31 normals", "p3d",
         Bytes().text("SP3X", 4).u32(28).u32(0x100).u32(0).u32(kHuge).u32(0).u32(0).padded(64)});
    files.push_back(
        {"ODOL v40 2^31 LODs", "p3d", Bytes().text("ODOL", 4).u32(40).u32(kHuge).padded(64)});
    files.push_back(
        {"ODOL v7 2^31 LODs", "p3d", Bytes().text("ODOL", 4).u32(7).u32(kHuge).padded(64)});
    files.push_back({"FXM 2^31 joints", "fxm", Bytes().u32(1).u32(1).u32(kHuge).padded(64)});
    files.push_back({"FXM 60000 joints", "fxm", Bytes().u32(1).u32(1).u32(60000).padded(64)});
    files.push_back({"MOT 2^31 tracks", "mot", Bytes().text("", 28).u32(kHuge).padded(64)});
    files.push_back({"MOT 1000 tracks", "mot", Bytes().text("", 28).u32(1000).padded(64)});
    files.push_back({"ANB 2^31 frames", "anb", Bytes().u32(kHuge).u32(1).padded(64)});
    files.push_back(
        {"ANB 2^31 vertices", "anb", Bytes().u32(2).u32(1).u32(kHuge).u32(0).u32(0).padded(64)});
    files.push_back(
        {"ANB 2^31 faces", "anb", Bytes().u32(2).u32(1).u32(0).u32(0).u32(kHuge).padded(64)});
    // Frames of 0 bytes: no vertex anywhere for them to move.
    files.push_back(
        {"ANB 2^20 frames, no vertices", "anb", Bytes().u32(1u << 20).u32(1).padded(64)});
    AppendUeFormatFiles(files);
    return files;
}

/** An allocation nothing looks at may be left out by the compiler (clang with libc++ does): a
 *  block whose address is stored here is kept. */
uint8_t *volatile gEscapedBlock = nullptr;

std::string ExtensionOf(const std::string &path) {
    const size_t dot = path.find_last_of('.');
    return dot == std::string::npos ? std::string() : path.substr(dot + 1);
}

} // namespace

TEST(AllocationBounds, CounterSeesOurAndAssimpsAllocations) {
    AllocationPeak vectorPeak;
    {
        std::vector<uint8_t> block(1u << 20, 1);
        gEscapedBlock = block.data();
    }
    EXPECT_GE(vectorPeak.peakBytes(), size_t(1) << 20);

    // The Importer's constructor allocates its loaders inside libassimp: the hook must see
    // allocations made by the library, or the import bounds below would measure nothing.
    AllocationPeak importerPeak;
    { Assimp::Importer importer; }
    EXPECT_GT(importerPeak.allocationCount(), 20u);
    EXPECT_GT(importerPeak.peakBytes(), 1000u);
}

TEST(AllocationBounds, SmallFilesClaimingHugeCountsFailWithoutAllocating) {
    for (const HostileFile &file : SmallFilesClaimingHugeCounts()) {
        const MeasuredImport result = MeasureImport(file.bytes, file.extension);
        EXPECT_FALSE(result.imported) << file.name;
        EXPECT_TRUE(agf::fuzz::IsCleanRefusal(result.error)) << file.name << ": " << result.error;
        EXPECT_LE(result.peakBytes, kFailFastBytes)
            << file.name << " (" << file.bytes.size() << " bytes) allocated " << result.peakBytes
            << " bytes: " << result.error;
    }
}

TEST(AllocationBounds, LzssRefusesAnOutputSizeTheInputCannotProduce) {
    const std::vector<uint8_t> stream(64, 0xFF);
    agf::BinaryReader reader(stream.data(), stream.size(), "huge.lzss");
    std::vector<uint8_t> output;
    AllocationPeak peak;
    EXPECT_THROW(agf::LzssDecode(reader, size_t(1) << 31, output), agf::ImportError);
    EXPECT_LE(peak.peakBytes(), kFailFastBytes);
    EXPECT_LT(output.capacity(), size_t(1) << 20);
}

TEST(AllocationBounds, PboArchivesClaimingHugeEntriesAllocateNothingForThem) {
    using agf::testgen::pbo::PboEntrySpec;
    agf::testgen::pbo::PboSpec spec;
    spec.properties = {{"prefix", "x\\huge"}};
    spec.entries = {{"a.txt", {'a'}},
                    {"huge.bin", {'h'}},
                    {"packed.bin", std::vector<uint8_t>(64, 'p'), PboEntrySpec::Packing::Lzss}};
    agf::testgen::pbo::PboWrittenLayout layout;
    std::vector<uint8_t> bytes = agf::testgen::pbo::WritePbo(spec, &layout);
    auto set = [&bytes](size_t offset, uint32_t value) {
        for (int b = 0; b < 4; ++b) {
            bytes[offset + b] = static_cast<uint8_t>(value >> (8 * b));
        }
    };
    // huge.bin: 4 GB stored (both sizes); packed.bin: unpacks to 4 GB.
    set(layout.recordOffsets[1] + 9 + 4, 0xFFFFFFF0u);
    set(layout.recordOffsets[1] + 9 + 16, 0xFFFFFFF0u);
    set(layout.recordOffsets[2] + 11 + 4, 0xFFFFFFFFu);
    AllocationPeak peak;
    const agf::fuzz::PboCaseResult result = agf::fuzz::RunPboCase(bytes.data(), bytes.size());
    EXPECT_LE(peak.peakBytes(), kFailFastBytes);
    EXPECT_EQ(result.broken, nullptr) << result.broken;
    EXPECT_TRUE(result.opened);
    EXPECT_EQ(result.entries, 1u) << "only a.txt is left";
}

TEST(AllocationBounds, EveryPboArchiveOpensAndReadsWithinTheBound) {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> archives;
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        if (ExtensionOf(model.relativePath) == "pbo") {
            archives.emplace_back(model.relativePath, model.make());
        }
    }
    const std::filesystem::path sample = agf::test::SamplePath("p3d/pbo/cba_optics.pbo");
    if (!sample.empty()) {
        archives.emplace_back("samples/p3d/pbo/cba_optics.pbo", agf::test::ReadBytes(sample));
    }
    EXPECT_GE(archives.size(), agf::test::SamplesRequired() ? 3u : 2u);
    for (const auto &[name, bytes] : archives) {
        AllocationPeak peak;
        const agf::fuzz::PboCaseResult result = agf::fuzz::RunPboCase(bytes.data(), bytes.size());
        EXPECT_EQ(result.broken, nullptr) << name << ": " << result.broken;
        EXPECT_TRUE(result.opened) << name;
        EXPECT_LE(peak.peakBytes(), AllocationBound(bytes.size()))
            << name << " (" << bytes.size() << " bytes)";
    }
}

TEST(AllocationBounds, EveryModelAndSampleImportsWithinTheBound) {
    struct Input {
        std::string name;
        std::vector<uint8_t> bytes;
        bool generated = false; ///< ours, with known content: it must import...
        bool damaged = false;   ///< ...unless it is damaged on purpose: then it must fail
    };
    std::vector<Input> inputs;
    auto ours = [](const std::string &extension) {
        for (const agf::FormatInfo &format : agf::ListFormats()) {
            if (!extension.empty() &&
                (" " + format.extensions + " ").find(" " + extension + " ") != std::string::npos) {
                return true;
            }
        }
        return false;
    };
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        if (ours(ExtensionOf(model.relativePath))) {
            inputs.push_back({model.relativePath, model.make(), true, model.damaged});
        }
    }
    for (const char *folder : {"actorx", "p3d", "fxm"}) {
        const std::filesystem::path dir = agf::test::SamplesDir() / folder;
        if (!std::filesystem::is_directory(dir)) {
            EXPECT_FALSE(agf::test::SamplesRequired()) << dir << " is missing";
            continue;
        }
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            const std::string extension = ExtensionOf(entry.path().filename().string());
            if (ours(extension)) {
                inputs.push_back({std::string(folder) + "/" + entry.path().filename().string(),
                                  agf::test::ReadBytes(entry.path()), false, false});
            }
        }
    }
    double worstRatio = 0;
    std::ostringstream table;
    for (const Input &input : inputs) {
        const MeasuredImport result = MeasureImport(input.bytes, ExtensionOf(input.name));
        const double ratio = double(result.peakBytes) / double(input.bytes.size());
        worstRatio = std::max(worstRatio, ratio);
        table << std::setw(48) << std::left << input.name << std::right << std::setw(9)
              << input.bytes.size() << " bytes, peak " << std::setw(10) << result.peakBytes << " ("
              << std::fixed << std::setprecision(1) << ratio << " x)"
              << (result.imported ? "" : "  failed: " + result.error) << "\n";
        EXPECT_LE(result.peakBytes, AllocationBound(input.bytes.size()))
            << input.name << " (" << input.bytes.size() << " bytes)";
        if (input.generated) {
            EXPECT_EQ(result.imported, !input.damaged) << input.name << ": " << result.error;
        }
    }
    std::cout << table.str();
    RecordProperty("worst_peak_per_input_byte", std::to_string(worstRatio));
}

TEST(AllocationBounds, P3dStructuresRepeatedAtLittleCostImportWithinTheBound) {
    // Each of these structures costs the file a few bytes and the import a whole LOD or a
    // whole vertex copy: what exceeds the limits is left out, and the rest imports.
    namespace gen = agf::testgen::p3d;
    const std::pair<std::string, std::vector<uint8_t>> files[] = {
        {"ODOL v50, 2000 directory entries on one 900-vertex body",
         gen::OdolDirectorySharingOneBody(2000, 30)},
        {"ODOL v40, 5000 empty UV sets of 900 vertices", gen::OdolWithEmptyUvSets(40, 5000, 30)},
        {"ODOL v50, 2000 empty UV sets of 900 vertices", gen::OdolWithEmptyUvSets(50, 2000, 30)},
        {"MLOD, 1000 frames of 6000 vertices", gen::MlodFramesOfSplitCorners(2000, 1000)},
        {"MLOD, 1000 UV sets of one triangle among 3000 points",
         gen::MlodUvSetsOfOneTriangle(3000, 1000)},
        {"MLOD, 8000 selections of one point", gen::MlodSelectionsOfOnePoint(8000, false)},
        {"MLOD, 8000 selections of one point, all named alike",
         gen::MlodSelectionsOfOnePoint(8000, true)},
        {"ODOL v50, 8000 named properties", gen::OdolWithNamedProperties(50, 8000)},
    };
    for (const auto &[name, bytes] : files) {
        const MeasuredImport result = MeasureImport(bytes, "p3d");
        EXPECT_TRUE(result.imported) << name << ": " << result.error;
        EXPECT_LE(result.peakBytes, AllocationBound(bytes.size()))
            << name << " (" << bytes.size() << " bytes)";
        std::cout << name << ": " << bytes.size() << " bytes, peak " << result.peakBytes << "\n";
    }
}

TEST(AllocationBounds, NodeTreesDeeperThanTheLimitAreRefused) {
    // One triangle and a chain of bones, each the child of the one before.
    auto chain = [](size_t bones) {
        agf::testgen::psk::PskContent content;
        content.points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        content.wedges = {{0, 0, 0, 0}, {1, 1, 0, 0}, {2, 0, 1, 0}};
        content.faces = {{{0, 1, 2}, 0, 0}};
        content.materials = {{"Material", 0}};
        for (size_t b = 0; b < bones; ++b) {
            content.bones.push_back({"bone" + std::to_string(b),
                                     b == 0 ? 0 : static_cast<int32_t>(b - 1),
                                     {0, 0, 0, 1},
                                     {0, 0, 1}});
        }
        return agf::testgen::psk::WritePsk(content);
    };
    const MeasuredImport within = MeasureImport(chain(agf::kMaxNodeDepth - 8), "psk");
    EXPECT_TRUE(within.imported) << within.error;
    const MeasuredImport beyond = MeasureImport(chain(agf::kMaxNodeDepth + 8), "psk");
    EXPECT_FALSE(beyond.imported);
    EXPECT_NE(beyond.error.find("deeper than"), std::string::npos) << beyond.error;
}

TEST(AllocationBounds, PoserBracesDeeperThanTheLimitAreRefused) {
    // A pose whose braces nest 100000 levels: the tokenizer stops at kMaxPoserNesting (256)
    // instead of recursing or keeping a stack per level.
    std::string text = "{\nversion { number 4.01 }\n";
    for (int level = 0; level < 100000; ++level) {
        text += "actor a {\n";
    }
    const std::vector<uint8_t> bytes(text.begin(), text.end());
    const MeasuredImport result = MeasureImport(bytes, "pz2");
    EXPECT_FALSE(result.imported);
    EXPECT_NE(result.error.find("nested deeper than"), std::string::npos) << result.error;
    EXPECT_LE(result.peakBytes, AllocationBound(bytes.size()));
}
