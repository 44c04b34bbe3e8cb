// A deterministic sweep of damaged inputs: every generated test model and every sample,
// truncated at many cut points, with single bytes corrupted near the start (where headers
// live), 32-bit words set to huge values across the file (where counts live), and single bits
// flipped in header and count fields. Each case must either import a scene that passes
// Assimp's validation or fail with one of our error messages, within a time bound that only
// catches a hang (kCaseSecondsLimit, minutes) and a memory bound
// (AllocationBound of the input size, measured by the counting operator new of
// AllocationCounter.cpp, so it holds under the sanitizers too). A crash or a sanitizer report
// fails the test.
#include "AllocationCounter.h"
#include "TestSupport.h"

#include "GeneratedModels.h"

#include "../fuzz/FuzzImportCase.h"
#include "../fuzz/FuzzPboCase.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>

namespace {

struct SweepInput {
    std::string name;
    std::string extension;
    std::vector<uint8_t> bytes;
};

std::string ExtensionOf(const std::string &path) {
    const size_t dot = path.find_last_of('.');
    return dot == std::string::npos ? std::string() : path.substr(dot + 1);
}

// True for the extensions our importers register, and PBO archives, which are read by their
// own reader (side files such as model.cfg, .config or heightmap PNGs are swept through the
// format that reads them, not on their own).
bool IsOurExtension(const std::string &extension) {
    if (extension == "pbo") {
        return true;
    }
    for (const agf::FormatInfo &format : agf::ListFormats()) {
        const std::string list = " " + format.extensions + " ";
        if (!extension.empty() && list.find(" " + extension + " ") != std::string::npos) {
            return true;
        }
    }
    return false;
}

constexpr const char *kGeneratedPrefix = "generated/";
constexpr const char *kSamplesPrefix = "samples/";

std::string LowerExtensionOf(const std::string &path) {
    std::string extension = ExtensionOf(path);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

/** Every input the sweep damages, by name: "generated/<model path>" for the generated test
 *  models and "samples/<path>" for the shared samples (every folder) present when the tests are
 *  listed. Each becomes its own test case, so that ctest runs them in parallel and gives each
 *  its own timeout. */
std::vector<std::string> SweepInputNames() {
    std::vector<std::string> names;
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        if (IsOurExtension(ExtensionOf(model.relativePath))) {
            names.push_back(kGeneratedPrefix + model.relativePath);
        }
    }
    const std::filesystem::path samples = agf::test::SamplesDir();
    if (std::filesystem::is_directory(samples)) {
        for (const auto &entry : std::filesystem::recursive_directory_iterator(samples)) {
            if (entry.is_regular_file() &&
                IsOurExtension(LowerExtensionOf(entry.path().filename().string()))) {
                names.push_back(kSamplesPrefix +
                                entry.path().lexically_relative(samples).generic_string());
            }
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

SweepInput LoadSweepInput(const std::string &name) {
    SweepInput input{name, LowerExtensionOf(name), {}};
    if (name.rfind(kSamplesPrefix, 0) == 0) {
        input.bytes =
            agf::test::ReadBytes(agf::test::SamplesDir() / name.substr(strlen(kSamplesPrefix)));
        return input;
    }
    const std::string path = name.substr(strlen(kGeneratedPrefix));
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        if (model.relativePath == path) {
            input.bytes = model.make();
        }
    }
    return input;
}

/** A name gtest accepts as a parameter name: letters, digits and underscores. */
std::string ParameterName(const testing::TestParamInfo<std::string> &info) {
    std::string name = info.param;
    for (char &c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            c = '_';
        }
    }
    return name;
}

// Cut points: every byte for small files, otherwise the first 256 bytes and ~300 spread over
// the rest.
std::vector<size_t> CutPoints(size_t size) {
    std::vector<size_t> cuts;
    if (size <= 4096) {
        for (size_t cut = 0; cut < size; ++cut) {
            cuts.push_back(cut);
        }
        return cuts;
    }
    for (size_t cut = 0; cut < 256; ++cut) {
        cuts.push_back(cut);
    }
    for (size_t k = 0; k < 300; ++k) {
        cuts.push_back(256 + (size - 256) * k / 300);
    }
    return cuts;
}

// A hang detector, not a speed test: a case of a few hundred KB takes milliseconds, also under
// the sanitizers; two minutes are reached only by a loop that runs away, however loaded the
// machine.
constexpr double kCaseSecondsLimit = 120.0;

constexpr const char *kNoMessage = "<failed without an error message>";

// Opens a PBO archive made of the first `size` bytes, reads every entry it lists and imports
// its first model (fuzz/FuzzPboCase.h); returns "" when the archive opened, else a refusal.
// Records a test failure when the reader breaks a promise, takes too long or allocates more
// than AllocationBound(size) at once.
std::string TryArchive(const std::vector<uint8_t> &bytes, size_t size, const std::string &what) {
    const auto start = std::chrono::steady_clock::now();
    agf::test::AllocationPeak peak;
    const agf::fuzz::PboCaseResult result = agf::fuzz::RunPboCase(bytes.data(), size);
    const size_t peakBytes = peak.peakBytes();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LE(seconds, kCaseSecondsLimit) << what;
    EXPECT_LE(peakBytes, agf::test::AllocationBound(size))
        << what << ": " << peakBytes << " bytes allocated for " << size << " bytes of input";
    EXPECT_EQ(result.broken, nullptr) << what << ": " << result.broken;
    return result.opened ? std::string() : "refused";
}

// Imports `bytes` (the first `size` of them) from memory; returns "" on success or the error
// message. Records a test failure when the case takes too long, allocates more than
// AllocationBound(size) at once, or fails with a message that is not ours.
std::string TryImport(const std::vector<uint8_t> &bytes, size_t size, const std::string &hint,
                      const std::string &what) {
    if (hint == "pbo") {
        return TryArchive(bytes, size, what);
    }
    auto importer = agf::test::MakeImporter();
    // ReadFileFromMemory refuses an empty buffer before any importer runs.
    static const uint8_t kZero = 0;
    const void *data = size == 0 ? &kZero : bytes.data();
    const auto start = std::chrono::steady_clock::now();
    agf::test::AllocationPeak peak;
    const aiScene *scene = importer->ReadFileFromMemory(
        data, std::max<size_t>(size, 1), aiProcess_ValidateDataStructure, hint.c_str());
    const size_t peakBytes = peak.peakBytes();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LE(seconds, kCaseSecondsLimit) << what;
    EXPECT_LE(peakBytes, agf::test::AllocationBound(size))
        << what << ": " << peakBytes << " bytes allocated for " << size << " bytes of input";
    if (scene != nullptr) {
        return std::string();
    }
    const std::string error = importer->GetErrorString();
    if (error.empty()) {
        return kNoMessage;
    }
    // Ours name the file, the structure and the offset ("...: PNTS0000 at byte 40: ...");
    // anything else is an exception that escaped a parser, or Assimp's validation. Assimp's
    // "No suitable reader" is fine for ".mot", which LightWave's importer claims too.
    EXPECT_TRUE(agf::fuzz::IsCleanRefusal(error)) << what << ": " << error;
    return error;
}

std::string Describe(const SweepInput &input, const std::string &change) {
    return input.name + " " + change;
}

bool IsActorXChunkFile(const std::vector<uint8_t> &bytes) {
    static const char *const kHeads[] = {"ACTRHEAD", "ANIMHEAD", "ANIXHEAD", "WRLDHEAD"};
    for (const char *head : kHeads) {
        if (bytes.size() >= 32 && std::memcmp(bytes.data(), head, std::strlen(head)) == 0) {
            return true;
        }
    }
    return false;
}

// Byte offsets of the DataSize and DataCount fields of every ActorX chunk header, found by
// walking the intact file (size * count bytes follow each 32-byte header).
std::vector<size_t> ActorXCountFieldOffsets(const std::vector<uint8_t> &bytes) {
    std::vector<size_t> offsets;
    size_t position = 0;
    while (position + 32 <= bytes.size()) {
        uint32_t dataSize = 0;
        uint32_t dataCount = 0;
        std::memcpy(&dataSize, bytes.data() + position + 24, 4);
        std::memcpy(&dataCount, bytes.data() + position + 28, 4);
        offsets.push_back(position + 24);
        offsets.push_back(position + 28);
        const uint64_t payload = uint64_t(dataSize) * dataCount;
        if (payload > bytes.size() - position - 32) {
            break;
        }
        position += 32 + static_cast<size_t>(payload);
    }
    return offsets;
}

} // namespace

class HostileSweep : public testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        mInput = LoadSweepInput(GetParam());
        ASSERT_FALSE(mInput.bytes.empty()) << GetParam() << " has no bytes";
    }
    SweepInput mInput;
};

TEST(HostileSweepInputs, GeneratedModelsAndTheSamplesWhenRequired) {
    const std::vector<std::string> names = SweepInputNames();
    EXPECT_TRUE(std::any_of(names.begin(), names.end(), [](const std::string &name) {
        return name.rfind(kGeneratedPrefix, 0) == 0;
    }));
    const bool haveSamples = std::any_of(names.begin(), names.end(), [](const std::string &name) {
        return name.rfind(kSamplesPrefix, 0) == 0;
    });
    EXPECT_TRUE(haveSamples || !agf::test::SamplesRequired())
        << agf::test::SamplesDir() << " has no samples to sweep";
}

TEST_P(HostileSweep, TruncatedInputsFailCleanlyOrImportValidScenes) {
    const SweepInput &input = mInput;
    size_t cases = 0;
    for (size_t cut : CutPoints(input.bytes.size())) {
        const std::string what = Describe(input, "cut at " + std::to_string(cut));
        const std::string error = TryImport(input.bytes, cut, input.extension, what);
        EXPECT_NE(error, kNoMessage) << what;
        ++cases;
    }
    RecordProperty("cases", static_cast<int>(cases));
}

TEST_P(HostileSweep, CorruptedHeaderBytesFailCleanlyOrImportValidScenes) {
    const SweepInput &input = mInput;
    std::vector<uint8_t> damaged = input.bytes;
    const size_t limit = std::min<size_t>(damaged.size(), 160);
    for (size_t offset = 0; offset < limit; ++offset) {
        for (uint8_t replacement : {uint8_t(0xFF), uint8_t(damaged[offset] ^ 0x80)}) {
            const uint8_t original = damaged[offset];
            damaged[offset] = replacement;
            const std::string what = Describe(input, "byte " + std::to_string(offset) + " set to " +
                                                         std::to_string(replacement));
            const std::string error = TryImport(damaged, damaged.size(), input.extension, what);
            EXPECT_NE(error, kNoMessage) << what;
            damaged[offset] = original;
        }
    }
    // Counts and sizes further in: overwrite an aligned 32-bit word with huge values at
    // positions spread over the whole file.
    for (size_t k = 0; k < 200 && damaged.size() >= 8; ++k) {
        const size_t offset = (damaged.size() - 4) * k / 200 & ~size_t(3);
        for (uint32_t huge : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x00010000u}) {
            uint8_t original[4];
            std::copy(damaged.begin() + offset, damaged.begin() + offset + 4, original);
            for (int b = 0; b < 4; ++b) {
                damaged[offset + b] = static_cast<uint8_t>(huge >> (8 * b));
            }
            const std::string what = Describe(input, "word at " + std::to_string(offset) +
                                                         " set to " + std::to_string(huge));
            const std::string error = TryImport(damaged, damaged.size(), input.extension, what);
            EXPECT_NE(error, kNoMessage) << what;
            std::copy(original, original + 4, damaged.begin() + offset);
        }
    }
}

TEST_P(HostileSweep, SingleBitFlipsInHeaderAndCountFieldsFailCleanlyOrImportValidScenes) {
    const SweepInput &input = mInput;
    size_t cases = 0;
    std::vector<uint8_t> damaged = input.bytes;
    auto flip = [&](size_t offset, int bit) {
        damaged[offset] ^= static_cast<uint8_t>(1u << bit);
        const std::string what = Describe(input, "bit " + std::to_string(bit) + " of byte " +
                                                     std::to_string(offset) + " flipped");
        const std::string error = TryImport(damaged, damaged.size(), input.extension, what);
        EXPECT_NE(error, kNoMessage) << what;
        damaged[offset] ^= static_cast<uint8_t>(1u << bit);
        ++cases;
    };
    if (IsActorXChunkFile(input.bytes)) {
        // Every chunk's record size and record count: the low bits (off-by-small sizes),
        // the top bit of each byte, and bit 31 (negative as int32).
        for (size_t field : ActorXCountFieldOffsets(input.bytes)) {
            for (int bit : {0, 1, 2, 4, 7, 8, 15, 16, 23, 24, 30, 31}) {
                flip(field + static_cast<size_t>(bit / 8), bit % 8);
            }
        }
    } else {
        // Formats without chunks keep their header and first counts in the first 64 bytes.
        const size_t limit = std::min<size_t>(damaged.size(), 64);
        for (size_t offset = 0; offset < limit; ++offset) {
            for (int bit = 0; bit < 8; ++bit) {
                flip(offset, bit);
            }
        }
    }
    RecordProperty("cases", static_cast<int>(cases));
}

INSTANTIATE_TEST_SUITE_P(EveryInput, HostileSweep, testing::ValuesIn(SweepInputNames()),
                         ParameterName);
