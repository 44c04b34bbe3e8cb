/** @file P3dGeometry.cpp
 *  LODs to meshes: coordinates, MLOD corners welded into vertices, ODOL polygons taken back to
 *  MLOD order, the winding diagnostic, and point-cache frames as morph targets.
 */
#include "P3dConversion.h"

#include "Common/Coordinates.h"
#include "Common/HugePages.h"
#include "P3dFaces.h"
#include "P3dResolution.h"

#include <cstring>

namespace agf::p3d {

namespace {

constexpr uint32_t kNoVertex = 0xFFFFFFFFu;

static_assert(kMaxUvSets == AI_MAX_NUMBER_OF_TEXTURECOORDS,
              "the parsers keep as many UV sets as a mesh can hold");

/** Mixes `value` into `hash` (the 64-bit finaliser of MurmurHash3 on the sum). */
uint64_t HashCombine(uint64_t hash, uint64_t value) {
    uint64_t x = hash * 0x9E3779B97F4A7C15ull + value;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    x ^= x >> 33;
    return x;
}

/** The first vertex made for each corner hash, by open addressing in one array: the
 *  node-based map it replaces allocated a node per vertex, and without it the weld runs 36%
 *  fewer instructions (callgrind, the 10-LOD MLOD benchmark input). */
class CornerHashTable {
public:
    explicit CornerHashTable(size_t expectedVertices) {
        size_t capacity = 16;
        while (capacity < expectedVertices * 2) {
            capacity *= 2;
        }
        mSlots.assign(capacity, Slot{});
    }

    /** The first vertex made for `hash`, or kNoVertex for the caller to fill (and then call
     *  noteInserted). Valid until the next call. */
    uint32_t &vertexFor(uint64_t hash) {
        if ((mUsed + 1) * 2 > mSlots.size()) {
            grow();
        }
        Slot &slot = mSlots[find(hash)];
        slot.hash = hash;
        return slot.vertex;
    }

    void noteInserted() { ++mUsed; }

private:
    struct Slot {
        uint64_t hash = 0;
        uint32_t vertex = kNoVertex;
    };

    size_t find(uint64_t hash) const {
        const size_t mask = mSlots.size() - 1;
        size_t i = static_cast<size_t>(hash) & mask;
        while (mSlots[i].vertex != kNoVertex && mSlots[i].hash != hash) {
            i = (i + 1) & mask;
        }
        return i;
    }

    void grow() {
        std::vector<Slot> old(mSlots.size() * 2);
        old.swap(mSlots);
        for (const Slot &slot : old) {
            if (slot.vertex != kNoVertex) {
                mSlots[find(slot.hash)] = slot;
            }
        }
    }

    std::vector<Slot> mSlots;
    size_t mUsed = 0;
};

size_t TrianglesOf(uint8_t cornerCount) {
    return cornerCount > 2 ? cornerCount - 2u : 0u;
}

/** Writes a LOD's polygons as triangles grouped by scene material, in face order within each
 *  group (the order in which its mesh lists them). The faces' materials are known before their
 *  vertices (the MLOD weld finds those face by face), so the groups are sized first and filled
 *  in place: no list of triangles to sort into groups afterwards. */
class TriangleGroups {
public:
    TriangleGroups(const Lod &lod, const std::vector<unsigned> &localToScene, size_t sceneMaterials,
                   TrianglesByMaterial &out)
        : mLocalToScene(localToScene),
          mFiller(TrianglesPerMaterial(lod, localToScene, sceneMaterials), out) {}

    /** Quads are fanned (0, 1, 2), (0, 2, 3) in file slot order, as the tools do. */
    void add(const uint32_t (&vertex)[4], uint8_t count, uint32_t localMaterial) {
        const size_t group = mLocalToScene[localMaterial];
        for (uint8_t t = 0; t + 2 < count; ++t) {
            mFiller.add(group, vertex[0], vertex[t + 1], vertex[t + 2]);
        }
    }

private:
    static std::vector<size_t> TrianglesPerMaterial(const Lod &lod,
                                                    const std::vector<unsigned> &localToScene,
                                                    size_t sceneMaterials) {
        std::vector<size_t> triangles(sceneMaterials, 0);
        ForEachFace(lod, [&](const std::array<uint32_t, 4> &, uint8_t count, uint32_t material) {
            triangles[localToScene[material]] += TrianglesOf(count);
        });
        return triangles;
    }

    const std::vector<unsigned> &mLocalToScene;
    TriangleGroupFiller mFiller;
};

/** Welds an MLOD LOD's face corners into vertices: corners become one vertex when point,
 *  normal and every UV are bit-identical. Most corners repeat their point's first vertex, so
 *  that one is found by the point alone. The others (at UV seams and hard edges) are looked up
 *  by a hash of those values (no string per corner: this runs for every corner of every LOD);
 *  corners whose hashes collide are told apart by comparing the values with those of the
 *  corner that made the vertex. */
class CornerWelder {
public:
    /** The template argument of vertexOf when the UV set count is only known at run time. */
    static constexpr size_t kAnySetCount = 0;

    CornerWelder(const Lod &lod, MeshSource &source, std::vector<uint32_t> &vertexPoint)
        : mLod(lod), mSource(source), mVertexPoint(vertexPoint),
          mLaterVertexByHash(lod.points.size() / 4) {
        // Each set's pairs as a plain pointer: through the sets, the pointer would be chosen
        // (borrowed or owned) and loaded again for every corner.
        for (const UvSet &uvs : lod.uvSets) {
            mUvSets.push_back(uvs.pairs());
        }
        ResizeLarge(mFirstVertexOfPoint, lod.points.size(), kNoVertex);
        // Every used point makes at least one vertex: sized for that, the arrays grow only
        // where UV seams and hard edges split points. (A LOD of points without faces makes
        // none.)
        const size_t expectedVertices = lod.faces.empty() ? 0 : lod.points.size();
        mNextVertexWithHash.reserve(expectedVertices);
        mVertexCorner.reserve(expectedVertices);
        mVertexNormal.reserve(expectedVertices);
        vertexPoint.reserve(expectedVertices);
        source.positions.reserve(expectedVertices);
        source.normals.reserve(expectedVertices);
        if (!lod.faces.empty()) {
            source.uvSets.resize(mUvSets.size());
            for (auto &uvs : source.uvSets) {
                uvs.reserve(expectedVertices);
            }
        }
    }

    /** The vertex of a corner (`corner` counts the LOD's face corners in order), made when no
     *  earlier corner was the same. `FixedSetCount` is the LOD's UV set count, or kAnySetCount. */
    template <size_t FixedSetCount>
    uint32_t vertexOf(uint32_t point, uint32_t normal, size_t corner) {
        uint32_t &first = mFirstVertexOfPoint[point];
        if (first == kNoVertex) {
            first = addVertex(point, normal, corner);
            return first;
        }
        // The point's first vertex has this point: the normal and the UVs decide.
        if (mVertexNormal[first] == normal &&
            sameUvs<FixedSetCount>(corner, mVertexCorner[first])) {
            return first;
        }
        return laterVertex<FixedSetCount>(point, normal, corner);
    }

private:
    size_t setCount() const { return mUvSets.size(); }

    uint64_t uvBits(size_t set, size_t corner) const {
        uint64_t bits;
        std::memcpy(&bits, mUvSets[set] + 8 * corner, sizeof bits);
        return bits;
    }

    template <size_t FixedSetCount> bool sameUvs(size_t corner, size_t other) const {
        const size_t sets = FixedSetCount == kAnySetCount ? setCount() : FixedSetCount;
        for (size_t set = 0; set < sets; ++set) {
            if (uvBits(set, corner) != uvBits(set, other)) {
                return false;
            }
        }
        return true;
    }

    uint32_t addVertex(uint32_t point, uint32_t normal, size_t corner) {
        const auto index = static_cast<uint32_t>(mVertexPoint.size());
        mNextVertexWithHash.push_back(kNoVertex);
        mVertexCorner.push_back(corner);
        mVertexNormal.push_back(normal);
        mVertexPoint.push_back(point);
        mSource.positions.push_back(ToAssimpPoint(mLod.points[point]));
        mSource.normals.push_back(MlodNormal(mLod.normals[normal]));
        for (size_t set = 0; set < setCount(); ++set) {
            mSource.uvSets[set].push_back(ToAssimpUv(LoadUv(mUvSets[set], corner)));
        }
        return index;
    }

    /** A corner that differs from its point's first vertex: found among the point's later
     *  vertices by hash, or made one of them. */
    template <size_t FixedSetCount>
    uint32_t laterVertex(uint32_t point, uint32_t normal, size_t corner) {
        uint64_t hash = HashCombine(point, normal);
        for (size_t set = 0; set < setCount(); ++set) {
            hash = HashCombine(hash, uvBits(set, corner));
        }
        uint32_t &first = mLaterVertexByHash.vertexFor(hash);
        uint32_t index = first;
        uint32_t previous = kNoVertex;
        while (index != kNoVertex &&
               !(mVertexPoint[index] == point && mVertexNormal[index] == normal &&
                 sameUvs<FixedSetCount>(corner, mVertexCorner[index]))) {
            previous = index;
            index = mNextVertexWithHash[index];
        }
        if (index == kNoVertex) {
            index = addVertex(point, normal, corner);
            if (previous == kNoVertex) {
                first = index;
                mLaterVertexByHash.noteInserted();
            } else {
                mNextVertexWithHash[previous] = index;
            }
        }
        return index;
    }

    const Lod &mLod;
    MeshSource &mSource;
    std::vector<uint32_t> &mVertexPoint;  ///< source vertex -> point
    std::vector<const uint8_t *> mUvSets; ///< each set's pairs (UvSet::pairs)
    std::vector<uint32_t> mFirstVertexOfPoint;
    CornerHashTable mLaterVertexByHash;
    std::vector<uint32_t> mNextVertexWithHash;
    std::vector<size_t> mVertexCorner;
    std::vector<uint32_t> mVertexNormal; ///< MLOD normal index of each vertex
};

/** Every face of an MLOD LOD welded and grouped, in face order. */
template <size_t FixedSetCount>
void WeldFaces(const Lod &lod, CornerWelder &welder, TriangleGroups &groups) {
    const Face *faces = lod.faces.data();
    const std::array<uint32_t, 4> *faceNormals = lod.faceNormals.data();
    size_t corner = 0;
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        const Face &face = faces[f];
        uint32_t vertex[4];
        for (size_t k = 0; k < face.count; ++k, ++corner) {
            vertex[k] = welder.vertexOf<FixedSetCount>(face.vertices[k], faceNormals[f][k], corner);
        }
        // Spec 2.8: after the mirror, the file order is counter-clockwise seen from outside.
        groups.add(vertex, face.count, face.material);
    }
}

} // namespace

// An engine row-vector affine transform (rows = images of X, Y, Z, then the position) as an
// Assimp column-vector matrix, conjugated by the Z mirror: M' = S M S.
aiMatrix4x4 ToAssimpTransform(const std::array<Vec3, 4> &rows) {
    aiMatrix4x4 m;
    const float columns[4][3] = {{rows[0].x, rows[0].y, rows[0].z},
                                 {rows[1].x, rows[1].y, rows[1].z},
                                 {rows[2].x, rows[2].y, rows[2].z},
                                 {rows[3].x, rows[3].y, rows[3].z}};
    for (unsigned c = 0; c < 4; ++c) {
        for (unsigned r = 0; r < 3; ++r) {
            m[r][c] = columns[c][r];
        }
    }
    const float sign[3] = {1, 1, -1};
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            const float columnSign = c < 3 ? sign[c] : 1.0f;
            m[r][c] *= sign[r] * columnSign;
        }
    }
    return m;
}

Converter::Geometry Converter::mlodGeometry(const Lod &lod,
                                            const std::vector<unsigned> &localToScene) const {
    Geometry geometry;
    TriangleGroups groups(lod, localToScene, mParts.materialCount(), geometry.triangles);
    CornerWelder welder(lod, geometry.source, geometry.vertexPoint);
    // Nearly every MLOD has one UV set: its loop is compiled with that count known.
    if (lod.uvSets.size() == 1) {
        WeldFaces<1>(lod, welder, groups);
    } else {
        WeldFaces<CornerWelder::kAnySetCount>(lod, welder, groups);
    }
    return geometry;
}

Converter::Geometry Converter::odolGeometry(const Lod &lod,
                                            const std::vector<unsigned> &localToScene,
                                            Warnings &warnings) const {
    // The LOD's vertices are the meshes' source vertices: no vertex -> point table and no
    // converted copy of the normals (writeOdolVertices converts each one as it writes it).
    Geometry geometry;
    geometry.odolVertexCount = lod.points.size();
    // ODOL stores each polygon in the reverse order of its MLOD source (the binarizer
    // rewrites triangles 0 1 2 as 1 0 2 and quads 0 1 2 3 as 1 0 3 2): undo that, then
    // the MLOD rule applies (spec 2.8). The same rule holds for every ODOL version.
    TriangleGroups groups(lod, localToScene, mParts.materialCount(), geometry.triangles);
    ForEachFace(
        lod, [&](const std::array<uint32_t, 4> &corners, uint8_t cornerCount, uint32_t material) {
            const uint32_t vertex[4] = {corners[1], corners[0],
                                        cornerCount == 4 ? corners[3] : corners[2], corners[2]};
            groups.add(vertex, cornerCount, material);
        });
    countDisagreeingNormals(lod, geometry, warnings);
    return geometry;
}

void Converter::writeOdolVertices(const Lod &lod, const std::vector<uint32_t> &used, aiMesh &mesh) {
    const size_t count = used.size();
    mesh.mNumVertices = static_cast<unsigned>(count);
    mesh.mVertices = new aiVector3D[count];
    mesh.mNormals = new aiVector3D[count];
    for (size_t i = 0; i < count; ++i) {
        mesh.mVertices[i] = ToAssimpPoint(lod.points[used[i]]);
        // ODOL keeps MLOD's inward normals (the binarizer packs -511 n).
        mesh.mNormals[i] = MlodNormal(lod.normals[used[i]]);
    }
    const size_t setCount = std::min<size_t>(lod.uvSets.size(), AI_MAX_NUMBER_OF_TEXTURECOORDS);
    for (size_t set = 0; set < setCount; ++set) {
        mesh.mTextureCoords[set] = new aiVector3D[count];
        mesh.mNumUVComponents[set] = 2;
        const uint8_t *pairs = lod.uvSets[set].pairs();
        for (size_t i = 0; i < count; ++i) {
            mesh.mTextureCoords[set][i] = ToAssimpUv(LoadUv(pairs, used[i]));
        }
    }
}

// A diagnostic only: the rule above decides the winding, the stored normals do not. Normals
// that disagree with it point to a damaged file or a layout this reader gets wrong.
void Converter::countDisagreeingNormals(const Lod &lod, Geometry &geometry,
                                        Warnings &warnings) const {
    // Tested on the file's values. In the scene, the face normal is the Z mirror image of the
    // file's one, reversed (a mirror swaps the winding's handedness), and each stored normal is
    // the mirror image of the file's one, reversed (inward to outward): a mirror keeps dot
    // products and the two reversals cancel. Only the sign counts, so the stored normals are
    // summed as they are (unit length up to their packing), without normalising them first.
    const auto vector = [](const Vec3 &v) { return aiVector3D(v.x, v.y, v.z); };
    const Vec3 *points = lod.points.data();
    const Vec3 *normals = lod.normals.data();
    const std::vector<uint32_t> &corners = geometry.triangles.corners;
    for (size_t t = 0; t + 2 < corners.size(); t += 3) {
        const uint32_t triangle[3] = {corners[t], corners[t + 1], corners[t + 2]};
        const aiVector3D p0 = vector(points[triangle[0]]);
        const aiVector3D faceNormal =
            (vector(points[triangle[1]]) - p0) ^ (vector(points[triangle[2]]) - p0);
        aiVector3D stored;
        for (uint32_t vertex : triangle) {
            stored += vector(normals[vertex]);
        }
        if (faceNormal * stored < 0) {
            ++geometry.disagreeing;
        }
    }
    if (geometry.disagreeing != 0) {
        // One warning, counted once per face.
        warnings.add(
            WarningKind::Inconsistent,
            FilePlace{mFileName, ResolutionName(lod.resolution) + " faces", lod.fileOffset, 0},
            "a face's stored normals disagree with the winding", geometry.disagreeing);
    }
}

// Point-cache frames (#Animation#, ODOL frames) become morph targets: the first `framesKept` of
// those that fit their LOD (framesWithinBudget).
void Converter::addFrames(const Lod &lod, size_t framesKept, Geometry &geometry,
                          Warnings &warnings) const {
    const size_t vertexCount = geometry.vertexCount();
    size_t made = 0;
    size_t leftOut = 0;
    for (size_t f = 0; f < lod.frames.size(); ++f) {
        const Frame &frame = lod.frames[f];
        if (frame.positions.size() != lod.points.size()) {
            warnings.add(WarningKind::Inconsistent, mFileName,
                         ResolutionName(lod.resolution) + " frame " + std::to_string(f),
                         lod.fileOffset,
                         "the frame has " + std::to_string(frame.positions.size()) +
                             " points, the LOD " + std::to_string(lod.points.size()) + "; skipped");
            continue;
        }
        if (made == framesKept) {
            ++leftOut;
            continue;
        }
        ++made;
        if (vertexCount == 0) {
            continue;
        }
        MorphSource morph;
        morph.name = "Frame " + std::to_string(f) + " (" + FormatFloat(frame.time) + ")";
        morph.vertices.resize(vertexCount);
        morph.positions.resize(vertexCount);
        for (size_t v = 0; v < vertexCount; ++v) {
            morph.vertices[v] = static_cast<uint32_t>(v);
            morph.positions[v] = ToAssimpPoint(frame.positions[geometry.pointOf(v)]);
        }
        geometry.source.morphs.push_back(std::move(morph));
    }
    if (leftOut != 0) {
        warnings.add(WarningKind::LimitReached, mFileName,
                     ResolutionName(lod.resolution) + " frames", lod.fileOffset,
                     std::to_string(leftOut) + " of " + std::to_string(made + leftOut) +
                         " frames left out: as morph targets, their copies of the LOD's " +
                         "vertices would exceed the " +
                         std::to_string(CopyBudget(mOptions.inputBytes).bytesLeft()) +
                         " bytes allowed for a file of " + std::to_string(mOptions.inputBytes));
    }
}

} // namespace agf::p3d
