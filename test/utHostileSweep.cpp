// A deterministic sweep of damaged inputs: every generated test model and every sample,
// truncated at many cut points, with single bytes corrupted near the start (where headers
// live) and with 32-bit words set to huge values across the file (where counts live). Each case must either import a scene that passes Assimp's validation or
// fail with an error message; a crash, a hang (caught by the test timeout) or a sanitizer
// report fails the test.
#include "TestSupport.h"

#include "GeneratedModels.h"

#include <algorithm>

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

std::vector<SweepInput> CollectInputs() {
    std::vector<SweepInput> inputs;
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        inputs.push_back({model.relativePath, ExtensionOf(model.relativePath), model.make()});
    }
    for (const char *folder : {"actorx", "p3d", "fxm"}) {
        const std::filesystem::path dir = agf::test::SamplesDir() / folder;
        if (!std::filesystem::is_directory(dir)) {
            continue;
        }
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            const std::string extension = ExtensionOf(entry.path().filename().string());
            if (extension == "md" || extension == "py" || extension == "x" || extension == "cfg") {
                continue;
            }
            inputs.push_back({std::string(folder) + "/" + entry.path().filename().string(),
                              extension, agf::test::ReadBytes(entry.path())});
        }
    }
    std::sort(inputs.begin(), inputs.end(),
              [](const SweepInput &a, const SweepInput &b) { return a.name < b.name; });
    return inputs;
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

// Imports `bytes` from memory; returns "" on success or the error message.
std::string TryImport(const std::vector<uint8_t> &bytes, size_t size, const std::string &hint) {
    auto importer = agf::test::MakeImporter();
    // ReadFileFromMemory refuses an empty buffer before any importer runs.
    static const uint8_t kZero = 0;
    const void *data = size == 0 ? &kZero : bytes.data();
    const aiScene *scene = importer->ReadFileFromMemory(data, std::max<size_t>(size, 1),
                                                        aiProcess_ValidateDataStructure,
                                                        hint.c_str());
    if (scene != nullptr) {
        return std::string();
    }
    const std::string error = importer->GetErrorString();
    return error.empty() ? std::string("<failed without an error message>") : error;
}

} // namespace

TEST(HostileSweep, TruncatedInputsFailCleanlyOrImportValidScenes) {
    const auto inputs = CollectInputs();
    if (inputs.empty()) {
        GTEST_SKIP() << "no generated models or samples to sweep";
    }
    size_t cases = 0;
    for (const SweepInput &input : inputs) {
        for (size_t cut : CutPoints(input.bytes.size())) {
            const std::string error = TryImport(input.bytes, cut, input.extension);
            EXPECT_NE(error, "<failed without an error message>")
                << input.name << " cut at " << cut;
            ++cases;
        }
    }
    RecordProperty("cases", static_cast<int>(cases));
}

TEST(HostileSweep, CorruptedHeaderBytesFailCleanlyOrImportValidScenes) {
    const auto inputs = CollectInputs();
    if (inputs.empty()) {
        GTEST_SKIP() << "no generated models or samples to sweep";
    }
    for (const SweepInput &input : inputs) {
        std::vector<uint8_t> damaged = input.bytes;
        const size_t limit = std::min<size_t>(damaged.size(), 160);
        for (size_t offset = 0; offset < limit; ++offset) {
            for (uint8_t replacement : {uint8_t(0xFF), uint8_t(damaged[offset] ^ 0x80)}) {
                const uint8_t original = damaged[offset];
                damaged[offset] = replacement;
                const std::string error = TryImport(damaged, damaged.size(), input.extension);
                EXPECT_NE(error, "<failed without an error message>")
                    << input.name << " byte " << offset << " set to " << int(replacement);
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
                const std::string error = TryImport(damaged, damaged.size(), input.extension);
                EXPECT_NE(error, "<failed without an error message>")
                    << input.name << " word at " << offset << " set to " << huge;
                std::copy(original, original + 4, damaged.begin() + offset);
            }
        }
    }
}
