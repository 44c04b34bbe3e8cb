/** @file PskSidecars.h
 *  UEViewer's text sidecars: `<mesh>.props.txt` (the mesh's properties, among them the full
 *  paths of its materials) and `<material>.mat` (one `Slot=Texture` line per texture).
 *
 *  Rules (the formats are informal; see GameFormats.h, AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS):
 *  - props.txt: every value of the form Class'Path' whose Class contains "Material" (UE's
 *    object-reference syntax), and every plain `Material = Path` / `MaterialInterface = Path`
 *    line, is a material reference, in file order; "None" is skipped.
 *  - A PSK material takes the reference whose object name (after the last '/' and '.') equals
 *    its name, ignoring case; failing that, reference i when the counts are equal.
 *  - The material's .mat and .props.txt, and the textures they name, are found in UE Viewer's
 *    export tree as Common/UnrealMaterialFiles.h describes: by the reference, or by the PSK
 *    material's name when props.txt lists none (static meshes), across packages.
 *  - props.txt's `Sockets[n] = { SocketName, BoneName, RelativeLocation, RelativeRotation,
 *    RelativeScale }` entries become sockets like SKELSOCK records (a socket a SKELSOCK chunk
 *    already has, by name ignoring case, is not added twice). Rotations are UE1-3 rotation
 *    units (65536 a turn: FRotator holds integers there) unless the mesh lies in UEViewer's
 *    `SkeletalMesh4` folder or a value has a decimal point: UE4/5's FRotator holds degrees.
 *  - An AnimSet's props.txt names the mesh it was made for: `PreviewSkelMeshName =
 *    Package.Mesh` (or `Package.Group.Mesh`, or an object path such as
 *    `SkeletalMesh'/Game/Cars/Body_SK.Body_SK'`); the first such line counts.
 */
#pragma once

#include "Common/UnrealMaterialFiles.h"
#include "Common/Warnings.h"
#include "PskFileData.h"

#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class IOSystem;
}

namespace agf::psk {

// The .mat side is shared with other importers (Common/UnrealMaterialFiles.h).
using agf::MatEntry;
using agf::MaterialReference;
using agf::ObjectNameOf;
using agf::ObjectReference;
using agf::ObjectReferencesOnLine;
using agf::ParseMatFile;

/** The material references of a props.txt, in file order. */
std::vector<MaterialReference> ParsePropsMaterialReferences(const std::string &text);

/** The mesh an AnimSet's props.txt names: its package ("Body_Darkcar" for
 *  "Body_Darkcar.Body_SK", "Game/Cars/Body_SK" for "/Game/Cars/Body_SK.Body_SK"; "" for a bare
 *  name) and its object name ("Body_SK"). */
struct PreviewMeshReference {
    std::string package;
    std::string objectName; ///< "" when the text names no mesh
};

/** The `PreviewSkelMeshName` of a props.txt (rules above). Text that names no mesh ("None",
 *  no such line, a value that is too long or holds control bytes) gives an empty objectName. */
PreviewMeshReference ParsePropsPreviewMesh(const std::string &text);

/** The sockets of a props.txt (rules above), rotations in degrees. `rotationsInDegrees`: the
 *  values are degrees already (UE4/5). */
std::vector<Socket> ParsePropsSockets(const std::string &text, bool rotationsInDegrees);

/** The sockets of `<mesh>.props.txt` beside `pskPath`, read through `io`; none when it is
 *  missing. */
std::vector<Socket> ReadSidecarSockets(Assimp::IOSystem *io, const std::string &pskPath,
                                       Warnings &warnings);

/** Reads the sidecars of `pskPath` through `io` and adds the textures they name to the scene's
 *  materials, looking in UE Viewer's export tree and under `textureRoots`
 *  (UnrealMaterialFiles.h). Missing sidecars are silent; unreadable ones give a warning.
 *  Returns the number of texture paths added. */
size_t AddSidecarTextures(Assimp::IOSystem *io, const std::string &pskPath, aiScene *scene,
                          Warnings &warnings, const std::vector<std::string> &textureRoots);

} // namespace agf::psk
