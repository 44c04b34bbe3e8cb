/** @file PboFileSystem.h
 *  An Assimp IOSystem that serves the entries of PBO archives as files and hands every other
 *  path to the IOSystem it wraps (docs/pbo.md):
 *
 *  - A path that goes through a file whose name ends in ".pbo" goes on inside that archive:
 *    "addons/cba_optics.pbo/cba_optic_small_70.p3d", or with the archive's prefix,
 *    "addons/cba_optics.pbo/x/cba/addons/optics/cba_optic_small_70.p3d". '\' or '/', letters
 *    in any case, as the texture resolver matches them.
 *  - A mounted folder shows the entries of the archives in it under their prefixes, as if they
 *    were unpacked there (a mod's addons/ folder as one data root, like Arma's P: drive):
 *    "<folder>/x/cba/addons/optics/reticles/a_ca.paa". A loose file at that path comes first
 *    (an entry unpacked to be changed); where two archives hold the same path, the first by
 *    file name wins.
 *
 *  Archives are read by offset through the wrapped IOSystem (PboArchive.h), each once. Warnings
 *  about damaged archives are kept until takeWarnings. Used from one thread at a time, as
 *  Assimp uses an IOSystem.
 */
#pragma once

#include "Common/ArchiveFileSystem.h"
#include "PboArchive.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace agf::pbo {

class PboFileSystem : public ArchiveFileSystem {
public:
    /** Wraps `target`, which must outlive this. */
    explicit PboFileSystem(Assimp::IOSystem &target);
    /** Wraps `target` and owns it. */
    explicit PboFileSystem(std::unique_ptr<Assimp::IOSystem> target);
    ~PboFileSystem() override;
    PboFileSystem(const PboFileSystem &) = delete;
    PboFileSystem &operator=(const PboFileSystem &) = delete;

    /** Shows the entries of `archives` (paths of PBO files) under `folder`, in that order. */
    void mountFolder(const std::string &folder, const std::vector<std::string> &archives);

    using Assimp::IOSystem::Exists;
    bool Exists(const char *file) const override;
    char getOsSeparator() const override;
    using Assimp::IOSystem::Open;
    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override;
    void Close(Assimp::IOStream *stream) override;
    bool ComparePaths(const char *one, const char *second) const override;
    bool CreateDirectory(const std::string &path) override;
    bool DeleteFile(const std::string &file) override;

    void takeWarnings(Warnings &sink) override;
    std::string archiveHolding(const std::string &path) const override;

    /** The archive at `path`, read once; nullptr when it is missing or not a readable PBO
     *  (then a warning says why). */
    std::shared_ptr<const PboArchive> archive(const std::string &path) const;

private:
    /** Where a path leads: into an archive (to an entry, or to nothing), or elsewhere. */
    struct Lookup {
        bool inArchive = false;
        const PboArchive *archive = nullptr;
        const PboEntry *entry = nullptr;
    };
    struct Mount {
        std::string folder; ///< without a trailing separator
        std::vector<std::string> archives;
        bool loaded = false;
        /** Lower-case data-root path -> archive (index into archives) and entry. */
        std::unordered_map<std::string, std::pair<const PboArchive *, const PboEntry *>> index;
    };

    Lookup lookup(const std::string &path) const;
    Lookup lookupThroughArchive(const std::string &path) const;
    Lookup lookupInMount(Mount &mount, const std::string &inside) const;
    void loadMount(Mount &mount) const;

    std::unique_ptr<Assimp::IOSystem> mOwned;
    Assimp::IOSystem &mTarget;
    mutable std::map<std::string, std::shared_ptr<PboArchive>> mArchives; ///< null: not a PBO
    mutable std::vector<Mount> mMounts;
    /** Why an archive of mArchives is null, when it exists but cannot be read. */
    mutable std::map<std::string, Warnings> mFailures;
    /** Archives (by path) asked for an entry since takeWarnings. */
    mutable std::set<std::string> mTouched;
    mutable Warnings mEntryWarnings; ///< entries that could not be read, since takeWarnings
};

/** The PBO files directly in `folder` (not in its subfolders), sorted by name, as paths that
 *  start with `folder`; empty when it is not a folder the file system lists. */
std::vector<std::string> PboFilesIn(const std::string &folder);

/** The ArchiveFileSystemFactory of PBOs: a PboFileSystem over `target` when a root is a PBO
 *  file or a folder that holds PBOs (mounted), else nullptr. */
std::unique_ptr<ArchiveFileSystem> MakePboFileSystemForRoots(Assimp::IOSystem &target,
                                                             const std::vector<std::string> &roots);

} // namespace agf::pbo
