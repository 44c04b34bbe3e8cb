/** @file BatchPlan.cpp */
#include "BatchPlan.h"

#include "AnimSetMeshes.h"
#include "AnimationSiblings.h"
#include "ExitCodes.h"
#include "ExportFormats.h"
#include "Glob.h"
#include "NonModelFiles.h"

#include <assimp_gameformats/PboArchives.h>

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <system_error>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

std::string ExtensionOf(const std::string &relativePath) {
    const size_t slash = relativePath.find_last_of('/');
    const size_t dot = relativePath.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
        return "";
    }
    return LowerAscii(relativePath.substr(dot + 1));
}

std::string WithoutExtension(const std::string &relativePath) {
    const size_t slash = relativePath.find_last_of('/');
    const size_t dot = relativePath.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
        return relativePath;
    }
    return relativePath.substr(0, dot);
}

bool IsSelected(const std::string &relative, const BatchPlanOptions &options) {
    const auto matches = [&relative](const std::string &pattern) {
        return MatchesGlob(pattern, relative);
    };
    if (!options.includes.empty() &&
        std::none_of(options.includes.begin(), options.includes.end(), matches)) {
        return false;
    }
    return std::none_of(options.excludes.begin(), options.excludes.end(), matches);
}

/** A file to convert: a file of the tree, or an entry of an archive in it. */
struct SourceFile {
    uint64_t size = 0;
    /** What its output's path is made of: the source itself, or for an archive's entry its
     *  data-root path (the archive's prefix and the entry's path). */
    std::string outputBase;
    bool inArchive = false;
};

struct FoundFiles {
    std::map<std::string, SourceFile> files; ///< by relative source path, sorted
    std::set<std::string> archiveFolders;
    std::vector<std::string> archiveWarnings;
    std::vector<std::string> unreadableEntries;
};

/** Adds the importable entries of the PBO archive `archive` (`relative` in the tree). */
void AddArchiveEntries(const fs::path &archive, const std::string &relative,
                       const BatchPlanOptions &options, FoundFiles &found) {
    const size_t slash = relative.find_last_of('/');
    found.archiveFolders.insert(slash == std::string::npos ? "" : relative.substr(0, slash));
    try {
        const PboListing listing = ListPboArchive(archive.string());
        for (const PboEntryInfo &entry : listing.entries) {
            if (!options.isImportable(ExtensionOf(entry.path))) {
                continue;
            }
            // Archives hold a game's data beside its models (stringtables, configs) under
            // extensions that importers also claim: only what an importer reads is planned.
            const std::string source = relative + "/" + entry.path;
            if (options.readsArchiveEntry &&
                !options.readsArchiveEntry(archive.string() + "/" + entry.path)) {
                found.unreadableEntries.push_back(source);
                continue;
            }
            found.files[source] = {entry.size, entry.dataRootPath, true};
        }
        for (const Warning &warning : listing.warnings) {
            found.archiveWarnings.push_back(warning.text());
        }
    } catch (const std::exception &error) {
        found.archiveWarnings.push_back(error.what());
    }
}

/** Every importable file under the root and in its archives, relative, with its size. */
FoundFiles ImportableFiles(const fs::path &root, const fs::path &skipFolder,
                           const BatchPlanOptions &options) {
    std::error_code error;
    const fs::path skip = skipFolder.empty() ? fs::path() : fs::weakly_canonical(skipFolder, error);
    FoundFiles found;
    fs::recursive_directory_iterator walk(root, fs::directory_options::follow_directory_symlink,
                                          error);
    if (error) {
        throw std::runtime_error("cannot read the folder " + root.string() + ": " +
                                 error.message());
    }
    for (; walk != fs::recursive_directory_iterator(); walk.increment(error)) {
        if (error) {
            throw std::runtime_error("cannot read the folder " + root.string() + ": " +
                                     error.message());
        }
        const fs::directory_entry &entry = *walk;
        std::error_code entryError;
        if (entry.is_directory(entryError)) {
            if (!skip.empty() && fs::weakly_canonical(entry.path(), entryError) == skip) {
                walk.disable_recursion_pending();
            }
            continue;
        }
        if (!entry.is_regular_file(entryError)) {
            continue;
        }
        const std::string relative = entry.path().lexically_relative(root).generic_string();
        const std::string extension = ExtensionOf(relative);
        if (extension == "pbo") {
            AddArchiveEntries(entry.path(), relative, options, found);
        } else if (options.isImportable(extension)) {
            found.files[relative] = {entry.file_size(entryError), relative, false};
        }
    }
    return found;
}

/** The output of every job: its output base with the format's extension; where two would
 *  meet on one output (hero.psk and hero.pskx), each keeps its extension: hero.psk.glb,
 *  hero.pskx.glb. Decided over every file, so that filters and shards do not change an
 *  output's name. An archive's entry whose data-root path is another file's output too goes
 *  beside its archive's path instead. */
void NameOutputs(std::vector<BatchJob> &jobs, const std::map<std::string, SourceFile> &files,
                 const std::string &extension) {
    std::map<std::string, size_t> outputUses;
    for (const BatchJob &job : jobs) {
        ++outputUses[LowerAscii(WithoutExtension(files.at(job.source).outputBase))];
    }
    std::map<std::string, size_t> finalUses;
    for (BatchJob &job : jobs) {
        const std::string &base = files.at(job.source).outputBase;
        const bool shared = outputUses[LowerAscii(WithoutExtension(base))] > 1;
        job.output = (shared ? base : WithoutExtension(base)) + "." + extension;
        ++finalUses[LowerAscii(job.output)];
    }
    for (BatchJob &job : jobs) {
        if (files.at(job.source).outputBase != job.source &&
            finalUses[LowerAscii(job.output)] > 1) {
            job.output = job.source + "." + extension;
        }
    }
}

/** Binds the files an import reads by itself to the file whose import reads them: animation
 *  siblings (with `bindAnimations`) and, always, an Unreal 1 data file's companions. */
void BindCompanions(const std::map<std::string, SourceFile> &files, bool bindAnimations,
                    std::map<std::string, std::vector<std::string>> &animationsOf,
                    std::set<std::string> &bound) {
    for (const auto &[relative, file] : files) {
        std::vector<std::vector<std::string>> groups;
        if (bindAnimations) {
            groups = AutoLoadCandidates(relative);
        }
        // Each companion is a group of its own: the import reads every one that exists.
        for (const std::string &companion : Unreal3dCompanions(relative)) {
            groups.push_back({companion});
        }
        for (const auto &group : groups) {
            for (const std::string &candidate : group) {
                if (files.count(candidate) != 0) {
                    // Two meshes may share a sibling (hero.psk, hero.pskx): both load it; the
                    // first lists it.
                    if (bound.insert(candidate).second) {
                        animationsOf[relative].push_back(candidate);
                    }
                    break;
                }
            }
        }
    }
}

/** The files of the tree itself, not inside an archive: UE Viewer's exports, whose AnimSets
 *  name their meshes in text files beside them, are folders. */
std::vector<std::string> LooseFiles(const std::map<std::string, SourceFile> &files) {
    std::vector<std::string> loose;
    for (const auto &[relative, file] : files) {
        if (!file.inArchive) {
            loose.push_back(relative);
        }
    }
    return loose;
}

/** The first bytes of a file that only its content tells apart (a .uc, an .xml), from the tree
 *  or from inside its archive; null for other files and for a file that cannot be read. */
std::unique_ptr<std::string> StartOf(const fs::path &root, const std::string &relative,
                                     const SourceFile &file) {
    if (!DecidedByContent(relative)) {
        return nullptr;
    }
    auto start = std::make_unique<std::string>(kSniffBytes, '\0');
    if (file.inArchive) {
        const std::unique_ptr<Assimp::IOSystem> archives(NewPboIOSystem());
        Assimp::IOStream *stream = archives->Open((root / relative).string(), "rb");
        if (stream == nullptr) {
            return nullptr;
        }
        start->resize(stream->Read(start->data(), 1, start->size()));
        archives->Close(stream);
        return start;
    }
    std::ifstream in(root / relative, std::ios::binary);
    if (!in) {
        return nullptr;
    }
    in.read(start->data(), static_cast<std::streamsize>(start->size()));
    start->resize(static_cast<size_t>(in.gcount()));
    return start;
}

} // namespace

bool MatchesGlob(const std::string &pattern, const std::string &relativePath) {
    const bool wholePath = pattern.find('/') != std::string::npos;
    const std::string subject =
        wholePath ? relativePath : relativePath.substr(relativePath.find_last_of('/') + 1);
    return MatchesPattern(pattern, subject);
}

unsigned int ShardOf(const std::string &relativePath, unsigned int shardCount) {
    uint64_t hash = 0xcbf29ce484222325ull;
    for (const unsigned char byte : relativePath) {
        hash ^= byte;
        hash *= 0x100000001b3ull;
    }
    return shardCount <= 1 ? 0 : static_cast<unsigned int>(hash % shardCount);
}

FileTime SourceWriteTime(const fs::path &sourceRoot, const std::string &source,
                         std::error_code &error) {
    // An archive's entry was written when its archive was.
    for (size_t slash = source.find('/'); slash != std::string::npos;
         slash = source.find('/', slash + 1)) {
        const std::string part = source.substr(0, slash);
        if (ExtensionOf(part) == "pbo" && fs::is_regular_file(sourceRoot / part, error)) {
            return FileWriteTime(sourceRoot / part, error);
        }
    }
    return FileWriteTime(sourceRoot / source, error);
}

void ReportArchiveWarnings(const BatchPlan &plan) {
    for (const std::string &warning : plan.archiveWarnings) {
        ReportWarning(warning);
    }
}

BatchPlan PlanBatch(const fs::path &sourceRoot, const fs::path &skipFolder,
                    const BatchPlanOptions &options) {
    FoundFiles found = ImportableFiles(sourceRoot, skipFolder, options);
    const std::map<std::string, SourceFile> &files = found.files;

    // Pair first, over every file: an animation file goes with the mesh whose import loads it,
    // else with the mesh its .props.txt names.
    std::map<std::string, std::vector<std::string>> animationsOf;
    std::set<std::string> bound;
    BindCompanions(files, options.bindAnimations, animationsOf, bound);
    std::map<std::string, std::vector<std::string>> namedOf;
    if (options.bindAnimations) {
        namedOf = AnimationsNamingMeshes(sourceRoot, LooseFiles(files));
        for (const auto &[mesh, animations] : namedOf) {
            bound.insert(animations.begin(), animations.end());
        }
    }

    BatchPlan plan;
    plan.archiveFolders.assign(found.archiveFolders.begin(), found.archiveFolders.end());
    plan.archiveWarnings = std::move(found.archiveWarnings);
    // Entries of archives that no importer reads are reported as skipped, as loose files that
    // are no model are below.
    for (const std::string &relative : found.unreadableEntries) {
        if (IsSelected(relative, options)) {
            ++plan.allFiles;
            if (ShardOf(relative, options.shardCount) == options.shardIndex) {
                ++plan.shardFiles;
                plan.skipped.push_back({relative, "no importer reads this entry of the archive"});
            }
        }
    }
    std::vector<BatchJob> all;
    for (const auto &[relative, file] : files) {
        if (bound.count(relative) != 0) {
            continue;
        }
        const std::unique_ptr<std::string> start = StartOf(sourceRoot, relative, file);
        std::string reason = WhyNotAModel(relative, start.get());
        if (!reason.empty()) {
            if (IsSelected(relative, options)) {
                ++plan.allFiles;
                if (ShardOf(relative, options.shardCount) == options.shardIndex) {
                    ++plan.shardFiles;
                    plan.skipped.push_back({relative, std::move(reason)});
                }
            }
            continue;
        }
        BatchJob job;
        job.source = relative;
        job.inputBytes = file.size;
        // In load order: the import reads the files it is given before its siblings.
        job.namedAnimations = namedOf[relative];
        job.animations = job.namedAnimations;
        job.animations.insert(job.animations.end(), animationsOf[relative].begin(),
                              animationsOf[relative].end());
        for (const std::string &animation : job.animations) {
            job.inputBytes += files.at(animation).size;
        }
        all.push_back(std::move(job));
    }
    std::sort(plan.skipped.begin(), plan.skipped.end(),
              [](const SkippedFile &a, const SkippedFile &b) { return a.source < b.source; });
    NameOutputs(all, files, options.outputExtension);

    for (BatchJob &job : all) {
        if (!IsSelected(job.source, options)) {
            continue;
        }
        plan.allFiles += 1 + job.animations.size();
        if (ShardOf(job.source, options.shardCount) == options.shardIndex) {
            plan.shardFiles += 1 + job.animations.size();
            plan.jobs.push_back(std::move(job));
        }
    }
    return plan;
}

} // namespace agf::cli
