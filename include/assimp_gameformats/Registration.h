/** @file Registration.h
 *  Adding our formats to an Assimp::Importer and our fixed writers to an Assimp::Exporter, and
 *  what the library says about itself.
 *
 *  Errors: importers never throw out of Assimp::Importer::ReadFile. A file that cannot be read
 *  makes ReadFile return nullptr, and Importer::GetErrorString() names the file, the structure
 *  and the byte offset (for text formats also the line):
 *  "hero.psk: VTXW0000 record 12 at byte 1040: point index 900 out of range (58 points)".
 *  Recoverable damage is imported and reported through Assimp's logger as warnings of the same
 *  form. The functions of this library that can fail on their own (agf::ApplyPoseFile,
 *  agf::ParseBoneNameMap, agf::ParsePoseConvention...) throw std::runtime_error or
 *  std::invalid_argument: catch std::exception.
 */
#pragma once

#include "Api.h"

#include <cstddef>
#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class Importer;
class Exporter;
} // namespace Assimp

namespace agf {

/** One format this library adds. */
struct FormatInfo {
    std::string name;        ///< e.g. "Unreal ActorX mesh"
    std::string extensions;  ///< space-separated, lower case, no dots: "psk pskx"
    std::string signatures;  ///< what CanRead looks for, e.g. "ACTRHEAD at byte 0"
    std::string description; ///< what is imported
};

/** Registers a fresh instance of every importer of this library on `importer`. The Importer
 *  owns and deletes them. Call once per Importer; calling again adds nothing. */
AGF_API void RegisterImporters(Assimp::Importer &importer);

/** Replaces Assimp's "fbx", "fbxa", "collada", "glb2" and "gltf2" export formats on `exporter`
 *  with versions that work around Assimp's writers (which repairs a version needs is decided by
 *  the Assimp loaded at run time; Debian 12's 5.2.5 needs the most): binary FBX that no reader
 *  accepts, animation key times written as if ticks were seconds, whole skeletons, morph-target
 *  names and animation, lights and our metadata in glTF and FBX, glTF in metres and valid by
 *  glTF-Validator. docs/writers.md has the details.
 *  The ids, extensions and the order "fbx" before "fbxa" stay as in Assimp, so `-f fbx` and the
 *  ".fbx" extension pick the fixed writers. It also adds our ActorX writers: "psk" and "pskx"
 *  (a mesh: every mesh of the scene, its skeleton, skin, morphs and sockets), "psa" (every
 *  animation, dense, with a UEViewer .config beside it) and "psax" (sparse); their options are
 *  the AI_CONFIG_EXPORT_ACTORX_* and AI_CONFIG_EXPORT_PSA_* keys of ImportOptions.h.
 *  Calling it again is harmless. A failed export
 *  returns AI_FAILURE with the reason in Assimp's log only: Exporter::GetErrorString() stays
 *  empty, because DeadlyExportError cannot be thrown from outside Debian's libassimp. */
AGF_API void RegisterExporters(Assimp::Exporter &exporter);

/** Replaces nested aiMetadata in the scene and its nodes by flat keys of our grammar
 *  (MetadataKeys.h): a group of three numbers becomes a vector (how our glTF writer stores an
 *  aiVector3D), an array's elements become "<key>[<i>]", an object's members "<key>.<member>".
 *  Assimp's glTF importer turns every array or object in `extras` into nested metadata, and
 *  Assimp before 5.3 (Debian 12's 5.2.5) aborts the process when an exporter copies such a
 *  scene: when AssimpAbortsOnNestedMetadata() says so, call it before exporting a scene that
 *  Assimp's glTF importer read. Our `assimp` command does it after every import then; our
 *  writers flatten their own copy of the scene on every version. Returns the number of
 *  metadata tables changed. */
AGF_API size_t FlattenNestedMetadata(aiScene &scene);

/** True when the Assimp loaded in this process (not the headers this library was compiled
 *  with) aborts on nested aiMetadata when it copies a scene, as every exporter does first. */
AGF_API bool AssimpAbortsOnNestedMetadata();

/** The names of the repairs of Assimp's behaviour that our writers make on the Assimp loaded
 *  in this process, e.g. "fbx-null-records"; the project's docs/assimp-versions.md lists them
 *  with the versions that need each. */
AGF_API std::vector<std::string> AssimpRepairsInUse();

/** The formats this library adds, in registration order. */
AGF_API std::vector<FormatInfo> ListFormats();

/** The library version, "MAJOR.MINOR.PATCH". */
AGF_API const char *Version();

} // namespace agf
