/** @file BatchPlan.h
 *  What `assimp batch` converts: the files under the source folder that an importer reads,
 *  the entries of the PBO archives there as well (docs/pbo.md), filtered by --include /
 *  --exclude, animation files paired with their mesh as the mesh's import pairs them
 *  (AnimationSiblings.h) or as their .props.txt names it (AnimSetMeshes.h), an Unreal 1 mesh's
 * files with its data file, the files that are no model set apart (NonModelFiles.h), the output
 * path of each under the destination, and the shard each belongs to.
 */
#pragma once

#include "FileTimes.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <system_error>
#include <vector>

namespace agf::cli {

/** One conversion: a model file and the animation files its import loads with it. */
struct BatchJob {
    /** Relative to the source folder, '/' separated; an archive's entry goes on inside the
     *  archive: "addons/cba_optics.pbo/cba_optic_small_70.p3d". */
    std::string source;
    std::vector<std::string> animations; ///< bound animation files, relative, in load order
    /** The animation files among `animations` that name the model in their .props.txt
     *  (AnimSetMeshes.h): its import is given them, as `--anim` gives files; the others it loads
     *  by itself. */
    std::vector<std::string> namedAnimations;
    /** Relative to the destination folder; an archive's entry goes to its data-root path,
     *  "x/cba/addons/optics/cba_optic_small_70.glb". */
    std::string output;
    uint64_t inputBytes = 0; ///< the model's size plus its animation files'
};

/** A file an importer claims by extension that is no model to convert (NonModelFiles.h). */
struct SkippedFile {
    std::string source; ///< relative, as BatchJob::source
    std::string reason;
};

struct BatchPlanOptions {
    std::vector<std::string> includes; ///< globs; empty: every file
    std::vector<std::string> excludes; ///< globs
    bool bindAnimations = true;        ///< --anim-bind auto
    std::string outputExtension;       ///< of the export format, without the dot
    unsigned int shardIndex = 0;
    unsigned int shardCount = 1;
    /** Whether an importer reads files with this extension (lower case, no dot). */
    std::function<bool(const std::string &)> isImportable;
    /** Whether an importer reads the archive's entry at this path (through the archive,
     *  "<root>/addons/a.pbo/stringtable.xml"), judged by its content; asked only of entries
     *  with an importable extension. Unset: every such entry is planned. */
    std::function<bool(const std::string &)> readsArchiveEntry;
};

struct BatchPlan {
    std::vector<BatchJob> jobs;       ///< this shard's, sorted by source
    std::vector<SkippedFile> skipped; ///< this shard's, sorted by source
    size_t shardFiles = 0; ///< files of this shard: jobs, their animation files, skipped files
    size_t allFiles = 0;   ///< selected files of every shard
    /** The folders (relative) that hold PBO archives: the texture roots of every job, so that
     *  a model finds its textures in any archive of the tree, as if all were unpacked. */
    std::vector<std::string> archiveFolders;
    /** What is damaged in those archives, one line each ("<file>: <structure>...: <problem>"). */
    std::vector<std::string> archiveWarnings;
};

/** A glob matches a path relative to the source folder: a pattern without '/' matches the file
 *  name ("*.psk"), one with '/' the whole relative path ("chars/hero*.psk"), where '*' also
 *  crosses folders. */
bool MatchesGlob(const std::string &pattern, const std::string &relativePath);

/** The shard of a relative path: a 64-bit FNV-1a hash of its UTF-8 bytes ('/' separated)
 *  modulo `shardCount`, the same on every machine. */
unsigned int ShardOf(const std::string &relativePath, unsigned int shardCount);

/** The time a source (relative to `sourceRoot`) was last written: for an archive's entry, the
 *  archive's. Sets `error` when there is none. */
FileTime SourceWriteTime(const std::filesystem::path &sourceRoot, const std::string &source,
                         std::error_code &error);

/** Prints what is damaged in the PBO archives of a plan, one warning line each. (The folders
 *  that hold archives become the workers' texture roots.) */
void ReportArchiveWarnings(const BatchPlan &plan);

/** Walks `sourceRoot` (without `skipFolder`, the destination when it lies inside) and plans
 *  the jobs. Throws std::runtime_error when the folder cannot be read. */
BatchPlan PlanBatch(const std::filesystem::path &sourceRoot,
                    const std::filesystem::path &skipFolder, const BatchPlanOptions &options);

} // namespace agf::cli
