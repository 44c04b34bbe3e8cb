/** @file Registry.cpp
 *  The list of our importers, and the public registration functions.
 */
#include <assimp_gameformats/GameFormats.h>

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>

#include <cstring>
#include <memory>

#include "BuiltIn.h"
#include "Common/AssimpVersion.h"
#include "Common/ImporterBase.h"
#include "TextureDecoders.h"

// One header per format family declares its factory functions.
#include "ActorX/ActorXImporters.h"
#include "AnimationLoaders.h"
#include "IdolFX/IdolFxImporters.h"
#include "P3D/P3dImporters.h"
#include "Pbo/PboFileSystem.h"
#include "Poser/PoserImporters.h"
#include "UEFormat/UeFormatImporters.h"

namespace agf {

namespace {

struct RegisteredFormat {
    FormatInfo info;
    Assimp::BaseImporter *(*create)();
};

// Mesh importers that load animation files get the table of animation formats, which lives
// beside this registry so that the format folders need not know of each other.
Assimp::BaseImporter *CreatePskWithAnimations() {
    return CreatePskImporter(AnimationFileLoaders());
}

Assimp::BaseImporter *CreateUeModelWithAnimations() {
    return CreateUeModelImporter(AnimationFileLoaders());
}

Assimp::BaseImporter *CreateFxmWithAnimations() {
    return CreateFxmImporter(AnimationFileLoaders());
}

/** A new importer of the list, with the table of texture formats its texture pass decodes and
 *  the PBO archives its texture roots may name. */
Assimp::BaseImporter *Create(const RegisteredFormat &format) {
    Assimp::BaseImporter *importer = format.create();
    if (auto *ours = dynamic_cast<ImporterBase *>(importer)) {
        ours->setTextureDecoders(&TextureFileDecoders());
        ours->setArchiveFileSystems(&pbo::MakePboFileSystemForRoots);
    }
    return importer;
}

const std::vector<RegisteredFormat> &Formats() {
    static const std::vector<RegisteredFormat> formats = {
        {{"Bohemia Interactive P3D", "p3d",
          "MLOD, ODOL (version 7 or 40), P3DM or SP3X at byte 0; or byte 0 any and ODO/MLO at "
          "bytes 1-3 (whole file LZSS-packed)",
          "MLOD (P3DM, SP3X) and ODOL v7/v40: every LOD as a node, meshes per texture and "
          "material, selections, proxies, memory points, properties, skeleton and skin weights"},
         &CreateP3dImporter},
        {{"Unreal ActorX mesh", "psk pskx", "ACTRHEAD at byte 0",
          "meshes per material, skeleton, skin weights, normals, UV sets, vertex colours, morph "
          "targets, sockets; UEViewer sidecar textures; sibling PSA/PSAX animations"},
         &CreatePskWithAnimations},
        {{"Unreal ActorX animation", "psa psax", "ANIMHEAD or ANIXHEAD at byte 0",
          "skeleton from BONENAMES and one animation per sequence (dense PSA, sparse PSAX)"},
         &CreatePsaImporter},
        {{"Unreal ActorX world", "psw", "WRLDHEAD at byte 0",
          "levels from Ada's CUE4Parse fork (v1, v2, v2b, v3): actors as nodes with their PSK "
          "meshes (each file loaded once and shared), material overrides, lights, landscape "
          "tiles as terrain meshes from their heightmap PNGs"},
         &CreatePswImporter},
        {{"UEFormat model", "uemodel", "UEFORMAT then the string UEMODEL at byte 0",
          "FModel/CUE4Parse models, versions 0 to 10, stored, GZIP or ZSTD: every LOD as a node, "
          "meshes per material, normals, tangents, UV sets, vertex colours, skeleton, skin "
          "weights, morph targets, sockets, virtual bones, convex hulls as metadata; UE Viewer "
          ".mat textures; sibling .ueanim animations"},
         &CreateUeModelWithAnimations},
        {{"UEFormat animation and poses", "ueanim uepose",
          "UEFORMAT then the string UEANIM or UEPOSE at byte 0",
          "bone tracks at the file's frame rate, curves (metadata, and morph animation on a "
          "model), the additive type; poses as additive one-frame animations; alone, a flat "
          "skeleton"},
         &CreateUeAnimImporter},
        {{"Idol FX mesh (Nosferatu)", "fxm",
          "no magic: version 0-2, skeleton flag 0/1, zero header block or plausible first joint",
          "static and skinned (keypose) meshes: submeshes with normals and one or two UV sets, "
          "joint hierarchy, skin weights; sibling MOT motions"},
         &CreateFxmWithAnimations},
        {{"Idol FX motion (Nosferatu)", "mot",
          "no magic: 28-byte header, plausible track count and first bone name; not LWMO/LWSC",
          "per-bone rotation, position and scale keys; alone, a skeleton-only scene"},
         &CreateMotImporter},
        {{"Idol FX morph animation (Nosferatu)", "anb",
          "no magic: per-submesh counts that account for the file size exactly",
          "submeshes split on (position, UV) pairs, every frame an anim mesh, a morph "
          "animation"},
         &CreateAnbImporter},
        {{"Poser pose and figure", "pz2 p2z cr2 crz",
          "gzip (1F 8B) or text starting with '{ version'; Poser extension required",
          "poses as an animation on the sibling (or configured) CR2 skeleton, else on a flat "
          "approximate skeleton; figures: actor hierarchy, rotation orders, OBJ geometry bound "
          "rigidly to the bones; morph and other dials as metadata"},
         &CreatePoserImporter},
    };
    return formats;
}

} // namespace

void RegisterImporters(Assimp::Importer &importer) {
    const auto &formats = Formats();
    if (formats.empty()) {
        return;
    }
    // A second call must not add a second copy of every loader, and neither may a call on a
    // libassimp that has our importers built in (tools/build-libassimp.sh): those are other
    // instances of the same descriptions, so the name identifies them.
    std::unique_ptr<Assimp::BaseImporter> probe(formats.front().create());
    const aiImporterDesc *ours = probe->GetInfo();
    for (size_t i = 0; i < importer.GetImporterCount(); ++i) {
        const aiImporterDesc *desc = importer.GetImporterInfo(i);
        if (desc != nullptr && (desc == ours || (desc->mName != nullptr &&
                                                 std::strcmp(desc->mName, ours->mName) == 0))) {
            return;
        }
    }
    for (const RegisteredFormat &format : formats) {
        importer.RegisterLoader(Create(format));
    }
}

void AppendImporters(std::vector<Assimp::BaseImporter *> &importers) {
    for (const RegisteredFormat &format : Formats()) {
        importers.push_back(Create(format));
    }
}

std::vector<FormatInfo> ListFormats() {
    std::vector<FormatInfo> list;
    for (const RegisteredFormat &format : Formats()) {
        list.push_back(format.info);
    }
    return list;
}

const char *Version() {
    return AGF_VERSION;
}

bool AssimpAbortsOnNestedMetadata() {
    return AssimpNeeds(AssimpRepair::NestedMetadataCopy);
}

std::vector<std::string> AssimpRepairsInUse() {
    std::vector<std::string> names;
    for (const AssimpRepairInfo &info : AssimpRepairs()) {
        if (AssimpNeeds(info.repair)) {
            names.emplace_back(info.name);
        }
    }
    return names;
}

} // namespace agf
