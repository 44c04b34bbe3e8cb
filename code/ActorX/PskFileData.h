/** @file PskFileData.h
 *  The contents of a PSK / PSKX file in the file's own terms (specs/actorx.md, sections 2 and 3).
 *
 *  No Assimp types and no coordinate conversion: values are as stored, except that wedge point
 *  indices are already masked (section 2.1) and every index has been validated by the parser.
 *  The bulk arrays whose structs have the file's record layout (points, wedges, 32-bit faces,
 *  weights, normals, extra UVs) are RecordArrays: a parsed file's are borrowed from its
 *  bytes, which the PskFile keeps (`storage`).
 */
#pragma once

#include "Common/FileLoading.h"
#include "Common/FileVectors.h"
#include "Common/RecordArray.h"

#include <cstdint>
#include <string>
#include <vector>

namespace agf::psk {

using Vec3 = Float3;
/** A quaternion in the file's (x, y, z, w) order. */
using Quat = Float4;

/** A VTXW0000 record: its 16 bytes are this struct's layout (the last three are padding). */
struct Wedge {
    uint32_t point = 0; ///< masked to 16 bits when the file has at most 65536 points
    float u = 0, v = 0; ///< top-left origin, as stored
    uint8_t material = 0;
};

/** A FACE3200 record: its 18 bytes are this struct's layout, so a parsed file's faces are
 *  borrowed from its bytes (FACE0000's 16-bit indices are widened into an owned array). Packed
 *  (#pragma pack, which GCC, Clang and MSVC all take): the mask sits at an unaligned offset, so
 *  use the fields by value, never by their address. */
#pragma pack(push, 1)
struct Face {
    uint32_t wedges[3] = {0, 0, 0}; ///< in the writers' (reversed) order
    uint8_t material = 0;
    uint8_t auxMaterial = 0;
    uint32_t smoothingGroups = 0;
};
#pragma pack(pop)
static_assert(sizeof(Face) == 18, "a FACE3200 record");

struct Material {
    std::string name; ///< UTF-8
    int32_t textureIndex = 0;
    uint32_t polyFlags = 0;
    int32_t auxMaterial = 0;
    uint32_t auxFlags = 0;
    int32_t lodBias = 0;
    int32_t lodStyle = 0;
};

struct Bone {
    std::string name; ///< UTF-8, as stored (may repeat)
    uint32_t flags = 0;
    int32_t childCount = 0;
    int32_t parent = 0; ///< as stored; bone 0 is the root whatever this says
    Quat orientation;   ///< as stored (non-root bones hold the conjugate)
    Vec3 position;      ///< parent-relative; the root's is in model space
    float length = 0;
    Vec3 size;
};

/** One RAWWEIGHTS record (the file's 12-byte layout), indices validated. */
struct RawWeight {
    float weight = 0;
    uint32_t point = 0;
    uint32_t bone = 0;
};

/** An EXTRAUVS<n> / EXTRAUV<n> chunk whose count matched the wedge count. */
struct ExtraUvSet {
    uint32_t index = 0;    ///< the <n> of the chunk id
    RecordArray<float> uv; ///< u, v per wedge (top-left origin, as stored)
};

/** One MRPHDATA record. */
struct PointMorphDelta {
    Vec3 positionDelta; ///< raw UE space: Y is NOT mirrored (section 2.9)
    Vec3 normalDelta;   ///< TangentZDelta, raw UE space
    uint32_t point = 0;
};

/** A MRPHINFO entry with its slice of MRPHDATA. */
struct PointMorph {
    std::string name;
    std::vector<PointMorphDelta> deltas;
};

/** One MORPHTARGET<n> record. */
struct WedgeMorphVertex {
    uint32_t wedge = 0;
    Vec3 position; ///< absolute, already mirrored like the points
};

/** A MORPHTARGET<n> chunk, named from MORPHNAMES[n] when present. */
struct WedgeMorph {
    uint32_t index = 0;
    std::string name; ///< empty when MORPHNAMES has no entry n
    std::vector<WedgeMorphVertex> vertices;
};

/** A SKELSOCK record (raw UE space: left-handed, degrees). */
struct Socket {
    std::string name;
    std::string bone; ///< empty: attached to the mesh
    Vec3 location;
    float pitch = 0, yaw = 0, roll = 0;
    Vec3 scale;
};

/** A PHYSICS0 or SHAPEELEMS record (speculative layouts, read only at their exact size). */
struct PhysicsShape {
    std::string chunk; ///< "PHYSICS0" or "SHAPEELEMS"
    std::string bone;  ///< PHYSICS0 bone name, SHAPEELEMS name
    int32_t type = 0;
    Vec3 offset;
    bool rotationIsQuaternion = false; ///< SHAPEELEMS: quaternion; PHYSICS0: three angles
    Quat rotation;                     ///< angles in x, y, z (w unused) for PHYSICS0
    Vec3 scale;
};

/** Everything the importer uses from one PSK file. */
struct PskFile {
    int32_t typeFlag = 0; ///< TypeFlag of the ACTRHEAD chunk
    RecordArray<Vec3> points;
    RecordArray<Wedge> wedges;
    RecordArray<Face> faces;
    bool faces32 = false;      ///< faces came from FACE3200
    uint32_t maskedWedges = 0; ///< wedges whose point index had junk in the high 16 bits
    std::vector<Material> materials;
    std::vector<Bone> bones;
    RecordArray<RawWeight> weights;
    RecordArray<Vec3> normals;           ///< VTXNORMS, one per point, or empty
    std::vector<uint8_t> colors;         ///< VERTEXCOLOR, 4 bytes per wedge in file order
    std::vector<ExtraUvSet> extraUvs;    ///< sorted by index
    std::vector<PointMorph> pointMorphs; ///< MRPHINFO / MRPHDATA
    std::vector<WedgeMorph> wedgeMorphs; ///< MORPHTARGET<n>, sorted by index
    std::vector<Socket> sockets;
    std::vector<PhysicsShape> physicsShapes;
    /** The file's bytes when arrays above borrow from them (ParsePsk); empty otherwise. */
    FileBytes storage;
};

} // namespace agf::psk
