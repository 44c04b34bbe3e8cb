/** @file BatchPlan.cpp */
#include "BatchPlan.h"

#include "AnimationSiblings.h"
#include "ExportFormats.h"
#include "Glob.h"

#include <algorithm>
#include <map>
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

/** Every importable file under the root, relative, sorted, with its size. */
std::map<std::string, uint64_t> ImportableFiles(const fs::path &root, const fs::path &skipFolder,
                                                const BatchPlanOptions &options) {
    std::error_code error;
    const fs::path skip = skipFolder.empty() ? fs::path() : fs::weakly_canonical(skipFolder, error);
    std::map<std::string, uint64_t> files;
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
        if (options.isImportable(ExtensionOf(relative))) {
            files[relative] = entry.file_size(entryError);
        }
    }
    return files;
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

BatchPlan PlanBatch(const fs::path &sourceRoot, const fs::path &skipFolder,
                    const BatchPlanOptions &options) {
    const std::map<std::string, uint64_t> files = ImportableFiles(sourceRoot, skipFolder, options);

    // Pair first, over every file: an animation file goes with the mesh whose import loads it.
    std::map<std::string, std::vector<std::string>> animationsOf;
    std::set<std::string> bound;
    if (options.bindAnimations) {
        for (const auto &[relative, size] : files) {
            for (const auto &group : AutoLoadCandidates(relative)) {
                for (const std::string &candidate : group) {
                    if (files.count(candidate) != 0) {
                        // Two meshes may share a sibling (hero.psk, hero.pskx): both load it;
                        // the first lists it.
                        if (bound.insert(candidate).second) {
                            animationsOf[relative].push_back(candidate);
                        }
                        break;
                    }
                }
            }
        }
    }

    BatchPlan plan;
    std::vector<BatchJob> all;
    for (const auto &[relative, size] : files) {
        if (bound.count(relative) != 0) {
            continue;
        }
        BatchJob job;
        job.source = relative;
        job.inputBytes = size;
        for (const std::string &animation : animationsOf[relative]) {
            job.animations.push_back(animation);
            job.inputBytes += files.at(animation);
        }
        all.push_back(std::move(job));
    }

    // Outputs: the source with the format's extension; where two sources would meet on one
    // output (hero.psk and hero.pskx), each keeps its extension: hero.psk.glb, hero.pskx.glb.
    // Decided over every file, so that filters and shards do not change an output's name.
    std::map<std::string, size_t> outputUses;
    for (const BatchJob &job : all) {
        ++outputUses[LowerAscii(WithoutExtension(job.source))];
    }
    for (BatchJob &job : all) {
        const bool shared = outputUses[LowerAscii(WithoutExtension(job.source))] > 1;
        job.output =
            (shared ? job.source : WithoutExtension(job.source)) + "." + options.outputExtension;
    }

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
