/** @file TestSupport.h
 *  Helpers shared by the tests: where files are, and importing with our formats registered.
 */
#pragma once

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

// AGF_UNDER_ADDRESS_SANITIZER: the build runs under AddressSanitizer (GCC says so with
// __SANITIZE_ADDRESS__, clang with __has_feature).
#if defined(__SANITIZE_ADDRESS__)
#define AGF_UNDER_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AGF_UNDER_ADDRESS_SANITIZER 1
#endif
#endif

namespace agf::test {

/** ../shared/samples next to the project (third-party files; may be missing). */
inline std::filesystem::path SamplesDir() {
    return AGF_SAMPLES_DIR;
}

/** The project's own test_models/ folder. */
inline std::filesystem::path TestModelsDir() {
    return AGF_TEST_MODELS_DIR;
}

/** The path of a sample, or an empty path when the samples are not present. */
inline std::filesystem::path SamplePath(const std::string &relative) {
    const std::filesystem::path path = SamplesDir() / relative;
    return std::filesystem::exists(path) ? path : std::filesystem::path();
}

/** True when the environment has AGF_SAMPLES_REQUIRED=1. tools/run-tests.sh sets it when
 *  ../shared/samples is present, so that a sample that went missing or moved fails its tests
 *  instead of skipping them. */
inline bool SamplesRequired() {
    const char *value = std::getenv("AGF_SAMPLES_REQUIRED");
    return value != nullptr && std::string(value) == "1";
}

/** Skips the current test cleanly when a sample is missing; fails it when SamplesRequired(). */
#define AGF_REQUIRE_SAMPLE(variable, relative)                                                     \
    const std::filesystem::path variable = ::agf::test::SamplePath(relative);                      \
    if (variable.empty()) {                                                                        \
        if (::agf::test::SamplesRequired()) {                                                      \
            FAIL() << "sample " << (relative) << " not present under " << AGF_SAMPLES_DIR          \
                   << ", and AGF_SAMPLES_REQUIRED=1";                                              \
        }                                                                                          \
        GTEST_SKIP() << "sample " << (relative) << " not present under " << AGF_SAMPLES_DIR;       \
    }

/** An Importer with our formats registered. */
inline std::unique_ptr<Assimp::Importer> MakeImporter() {
    auto importer = std::make_unique<Assimp::Importer>();
    RegisterImporters(*importer);
    return importer;
}

/** Reads a whole file into memory. */
std::vector<uint8_t> ReadBytes(const std::filesystem::path &path);

/** Writes bytes to a file, creating folders. */
void WriteBytes(const std::filesystem::path &path, const std::vector<uint8_t> &bytes);

/** A new mesh of one triangle, (0, 0, 0), (1, 0, 0), (0, 1, 0), for scenes built by hand. */
aiMesh *NewTriangleMesh();

/** A fresh, empty scratch folder for one test, under the build tree. */
std::filesystem::path ScratchDir(const std::string &name);

/** Reads a whole file as text. */
std::string ReadText(const std::filesystem::path &path);

/** Writes text to a file, creating folders. */
void WriteText(const std::filesystem::path &path, const std::string &text);

/** An import, its Importer (which owns the scene) and the error when it failed. */
struct ImportResult {
    std::unique_ptr<Assimp::Importer> importer;
    const aiScene *scene = nullptr;
    std::string error;
};

/** Imports a file with our importers and aiProcess_ValidateDataStructure; `configure` may set
 *  properties first. */
ImportResult ImportValidated(const std::filesystem::path &path,
                             const std::function<void(Assimp::Importer &)> &configure = {});

/** The warnings of `kind` whose structure contains `structure` ("" for any), in order. */
std::vector<agf::Warning> WarningsOf(const std::vector<agf::Warning> &warnings,
                                     agf::WarningKind kind, const std::string &structure = "");

/** How many times problems of `kind` (in `structure`) were seen: the counts of WarningsOf, so
 *  that repeats the sink folded into one entry count each. */
size_t CountWarnings(const std::vector<agf::Warning> &warnings, agf::WarningKind kind,
                     const std::string &structure = "");

/** The warnings of an Importer's last import through our importer for `extension` ("psk"),
 *  read from the importer itself rather than from log text. */
class ImportWarnings {
public:
    ImportWarnings(const Assimp::Importer &importer, const std::string &extension);

    /** Every message, one per line (for failure output). */
    const std::string &text() const { return mText; }
    /** Distinct warnings kept. */
    size_t entries() const { return mWarnings.size(); }
    /** The warnings themselves, in the order first seen. */
    const std::vector<agf::Warning> &all() const { return mWarnings; }
    /** How many times a problem of `kind` was seen (repeats that the sink folded into one
     *  entry count each). */
    size_t count(agf::WarningKind kind) const;
    /** The same, only for warnings whose structure contains `structure` ("LOD 2", "VTXW0000"). */
    size_t count(agf::WarningKind kind, const std::string &structure) const;
    /** The warnings of `kind` in `structure` ("" for any), in order. */
    std::vector<agf::Warning> of(agf::WarningKind kind, const std::string &structure = "") const {
        return WarningsOf(mWarnings, kind, structure);
    }

private:
    std::vector<agf::Warning> mWarnings;
    std::string mText;
};

/** What a run of the `assimp` command printed. */
struct CliResult {
    int exitCode = -1; ///< -1 when it did not end by itself (a crash, a signal, killed)
    std::string out;
    std::string err;
};

/** Quotes text as the POSIX shell quotes a word ('...'), for the arguments of RunCli. */
std::string ShellQuote(const std::string &text);

/** Splits a command line into words as the POSIX shell does without expanding anything:
 *  blanks separate words; '...' keeps everything as it is, "..." all but \" and \\, and a
 *  backslash outside quotes the character after it. */
std::vector<std::string> SplitWords(const std::string &line);

/** Runs the `assimp` command (AGF_CLI_PATH) in `dir` with the words of `args` (SplitWords;
 *  ShellQuote a path with blanks or quotes), stdout and stderr going to files in `dir` so that
 *  neither is a terminal, and stdin from the null device. No shell runs: the same on every
 *  system. */
CliResult RunCli(const std::filesystem::path &dir, const std::string &args);

/** A program on the PATH ("python3", "chromium"; on Windows also with ".exe"), or an empty
 *  path when there is none. */
std::filesystem::path FindProgram(const std::string &name);

/** Runs `program` with `arguments` in `dir`, stdin from the null device, stdout into
 *  `outputFile` and stderr with it (or to the null device when `outputFile` is empty); kills it
 *  after `timeout`. The exit code, or -1 when it did not end by itself. */
int RunProgram(const std::filesystem::path &program, const std::vector<std::string> &arguments,
               const std::filesystem::path &dir, const std::filesystem::path &outputFile,
               std::chrono::seconds timeout = std::chrono::seconds(600));

} // namespace agf::test

namespace agf::test {

/** Runs Assimp's own validation (aiProcess_ValidateDataStructure) on a scene that `build`
 *  fills in, by importing it through a tiny in-memory importer. Returns the validated scene
 *  (owned by `importer`), or nullptr with importer.GetErrorString() set. */
const aiScene *BuildAndValidate(Assimp::Importer &importer, std::function<void(aiScene *)> build);

/** The texture path of a material's slot `type`/`index`, or "<none>". */
std::string TexturePathOf(const aiMaterial *material, aiTextureType type, unsigned index = 0);

/** The name Assimp's FBX reader gives a target that our writer wrote as a blend-shape channel
 *  and a shape both named `name` (the names Blender and the FBX SDK show). From 5.3.0 on
 *  (upstream PR #4980) the reader names a target "<channel>.<shape>" when the channel's name
 *  has no dot: Assimp 5.2.5 reads "Bulge" back as "Bulge", 5.4.3 and 6.0.5 as "Bulge.Bulge". */
std::string FbxReaderTargetName(const std::string &name);

} // namespace agf::test
