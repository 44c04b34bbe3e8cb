/** @file FuzzImportCase.h
 *  One hostile-input case, shared by the libFuzzer targets (fuzz/FuzzImport.cpp) and the test
 *  that replays the committed reproducers (test/utFuzzRegressions.cpp), so that both judge an
 *  input the same way.
 *
 *  Input format (see fuzz/README.md): the bytes of the main file, optionally followed by side
 *  files, each introduced by kSideFileMarker, a name and a newline:
 *
 *      <main file bytes>\n#AGF-FILE:hero.props.txt\n<bytes>\n#AGF-FILE:hero.psa\n<bytes>
 *
 *  Without side files the main file goes through Importer::ReadFileFromMemory (what most
 *  applications do). With side files, every file is served by an in-memory IOSystem and the
 *  main file is read as "fuzz.<extension>" with Importer::ReadFile, because our importers skip
 *  side-file lookups for ReadFileFromMemory's nameless buffer. Nothing touches the disk.
 */
#pragma once

#include <assimp/BaseImporter.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace agf::fuzz {

/** One fuzz target of an importer. Several targets may share an importer: they differ in
 *  their seed corpus and dictionary, so that a short run spends its time on one variant. */
struct ImportTarget {
    const char *name;      ///< agf_fuzz_<name>, fuzz/corpus/<name>, fuzz/dict/<name>.dict
    const char *extension; ///< the extension hint that selects our importer
};

/** Every import target; fuzz/CMakeLists.txt builds one program per row. */
constexpr ImportTarget kImportTargets[] = {
    {"psk", "psk"},       {"psa", "psa"},       {"psax", "psax"}, {"psw", "psw"},
    {"p3d_mlod", "p3d"},  {"p3d_odol", "p3d"},  {"fxm", "fxm"},   {"mot", "mot"},
    {"anb", "anb"},       {"pz2", "pz2"},       {"cr2", "cr2"},   {"uemodel", "uemodel"},
    {"ueanim", "ueanim"}, {"uepose", "uepose"},
};

inline const ImportTarget *FindImportTarget(const std::string &name) {
    for (const ImportTarget &target : kImportTargets) {
        if (name == target.name) {
            return &target;
        }
    }
    return nullptr;
}

/** Starts a side file; the name runs to the next '\n'. */
constexpr const char kSideFileMarker[] = "\n#AGF-FILE:";
/** Longer names are cut: no importer builds paths that long from a short input. */
constexpr size_t kMaxSideFileNameLength = 128;

/** A file name made safe: '\\' becomes '/', "./" and repeated '/' are dropped, and only
 *  printable ASCII is kept. */
inline std::string NormalizedFileName(const std::string &name) {
    std::string out;
    for (char c : name) {
        if (c == '\\') {
            c = '/';
        }
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7E) {
            continue;
        }
        if (c == '/' && (out.empty() || out.back() == '/')) {
            continue;
        }
        out.push_back(c);
    }
    while (out.compare(0, 2, "./") == 0) {
        out.erase(0, 2);
    }
    return out;
}

struct FuzzFiles {
    std::vector<uint8_t> main;
    std::map<std::string, std::vector<uint8_t>> sideFiles;
};

/** Splits a fuzz input into the main file and its side files (format above). */
inline FuzzFiles SplitFuzzInput(const uint8_t *data, size_t size) {
    FuzzFiles files;
    const size_t markerLength = std::strlen(kSideFileMarker);
    auto findMarker = [&](size_t from) {
        for (size_t i = from; i + markerLength <= size; ++i) {
            if (std::memcmp(data + i, kSideFileMarker, markerLength) == 0) {
                return i;
            }
        }
        return size;
    };
    size_t marker = findMarker(0);
    files.main.assign(data, data + marker);
    while (marker < size) {
        size_t nameStart = marker + markerLength;
        size_t nameEnd = nameStart;
        while (nameEnd < size && data[nameEnd] != '\n') {
            ++nameEnd;
        }
        const size_t contentStart = nameEnd < size ? nameEnd + 1 : size;
        const size_t next = findMarker(contentStart);
        std::string name(reinterpret_cast<const char *>(data + nameStart),
                         std::min(nameEnd - nameStart, kMaxSideFileNameLength));
        name = NormalizedFileName(name);
        if (!name.empty()) {
            files.sideFiles[name].assign(data + contentStart, data + next);
        }
        marker = next;
    }
    return files;
}

/** A read-only file system held in memory. Lookups normalise names like SplitFuzzInput does. */
class MemoryFileSystem : public Assimp::IOSystem {
public:
    explicit MemoryFileSystem(std::map<std::string, std::vector<uint8_t>> files)
        : mFiles(std::move(files)) {}

    bool Exists(const char *file) const override {
        return mFiles.count(NormalizedFileName(file)) != 0;
    }
    char getOsSeparator() const override { return '/'; }

    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override {
        if (std::strchr(mode, 'w') != nullptr || std::strchr(mode, 'a') != nullptr) {
            return nullptr;
        }
        const auto found = mFiles.find(NormalizedFileName(file));
        if (found == mFiles.end()) {
            return nullptr;
        }
        return new Assimp::MemoryIOStream(found->second.data(), found->second.size());
    }
    void Close(Assimp::IOStream *stream) override { delete stream; }

private:
    std::map<std::string, std::vector<uint8_t>> mFiles;
};

enum class Outcome {
    Imported,         ///< a scene that passed aiProcess_ValidateDataStructure
    Rejected,         ///< no scene, with one of our error messages
    ForeignError,     ///< no scene, and the error is not ours (a std exception escaped)
    ValidationFailed, ///< a scene that Assimp's validation refused
};

struct CaseResult {
    Outcome outcome = Outcome::Rejected;
    std::string message;
};

/** True for messages made by agf::ImportError ("<file>: <structure> at byte <n>: <problem>"). */
inline bool IsOurErrorMessage(const std::string &message) {
    // After the file's name, which may itself hold "at byte " (an archive entry's name).
    const size_t afterName = message.find(": ");
    if (afterName == std::string::npos) {
        return false;
    }
    const size_t at = message.find(" at byte ", afterName);
    return at != std::string::npos && message.find(": ", at) != std::string::npos;
}

/** True for a clean refusal: one of our messages, or Assimp's own when no importer's CanRead
 *  accepted a file whose extension several importers claim (".mot": ours and LightWave's). */
inline bool IsCleanRefusal(const std::string &message) {
    return IsOurErrorMessage(message) || message.compare(0, 26, "No suitable reader found f") == 0;
}

/** Removes Assimp's own importers from `importer`, keeping the `ours` registered last, so that
 *  fuzzing stays in our code: with one importer per extension Assimp skips CanRead, and our
 *  InternReadFile's own signature check is exercised too. */
inline void KeepOnlyOurImporters(Assimp::Importer &importer, size_t ours) {
    const size_t count = importer.GetImporterCount();
    std::vector<Assimp::BaseImporter *> stock;
    for (size_t i = 0; i + ours < count; ++i) {
        stock.push_back(importer.GetImporter(i));
    }
    for (Assimp::BaseImporter *loader : stock) {
        importer.UnregisterLoader(loader);
        delete loader; // unregistered loaders are no longer the Importer's to delete
    }
}

/** Imports one fuzz input as a file with the given extension and judges the result. */
inline CaseResult RunImportCase(const std::string &extension, const uint8_t *data, size_t size) {
    CaseResult result;
    FuzzFiles files = SplitFuzzInput(data, size);
    if (files.main.empty()) {
        // ReadFileFromMemory refuses an empty buffer before any importer runs.
        files.main.push_back(0);
    }
    Assimp::Importer importer;
    RegisterImporters(importer);
    KeepOnlyOurImporters(importer, ListFormats().size());
    const aiScene *scene = nullptr;
    if (files.sideFiles.empty()) {
        importer.SetIOHandler(new MemoryFileSystem({}));
        scene =
            importer.ReadFileFromMemory(files.main.data(), files.main.size(), 0, extension.c_str());
    } else {
        const std::string mainName = "fuzz." + extension;
        files.sideFiles[mainName] = std::move(files.main);
        importer.SetIOHandler(new MemoryFileSystem(std::move(files.sideFiles)));
        scene = importer.ReadFile(mainName, 0);
    }
    if (scene == nullptr) {
        result.message = importer.GetErrorString();
        result.outcome = IsCleanRefusal(result.message) ? Outcome::Rejected : Outcome::ForeignError;
        return result;
    }
    if (importer.ApplyPostProcessing(aiProcess_ValidateDataStructure) == nullptr) {
        result.message = importer.GetErrorString();
        result.outcome = Outcome::ValidationFailed;
        return result;
    }
    result.outcome = Outcome::Imported;
    return result;
}

inline const char *OutcomeName(Outcome outcome) {
    switch (outcome) {
    case Outcome::Imported:
        return "imported";
    case Outcome::Rejected:
        return "rejected";
    case Outcome::ForeignError:
        return "failed with an error that is not ours";
    case Outcome::ValidationFailed:
        return "imported a scene that fails aiProcess_ValidateDataStructure";
    }
    return "?";
}

} // namespace agf::fuzz
