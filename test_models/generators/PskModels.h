/** @file PskModels.h
 *  PSK files with exactly known content, for the PSK importer tests.
 *
 *  A PskContent describes a file record by record, in the file's own terms (the writers'
 *  reversed triangle order, V from the top, non-root bone rotations conjugated, MRPHDATA and
 *  SKELSOCK in raw UE space). WritePsk serialises it; the tests compare the imported scene
 *  with values they derive from the same PskContent.
 */
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::psk {

using Float3 = std::array<float, 3>;

struct PskContent {
    int32_t headTypeFlag = 20100422;
    int32_t chunkTypeFlag = 0; ///< TypeFlag of every other chunk (1999801: Blender style)
    bool doubledHeader = false;

    std::vector<Float3> points;
    struct Wedge {
        uint32_t pointIndex; ///< as written, junk in the high bits allowed
        float u, v;
        uint8_t material;
    };
    std::vector<Wedge> wedges;
    struct Face {
        uint32_t wedges[3]; ///< as written (clockwise seen from the front)
        uint8_t material;
        uint32_t smoothingGroups;
    };
    std::vector<Face> faces;
    bool faces32 = false; ///< FACE3200 (18-byte records) instead of FACE0000

    struct Material {
        std::string name;
        uint32_t polyFlags;
    };
    std::vector<Material> materials;

    struct Bone {
        std::string name;
        int32_t parent;
        std::array<float, 4> orientation; ///< x, y, z, w as written
        Float3 position;
    };
    std::vector<Bone> bones;
    bool boneAliasIds = false; ///< REFSKEL0 / RAWW0000 instead of REFSKELT / RAWWEIGHTS
    struct Weight {
        float weight;
        int32_t point;
        int32_t bone;
    };
    std::vector<Weight> weights;

    std::vector<Float3> normals;                ///< VTXNORMS (per point) when not empty
    std::vector<std::array<uint8_t, 4>> colors; ///< VERTEXCOLOR (per wedge) when not empty
    struct UvSet {
        std::string chunkId; ///< "EXTRAUVS0", "EXTRAUV1"...
        std::vector<std::array<float, 2>> uvs;
    };
    std::vector<UvSet> extraUvs;

    struct PointMorph {
        std::string name;
        struct Delta {
            Float3 position; ///< raw UE space (Y not mirrored)
            Float3 normal;
            int32_t point;
        };
        std::vector<Delta> deltas;
    };
    std::vector<PointMorph> pointMorphs; ///< MRPHINFO / MRPHDATA

    struct WedgeMorph {
        struct Vertex {
            int32_t wedge;
            Float3 position; ///< absolute, mirrored like the points
        };
        std::vector<Vertex> vertices;
    };
    std::vector<WedgeMorph> wedgeMorphs; ///< MORPHTARGET<n>
    std::vector<std::string> morphNames; ///< MORPHNAMES when not empty

    struct Socket {
        std::string name;
        std::string bone;
        Float3 location; ///< raw UE space
        float pitch, yaw, roll;
        Float3 scale;
    };
    std::vector<Socket> sockets;
    int32_t socketHeaderSize = 164; ///< the DataSize written (138, 168 or 164)
    int32_t socketCountExtra = 0;   ///< DataCount overstated by this much (CUE4Parse)

    struct Physics {
        std::string bone;
        uint8_t type;
        Float3 offset, rotation, scale;
    };
    std::vector<Physics> physics; ///< PHYSICS0 (101 bytes)
    struct ShapeElement {
        std::string name;
        int32_t type;
        Float3 centre;
        std::array<float, 4> rotation;
        Float3 scale;
    };
    std::vector<ShapeElement> shapeElements; ///< SHAPEELEMS (108 bytes)
};

/** Serialises `content`: ACTRHEAD (twice if asked), PNTS0000, VTXW0000, FACE0000/FACE3200,
 *  MATT0000, VTXNORMS, SKELSOCK, REFSKELT, RAWWEIGHTS, VERTEXCOLOR, EXTRAUV*, MRPHINFO,
 *  MRPHDATA, MORPHTARGET<n>, MORPHNAMES, PHYSICS0, SHAPEELEMS; empty parts are left out. */
std::vector<uint8_t> WritePsk(const PskContent &content);

/** A closed box standing on z = 0 (x, y in [-10, 10], z in [0, 20]), 8 points, 24 wedges
 *  (junk in the high bits of every odd wedge's point index), 12 FACE0000 triangles in two
 *  materials (sides; two-sided caps), one smoothing bit per side (flat shading), bones
 *  Root > Spine > Head with non-trivial rotations, weights with several influences per point
 *  (some not normalised, one zero), EXTRAUV0 (no S) and EXTRAUVS1, RGBA colours,
 *  MORPHTARGET0/1 with MORPHNAMES, PHYSICS0 and SHAPEELEMS records. Doubled ACTRHEAD. */
PskContent SkinnedBox();

/** A tetrahedron in FACE3200 form (CUE4Parse style: root parent -1, VTXNORMS, colours meant to
 *  be read as BGRA, MRPHINFO/MRPHDATA morphs with raw-space deltas), bone ids REFSKEL0 and
 *  RAWW0000. */
PskContent Face3200Tetrahedron();

/** A geometry-free skeleton with two sockets (one on a bone, one on the mesh), SKELSOCK
 *  written with the given header size (138, 164 or 168). For 168 the count is overstated by
 *  one, as CUE4Parse did. */
PskContent SocketSkeleton(int32_t socketHeaderSize);

} // namespace agf::testgen::psk
