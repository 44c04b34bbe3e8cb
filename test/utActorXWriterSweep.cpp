// Scenes from every importer are fed to the ActorX writers: every committed test model and
// every sample of every format (worlds, P3D LODs, Poser figures, morph animations...). Each
// write either fails with an ExportError or gives a file that our importers read back valid.
#include "utActorXWriterSupport.h"

#include "ActorX/PsaFromScene.h"

#include <functional>

namespace {

using namespace agf::test::writers;

std::vector<std::filesystem::path> ModelFiles() {
    std::vector<std::filesystem::path> files;
    std::vector<std::filesystem::path> roots = {agf::test::TestModelsDir()};
    if (std::filesystem::is_directory(agf::test::SamplesDir())) {
        roots.push_back(agf::test::SamplesDir());
    }
    for (const auto &root : roots) {
        for (const auto &entry : std::filesystem::recursive_directory_iterator(root)) {
            if (!entry.is_regular_file()) {
                continue;
            }
            std::string extension = entry.path().extension().string();
            for (char &c : extension) {
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            }
            for (const agf::FormatInfo &format : agf::ListFormats()) {
                if (extension.size() > 1 &&
                    (" " + format.extensions + " ").find(" " + extension.substr(1) + " ") !=
                        std::string::npos) {
                    files.push_back(entry.path());
                }
            }
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

/** Runs one writer; a success must read back valid. Returns true when it wrote. */
bool WritesReadableOrFailsCleanly(const std::string &what, const char *hint,
                                  const std::function<std::vector<uint8_t>()> &write) {
    std::vector<uint8_t> bytes;
    try {
        bytes = write();
    } catch (const agf::ExportError &) {
        return false; // a clear refusal
    } catch (const std::exception &error) {
        ADD_FAILURE() << what << ": not an ExportError: " << error.what();
        return false;
    }
    auto importer = agf::test::MakeImporter();
    const aiScene *back = importer->ReadFileFromMemory(bytes.data(), bytes.size(),
                                                       aiProcess_ValidateDataStructure, hint);
    EXPECT_NE(back, nullptr) << what << ": " << importer->GetErrorString();
    return true;
}

TEST(ActorXWriterSweep, EveryModelAndSampleWritesOrFailsCleanly) {
    size_t psk = 0, psa = 0, psax = 0, files = 0;
    for (const std::filesystem::path &path : ModelFiles()) {
        agf::test::ImportResult imported = agf::test::ImportValidated(path);
        if (imported.scene == nullptr) {
            continue; // damaged on purpose, or a file that needs a partner
        }
        ++files;
        const aiScene &scene = *imported.scene;
        const std::string name = path.filename().string();
        agf::ExportWarnings warnings;
        psk += WritesReadableOrFailsCleanly(name + " as PSK", "psk",
                                            [&] { return WritePskBytes(scene, warnings); });
        psa += WritesReadableOrFailsCleanly(name + " as PSA", "psa", [&] {
            return agf::actorx::SerialisePsa(agf::actorx::DensePsaFromScene(scene, {}, warnings));
        });
        psax += WritesReadableOrFailsCleanly(name + " as PSAX", "psax", [&] {
            return agf::actorx::SerialisePsax(agf::actorx::SparsePsaFromScene(scene, {}, warnings));
        });
    }
    EXPECT_GT(files, 20u);
    EXPECT_GT(psk, 10u);
    EXPECT_GT(psa, 5u);
    EXPECT_GT(psax, 5u);
    std::printf("%zu scenes: %zu PSK, %zu PSA, %zu PSAX written and read back\n", files, psk, psa,
                psax);
}

} // namespace
