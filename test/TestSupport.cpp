/** @file TestSupport.cpp */
#include "TestSupport.h"

#include "Common/AssimpVersion.h"

#include "ChildProcess.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

namespace agf::test {

std::vector<uint8_t> ReadBytes(const std::filesystem::path &path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

aiMesh *NewTriangleMesh() {
    auto *mesh = new aiMesh();
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = 3;
    mesh->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh->mNumFaces = 1;
    mesh->mFaces = new aiFace[1];
    mesh->mFaces[0].mNumIndices = 3;
    mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
    return mesh;
}

void WriteBytes(const std::filesystem::path &path, const std::vector<uint8_t> &bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
}

std::filesystem::path ScratchDir(const std::string &name) {
    const std::filesystem::path dir = std::filesystem::current_path() / "agf_scratch" / name;
    // Copies of the samples are read-only like them, and Windows deletes no read-only file.
    std::error_code error;
    for (std::filesystem::recursive_directory_iterator entry(dir, error), end;
         !error && entry != end; entry.increment(error)) {
        std::filesystem::permissions(entry->path(), std::filesystem::perms::owner_write,
                                     std::filesystem::perm_options::add, error);
    }
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

std::string ReadText(const std::filesystem::path &path) {
    const std::vector<uint8_t> bytes = ReadBytes(path);
    return std::string(bytes.begin(), bytes.end());
}

void WriteText(const std::filesystem::path &path, const std::string &text) {
    WriteBytes(path, std::vector<uint8_t>(text.begin(), text.end()));
}

ImportResult ImportValidated(const std::filesystem::path &path,
                             const std::function<void(Assimp::Importer &)> &configure) {
    ImportResult result;
    result.importer = MakeImporter();
    if (configure) {
        configure(*result.importer);
    }
    result.scene = result.importer->ReadFile(path.string(), aiProcess_ValidateDataStructure);
    if (result.scene == nullptr) {
        result.error = result.importer->GetErrorString();
    }
    return result;
}

std::string ShellQuote(const std::string &text) {
    std::string quoted = "'";
    for (char c : text) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}

std::vector<std::string> SplitWords(const std::string &line) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0; // the quote we are inside, or 0
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote == '\'') {
            quote = c == '\'' ? 0 : quote;
            word += c == '\'' ? "" : std::string(1, c);
        } else if (quote == '"') {
            if (c == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) {
                word += line[++i];
            } else if (c == '"') {
                quote = 0;
            } else {
                word += c;
            }
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (inWord) {
                words.push_back(word);
                word.clear();
                inWord = false;
            }
        } else {
            inWord = true;
            if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\' && i + 1 < line.size()) {
                word += line[++i];
            } else {
                word += c;
            }
        }
    }
    if (inWord) {
        words.push_back(word);
    }
    return words;
}

namespace {

// The command's text streams end lines with "\r\n" on Windows; the tests compare "\n".
std::string WithNewlineEnds(std::string text) {
    size_t kept = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
            text[kept++] = text[i];
        }
    }
    text.resize(kept);
    return text;
}

} // namespace

CliResult RunCli(const std::filesystem::path &dir, const std::string &args) {
    agf::cli::ChildOptions streams;
    streams.workingDirectory = dir;
    streams.outputFile = dir / "cli_stdout.txt";
    streams.errorFile = dir / "cli_stderr.txt";
    const agf::cli::ChildExit end =
        agf::cli::ChildProcess(AGF_CLI_PATH, SplitWords(args), streams).Wait();
    CliResult result;
    result.exitCode = end.exited ? end.code : -1;
    result.out = WithNewlineEnds(ReadText(dir / "cli_stdout.txt"));
    result.err = WithNewlineEnds(ReadText(dir / "cli_stderr.txt"));
    return result;
}

std::filesystem::path FindProgram(const std::string &name) {
    const char *path = std::getenv("PATH");
    // ';' separates the folders on Windows, where paths use '\\'.
    const char separator = std::filesystem::path::preferred_separator == '\\' ? ';' : ':';
    std::istringstream folders(path != nullptr ? path : "");
    for (std::string folder; std::getline(folders, folder, separator);) {
        for (const std::string &file : {name, name + ".exe"}) {
            const std::filesystem::path candidate = std::filesystem::path(folder) / file;
            std::error_code error;
            if (!folder.empty() && std::filesystem::is_regular_file(candidate, error)) {
                return candidate;
            }
        }
    }
    return std::filesystem::path();
}

int RunProgram(const std::filesystem::path &program, const std::vector<std::string> &arguments,
               const std::filesystem::path &dir, const std::filesystem::path &outputFile,
               std::chrono::seconds timeout) {
    agf::cli::ChildOptions streams;
    streams.workingDirectory = dir;
    streams.outputFile = outputFile;
    streams.errorToOutput = !outputFile.empty();
    agf::cli::ChildProcess process(program, arguments, streams);
    if (!process.WaitFor(timeout)) {
        process.Kill();
    }
    const agf::cli::ChildExit end = process.Wait();
    return end.exited ? end.code : -1;
}

} // namespace agf::test

#include "Common/ImporterBase.h"

#include <assimp/BaseImporter.h>
#include <assimp/importerdesc.h>

namespace agf::test {

ImportWarnings::ImportWarnings(const Assimp::Importer &importer, const std::string &extension) {
    const Warnings *warnings = LastImportWarningsOf(importer, extension);
    EXPECT_NE(warnings, nullptr) << "no importer of ours claims ." << extension;
    if (warnings == nullptr) {
        return;
    }
    mWarnings = warnings->entries();
    for (const Warning &warning : mWarnings) {
        mText += warning.text() + "\n";
    }
}

std::vector<Warning> WarningsOf(const std::vector<Warning> &warnings, WarningKind kind,
                                const std::string &structure) {
    std::vector<Warning> found;
    for (const Warning &warning : warnings) {
        if (warning.kind == kind && warning.structure.find(structure) != std::string::npos) {
            found.push_back(warning);
        }
    }
    return found;
}

size_t CountWarnings(const std::vector<Warning> &warnings, WarningKind kind,
                     const std::string &structure) {
    size_t seen = 0;
    for (const Warning &warning : WarningsOf(warnings, kind, structure)) {
        seen += warning.count;
    }
    return seen;
}

size_t ImportWarnings::count(agf::WarningKind kind) const {
    return CountWarnings(mWarnings, kind);
}

size_t ImportWarnings::count(agf::WarningKind kind, const std::string &structure) const {
    return CountWarnings(mWarnings, kind, structure);
}

namespace {

// Hands the scene made by a test's callback to Assimp, so that the real post-processing and
// validation run on it.
class CallbackImporter : public Assimp::BaseImporter {
public:
    explicit CallbackImporter(std::function<void(aiScene *)> build) : mBuild(std::move(build)) {}

    bool CanRead(const std::string &file, Assimp::IOSystem *, bool) const override {
        return GetExtension(file) == "agftest";
    }
    const aiImporterDesc *GetInfo() const override {
        static const aiImporterDesc desc = {"agf test scene", "", "", "", 0, 0, 0, 0, 0, "agftest"};
        return &desc;
    }
    void InternReadFile(const std::string &, aiScene *scene, Assimp::IOSystem *) override {
        mBuild(scene);
    }

private:
    std::function<void(aiScene *)> mBuild;
};

} // namespace

const aiScene *BuildAndValidate(Assimp::Importer &importer, std::function<void(aiScene *)> build) {
    importer.RegisterLoader(new CallbackImporter(std::move(build)));
    static const char kPayload[] = "agf test scene";
    return importer.ReadFileFromMemory(kPayload, sizeof kPayload, aiProcess_ValidateDataStructure,
                                       "agftest");
}

std::string FbxReaderTargetName(const std::string &name) {
    if (LoadedAssimpVersion() < AssimpVersion{5, 3, 0} || name.find('.') != std::string::npos) {
        return name;
    }
    return name + "." + name;
}

std::string TexturePathOf(const aiMaterial *material, aiTextureType type, unsigned index) {
    aiString path;
    if (material->GetTexture(type, index, &path) != AI_SUCCESS) {
        return "<none>";
    }
    return path.C_Str();
}

} // namespace agf::test
