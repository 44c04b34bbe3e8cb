/** @file PswFileData.h
 *  The records of an ActorX world (`.psw`, WRLDHEAD) in the file's own terms.
 *
 *  Ada's CUE4Parse fork changed the layout three times (specs/actorx.md, section 7); the parser
 *  turns every variant into these structs. Nothing here is converted: positions and rotations
 *  are as stored (already mirrored into a right-handed space by the writer), strings are UTF-8.
 */
#pragma once

#include "Common/FileVectors.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::psw {

/** The layout generations, told apart by the chunk ids present. */
enum class PswVersion {
    V1,  ///< WORLDACTORS (368), INSTMATERIAL (72), LANDSCAPE
    V2,  ///< WORLDACTORS::2 (560), WORLDLIGHTS, INSTMATERIAL (72), LANDSCAPE
    V2b, ///< as V2 with INSTMATERIAL::2 (264)
    V3,  ///< ACTORMATERIALS (512), WORLDACTORS::3 (568), WORLDLIGHTS, LANDSCAPE
};

/** "v1", "v2", "v2b" or "v3". */
const char *VersionName(PswVersion version);

/** WORLDACTORS flag bits. */
enum ActorFlags : uint32_t {
    kActorNoCastShadow = 1,
    kActorHidden = 2,
    kActorUseTemperature = 4,
    kActorIsSkeleton = 8,
};

struct PswActor {
    std::string name;
    std::string assetPath;     ///< as written ("" or "None" when the actor has no mesh)
    std::string assetRelative; ///< assetPath made safe and relative to the asset root ("" = none)
    int32_t parent = -1;       ///< validated: -1 or a valid actor index, no cycles
    Float3 position;
    Float4 rotation;
    Float3 scale{1, 1, 1};
    uint32_t flags = 0;
    int32_t materialStart = 0; ///< v3 only: first ACTORMATERIALS record
    int32_t materialCount = 0; ///< v3 only
    uint64_t recordOffset = 0; ///< absolute offset of the record, for messages
};

/** One material assignment of one actor, from INSTMATERIAL(::2) or ACTORMATERIALS. */
struct PswMaterialAssignment {
    int32_t actor = -1;
    int32_t slot = -1;    ///< material index in the asset (INSTMATERIAL; ACTORMATERIALS order)
    std::string slotName; ///< ACTORMATERIALS only
    std::string material; ///< material name or path
};

enum class PswLightType : int32_t { Directional = 0, Point = 1, Spot = 2, Rect = 3 };

struct PswLight {
    int32_t parent = -1; ///< actor index; -1 or out of range: the scene root
    uint8_t color[4] = {255, 255, 255, 255};
    int32_t type = 1;
    float width = 0, height = 0, length = 0;
    float attenuationRadius = 0, sourceRadius = 0, temperature = 0, shadowBias = 0;
    float intensity = 0, sourceAngle = 0;
    uint64_t recordOffset = 0;
};

struct PswLandscapeTile {
    std::string texturePath;     ///< as written (heightmap or weightmap, without ".png")
    std::string textureRelative; ///< made safe and relative to the asset root ("" = none)
    int32_t actor = -1;
    int32_t tileX = 0, tileY = 0; ///< section base relative to the landscape, in quads
    int32_t type = 0;             ///< 0 heightmap, >= 1 weightmap layer
    int32_t componentSize = 0;    ///< quads per side
    int32_t bias = 0;
    float offsetX = 0, offsetY = 0; ///< the tile's origin in the texture, as fractions
    int32_t dimX = 0, dimY = 0;
    uint64_t recordOffset = 0;
};

struct PswWorld {
    PswVersion version = PswVersion::V3;
    std::vector<PswActor> actors;
    std::vector<PswMaterialAssignment> materials; ///< every assignment, in file order
    std::vector<PswLight> lights;
    std::vector<PswLandscapeTile> landscape;
};

} // namespace agf::psw
