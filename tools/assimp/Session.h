/** @file Session.h
 *  One run of an importing verb: an Importer and an Exporter with our formats registered, the
 *  log the options ask for, progress on a terminal, and the one-line error reports. The
 *  Importer reads PBO archives as folders ("addons/x.pbo/model.p3d", docs/pbo.md).
 */
#pragma once

#include "CommandLine.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <string>

struct aiScene;

namespace agf::pbo {
class PboFileSystem;
}

namespace agf::cli {

/** How a session reads large model files: mapped (a process that lives for one conversion, where
 *  a file shortened meanwhile costs that conversion), or read (a long-lived process such as the
 *  viewer's server, which must outlive any file). The --set option overrides either. */
enum class ModelFileAccess { Map, Read };

class Session {
public:
    explicit Session(const ImportOptions &options, ModelFileAccess access = ModelFileAccess::Map);
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    /** Imports `path` with the options' post-processing, properties and animation files,
     *  then carries the --pose onto it.
     *  On failure prints one line on stderr and returns nullptr. The scene belongs to the
     *  session's Importer. */
    const aiScene *Import(const std::string &path);

    /** Exports with the given format id, after the options' root rotation. On failure prints
     *  one line on stderr and returns false. */
    bool Export(const aiScene *scene, const std::string &formatId, const std::string &path);

    Assimp::Importer &importer() { return mImporter; }
    Assimp::Exporter &exporter() { return mExporter; }

private:
    void StartLog();
    bool ApplyAnimationFiles(const std::string &modelPath);
    /** Adds the --texture-root folders and PBO archives (absolute) to IMPORT_TEXTURE_ROOTS,
     *  after any roots --set gave. False (with the error reported) when one is neither. */
    bool ApplyTextureRoots(const std::string &modelPath);
    /** After a failed import: what was found wrong in the archives it read from. */
    void ReportArchiveProblems();
    bool ApplyPose(const std::string &modelPath, const aiScene *scene);

    const ImportOptions &mOptions;
    Assimp::Importer mImporter;
    Assimp::Exporter mExporter;
    /** The Importer's IOSystem: files, and the entries of PBO archives (docs/pbo.md). The
     *  Importer owns it. */
    pbo::PboFileSystem *mFiles = nullptr;
    bool mOwnsLogger = false;
};

} // namespace agf::cli
