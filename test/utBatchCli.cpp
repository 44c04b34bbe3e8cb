// `assimp batch` and `assimp batch-merge` on a generated tree of about 200 files
// (test_models/generators/BatchTree.h), some damaged: statuses, counts against `assimp info`,
// resumption after Ctrl-C and a kill, what a crash or a hang costs, and shards. The built
// program is run as a user would. Nothing here depends on the machine's speed: the runs that are
// not about deadlines get a generous --timeout, and a run is stopped where a conversion hangs on
// purpose (--inject-fault), not after some time.
#include "TestSupport.h"

#include "BatchTree.h"
#include "PsaModels.h"
#include "PskModels.h"

#include "ChildProcess.h"

#include <assimp_gameformats/MetadataKeys.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <thread>

namespace {

namespace fs = std::filesystem;

using agf::test::CliResult;
using agf::test::ReadText;
using agf::test::RunCli;
using agf::test::ShellQuote;

struct Tree {
    fs::path dir;
    fs::path src;
    fs::path dst;
    /** Every file that an importer reads, by relative path: whether it is damaged. */
    std::map<std::string, bool> importable;
};

std::string LowerExtension(const std::string &path) {
    const size_t dot = path.find_last_of('.');
    std::string extension = dot == std::string::npos ? "" : path.substr(dot + 1);
    for (char &c : extension) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return extension;
}

Tree MakeTree(const std::string &name) {
    Tree tree;
    tree.dir = agf::test::ScratchDir(name);
    tree.src = tree.dir / "src";
    tree.dst = tree.dir / "dst";
    auto importer = agf::test::MakeImporter();
    for (const agf::testgen::BatchTreeFile &file : agf::testgen::MakeBatchTree()) {
        agf::test::WriteBytes(tree.src / file.relativePath, file.bytes);
        const std::string extension = LowerExtension(file.relativePath);
        if (!extension.empty() && importer->IsExtensionSupported("." + extension)) {
            tree.importable[file.relativePath] = file.damaged;
        }
    }
    return tree;
}

/** The mesh an animation file goes with, by the documented rule (docs/batch.md): a
 *  mesh of the format that loads it, in the same folder, with the same name. */
std::string SiblingMesh(const Tree &tree, const std::string &relative) {
    const std::string extension = LowerExtension(relative);
    std::vector<std::string> meshes;
    if (extension == "psa" || extension == "psax") {
        meshes = {"psk", "pskx"};
    } else if (extension == "mot") {
        meshes = {"fxm"};
    } else if (extension == "ueanim") {
        meshes = {"uemodel"};
    }
    const std::string stem = relative.substr(0, relative.find_last_of('.'));
    for (const std::string &mesh : meshes) {
        if (tree.importable.count(stem + "." + mesh) != 0) {
            return stem + "." + mesh;
        }
    }
    return "";
}

std::string ExpectedStatus(const Tree &tree, const std::string &relative) {
    if (tree.importable.at(relative)) {
        return "failed";
    }
    return SiblingMesh(tree, relative).empty() ? "converted" : "bound";
}

nlohmann::json ReadJson(const fs::path &path) {
    return nlohmann::json::parse(ReadText(path));
}

std::map<std::string, nlohmann::json> BySource(const nlohmann::json &report) {
    std::map<std::string, nlohmann::json> files;
    for (const nlohmann::json &file : report.at("files")) {
        EXPECT_TRUE(files.emplace(file.at("source").get<std::string>(), file).second)
            << "listed twice: " << file.at("source");
    }
    return files;
}

// A deadline no conversion of these small files comes near, however loaded the machine: the
// tests that are about deadlines give their own --timeout after it (the last one counts).
const char *const kGenerousTimeout = "--timeout 600 ";

CliResult RunBatch(const Tree &tree, const std::string &options) {
    return RunCli(tree.dir, "batch " + ShellQuote(tree.src.string()) + " " +
                                ShellQuote(tree.dst.string()) + " " + kGenerousTimeout + options);
}

/** A glb whose header's length is its size: written whole. */
bool IsCompleteGlb(const fs::path &path) {
    const std::vector<uint8_t> bytes = agf::test::ReadBytes(path);
    if (bytes.size() < 12 || std::memcmp(bytes.data(), "glTF", 4) != 0) {
        return false;
    }
    uint32_t length = 0;
    std::memcpy(&length, bytes.data() + 8, 4);
    return length == bytes.size();
}

/** Every file under the destination, relative. */
std::set<std::string> FilesUnder(const fs::path &root) {
    // An interrupted batch may still be removing its scratch folder while we walk: a folder that
    // vanishes mid-walk restarts the walk.
    for (int attempt = 0;; ++attempt) {
        try {
            std::set<std::string> files;
            for (const auto &entry : fs::recursive_directory_iterator(root)) {
                if (entry.is_regular_file()) {
                    files.insert(entry.path().lexically_relative(root).generic_string());
                }
            }
            return files;
        } catch (const fs::filesystem_error &) {
            if (attempt == 50) {
                throw;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
}

struct InfoCounts {
    unsigned meshes = 0;
    unsigned bones = 0;
    unsigned animations = 0;
};

unsigned CountAfter(const std::string &text, const std::string &label) {
    const size_t at = text.find(label);
    return at == std::string::npos
               ? ~0u
               : static_cast<unsigned>(
                     std::stoul(text.substr(text.find_first_not_of(' ', at + label.size()))));
}

InfoCounts Info(const Tree &tree, const std::string &relative) {
    const CliResult info =
        RunCli(tree.dir, "info -r -s " + ShellQuote((tree.src / relative).string()));
    EXPECT_EQ(info.exitCode, 0) << relative << ": " << info.err;
    return {CountAfter(info.out, "Meshes:"), CountAfter(info.out, "Bones:"),
            CountAfter(info.out, "Animations:")};
}

/** The P3D LOD nodes of an import: nodes with the resolution metadata. */
unsigned CountLods(const fs::path &path) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = importer->ReadFile(path.string(), 0);
    if (scene == nullptr) {
        return ~0u;
    }
    unsigned lods = 0;
    std::vector<const aiNode *> stack{scene->mRootNode};
    while (!stack.empty()) {
        const aiNode *node = stack.back();
        stack.pop_back();
        aiString value;
        lods += node->mMetaData != nullptr && node->mMetaData->HasKey(AGF_META_P3D_RESOLUTION);
        for (unsigned i = 0; i < node->mNumChildren; ++i) {
            stack.push_back(node->mChildren[i]);
        }
    }
    return lods;
}

TEST(CliBatch, GeneratedTreeConvertsWithTheRightStatusesAndTheCountsOfInfo) {
    const Tree tree = MakeTree("CliBatchTree");
    ASSERT_GE(tree.importable.size(), 150u);
    const CliResult run = RunBatch(tree, "--jobs 2");
    EXPECT_EQ(run.exitCode, 10) << run.out << run.err; // some files are damaged
    EXPECT_NE(run.out.find("converted"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("failed: "), std::string::npos) << run.out;

    const nlohmann::json report = ReadJson(tree.dst / "report.json");
    EXPECT_TRUE(report.at("complete").get<bool>());
    const auto files = BySource(report);
    std::set<std::string> listed, expected;
    for (const auto &[source, file] : files) {
        listed.insert(source);
    }
    for (const auto &[source, damaged] : tree.importable) {
        expected.insert(source);
    }
    ASSERT_EQ(listed, expected);

    size_t converted = 0, failed = 0, bound = 0;
    std::set<std::string> outputs{"report.json"};
    for (const auto &[source, file] : files) {
        const std::string status = file.at("status").get<std::string>();
        ASSERT_EQ(status, ExpectedStatus(tree, source)) << source << ": " << file.dump();
        const fs::path output = tree.dst / file.at("output").get<std::string>();
        if (status == "failed") {
            ++failed;
            EXPECT_FALSE(file.at("error").get<std::string>().empty()) << source;
            EXPECT_FALSE(fs::exists(output)) << source;
            EXPECT_TRUE(file.at("meshes").is_null()) << source;
            continue;
        }
        if (status == "bound") {
            ++bound;
            EXPECT_EQ(file.at("bound_to"), SiblingMesh(tree, source));
            EXPECT_EQ(file.at("output"), files.at(SiblingMesh(tree, source)).at("output"));
            continue;
        }
        ++converted;
        EXPECT_TRUE(file.at("error").is_null()) << source;
        EXPECT_EQ(output.extension(), ".glb") << source;
        EXPECT_TRUE(IsCompleteGlb(output)) << source;
        outputs.insert(file.at("output").get<std::string>());
        const InfoCounts info = Info(tree, source);
        EXPECT_EQ(file.at("meshes").get<unsigned>(), info.meshes) << source;
        EXPECT_EQ(file.at("bones").get<unsigned>(), info.bones) << source;
        EXPECT_EQ(file.at("animations").get<unsigned>(), info.animations) << source;
        EXPECT_EQ(file.at("lods").get<unsigned>(), CountLods(tree.src / source)) << source;
        EXPECT_GE(file.at("seconds").get<double>(), 0.0);
    }
    EXPECT_GT(failed, 20u);
    EXPECT_GE(bound, 6u); // hero.psa and keypose_chain4.mot in each of the three sets
    EXPECT_GT(converted, 100u);
    // Nothing else in the destination: no temporary files, no journal.
    EXPECT_EQ(FilesUnder(tree.dst), outputs);
    EXPECT_EQ(report.at("summary").at("statuses").at("converted").get<size_t>(), converted);
    EXPECT_EQ(report.at("summary").at("statuses").at("failed").get<size_t>(), failed);

    // The mesh and its sibling PSA made one output with the PSA's two sequences in it.
    const auto &hero = files.at("set0/chars/hero.psk");
    EXPECT_EQ(hero.at("animations").get<unsigned>(), 2u);
    EXPECT_EQ(hero.at("animation_files"), nlohmann::json::array({"set0/chars/hero.psa"}));
    Assimp::Importer glbReader;
    const aiScene *glb =
        glbReader.ReadFile((tree.dst / hero.at("output").get<std::string>()).string(), 0);
    ASSERT_NE(glb, nullptr) << glbReader.GetErrorString();
    EXPECT_EQ(glb->mNumAnimations, 2u);
}

TEST(CliBatch, AnimBindNoneConvertsEveryAnimationFileOnItsOwn) {
    const Tree tree = MakeTree("CliBatchAnimBindNone");
    const CliResult run = RunBatch(tree, "--jobs 2 --anim-bind none --include 'hero.*'");
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    const auto files = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(files.size(), 6u);
    for (const auto &[source, file] : files) {
        EXPECT_EQ(file.at("status"), "converted") << source;
        const bool mesh = LowerExtension(source) == "psk";
        EXPECT_EQ(file.at("animations").get<unsigned>(), mesh ? 0u : 2u) << source;
    }
}

TEST(CliBatch, RerunSkipsUpToDateOutputsAndForceRedoesThem) {
    const Tree tree = MakeTree("CliBatchRerun");
    const std::string only =
        "--jobs 2 --include 'set0/actorx/*' --exclude '*.psw' --exclude '*Broken*'";
    ASSERT_EQ(RunBatch(tree, only).exitCode, 0);
    const auto first = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_GT(first.size(), 5u);
    std::map<std::string, fs::file_time_type> written;
    for (const auto &[source, file] : first) {
        ASSERT_EQ(file.at("status"), "converted") << source;
        written[source] = fs::last_write_time(tree.dst / file.at("output").get<std::string>());
    }

    const CliResult again = RunBatch(tree, only);
    EXPECT_EQ(again.exitCode, 0) << again.err;
    const auto second = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(second.size(), first.size());
    for (const auto &[source, file] : second) {
        EXPECT_EQ(file.at("status"), "up-to-date") << source;
        EXPECT_EQ(file.at("meshes"), first.at(source).at("meshes")) << source;
        EXPECT_EQ(file.at("animations"), first.at(source).at("animations")) << source;
        EXPECT_EQ(fs::last_write_time(tree.dst / file.at("output").get<std::string>()),
                  written[source])
            << source;
    }

    // A source changed after its output: only that one is converted again.
    const std::string changed = first.begin()->first;
    fs::last_write_time(tree.src / changed,
                        fs::file_time_type::clock::now() + std::chrono::seconds(5));
    ASSERT_EQ(RunBatch(tree, only).exitCode, 0);
    for (const auto &[source, file] : BySource(ReadJson(tree.dst / "report.json"))) {
        EXPECT_EQ(file.at("status"), source == changed ? "converted" : "up-to-date") << source;
    }
    ASSERT_EQ(RunBatch(tree, only + " --force").exitCode, 0);
    for (const auto &[source, file] : BySource(ReadJson(tree.dst / "report.json"))) {
        EXPECT_EQ(file.at("status"), "converted") << source;
    }
}

// The glb files that carry an output's name, with the time each was written: a killed run
// leaves its partial files in the temporary folder, which are not outputs (the next run removes
// them).
std::map<std::string, fs::file_time_type> GlbOutputs(const fs::path &dst) {
    std::map<std::string, fs::file_time_type> outputs;
    for (const std::string &file : FilesUnder(dst)) {
        if (LowerExtension(file) == "glb" && file.rfind(".assimp-batch-tmp/", 0) != 0) {
            outputs[file] = fs::last_write_time(dst / file);
        }
    }
    return outputs;
}

/** The conversions of a tree in the order a run takes them (by source): every importable file
 *  but the animation files bound to a mesh. */
std::vector<std::string> JobsInOrder(const Tree &tree) {
    std::vector<std::string> jobs;
    for (const auto &[source, damaged] : tree.importable) {
        if (SiblingMesh(tree, source).empty()) {
            jobs.push_back(source);
        }
    }
    return jobs; // std::map keeps them sorted
}

/** Waits until `done` holds; false after five minutes (a hang detector, not a speed limit). */
bool WaitUntil(const std::function<bool()> &done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (!done()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

/** The whole lines of a file. */
size_t LinesOf(const fs::path &path) {
    const std::string text = ReadText(path);
    return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

// A run with one worker is stopped while the conversion of the middle job hangs on purpose (its
// worker has written part of its output into the temporary folder and waits), so that exactly
// the jobs before it are done and a partial file lies where a kill can leave one. Then the same
// command again finishes the job: nothing lost, nothing written twice.
class CliBatchInterrupted : public testing::TestWithParam<std::string> {};

TEST_P(CliBatchInterrupted, RerunFinishesWithNoFileLostAndNoneWrittenTwice) {
    const bool interrupt = GetParam() == "CtrlC";
    const Tree tree = MakeTree("CliBatchStopped" + GetParam());
    const std::vector<std::string> jobs = JobsInOrder(tree);
    const std::string hanging = jobs[jobs.size() / 2];
    agf::cli::ChildOptions streams;
    streams.outputFile = tree.dir / "first_run.txt";
    streams.errorToOutput = true;
    agf::cli::ChildProcess first(AGF_CLI_PATH,
                                 {"batch", tree.src.string(), tree.dst.string(), "--jobs", "1",
                                  "--timeout", "600", "--inject-fault", "hang:" + hanging},
                                 streams);
    // The jobs before it are in the journal once done (each output is in place before its
    // line is written); after that the only file that can appear in the temporary folder is
    // the hanging one's partial output.
    const size_t doneBefore =
        static_cast<size_t>(std::find(jobs.begin(), jobs.end(), hanging) - jobs.begin());
    const fs::path scratch = tree.dst / ".assimp-batch-tmp";
    ASSERT_TRUE(WaitUntil([&] {
        return LinesOf(tree.dst / ".assimp-batch-journal.report.jsonl") == doneBefore &&
               fs::exists(scratch) && !FilesUnder(scratch).empty();
    })) << ReadText(tree.dir / "first_run.txt");
    if (interrupt && !first.Interrupt()) {
        first.Kill();
        GTEST_SKIP() << "Ctrl-C cannot be sent to the run here (Windows: no shared console)";
    }
    if (!interrupt) {
        first.Kill();
    }
    const agf::cli::ChildExit end = first.Wait();
    const std::string firstRun = ReadText(tree.dir / "first_run.txt");
    if (interrupt) {
        ASSERT_TRUE(end.exited) << end.cause << "\n" << firstRun;
        EXPECT_EQ(end.code, 130) << firstRun;
        const nlohmann::json report = ReadJson(tree.dst / "report.json");
        EXPECT_FALSE(report.at("complete").get<bool>());
        EXPECT_EQ(BySource(report).at(hanging).at("status"), "pending");
        EXPECT_FALSE(fs::exists(tree.dst / ".assimp-batch-tmp")); // Ctrl-C cleans up
    } else {
        ASSERT_FALSE(end.exited) << firstRun;
        EXPECT_FALSE(fs::exists(tree.dst / "report.json")); // a kill writes nothing more
    }
    // Exactly the jobs before the hanging one are done, and what carries an output's name is
    // whole (the hanging one's partial output, "glTF" and no more, is not).
    const auto before = GlbOutputs(tree.dst);
    size_t convertedBefore = 0;
    for (size_t i = 0; i < doneBefore; ++i) {
        convertedBefore += tree.importable.at(jobs[i]) ? 0 : 1;
    }
    EXPECT_EQ(before.size(), convertedBefore) << firstRun;
    for (const auto &[file, written] : before) {
        EXPECT_TRUE(IsCompleteGlb(tree.dst / file)) << file;
    }

    const CliResult rerun = RunBatch(tree, "--jobs 2");
    EXPECT_EQ(rerun.exitCode, 10) << rerun.out << rerun.err;
    const auto files = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(files.size(), tree.importable.size());
    size_t upToDate = 0;
    const auto after = GlbOutputs(tree.dst);
    for (const auto &[source, file] : files) {
        const std::string result = file.at("status").get<std::string>();
        const std::string output = file.at("output").get<std::string>();
        if (before.count(output) != 0 && result != "bound") {
            // Left alone: not written again, its counts still in the report.
            ++upToDate;
            EXPECT_EQ(result, "up-to-date") << source;
            EXPECT_FALSE(file.at("meshes").is_null()) << source;
            EXPECT_EQ(after.at(output), before.at(output)) << source;
        } else {
            EXPECT_EQ(result, ExpectedStatus(tree, source)) << source;
        }
        if (result != "failed") {
            EXPECT_TRUE(IsCompleteGlb(tree.dst / output)) << source; // none lost
        }
    }
    EXPECT_EQ(upToDate, before.size());
    EXPECT_FALSE(fs::exists(tree.dst / ".assimp-batch-tmp"));
    EXPECT_FALSE(fs::exists(tree.dst / ".assimp-batch-journal.report.jsonl"));
}

INSTANTIATE_TEST_SUITE_P(Stops, CliBatchInterrupted, testing::Values("CtrlC", "Kill"),
                         [](const testing::TestParamInfo<std::string> &stop) {
                             return stop.param;
                         });

// A worker that crashes costs its file: the run records it and converts the others.
TEST(CliBatch, ACrashCostsOneFileNotTheRun) {
    Tree tree;
    tree.dir = agf::test::ScratchDir("CliBatchCrash");
    tree.src = tree.dir / "src";
    tree.dst = tree.dir / "dst";
    const std::vector<uint8_t> box = agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox());
    for (const char *file : {"a/box.psk", "b/box.psk", "c/box.psk"}) {
        agf::test::WriteBytes(tree.src / file, box);
    }
    const CliResult run = RunBatch(tree, "--jobs 2 --inject-fault crash:b/*");
    EXPECT_EQ(run.exitCode, 10) << run.out << run.err;
    const auto files = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(files.size(), 3u);
    EXPECT_EQ(files.at("a/box.psk").at("status"), "converted");
    EXPECT_EQ(files.at("c/box.psk").at("status"), "converted");
    EXPECT_EQ(files.at("b/box.psk").at("status"), "failed");
    // abort(): a signal on POSIX systems, exit code 3 on Windows.
    const std::string error = files.at("b/box.psk").at("error").get<std::string>();
    EXPECT_TRUE(error.find("the conversion crashed") != std::string::npos ||
                error.find("the worker ended without a result") != std::string::npos)
        << error;
    EXPECT_FALSE(fs::exists(tree.dst / "b/box.glb"));
    EXPECT_FALSE(fs::exists(tree.dst / ".assimp-batch-tmp"));
}

// A conversion that never ends is stopped at its deadline; the run records it and ends.
TEST(CliBatch, AHangIsStoppedAtItsDeadline) {
    Tree tree;
    tree.dir = agf::test::ScratchDir("CliBatchHang");
    tree.src = tree.dir / "src";
    tree.dst = tree.dir / "dst";
    agf::test::WriteBytes(tree.src / "box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    const CliResult run = RunBatch(tree, "--timeout 1 --inject-fault hang:box.psk");
    EXPECT_EQ(run.exitCode, 10) << run.out << run.err;
    const auto files = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(files.size(), 1u);
    EXPECT_EQ(files.at("box.psk").at("status"), "failed");
    const std::string error = files.at("box.psk").at("error").get<std::string>();
    EXPECT_NE(error.find("stopped after 1.0 s: the time bound"), std::string::npos) << error;
    EXPECT_FALSE(fs::exists(tree.dst / "box.glb")) << "the partial output is never published";
    EXPECT_FALSE(fs::exists(tree.dst / ".assimp-batch-tmp"));
}

/** The documented shard function, written again here: FNV-1a (64 bits) of the path, mod N. */
unsigned ShardByDocumentedHash(const std::string &relative, unsigned count) {
    uint64_t hash = 0xcbf29ce484222325ull;
    for (const unsigned char byte : relative) {
        hash = (hash ^ byte) * 0x100000001b3ull;
    }
    return static_cast<unsigned>(hash % count);
}

TEST(CliBatch, ShardsCoverTheTreeExactlyOnceAndMergeIntoOneReport) {
    const Tree tree = MakeTree("CliBatchShards");
    std::map<std::string, unsigned> shardOf;
    for (unsigned shard = 0; shard < 3; ++shard) {
        const CliResult run = RunBatch(tree, "--jobs 2 --shard " + std::to_string(shard) + "/3");
        EXPECT_EQ(run.exitCode, 10) << run.out << run.err;
        const fs::path report = tree.dst / ("report.shard-" + std::to_string(shard) + "-of-3.json");
        const auto files = BySource(ReadJson(report));
        EXPECT_GT(files.size(), 30u) << shard;
        for (const auto &[source, file] : files) {
            EXPECT_TRUE(shardOf.emplace(source, shard).second)
                << source << " in shards " << shardOf[source] << " and " << shard;
            const std::string job =
                file.contains("bound_to") ? file.at("bound_to").get<std::string>() : source;
            EXPECT_EQ(ShardByDocumentedHash(job, 3), shard) << source;
            EXPECT_EQ(file.at("status"), ExpectedStatus(tree, source)) << source;
        }
    }
    EXPECT_EQ(shardOf.size(), tree.importable.size());
    for (const auto &[source, damaged] : tree.importable) {
        EXPECT_EQ(shardOf.count(source), 1u) << source;
    }

    const CliResult merge = RunCli(tree.dir, "batch-merge " + ShellQuote(tree.dst.string()));
    ASSERT_EQ(merge.exitCode, 0) << merge.err;
    const nlohmann::json merged = ReadJson(tree.dst / "report.json");
    EXPECT_EQ(BySource(merged).size(), tree.importable.size());
    EXPECT_TRUE(merged.at("complete").get<bool>());
    EXPECT_EQ(merged.at("summary").at("files").get<size_t>(), tree.importable.size());

    // A missing shard is named, not merged over.
    fs::rename(tree.dst / "report.shard-1-of-3.json", tree.dir / "aside.json");
    const CliResult partial = RunCli(tree.dir, "batch-merge " + ShellQuote(tree.dst.string()));
    EXPECT_NE(partial.exitCode, 0);
    EXPECT_NE(partial.err.find("shards 1 of 3 are missing"), std::string::npos) << partial.err;
}

TEST(CliBatch, AMemoryBoundStopsTheFileNotTheRun) {
#if defined(AGF_UNDER_ADDRESS_SANITIZER)
    // AddressSanitizer's allocator aborts the worker when the address-space limit refuses it,
    // instead of throwing std::bad_alloc, so the run reports a crash rather than the bound. The
    // normal build runs this test.
    GTEST_SKIP() << "the memory bound needs the plain allocator (not AddressSanitizer's)";
#endif
    Tree tree;
    tree.dir = agf::test::ScratchDir("CliBatchMemory");
    tree.src = tree.dir / "src";
    tree.dst = tree.dir / "dst";
    const std::vector<uint8_t> large = agf::testgen::psa::MakeLargePsa(50, 4000);
    ASSERT_GT(large.size(), 8u << 20);
    agf::test::WriteBytes(tree.src / "big/large.psa", large);
    agf::test::WriteBytes(tree.src / "small/box.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));

    // 8 MB more address space cannot hold the file: that file fails, the other converts.
    const CliResult bounded = RunBatch(tree, "--jobs 2 --max-memory 8");
    EXPECT_EQ(bounded.exitCode, 10) << bounded.out << bounded.err;
    auto files = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files.at("small/box.psk").at("status"), "converted");
    EXPECT_EQ(files.at("big/large.psa").at("status"), "failed");
    const std::string error = files.at("big/large.psa").at("error").get<std::string>();
    EXPECT_NE(error.find("memory bound of 8 MB"), std::string::npos) << error;

    // The default bound (the tests' allocation bound for its size) lets it through.
    const CliResult unbounded = RunBatch(tree, "--jobs 2");
    EXPECT_EQ(unbounded.exitCode, 0) << unbounded.out << unbounded.err;
    files = BySource(ReadJson(tree.dst / "report.json"));
    EXPECT_EQ(files.at("big/large.psa").at("status"), "converted");
    EXPECT_EQ(files.at("big/large.psa").at("animations").get<unsigned>(), 1u);
}

TEST(CliBatch, BadArgumentsAreRefused) {
    const Tree tree = MakeTree("CliBatchArguments");
    for (const std::string options :
         {"--shard 3/3", "--shard 1", "--anim-bind sometimes", "--jobs 0", "--anim x.psa",
          "-fnosuchformat", "--inject-fault burn:*"}) {
        const CliResult run = RunBatch(tree, options);
        EXPECT_NE(run.exitCode, 0) << options;
        EXPECT_FALSE(run.err.empty()) << options;
    }
    EXPECT_EQ(RunCli(tree.dir, "batch nowhere out").exitCode, 3);
    const CliResult help = RunCli(tree.dir, "help");
    EXPECT_NE(help.out.find("batch "), std::string::npos);
    EXPECT_NE(help.out.find("batch-merge"), std::string::npos);
}

} // namespace

namespace {

void Put16(std::vector<uint8_t> &bytes, uint16_t value) {
    bytes.push_back(static_cast<uint8_t>(value));
    bytes.push_back(static_cast<uint8_t>(value >> 8));
}

/** An Unreal 1 vertex mesh, as Assimp's Unreal importer reads it: the data file (triangle count,
 *  vertex count, 44 bytes of header, 16 bytes per triangle) and the animation file (frame
 *  count, frame size, one packed 32-bit position per vertex and frame). Three triangles over
 *  three vertices, one frame. */
std::pair<std::vector<uint8_t>, std::vector<uint8_t>> Unreal3dPair() {
    std::vector<uint8_t> data;
    Put16(data, 3); // triangles
    Put16(data, 3); // vertices
    data.resize(data.size() + 44, 0);
    for (int t = 0; t < 3; ++t) {
        for (uint16_t v = 0; v < 3; ++v) {
            Put16(data, v);
        }
        data.resize(data.size() + 10, 0); // type, colour, uv, texture, flags
    }
    std::vector<uint8_t> animation;
    Put16(animation, 1);     // frames
    Put16(animation, 3 * 4); // bytes per frame
    for (const uint32_t packed : {0x00000000u, 0x00000010u, 0x00004000u}) {
        for (int shift = 0; shift < 32; shift += 8) {
            animation.push_back(static_cast<uint8_t>(packed >> shift));
        }
    }
    return {data, animation};
}

bool ReadsUnreal3d() {
    return agf::test::MakeImporter()->IsExtensionSupported(".uc");
}

/** A tree of the test's own files, written by the caller under `src`. */
Tree OwnTree(const std::string &name) {
    Tree tree;
    tree.dir = agf::test::ScratchDir(name);
    tree.src = tree.dir / "src";
    tree.dst = tree.dir / "dst";
    return tree;
}

} // namespace

TEST(CliBatch, UnrealScriptBesideAMeshIsSkippedNotFailed) {
    if (!ReadsUnreal3d()) {
        GTEST_SKIP() << "this Assimp is built without its Unreal (.3d, .uc) importer";
    }
    const Tree tree = OwnTree("CliBatchUnrealScript");
    agf::test::WriteBytes(tree.src / "chars/hero.psk",
                          agf::testgen::psk::WritePsk(agf::testgen::psk::SkinnedBox()));
    // What UE Viewer writes beside a skeletal mesh, and other scripts of a game's sources.
    agf::test::WriteText(tree.src / "chars/hero.uc",
                         "/*===========\n  hero\n===========*/\nclass hero extends Pawn;\n");
    agf::test::WriteText(tree.src / "chars/Weapon.uc", "class Weapon extends Inventory;\n");
    agf::test::WriteText(tree.src / "chars/notes.uc", "\r\n\t  // generated\r\n");
    const CliResult run = RunBatch(tree, "--jobs 2");
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("3 skipped"), std::string::npos) << run.out;
    const nlohmann::json report = ReadJson(tree.dst / "report.json");
    const auto files = BySource(report);
    ASSERT_EQ(files.size(), 4u) << report.dump(1);
    EXPECT_EQ(files.at("chars/hero.psk").at("status"), "converted");
    // The skipped script takes no output name from the mesh: hero.glb, not hero.psk.glb.
    EXPECT_EQ(files.at("chars/hero.psk").at("output"), "chars/hero.glb");
    for (const char *script : {"chars/hero.uc", "chars/Weapon.uc", "chars/notes.uc"}) {
        const nlohmann::json &file = files.at(script);
        EXPECT_EQ(file.at("status"), "skipped") << script;
        EXPECT_TRUE(file.at("error").is_null()) << script;
        EXPECT_NE(file.at("reason").get<std::string>().find("UnrealScript"), std::string::npos)
            << script;
    }
    EXPECT_EQ(report.at("summary").at("statuses").at("skipped").get<size_t>(), 3u);
    EXPECT_EQ(report.at("summary").at("statuses").at("failed").get<size_t>(), 0u);
}

TEST(CliBatch, AnUnreal3dMeshIsItsDataFileWithItsAnimationHalf) {
    if (!ReadsUnreal3d()) {
        GTEST_SKIP() << "this Assimp is built without its Unreal (.3d, .uc) importer";
    }
    const Tree tree = OwnTree("CliBatchUnreal3d");
    const auto [data, animation] = Unreal3dPair();
    agf::test::WriteBytes(tree.src / "ue1/tri_d.3d", data);
    agf::test::WriteBytes(tree.src / "ue1/tri_a.3d", animation);
    agf::test::WriteText(tree.src / "ue1/tri.uc", "#exec MESH IMPORT MESH=tri\n");
    agf::test::WriteBytes(tree.src / "ue1/lone_a.3d", animation); // its data file is missing
    // A .uc that is not text is left to the importer, which fails on it.
    agf::test::WriteBytes(tree.src / "ue1/binary.uc", data);
    const CliResult run = RunBatch(tree, "--jobs 2");
    EXPECT_EQ(run.exitCode, 10) << run.out << run.err;
    const auto files = BySource(ReadJson(tree.dst / "report.json"));
    ASSERT_EQ(files.size(), 5u);
    const nlohmann::json &mesh = files.at("ue1/tri_d.3d");
    EXPECT_EQ(mesh.at("status"), "converted") << mesh.dump();
    EXPECT_EQ(mesh.at("animation_files"), nlohmann::json::array({"ue1/tri_a.3d", "ue1/tri.uc"}));
    EXPECT_TRUE(IsCompleteGlb(tree.dst / mesh.at("output").get<std::string>()));
    for (const char *part : {"ue1/tri_a.3d", "ue1/tri.uc"}) {
        EXPECT_EQ(files.at(part).at("status"), "bound") << part;
        EXPECT_EQ(files.at(part).at("bound_to"), "ue1/tri_d.3d") << part;
    }
    EXPECT_EQ(files.at("ue1/lone_a.3d").at("status"), "skipped");
    EXPECT_NE(files.at("ue1/lone_a.3d").at("reason").get<std::string>().find("lone_d.3d"),
              std::string::npos);
    EXPECT_EQ(files.at("ue1/binary.uc").at("status"), "failed");
}
