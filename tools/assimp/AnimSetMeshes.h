/** @file AnimSetMeshes.h
 *  Animation files bound to the mesh their `.props.txt` names, for `assimp batch` and
 *  `assimp view`. UE Viewer writes each package into its own folder with a folder per class
 *  (`<root>/<Package>/SkeletalMesh3/Body_SK.psk`, `<root>/<Package>/AnimSet/Anims.psa`), and
 *  beside an AnimSet `Anims.props.txt` with `PreviewSkelMeshName = Package.Body_SK`: the mesh's
 *  own import never finds such an AnimSet by itself, so the command hands it over as `--anim`
 *  does.
 *
 *  Rules: the mesh is a file whose base name is the reference's object name (ignoring case)
 *  with an extension whose import loads the animation file (AnimationSiblings.h). A mesh in the
 *  named package's folder (`<Package>/<class folder>/<Mesh>.psk`, or for an object path the
 *  path itself, `Game/Cars/Body_SK.psk`) comes first, then the one sharing the most leading
 *  folders with the animation file, then the first by path.
 */
#pragma once

#include "ActorX/PskSidecars.h"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace agf::cli {

/** At most this much of a .props.txt is read: an AnimSet's properties are a few kB. */
constexpr size_t kMaxAnimSetPropsBytes = 1u << 20;

/** The mesh the `<name>.props.txt` beside `animationFile` names; an empty objectName when there
 *  is none, it cannot be read, or it names no mesh. Reads at most kMaxAnimSetPropsBytes; a
 *  line cut there is not read. */
psk::PreviewMeshReference ReadNamedMesh(const std::filesystem::path &animationFile);

/** The files of a tree by base name, to find the mesh a reference names. */
class NamedMeshIndex {
public:
    /** `files`: relative paths, '/' separated. */
    explicit NamedMeshIndex(const std::vector<std::string> &files);

    /** The mesh among the files that `reference` names for the animation file `animation`
     *  (relative), by the rules above; "" when there is none. */
    std::string MeshFor(const std::string &animation,
                        const psk::PreviewMeshReference &reference) const;

private:
    std::map<std::string, std::vector<std::string>> mFilesByStem; ///< lower-case stem, sorted
};

/** For every animation file among `files` (relative to `root`) whose .props.txt names a mesh
 *  among them: the mesh, with its animation files in path order. An animation file that a mesh
 *  among them loads by itself (its sibling, AutoLoadCandidates) is left to that mesh. */
std::map<std::string, std::vector<std::string>>
AnimationsNamingMeshes(const std::filesystem::path &root, const std::vector<std::string> &files);

/** The animation files an import's error does not name (by file name). A mesh whose import
 *  failed on some of the files it was given is imported again with the others only: an AnimSet
 *  that names a mesh but cannot be read must not cost the mesh, as a broken sibling does not. */
std::vector<std::string> AnimationFilesSparedBy(const std::string &error,
                                                const std::vector<std::string> &files);

} // namespace agf::cli
